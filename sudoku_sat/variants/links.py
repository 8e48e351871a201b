"""f-puzzles input told from a plain grid file, and f-puzzles / SudokuPad links decoded
(lz-string base64 after ``?load=`` or ``/fpuzzles``, PyPI's ``lzstring``, the 'variants'
extra) into the JSON object the reader takes."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote

from ..errors import InputError
from ..model.reading import Source, load_json

LINK = re.compile(r"(?:[?&]load=|/fpuzzles)([A-Za-z0-9+/=%_\-]+)")
MAX_LINK = 1_000_000
"""Longest link data decoded (characters): f-puzzles' own links hold a few kB, and the
pure-Python lz-string decoder takes minutes on tens of MB."""


def is_variant_text(text: str) -> bool:
    """True when text is f-puzzles JSON or holds f-puzzles links (not a plain grid file)."""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        return line.startswith("{") or LINK.search(line) is not None
    return False


def decode_link(line: str, where: Source) -> Any:
    """The f-puzzles object of a link (lz-string base64 after ``?load=``)."""
    match = LINK.search(line)
    if match is None:
        raise where.error("neither f-puzzles JSON nor an f-puzzles link (...?load=...)")
    try:
        import lzstring
    except ImportError:
        from ..errors import missing_extra

        raise missing_extra("reading f-puzzles links", "variants") from None
    if len(match.group(1)) > MAX_LINK:
        raise where.error(
            f"an f-puzzles link of {len(match.group(1)):,} characters: at most {MAX_LINK:,} "
            "are decoded"
        )
    payload = unquote(match.group(1)).replace(" ", "+")
    try:
        text = lzstring.LZString().decompressFromBase64(payload)
    except (ValueError, TypeError, IndexError, KeyError, AttributeError, RecursionError):
        text = None
    if not text:
        raise where.error("an f-puzzles link whose data does not decode to JSON")
    try:
        return load_json(text, where.name, where.line, link=True)
    except InputError as exc:
        reason = f"an f-puzzles link whose data is not f-puzzles JSON: {exc.reason}"
        raise where.error(reason) from None
