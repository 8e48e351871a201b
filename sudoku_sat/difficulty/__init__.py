"""Difficulty (issue 12): rating on the propagation ladder, explained solves, puzzles of a
chosen level. Modules: :mod:`.rungs` (the ladder's rungs on a grid), :mod:`.rating`,
:mod:`.explain` and :mod:`.svg`, :mod:`.qqwing` (the cross-check), :mod:`.making` (guided
emptying to a level). Headed for ``lab/`` and ``puzzles/`` when the layout lands."""
