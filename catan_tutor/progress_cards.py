"""The 54 progress cards of Cities & Knights (CK-PC-COUNTS): names, aliases, decks, counts.

A card kind is an index into ``CARDS``; each deck lists its kinds in a fixed order.
"""

from __future__ import annotations

SCIENCE, TRADE, POLITICS = range(3)
TRACKS = ("science", "trade", "politics")  # deck and improvement track, in this order
COMMODITY_OF_TRACK = (5, 6, 7)  # paper, cloth, coin pay for science, trade, politics

# (name, deck, count, older 001 name or "")
_TABLE = (
    ("alchemy", SCIENCE, 2, "alchemist"), ("crane", SCIENCE, 2, ""),
    ("engineering", SCIENCE, 1, "engineer"), ("invention", SCIENCE, 2, "inventor"),
    ("irrigation", SCIENCE, 2, ""), ("medicine", SCIENCE, 2, ""), ("mining", SCIENCE, 2, ""),
    ("printing", SCIENCE, 1, "printer"), ("road-building", SCIENCE, 2, ""),
    ("smithing", SCIENCE, 2, "smith"),
    ("commercial-harbor", TRADE, 2, ""), ("guild-dues", TRADE, 2, "master-merchant"),
    ("merchant", TRADE, 6, ""), ("merchant-fleet", TRADE, 2, ""),
    ("resource-monopoly", TRADE, 4, ""), ("trade-monopoly", TRADE, 2, "commodity-monopoly"),
    ("constitution", POLITICS, 1, ""), ("diplomacy", POLITICS, 2, "diplomat"),
    ("encouragement", POLITICS, 2, "warlord"), ("espionage", POLITICS, 3, "spy"),
    ("intrigue", POLITICS, 2, ""), ("sabotage", POLITICS, 2, "saboteur"),
    ("taxation", POLITICS, 2, "bishop"), ("treason", POLITICS, 2, "deserter"),
    ("wedding", POLITICS, 2, ""),
)  # fmt: skip

CARDS = tuple(name for name, _, _, _ in _TABLE)
DECK_OF = tuple(deck for _, deck, _, _ in _TABLE)
COUNT = tuple(n for _, _, n, _ in _TABLE)
DECK_KINDS = tuple(tuple(k for k, d in enumerate(DECK_OF) if d == t) for t in range(3))
ALIASES = {name: k for k, name in enumerate(CARDS)} | {
    old: k for k, (_, _, _, old) in enumerate(_TABLE) if old
}
VP_CARDS = frozenset((CARDS.index("printing"), CARDS.index("constitution")))

# What a played card names, in its notation order ("?": may be left out, stored as -1):
# die face, track, vertex, hex, resource, commodity, card kind (any of 8), seat, party
# (a seat or, in ck-2p, a neutral N1/N2), progress card, bundle of hand cards.
SCHEMA = {
    "alchemy": ("die", "die"), "crane": ("track", "vertex?"), "engineering": ("vertex",),
    "invention": ("hex", "hex"), "irrigation": (), "mining": (), "medicine": ("vertex",),
    "road-building": (), "smithing": ("vertex", "vertex?"), "merchant": ("hex",),
    "merchant-fleet": ("kind",), "resource-monopoly": ("resource",),
    "trade-monopoly": ("commodity",), "encouragement": (), "espionage": ("seat", "card?"),
    "guild-dues": ("seat?", "bundle?"), "intrigue": ("vertex",), "sabotage": (),
    "wedding": (), "taxation": ("hex",), "diplomacy": ("edge", "edge?"), "treason": ("party",),
    "commercial-harbor": (),
}  # fmt: skip
PLAYABLE = frozenset(ALIASES[name] for name in SCHEMA)
