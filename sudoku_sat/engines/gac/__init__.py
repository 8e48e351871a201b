"""The GAC engine: all-different propagation by matching (alldiff) and the compiled
dom/wdeg restart search (restarts)."""
