"""A move of a kind the game has not, said plainly with the game's name (s17: "P1 roll level
1" in standard Catan read "A city improvement is no move of this game"; the engine said "That
is a move of another variant of Catan"): "There are no city improvements in this game
(standard Catan)." Shared by the engine's verdict (``TableRules.foreign``) and the typed box's
reply (``typed_forms.how_to_type``)."""

from __future__ import annotations

# Each game's name in a reply about a move it has not
GAME_NAMES = {
    "base": "standard Catan",
    "base-2p": "Catan for two",
    "base-dummy": "Catan with a dummy player",
    "ck": "Cities & Knights",
    "ck-2p": "Cities & Knights for two",
}
# A kind some game has not -> what that game has none of ("There are no city improvements in
# this game (standard Catan).": not "A city improvement is no move of this game", s17)
ABSENT = {
    "Activate": "are no knights to activate",
    "Aqueduct": "is no Aqueduct",
    "Bid": "are no bids for the dummy's cards",
    "BuildWall": "are no city walls",
    "BuyDev": "are no development cards",
    "ChaseRobber": "are no knights to chase the robber away",
    "ChooseDeck": "are no progress cards",
    "Desert": "is no Treason card",
    "DiscardProgress": "are no progress cards",
    "ForcedDraw": "are no forced trades",
    "ForcedGive": "are no forced trades",
    "ForcedTrade": "are no forced trades",
    "Gift": "is no Wedding card",
    "HarborOffer": "is no Commercial Harbor card",
    "Improve": "are no city improvements",
    "MoveKnight": "are no knights to move",
    "NeutralBuild": "are no neutral players",
    "NeutralSettle": "are no neutral players",
    "NeutralRoad": "are no neutral players",
    "NeutralKnight": "are no neutral players",
    "NeutralPromote": "are no neutral players",
    "Pass": "are no bids to pass on",
    "Pillage": "are no barbarians to take a city",
    "PlaceDeserter": "is no Treason card",
    "PlayKnight": "are no development cards",
    "PlayMonopoly": "are no development cards",
    "PlayPlenty": "are no development cards",
    "PlayProgress": "are no progress cards",
    "PlayRoadBuilding": "are no development cards",
    "Promote": "are no knights to promote",
    "Recruit": "are no knights to recruit",
    "Relocate": "are no knights to move",
    "RemoveKnight": "are no trade tokens for knights",
    "ReturnCommodity": "are no commodities",
    "ReturnKnight": "are no Knight cards to hand back",
    "RobberHome": "is no sending the robber home",
}


# A kind a game has another form of: what that game does instead (l38 at 5.13: "P1 force", the
# blind draw of Cities & Knights for two, was told "There are no forced trades in this game
# (Catan for two)", a game with forced trades: 2P-TOKEN-FORCED-TRADE)
OTHER_FORM = {
    ("base-2p", "ForcedDraw"): (
        "In Catan for two a forced trade is not drawn blind: it names the 2 cards taken and "
        "the 2 given, as 'force take 1 wool, 1 grain give 1 brick, 1 ore'."
    ),
}
OTHER_FORM[("base-2p", "ForcedGive")] = OTHER_FORM[("base-2p", "ForcedDraw")]


def absent_sentence(variant: str, kind: str) -> str:
    """A move of kind ``kind`` (its class's name) in a game of ``variant``, which has none:
    "There are no city improvements in this game (standard Catan)."; or what the game has
    in its place (``OTHER_FORM``)."""
    if (instead := OTHER_FORM.get((variant, kind))) is not None:
        return instead
    absent = ABSENT.get(kind, "is no such move")
    name = GAME_NAMES.get(variant)
    return f"There {absent} in this game ({name})." if name else f"There {absent} in this game."
