"""Random lines for the tests of line constraints: paths of neighbouring cells."""

from __future__ import annotations

import random


def random_path(n: int, length: int, rng: random.Random) -> list[int]:
    """A path of neighbouring cells, king's moves apart (shorter where it is boxed in)."""
    path = [rng.randrange(n * n)]
    while len(path) < length:
        r, c = divmod(path[-1], n)
        steps = [
            (r + dr) * n + c + dc
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n
        ]
        free = [s for s in steps if s not in path]
        if not free:
            break
        path.append(rng.choice(free))
    return path
