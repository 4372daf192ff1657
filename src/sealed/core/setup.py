"""Strict readers for setup data (a state's JSON, edited or written by hand).

Every game reads its ``from_json`` input through these helpers so that all
setup readers are equally strict: an unknown key is refused with a
suggestion (``setup: {rund: 4}`` -> "unknown key 'rund' — did you mean
'round'?"), a value of the wrong type names its place, and nothing is
silently ignored. Each error carries the path of the offending value
(``("players", "ana", "hq")``), which the loaders of setup and scenario
files turn into a line number.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sealed.core.errors import SetupError
from sealed.core.suggest import did_you_mean

Path = tuple[str, ...]


def where(path: Path) -> str:
    """``players.ana.hq`` for a person, ``the setup`` for the root."""
    return ".".join(path) if path else "the setup"


def fail(path: Path, message: str) -> SetupError:
    """A :class:`SetupError` about the value at ``path``."""
    error = SetupError(f"{where(path)}: {message}")
    error.path = path
    return error


def mapping(
    value: object,
    path: Path,
    allowed: Iterable[str],
    required: Iterable[str] = (),
    derived: Iterable[str] = (),
) -> Mapping[str, Any]:
    """``value`` as a mapping whose keys are all ``allowed`` (``derived`` keys are accepted).

    ``derived`` names keys that the state's JSON shows but that are computed
    (an edited copy may keep them; they are ignored and documented as such).
    """
    if not isinstance(value, Mapping):
        raise fail(path, f"expected a mapping of keys, got {_kind(value)}")
    known = list(allowed) + list(derived)
    for key in value:
        if str(key) not in known:
            raise fail(
                (*path, str(key)),
                f"unknown key {str(key)!r}{did_you_mean(str(key), known)} "
                f"(keys here: {', '.join(known) or 'none'})",
            )
    for key in required:
        if key not in value:
            raise fail(path, f"missing key {key!r}")
    return value


def integer(value: object, path: Path, low: int | None = None, high: int | None = None) -> int:
    """A whole number (not a bool) within ``low..high``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(path, f"expected a whole number, got {_kind(value)}")
    if low is not None and value < low:
        raise fail(path, f"{value} is below {low}")
    if high is not None and value > high:
        raise fail(path, f"{value} is above {high}")
    return value


def text(value: object, path: Path, choices: Sequence[str] = ()) -> str:
    """A string, one of ``choices`` if given (with a suggestion)."""
    if not isinstance(value, str):
        raise fail(path, f"expected text, got {_kind(value)}")
    if choices and value not in choices:
        raise fail(
            path,
            f"{value!r} is not one of {', '.join(choices)}{did_you_mean(value, choices)}",
        )
    return value


def boolean(value: object, path: Path) -> bool:
    if not isinstance(value, bool):
        raise fail(path, f"expected true or false, got {_kind(value)}")
    return value


def sequence(value: object, path: Path, length: int | None = None) -> Sequence[Any]:
    """A list (``length`` items if given)."""
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise fail(path, f"expected a list, got {_kind(value)}")
    if length is not None and len(value) != length:
        raise fail(path, f"expected {length} items, got {len(value)}")
    return value


def _kind(value: object) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"{str(value).lower()} (a yes/no value)"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, str):
        return f"text {value[:40]!r}"
    if isinstance(value, list | tuple):
        return "a list"
    return f"{type(value).__name__} {str(value)[:40]}"
