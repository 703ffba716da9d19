"""Rule areas of standard Catan, one module each; every check cites its rule ID from
rulebook/rules.md.

A check returns ``None`` when the action is legal, else a :class:`Reason`. ``legal_actions``
and ``explain`` both go through these checks, so they cannot disagree.
"""
