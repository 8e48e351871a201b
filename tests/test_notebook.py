"""docs/example.ipynb runs as written, on this interpreter's kernel, and shows its puzzles
drawn (issue 32 item 2)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from .conftest import IN_CI

if not IN_CI:  # CI installs the 'test' extra, which holds nbclient, nbformat and ipykernel
    pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")

ROOT = Path(__file__).resolve().parents[1]
SVG = "image/svg+xml"


def test_the_example_notebook_runs_on_this_python() -> None:
    import nbformat
    from jupyter_client.kernelspec import NATIVE_KERNEL_NAME
    from nbclient import NotebookClient

    nb = nbformat.read(ROOT / "docs" / "example.ipynb", as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell("import sys; print(sys.prefix)"))
    client = NotebookClient(
        nb,
        timeout=120,
        kernel_name=NATIVE_KERNEL_NAME,  # ipykernel's own spec: sys.executable, this venv
        resources={"metadata": {"path": str(ROOT / "docs")}},
    )
    client.execute()
    assert nb.cells[-1].outputs[0]["text"].strip() == sys.prefix
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o["output_type"] == "error"]
    drawings = [o["data"][SVG] for o in outputs if SVG in o.get("data", {})]
    killer, solved, thermo, hexa, explained = drawings
    assert killer.count("stroke-dasharray") == 25  # one outline per cage
    assert thermo.count("<polyline") >= 1 and "<circle" in thermo
    assert hexa.count("<text") == sum(ch != "." for ch in _line_of(nb, "hexa = "))
    assert "hidden single" in explained
    html = [o["data"]["text/html"] for o in outputs if "text/html" in o.get("data", {})]
    assert len(html) == 1 and "locked" in html[0]


def _line_of(nb: object, start: str) -> str:
    """The puzzle line in the code cell that starts with start."""
    for cell in nb.cells:  # type: ignore[attr-defined]
        if cell.source.startswith(start):
            return str(cell.source.split('"')[1])
    raise AssertionError(start)
