"""Every option of a command honoured or refused in one line on variant puzzles.

A command's variant path names the options it honours; any other option given on the
command line (or from the environment) is refused before any work: one line naming the
option and why, exit code 2 (``--encoding: variant puzzles have one encoding``). An
option left at its default is not looked at, so the classic defaults cost nothing.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from typer._click.core import ParameterSource
from typer._click.globals import get_current_context

from ..errors import UsageError

ONE_ENCODING = "variant puzzles have one encoding (docs/variants.md)"
ONE_EMPTYING = (
    "variant puzzles are emptied one way: greedy, on one incremental solver (docs/variants.md)"
)
REASONS = {
    "encoding": ONE_ENCODING,
    "amo": ONE_ENCODING,
    "no_f2": ONE_ENCODING,
    "order": "an f-puzzles puzzle carries its own size",
    "rule": "f-puzzles input carries its own rules; --rule adds rules to plain grids",
    "fill": "variant grids are filled one way: random digits on the variant CNF",
    "empty_": ONE_EMPTYING,
    "symmetric": ONE_EMPTYING,
    "ti": ONE_EMPTYING,
    "tf": ONE_EMPTYING,
    "step": ONE_EMPTYING,
}
"""Why an option does not apply to variant puzzles, by parameter name, when the command
gives no reason of its own."""
ALWAYS = frozenset({"puzzles", "quiet", "help"})
GIVEN = (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT)


def given(name: str) -> bool:
    """True when the running command's parameter name was set on the command line."""
    ctx = get_current_context(silent=True)
    return ctx is not None and ctx.get_parameter_source(name) in GIVEN


def refuse_unhonoured(
    honoured: Collection[str], reasons: Mapping[str, str] | None = None, what: str = "variant"
) -> None:
    """UsageError (one line, exit 2) for the first option given that honoured lacks."""
    ctx = get_current_context(silent=True)
    if ctx is None:
        return
    for param in ctx.command.params:
        name = param.name or ""
        if name in ALWAYS or name in honoured or ctx.get_parameter_source(name) not in GIVEN:
            continue
        flag = max(param.opts, key=len)
        why = (reasons or {}).get(name) or REASONS.get(name) or f"not for {what} puzzles"
        raise UsageError(f"{flag}: {why}")
