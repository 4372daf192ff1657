"""Game files: a match saved as its JSON record, loaded by replaying (and so verifying) it."""

from __future__ import annotations

import json
import os
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sealed.core.errors import RecordError
from sealed.core.match import Match, replay


def load_match(path: str | Path) -> Match[Any, Any, Any]:
    """Read and replay a game file.

    :raises RecordError: missing, unreadable or malformed file (with the line).
    :raises ReplayDivergence: the file does not replay to what it records.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"no game file {str(path)!r} (start one with 'sealed new')") from None
    except OSError as error:
        raise RecordError(f"cannot read {str(path)!r}: {error.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"{path}:{error.lineno}: not valid JSON: {error.msg}") from None
    if not isinstance(data, dict):
        raise RecordError(f"{path}: not a sealed game record")
    match = replay(data)
    match.clock = utc_now
    return match


def utc_now() -> datetime:
    """The wall clock, for deadlines of games run by a game master."""
    return datetime.now(UTC)


def save_match(match: Match[Any, Any, Any], path: str | Path) -> None:
    """Write atomically: a crash mid-write never leaves half a record."""
    path = Path(path)
    text = json.dumps(match.to_json(), indent=1, sort_keys=False) + "\n"
    handle, temporary = tempfile.mkstemp(dir=path.parent or ".", prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
