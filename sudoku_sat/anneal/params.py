"""The annealers' parameters and Sirdey's schedule formulas (e_p, T_f, cooling, level counts)."""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from typing import Any, Literal

from ..errors import UsageError
from ..grid import geometry

Variant = Literal["sirdey", "swap"]


VARIANTS: tuple[str, ...] = ("sirdey", "swap")


@dataclass(frozen=True)
class SirdeyParams:
    """The paper's parameters; None means "the paper's value for this order"."""

    t0: float | None = None
    delta: float = 0.1
    alpha: float = 0.99
    epsilon: float = 0.5
    e_p: float | None = None
    level_length: int | None = None
    t_final: float | None = None
    stall_levels: int = 10_000
    max_iterations: int = 0
    instance_t_final: bool = False


@dataclass(frozen=True)
class SwapParams:
    """The swap annealer's parameters; None means "derived from the puzzle"."""

    t0: float = 0.5
    cooling: float = 0.99
    level_length: int | None = None
    reheat_levels: int = 100
    max_iterations: int = 20_000_000
    focus: int = 30


Params = SirdeyParams | SwapParams


def max_cost(n: int) -> int:
    """e_p, the largest cost: every cell clashing with all its peers (810 for 9x9)."""
    geo = geometry(n)
    return geo.ncells * len(geo.peers[0]) // 2


def final_temperature(
    n: int, alpha: float = 0.99, epsilon: float = 0.5, free_cells: int | None = None
) -> float:
    """T_f = eps / (k log N - log(1 - alpha)), k = n**4 (the paper's T'_f) or free cells."""
    k = n**4 if free_cells is None else free_cells
    return epsilon / (k * math.log(n * n) - math.log(1 - alpha))


def cooling_rate(delta: float, e_p: float) -> float:
    """log(1 + delta) / (e_p + 1), the constant of T_{k+1} = T_k / (1 + rate T_k)."""
    return math.log(1 + delta) / (e_p + 1)


def level_count(t0: float, t_final: float, delta: float, e_p: float) -> int:
    """Levels run before T < T_f: 1 + floor(Lambda), Lambda from the paper's section V."""
    lam = (1 + e_p) / math.log(1 + delta) * (1 / t_final - 1 / t0)
    return 1 + math.floor(lam) if lam >= 0 else 0


def sirdey_constants(n: int, p: SirdeyParams, free_cells: int) -> tuple[float, float, float, int]:
    """e_p, T0, T_f and the level length, the paper's values where p leaves None.

    T_f is the paper's T'_f (all n**4 cells), or its equation (3) over the free cells when
    ``instance_t_final`` is set.
    """
    e_p = float(max_cost(n)) if p.e_p is None else p.e_p
    t0 = e_p if p.t0 is None else p.t0
    cells = free_cells if p.instance_t_final else None
    t_final = final_temperature(n, p.alpha, p.epsilon, cells) if p.t_final is None else p.t_final
    length = n**4 if p.level_length is None else p.level_length
    return e_p, t0, t_final, length


def option(name: str) -> str:
    """A parameter as its command-line option is spelt: max_iterations -> --max-iterations."""
    return "--" + name.replace("_", "-")


def make_params(variant: str, params: dict[str, Any]) -> Params:
    """The variant's parameter record from keyword arguments, naming unknown ones."""
    cls: type[SirdeyParams] | type[SwapParams]
    if variant == "sirdey":
        cls = SirdeyParams
    elif variant == "swap":
        cls = SwapParams
    else:
        raise UsageError(f"unknown variant {variant!r}; known: {', '.join(VARIANTS)}")
    known = {f.name for f in fields(cls)}
    unknown = sorted(set(params) - known)
    if unknown:
        shown = ", ".join(option(name) for name in unknown)
        raise UsageError(
            f"{shown}: not an option of {variant}; its options: "
            + ", ".join(option(name) for name in sorted(known))
        )
    p = cls(**{k: v for k, v in params.items() if v is not None})
    check_params(p)
    return p


MAX_INT = 2**62
"""Largest integer parameter: the compiled kernels count in 64-bit integers."""


def check_params(p: Params) -> None:
    """UsageError naming the first parameter out of its range, as its option is spelt
    on the command line (``--max-iterations`` for max_iterations)."""
    rules: list[tuple[str, bool]] = [
        ("--t0 must be > 0", p.t0 is None or p.t0 > 0),
        ("--level-length must be >= 1", p.level_length is None or p.level_length >= 1),
        ("--max-iterations must be >= 0", p.max_iterations >= 0),
    ]
    if isinstance(p, SirdeyParams):
        rules += [
            ("--delta must be > 0", p.delta > 0),
            ("--alpha must be in (0, 1)", 0 < p.alpha < 1),
            ("--epsilon must be > 0", p.epsilon > 0),
            ("--e-p must be > 0", p.e_p is None or p.e_p > 0),
            ("--t-final must be > 0", p.t_final is None or p.t_final > 0),
            ("--stall-levels must be >= 0", p.stall_levels >= 0),
        ]
    else:
        rules += [
            ("--cooling must be in (0, 1]", 0 < p.cooling <= 1),
            ("--reheat-levels must be >= 1", p.reheat_levels >= 1),
            ("--focus must be >= 0", p.focus >= 0),
            ("--max-iterations must be >= 1 for swap", p.max_iterations >= 1),
        ]
    for name, value in ((f.name, getattr(p, f.name)) for f in fields(p)):
        if isinstance(value, float) and not math.isfinite(value):
            raise UsageError(f"{name} must be a finite number, got {value}")
        if isinstance(value, int) and not -MAX_INT <= value <= MAX_INT:
            raise UsageError(f"{name} must be at most {MAX_INT:,} (the kernels' 64-bit integers)")
    for message, ok in rules:
        if not ok:
            raise UsageError(message)
