"""The answers of ``why`` and ``redundant`` drawn on the puzzle, as setters draw it
(``model.svg``):

- none: the cells of the core's members shaded (givens red, rules amber), the members
  named in the drawing's title (a global rule has no cell to shade);
- several: the cells where the two solutions differ shaded blue, each suggested given
  written in pencil in its cell (in place of the puzzle's own pencil marks there);
- unique with the needed members: their cells shaded amber;
- redundant: the puzzle of the kept members, over it the members dropped drawn faded
  (one layer at 30 % opacity).
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from ..model.svg import draw
from ..variants.constraints.pencil import PencilMarks
from .members import Member, reduced, selectable

GIVEN = "#f4b4b4"
RULE = "#ffe3a3"
DIFFER = "#c6dcf5"
FADED = 0.3
_HEAD = re.compile(r'<svg [^>]*width="([\d.]+)"[^>]*>')


def _shade(size: int, members: tuple[Member, ...]) -> list[str | None]:
    fills: list[str | None] = [None] * (size * size)
    for m in members:
        for c in m.cells:
            if fills[c] != GIVEN:
                fills[c] = GIVEN if m.key == "given" else RULE
    return fills


def _titled(svg: str, title: str) -> str:
    return re.sub(r"<title>.*?</title>", f"<title>{escape(title)}</title>", svg, count=1)


def draw_why(w: Any) -> str:
    """The puzzle with the answer of ``why`` (a ``why.Why``) drawn on it (SVG text)."""
    p, n = w.puzzle, w.puzzle.size
    if w.verdict == "several":
        marks: dict[int, list[int]] = {}
        for f in w.fixes:
            marks.setdefault(f.cell, []).append(f.digit)
        own = [c for c in p.constraints if not (isinstance(c, PencilMarks) and c.cell in marks)]
        pencil = [PencilMarks(c, tuple(d)) for c, d in sorted(marks.items())]
        fills: list[str | None] = [DIFFER if c in set(w.differ) else None for c in range(n * n)]
        shown = p.with_constraints((*own, *pencil))
        title = f"several: {len(w.differ)} cells differ, {len(w.fixes)} givens would fix it"
        return _titled(draw(shown, None, fills), title)
    members = w.core if w.verdict == "none" else (w.needed or ())
    names = "; ".join(m.name for m in members)
    title = f"{w.verdict}: {names}" if names else w.verdict
    return _titled(draw(p, None, _shade(n, members)), title)


def draw_redundant(r: Any) -> str:
    """The kept puzzle of a ``redundant.Redundant``, the members dropped faded over it
    (SVG text)."""
    if r.verdict != "unique":
        return _titled(draw(r.puzzle), f"{r.verdict}: nothing redundant")
    s = selectable(r.puzzle)
    kept = set(r.keep)
    keep = [i for i, m in enumerate(s.members) if m in kept]
    dropped = [i for i, m in enumerate(s.members) if m not in kept]
    base = draw(reduced(s, keep))
    layer = draw(reduced(s, dropped))
    title = f"redundant: {len(dropped)} of {len(s.members)} members can go (faded)"
    return _titled(_layered(base, layer), title)


def _layered(base: str, faded: str) -> str:
    """base with faded's drawing over it at FADED opacity, centred (the two may have
    different margins: a layer with outside clues has a wider one)."""
    wide = [float(_side(doc)) for doc in (base, faded)]
    side = max(wide)
    head = _split(base if wide[0] >= wide[1] else faded)[0]
    layers = []
    for doc, width, opacity in ((base, wide[0], 1.0), (faded, wide[1], FADED)):
        shift = (side - width) / 2
        layers.append(
            f'<g opacity="{opacity}" transform="translate({shift:g},{shift:g})">'
            + "\n".join(_split(doc)[1])
            + "</g>"
        )
    return "\n".join([*head, *layers, "</svg>"]) + "\n"


def _side(doc: str) -> str:
    match = _HEAD.search(doc)
    assert match is not None
    return match.group(1)


def _split(doc: str) -> tuple[list[str], list[str]]:
    """(the head: opening tag, title, white background; the elements)."""
    lines = doc.rstrip("\n").split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith('<rect x="0" y="0"')) + 1
    return lines[:start], lines[start:-1]
