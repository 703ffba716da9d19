"""The study layer: what a learner works through, in plain Python (no Jupyter).

- ``timeline``: the tree of positions (variations, jumps); ``editor`` and ``edit_ops``: the
  board editor's lines and the operations they apply;
- ``scenario`` and ``scenario_write``: ``.catan.yaml`` lesson files, read and written;
  ``puzzle``: a lesson's questions; ``realism``: could a lesson's start arise in a game?
- ``course``: chapters, goals and lesson order (``lessons/course.yaml``); ``library``: the
  lessons on offer; ``shown`` and ``shown_predicates``: which rules a lesson shows;
- ``resources``: where the packaged lessons, notebooks, page template and settings are.
"""
