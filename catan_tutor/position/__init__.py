"""The position layer: a game state as one line of text and back, and whether a state keeps
the rules apart from any text.

- ``codec``: ``encode(rules, state)`` and ``decode(text)``, driving the fields' groups;
- ``format``: the grammar of position text every variant's fields share;
- ``fields_<variant>``: each variant's fields and their text codec;
- ``validity``: ``validate(rules, state)``, asking each variant's ``checks_<variant>``.

``from catan_tutor.position import encode, decode`` keeps working: the codec's names are
re-exported here.
"""

from __future__ import annotations

from .codec import (
    EXTRA_KEYS,
    FIELD_GROUPS,
    KEYS,
    LAYOUT_KEYS,
    MAX_POSITION_CHARS,
    decode,
    encode,
    field_groups,
    layout_fields,
    layout_of,
    variant_keys,
)

__all__ = [
    "EXTRA_KEYS", "FIELD_GROUPS", "KEYS", "LAYOUT_KEYS", "MAX_POSITION_CHARS", "decode",
    "encode", "field_groups", "layout_fields", "layout_of", "variant_keys",
]  # fmt: skip
