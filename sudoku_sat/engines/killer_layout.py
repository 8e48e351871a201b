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

N, CELLS, SUMS, HOUSES, W, HW, CW = 0, 1, 2, 3, 4, 5, 6
"""The digits, cells, sums and houses, and the 64-bit words of a bit set of the sums
(W), of the houses (HW) and of the cells (CW)."""
P_PTR, HOUSE, S_PTR, S_W, S_TOTAL, K_PTR, O_PTR, SAME = range(7, 15)
CM_SUMS, CM_SAME, HM, PB, H_SUMS = range(15, 20)
"""Where each section starts: the peers of each cell; the houses (N cells each, row by
row); the cells of each sum (their weights at the same positions plus tab[S_W]); each
sum's total; its digit sets; the cells that see all of it; whether a sum's two sides
hold the same digits. Then, W words a cell, the bits of the sums a change of the cell
marks dirty: its sums of bounds or digit sets (CM_SUMS) and its sums of the same digits
(CM_SAME); its houses (HM, HW words a cell); and its peers (PB, CW words a cell). Last,
the sums of digit sets that meet each house (H_SUMS, a pointer section: two numbers a
sum, its index and the bits of the house's positions it holds, bit k for the k-th cell)."""
HEADER = 20
