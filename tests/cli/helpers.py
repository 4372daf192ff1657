"""What the command-line tests share: ``sealed`` runs the CLI in-process, ``one_line_error``
holds a refusal to the project's rule (exit 1, one ``Error:`` line, no traceback), ``ok``
runs a command that must succeed, and ``new_game``/``ClosedEarly`` set up a game file and an
output reader that stops early (``| head``)."""

from __future__ import annotations

import io
from pathlib import Path

from click.testing import CliRunner, Result

from sealed.cli import cli


def sealed(*args: str, input: str | None = None, env: dict[str, str] | None = None) -> Result:
    """``sealed ARGS`` run in-process, with ``input`` typed on standard input."""
    return CliRunner().invoke(cli, list(args), input=input, env=env)


def ok(*args: str) -> str:
    """The output of ``sealed ARGS``, which must succeed."""
    result = sealed(*args)
    assert result.exit_code == 0, result.output
    return result.output


def one_line_error(result: Result, code: int = 1) -> str:
    """The single ``Error:`` line of a refused command; it exits with ``code`` and no traceback."""
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(lines) == 1, result.output
    return lines[0]


def new_game(path: Path, game: str, players: str) -> None:
    """A new ``game`` for ``players`` (seed 7) saved at ``path``."""
    result = sealed("new", game, "--players", players, "--seed", "7", "-o", str(path))
    assert result.exit_code == 0, result.output


class ClosedEarly(io.StringIO):
    """Standard output read by a reader that stops after ``limit`` characters (``| head``)."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def write(self, text: str) -> int:
        if self.tell() + len(text) > self.limit:
            raise BrokenPipeError(32, "Broken pipe")
        return super().write(text)

    def isatty(self) -> bool:
        return False
