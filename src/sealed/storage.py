"""Game files: a match saved as its JSON record, loaded by replaying (and so verifying) it."""

from __future__ import annotations

import contextlib
import fcntl
import glob
import json
import os
import stat
import tempfile
from collections.abc import Iterator
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
    except UnicodeDecodeError as error:
        raise RecordError(f"{path}: not UTF-8 text (byte {error.start})") from None
    except FileNotFoundError:
        raise _missing(path) from None
    except OSError as error:
        raise RecordError(f"cannot read {str(path)!r}: {error.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"{path}:{error.lineno}: not valid JSON: {error.msg}") from None
    except RecursionError:
        raise RecordError(f"{path}: nested too deeply to be a game record") from None
    if not isinstance(data, dict):
        raise RecordError(f"{path}: not a sealed game record")
    match = replay(data)
    match.clock = utc_now
    return match


def _missing(path: Path) -> RecordError:
    return RecordError(f"no game file {str(path)!r} (start one with 'sealed new')")


def utc_now() -> datetime:
    """The wall clock, for deadlines of games run by a game master."""
    return datetime.now(UTC)


@contextlib.contextmanager
def updating(path: str | Path) -> Iterator[Match[Any, Any, Any]]:
    """Load a game file under an exclusive lock, yield it, and save it if nothing failed.

    Every command that changes a game file goes through here, so two commands
    at once (a script answering five emails) take turns: each reads what the
    one before it wrote, and no order is lost. The lock is a sidecar file
    (``.NAME.lock``) because saving replaces the game file itself.
    """
    path = Path(path)
    if not path.exists():  # a mistyped name must leave no lock file behind
        raise _missing(path)
    lock_path = path.with_name(f".{path.name}.lock")
    try:
        lock = open(lock_path, "a")  # noqa: SIM115 (held for the whole update)
    except OSError as error:
        raise RecordError(f"cannot lock {str(path)!r}: {error.strerror}") from None
    with lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        _remove_leftovers(path)
        match = load_match(path)
        yield match
        save_match(match, path)


def _remove_leftovers(path: Path) -> None:
    """Temporary files of saves that were killed mid-write (only a lock holder may do this)."""
    for leftover in path.parent.glob(f".{glob.escape(path.name)}.*"):
        if leftover.suffix != ".lock":
            leftover.unlink(missing_ok=True)


def check_can_save(path: str | Path) -> None:
    """Refuse a game file that could not be saved, before a game is played into it.

    :raises RecordError: its folder does not exist or is not writable, or it is a folder.
    """
    path = Path(path)
    folder = path.parent
    if path.is_dir():
        raise RecordError(f"cannot save to {str(path)!r}: it is a folder; name a file in it")
    if not folder.is_dir():
        raise RecordError(f"cannot save to {str(path)!r}: there is no folder {str(folder)!r}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise RecordError(f"cannot save to {str(path)!r}: the folder {str(folder)!r} is read-only")


def save_match(match: Match[Any, Any, Any], path: str | Path) -> None:
    """Write atomically: a crash mid-write never leaves half a record.

    The new file keeps the old one's permissions (a new file gets the usual
    ones for this user), and is flushed to disk before it replaces the old.
    """
    path = Path(path)
    text = json.dumps(match.to_json(), indent=1, sort_keys=False) + "\n"
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    except OSError as error:
        raise RecordError(f"cannot write {str(path)!r}: {error.strerror}") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
