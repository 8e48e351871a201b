"""Solving with SAT solvers: PySAT in process (:mod:`.pysat`), solver binaries
(:mod:`.external`), the shared :class:`SolveResult` (:mod:`.result`), and the library
facade :func:`~.facade.solve_all` that the CLI calls."""
