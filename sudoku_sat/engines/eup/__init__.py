"""The EUP engine (exact cover by rules): the pure-Python reference, the compiled
bit-board search (bits, search, compiled entry points, greedy emptying, restarts, probing)
and the batch calls that pick one."""
