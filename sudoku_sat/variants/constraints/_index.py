"""Where each name of the registry is read, known without importing its module: the
module of this folder whose ``FAMILY`` holds the class that reads each f-puzzles key,
each key of the grid's cells and each sigh name, in registry order (module name, then
``FAMILY``).

The readers import the modules of the names a puzzle uses, and those only: importing all
of them (about 70 modules, mostly building their dataclasses) costs about 80 ms, a
quarter of a one-puzzle ``unique``. ``python -m sudoku_sat.variants.constraints._index``
writes the tables anew from the modules; tests/test_cli_lazy.py checks them against the
modules, so a module added to the folder without its lines here fails there.
"""

from __future__ import annotations

KEYS: dict[str, str] = {
    "negative": "_marks",
    "antiking": "antiking",
    "antiknight": "antiknight",
    "antitaxicab": "antitaxicab",
    "arrow": "arrow",
    "betweenline": "between",
    "lockout": "between",
    "clone": "clone",
    "or": "composite",
    "and": "composite",
    "connectedvalues": "connected",
    "containatleast": "contain",
    "containexact": "contain",
    "countdistinct": "count_distinct",
    "countingcircles": "counting_circles",
    "diagonal+": "diagonal",
    "diagonal-": "diagonal",
    "cage": "digital_root",
    "disjointgroups": "disjoint",
    "doublearrow": "double_arrow",
    "dutchflatmates": "dutchflatmates",
    "entropicline": "entropic_modular",
    "modularline": "entropic_modular",
    "equalsum": "equal_sum",
    "equalitycage": "equality_cage",
    "extraregion": "extraregion",
    "minimum": "extremum",
    "maximum": "extremum",
    "fullrank": "full_rank",
    "globalentropy": "global_entropy",
    "globalmod": "global_entropy",
    "greaterthan": "greaterthan",
    "hiddenskyscraper": "hidden_skyscraper",
    "columnindexer": "indexer",
    "rowindexer": "indexer",
    "killercage": "killer",
    "difference": "kropki",
    "ratio": "kropki",
    "littlekillersum": "littlekiller",
    "lookandsay": "look_and_say",
    "lunchbox": "lunchbox",
    "nfa": "nfa",
    "nonconsecutive": "nonconsecutive",
    "numberedroom": "numbered_room",
    "odd": "odd_even",
    "even": "odd_even",
    "pair": "pairwise",
    "pairx": "pairwise",
    "palindrome": "palindrome",
    "quadruple": "quadruple",
    "regex": "regex",
    "regionsumline": "region_sum",
    "rellikcage": "rellik",
    "renban": "renban",
    "replicate": "replicate",
    "samevalues": "same_values",
    "sandwichsum": "sandwich",
    "skyscraper": "skyscraper",
    "sumline": "sum_line",
    "thermometer": "thermometer",
    "slowthermometer": "thermometer",
    "valueindexing": "valueindexing",
    "weightedsum": "weighted_sum",
    "whispers": "whispers",
    "xsum": "xsum",
    "xv": "xv",
    "zipperline": "zipper",
}
"""f-puzzles key -> the module that reads it (``Constraint.key``)."""

CELL_KEYS: dict[str, str] = {
    "region": "jigsaw",
    "givenPencilMarks": "pencil",
}
"""Key of the grid's cell objects -> the module that reads it (``Constraint.cell_key``)."""

SIGH_NAMES: dict[str, str] = {
    "StrictKropki": "_marks",
    "StrictXV": "_marks",
    "AntiKing": "antiking",
    "AntiKnight": "antiknight",
    "AntiTaxicab": "antitaxicab",
    "Arrow": "arrow",
    "PillArrow": "arrow",
    "Between": "between",
    "Lockout": "between",
    "Or": "composite",
    "And": "composite",
    "ConnectedValues": "connected",
    "ContainAtLeast": "contain",
    "ContainExact": "contain",
    "CountDistinct": "count_distinct",
    "CountingCircles": "counting_circles",
    "Diagonal": "diagonal",
    "DisjointSets": "disjoint",
    "DoubleArrow": "double_arrow",
    "DutchFlatmates": "dutchflatmates",
    "Entropic": "entropic_modular",
    "Modular": "entropic_modular",
    "EqualSum": "equal_sum",
    "EqualityCage": "equality_cage",
    "AllDifferent": "extraregion",
    "Windoku": "extraregion",
    "FullRank": "full_rank",
    "GlobalEntropy": "global_entropy",
    "GlobalMod": "global_entropy",
    "GreaterThan": "greaterthan",
    "HiddenSkyscraper": "hidden_skyscraper",
    "Indexing": "indexer",
    "Jigsaw": "jigsaw",
    "NoBoxes": "jigsaw",
    "Cage": "killer",
    "WhiteDot": "kropki",
    "BlackDot": "kropki",
    "LittleKiller": "littlekiller",
    "LookAndSay": "look_and_say",
    "Lunchbox": "lunchbox",
    "NFA": "nfa",
    "AntiConsecutive": "nonconsecutive",
    "NumberedRoom": "numbered_room",
    "Pair": "pairwise",
    "Binary": "pairwise",
    "PairX": "pairwise",
    "BinaryX": "pairwise",
    "Palindrome": "palindrome",
    "Given": "pencil",
    "Quad": "quadruple",
    "Regex": "regex",
    "RegionSumLine": "region_sum",
    "RellikCage": "rellik",
    "Renban": "renban",
    "Replicate": "replicate",
    "SameValues": "same_values",
    "Sandwich": "sandwich",
    "Skyscraper": "skyscraper",
    "SumLine": "sum_line",
    "Thermo": "thermometer",
    "ValueIndexing": "valueindexing",
    "Sum": "weighted_sum",
    "Whisper": "whispers",
    "XSum": "xsum",
    "X": "xv",
    "V": "xv",
    "Zipper": "zipper",
}
"""sigh name -> the module that reads it (``Constraint.sigh_names``)."""


def tables() -> dict[str, dict[str, str]]:
    """The three tables as the modules have them (every module imported)."""
    from . import classes

    out: dict[str, dict[str, str]] = {"KEYS": {}, "CELL_KEYS": {}, "SIGH_NAMES": {}}
    for cls in classes():
        module = cls.__module__.rsplit(".", 1)[1]
        if cls.key:
            out["KEYS"][cls.key] = module
        if cls.cell_key:
            out["CELL_KEYS"][cls.cell_key] = module
        for name in cls.sigh_names:
            out["SIGH_NAMES"][name] = module
    return out


def write() -> None:
    """Write this file's tables anew from the modules (``python -m`` this module)."""
    from pathlib import Path

    path = Path(__file__)
    text = path.read_text()
    for name, table in tables().items():
        start = text.index(f"{name}: dict[str, str] = {{\n")
        end = text.index("}\n", start) + 2
        rows = "".join(f'    "{k}": "{v}",\n' for k, v in table.items())
        text = text[:start] + f"{name}: dict[str, str] = {{\n{rows}}}\n" + text[end:]
    path.write_text(text)


if __name__ == "__main__":
    write()
