"""Plain JSON values from the engine's values (dataclasses, enums, tuples, sets)."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import Any


def jsonable(value: Any) -> Any:
    """Turn views and other values (dataclasses, enums, tuples) into JSON values."""
    if hasattr(value, "to_json"):
        return jsonable(value.to_json())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | frozenset | set):
        items = [jsonable(v) for v in value]
        return sorted(items) if isinstance(value, frozenset | set) else items
    return value
