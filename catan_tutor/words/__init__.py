"""The words layer: what a move did, told to the learner (``narrate``: ``Game.events``).

The rules' own sentences (why a move is refused, a card's effect) stay in ``rules/words.py``,
beneath the rules that cite them."""
