"""What a setter asks after "none", "several" or "unique" (issue 39, docs/why.md):
``why`` (a minimal or smallest set of givens and constraints with no solution; two
solutions, where they differ and the givens that would make the puzzle unique; cells
equal in every solution; the members a unique puzzle needs) and ``redundant`` (what it
can do without). One selector literal per given and constraint instance, over that
instance's own clauses (``members``); every answer checked by a second method
(``check``)."""
