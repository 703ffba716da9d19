"""The 54 progress cards of Cities & Knights (CK-PC-COUNTS): names, aliases, decks, counts
and what each names when played (its notation); what playing one does is rules/progress_play.py's.

A card kind is an index into ``CARDS``; each deck lists its kinds in a fixed order.
"""

from __future__ import annotations

SCIENCE, TRADE, POLITICS = range(3)
TRACKS = ("science", "trade", "politics")  # deck and improvement track, in this order
COMMODITY_OF_TRACK = (5, 6, 7)  # paper, cloth, coin pay for science, trade, politics

# One row per card: (name, deck, count, older 001 name or "", what a played card names).
# What it names, in its notation order ("?": may be left out, stored as -1): die face, track,
# vertex, edge, hex, resource, commodity, card kind (any of 8), seat, party (a seat or, in
# ck-2p, a neutral N1/N2), progress card, bundle of hand cards. None: a VP card, laid out and
# never played (CK-PROGRESS-VP-CARDS). What playing it does: rules/progress_play.py's records.
_TABLE: tuple[tuple[str, int, int, str, tuple[str, ...] | None], ...] = (
    ("alchemy", SCIENCE, 2, "alchemist", ("die", "die")),
    ("crane", SCIENCE, 2, "", ("track", "vertex?")),
    ("engineering", SCIENCE, 1, "engineer", ("vertex",)),
    ("invention", SCIENCE, 2, "inventor", ("hex", "hex")),
    ("irrigation", SCIENCE, 2, "", ()),
    ("medicine", SCIENCE, 2, "", ("vertex",)),
    ("mining", SCIENCE, 2, "", ()),
    ("printing", SCIENCE, 1, "printer", None),
    ("road-building", SCIENCE, 2, "", ()),
    ("smithing", SCIENCE, 2, "smith", ("vertex", "vertex?")),
    ("commercial-harbor", TRADE, 2, "", ()),
    ("guild-dues", TRADE, 2, "master-merchant", ("seat?", "bundle?")),
    ("merchant", TRADE, 6, "", ("hex",)),
    ("merchant-fleet", TRADE, 2, "", ("kind",)),
    ("resource-monopoly", TRADE, 4, "", ("resource",)),
    ("trade-monopoly", TRADE, 2, "commodity-monopoly", ("commodity",)),
    ("constitution", POLITICS, 1, "", None),
    ("diplomacy", POLITICS, 2, "diplomat", ("edge", "edge?")),
    ("encouragement", POLITICS, 2, "warlord", ()),
    ("espionage", POLITICS, 3, "spy", ("seat", "card?")),
    ("intrigue", POLITICS, 2, "", ("vertex",)),
    ("sabotage", POLITICS, 2, "saboteur", ()),
    ("taxation", POLITICS, 2, "bishop", ("hex",)),
    ("treason", POLITICS, 2, "deserter", ("party",)),
    ("wedding", POLITICS, 2, "", ()),
)

CARDS = tuple(row[0] for row in _TABLE)
DECK_OF = tuple(row[1] for row in _TABLE)
COUNT = tuple(row[2] for row in _TABLE)
DECK_KINDS = tuple(tuple(k for k, d in enumerate(DECK_OF) if d == t) for t in range(3))
ALIASES = {name: k for k, name in enumerate(CARDS)} | {
    row[3]: k for k, row in enumerate(_TABLE) if row[3]
}
# A card's name in the older boxes (the 001 summary), where it differs: "taxation" -> "bishop".
OLDER_NAMES = {row[0]: row[3] for row in _TABLE if row[3]}
VP_CARDS = frozenset(k for k, row in enumerate(_TABLE) if row[4] is None)
# What each card that is played names (the notation reads and writes it by these kinds).
SCHEMA = {row[0]: row[4] for row in _TABLE if row[4] is not None}
