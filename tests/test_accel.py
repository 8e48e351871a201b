

def test_the_bulk_count_runs_the_ahead_of_time_kernel_when_built(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    np = pytest.importorskip("numpy")
    from sudoku_sat import bulk
    from sudoku_sat.engines.eup import compiled

    calls: list[int] = []

    def ahead(puzzles: object, cap: int, *tables: object) -> object:
        calls.append(cap)
        return compiled.count_batch(puzzles, cap, *tables)

    monkeypatch.setattr(bulk, "aot_count", lambda: ahead)
    hard = "700000400020070080003008009000500300060020090001007006000300900030040060009001005"
    lines = bulk.parse_lines(f"{hard}\n{'.' * 81}\n")
    assert lines is not None
    (counts,) = bulk.CountArrays(2)([lines.packed(0, 2)])
    assert counts.tolist() == [1, 2] and calls == [2]
    for mine, numba_s in zip(bulk.plain_tables(), compiled.tables(3), strict=True):
        assert np.array_equal(mine, numba_s) and np.asarray(mine).dtype == np.asarray(numba_s).dtype


def test_no_or_a_broken_ahead_of_time_kernel_leaves_numbas(
    cold: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sudoku_sat import bulk

    monkeypatch.setattr(bulk, "aot_count", bulk.aot_count.__wrapped__)
    assert bulk.aot_count() is None
    bulk.aot_path().parent.mkdir(parents=True, exist_ok=True)
    bulk.aot_path().write_bytes(b"not a shared object")
    assert bulk.aot_count() is None
