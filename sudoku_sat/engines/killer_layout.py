"""The layout of the killer kernel's table ``tab`` (:mod:`.killer`, an njit kernel: this file
is hashed with the kernels, :mod:`sudoku_sat.kernel_cache`, as numba freezes these
constants into the machine code), without numba: the
Python side (``variants.killer_search``) writes it, the kernel reads it.

``tab`` is one int64 array: a header, then the sections it points at. One array, not one
per table: numba counted a reference at every use of an array taken from a tuple (89
increments in ``propagate``), 20 % of the time of a node. A pointer section holds
absolute positions in tab; the rows of cell or sum k run from tab[ptr + k] to
tab[ptr + k + 1].
"""

N, CELLS, SUMS, HOUSES = 0, 1, 2, 3
P_PTR, HOUSE, HO_PTR, S_PTR, S_W, S_TOTAL, K_PTR, O_PTR, CS_PTR, SAME, ENDS = range(4, 15)
"""Where each section starts: the peers of each cell; the houses (N cells each, row by
row); the houses of each cell; the cells of each sum (their weights at the same
positions plus tab[S_W]); each sum's total; its digit sets; the cells that see all of
it; the sums of each cell; whether a sum's two sides hold the same digits; whether only
its cells' smallest and largest digits matter to it."""
HEADER = 15
