"""The --encoding, --amo and --encodings options of the commands that encode a grid."""

from __future__ import annotations

from enum import Enum
from typing import Annotated

import typer

from ..encodings import AMO_METHODS, check_names

ENCODING_HELP = (
    "CNF encoding: minimal (cell ALO + unit AMO), natural (+ cell AMO), extended (the "
    "Centrale formula, default), augmented (+ block/row and block/column triads: UP does "
    "locked candidates), reduced (extended with the clues simplified away), candidates "
    "(propagated clues, a variable per remaining candidate, own numbering: docs/large.md)."
)
AMO_HELP = (
    "At-most-one encoding: pairwise (the statement's), sequential (Sinz counter) or "
    "product (Chen); the last two add auxiliary variables but grow about linearly."
)


class EncodingName(str, Enum):
    """The encodings of ``sudoku_sat.encodings.ENCODINGS``."""

    minimal = "minimal"
    natural = "natural"
    extended = "extended"
    augmented = "augmented"
    reduced = "reduced"
    candidates = "candidates"


class AmoName(str, Enum):
    """The at-most-one methods of ``sudoku_sat.encodings.AMO_METHODS``."""

    pairwise = "pairwise"
    sequential = "sequential"
    product = "product"


EncodingOption = Annotated[EncodingName, typer.Option("--encoding", help=ENCODING_HELP)]
AmoOption = Annotated[AmoName, typer.Option("--amo", help=AMO_HELP)]


def encoding_list(text: str, amo: str = AMO_METHODS[0]) -> tuple[str, ...]:
    """The names of an --encodings value, checked (SudokuSatError on an unknown one)."""
    names = tuple(dict.fromkeys(name.strip() for name in text.split(",") if name.strip()))
    for name in names:
        check_names(name, amo)
    return names
