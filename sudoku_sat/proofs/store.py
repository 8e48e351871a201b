"""Certificates on disk, named by puzzle index: ``puzzle-00001.cnf`` (the formula, with the
puzzle and solution in comments), ``puzzle-00001.sol`` (the solution as one line) and
``puzzle-00001.drup`` (the proof, whose first line records the CNF's SHA-256).

Every file is written atomically (:func:`sudoku_sat.files.atomic_write`), the proof
last: a proof on disk means its CNF and solution are there too.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import overload

from ..errors import InputError
from ..files import atomic_write
from ..gridio import format_line
from .formula import cnf_text
from .proof import format_proof, hash_comment, sha256_text
from .prover import Certificate

METHODS = {
    "up": "unit propagation alone refutes the formula",
    "fl": "unit lemmas from the failed-literal engine",
    "cdcl": "a CDCL solver's proof",
}


@dataclass(frozen=True)
class Written:
    """The three files of one certificate."""

    cnf: Path
    solution: Path
    proof: Path

    def as_dict(self) -> dict[str, str]:
        return {"cnf": str(self.cnf), "solution": str(self.solution), "proof": str(self.proof)}


def prepare(directory: str | Path) -> Path:
    """The certificate folder, created if needed; InputError when it cannot be."""
    folder = Path(directory)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise InputError("cannot write certificates: not a folder", str(folder)) from None
    except OSError as exc:
        raise InputError(f"cannot write certificates: {exc.strerror}", str(folder)) from None
    return folder


@overload
def certificate_folder(directory: str | Path) -> contextlib.AbstractContextManager[Path]: ...


@overload
def certificate_folder(directory: None) -> contextlib.AbstractContextManager[None]: ...


@overload
def certificate_folder(
    directory: str | Path | None,
) -> contextlib.AbstractContextManager[Path | None]: ...


def certificate_folder(
    directory: str | Path | None,
) -> contextlib.AbstractContextManager[Path | None]:
    """The certificate folder (None for None): see :func:`_certificate_folder`."""
    return _certificate_folder(directory)


@contextlib.contextmanager
def _certificate_folder(directory: str | Path | None) -> Iterator[Path | None]:
    """The certificate folder (None for None), created if needed and removed again at the
    end if this call created it and nothing was written into it (no puzzle certified)."""
    if directory is None:
        yield None
        return
    existed = Path(directory).exists()
    folder = prepare(directory)
    try:
        yield folder
    finally:
        if not existed:
            with contextlib.suppress(OSError):  # not empty: certificates were written
                folder.rmdir()


def stem(index: int) -> str:
    """The file name stem of puzzle number index (from 1)."""
    return f"puzzle-{index:05d}"


def proof_text(cert: Certificate, digest: str, cnf_name: str) -> str:
    """The proof file: the formula's hash, how the proof was made, one step per line."""
    how = f"DRUP proof that {cnf_name} is UNSAT ({cert.method}: {METHODS[cert.method]})"
    return format_proof(cert.proof.steps, [hash_comment(digest, cnf_name), how])


def write_certificate(directory: str | Path, index: int, cert: Certificate) -> Written:
    """Write cert's three files into directory (which must exist)."""
    folder = Path(directory)
    base = stem(index)
    files = Written(folder / f"{base}.cnf", folder / f"{base}.sol", folder / f"{base}.drup")
    text = cnf_text(cert.puzzle, cert.n, cert.solution)
    atomic_write(files.cnf, lambda fp: fp.write(text))
    atomic_write(files.solution, lambda fp: fp.write(format_line(cert.solution, cert.n) + "\n"))
    proof = proof_text(cert, sha256_text(text), files.cnf.name)
    atomic_write(files.proof, lambda fp: fp.write(proof))
    return files
