"""Whether Dask's configuration names a scheduler (sudoku_sat.batch.address)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sudoku_sat.batch import address


def test_no_dask_configuration_means_no_scheduler_and_no_dask_import(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for key in [k for k in os.environ if k.startswith("DASK_")]:
        monkeypatch.delenv(key)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delitem(address.sys.modules, "dask", raising=False)  # as in a new process
    monkeypatch.setattr(address.site, "PREFIXES", [])
    monkeypatch.setattr(address.sys, "prefix", str(tmp_path))
    monkeypatch.setenv("DASK_ROOT_CONFIG", str(tmp_path / "etc"))
    assert address.may_name_a_scheduler()  # a DASK_ variable
    monkeypatch.delenv("DASK_ROOT_CONFIG")
    folder = tmp_path / ".config" / "dask"
    folder.mkdir(parents=True)
    (folder / "distributed.yaml").write_text("distributed:\n  scheduler:\n    bandwidth: 1\n")
    assert not address.may_name_a_scheduler()
    assert address.configured_address() is None
    (folder / "mine.yaml").write_text("scheduler-address: tcp://10.0.0.5:8786\n")
    assert address.may_name_a_scheduler()


def test_an_address_with_control_characters_is_shown_escaped() -> None:
    assert address.shown("tcp://10.0.0.5:8786") == "tcp://10.0.0.5:8786"
    assert address.shown("tcp://hö:1") == "tcp://hö:1"
    assert address.shown("tcp://a\x1b[31mb\x07:1") == "'tcp://a\\x1b[31mb\\x07:1'"
    assert address.printable("bad\nline\r\x00") == "bad\\nline\\r\\x00"
