"""Whether Dask's configuration names a scheduler, its address, and how long to try to reach
it: the default executor of every batch command asks, so this is kept apart from the Dask
executor (whose imports every command would pay otherwise)."""

from __future__ import annotations

import os
import re
import site
import sys
from pathlib import Path

ENV = "DASK_SCHEDULER_ADDRESS"

CONNECT_TIMEOUT = 5.0
"""Seconds to reach the scheduler before giving up (exit 3), by default (``--connect-timeout``
sets it); Dask's own ``distributed.comm.timeouts.connect``
(DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT) when that is shorter."""


def shown(address: str) -> str:
    """The address as an error message writes it: as given, or repr-like (quoted, with its
    control characters escaped) when it holds one, so that a message never hands an
    escape sequence or a line break to the terminal."""
    return address if address.isprintable() else repr(address)


def printable(text: str) -> str:
    """text with each character that is not printable escaped as repr escapes it (Dask's
    own messages may quote the address)."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def may_name_a_scheduler() -> bool:
    """False when Dask's configuration surely names no scheduler: no DASK_* variable and
    no file in Dask's configuration folders that mentions scheduler-address. Saves
    importing dask (0.1 s) on every command run without a cluster. Once dask is imported,
    its configuration may also have been set in this process (``dask.config.set``)."""
    dask = sys.modules.get("dask")
    if dask is not None and dask.config.get("scheduler-address", None):
        return True
    if any(key.startswith("DASK_") for key in os.environ):
        return True
    folders = [
        os.getenv("DASK_ROOT_CONFIG", "/etc/dask"),
        os.path.join(sys.prefix, "etc", "dask"),
        *[os.path.join(prefix, "etc", "dask") for prefix in site.PREFIXES],
        os.path.join(os.path.expanduser("~"), ".config", "dask"),
    ]
    for folder in map(Path, folders):
        files = sorted(folder.glob("*.y*ml")) + sorted(folder.glob("*.json"))
        for path in files:
            try:
                text = path.read_text(errors="replace")
            except OSError:
                return True
            if re.search(r"scheduler[-_]address", text):
                return True
    return False


def configured_address() -> str | None:
    """The scheduler address Dask's configuration gives (DASK_SCHEDULER_ADDRESS), if any."""
    if not may_name_a_scheduler():
        return None
    try:
        import dask
    except ImportError:
        return os.environ.get(ENV) or None
    address = dask.config.get("scheduler-address", None)
    return str(address) if address else None
