"""Whole numbers as players write them: ``4000``, ``4,000``, ``$4,000``, ``4k``, ``4.5k``.

Amounts are read exactly (never through ``float``), in ASCII digits only,
with a size cap; a form that could mean two things (``4.000`` is four
thousand in Germany and four in England, ``4,00`` and ``1,2,3`` are not
grouped in thousands) is refused with a line that says how to write it.
"""

from __future__ import annotations

import re

from sealed.core.errors import OrderSyntaxError

MAX_DIGITS = 15
GROUPED = re.compile(r"^\d{1,3}(?:,\d{3})+$")
PLAIN = re.compile(r"^\d+$")
THOUSANDS = re.compile(r"^(\d+)(?:\.(\d{1,3}))?k$")


def parse_amount(word: str, what: str = "amount") -> int:
    """The whole number ``word`` writes.

    :raises OrderSyntaxError: not a whole number in one of the accepted forms, or too large.
    """
    text = word.strip().lower().removeprefix("$")
    shown = word if len(word) <= 30 else word[:27] + "..."
    if not text.isascii():
        raise OrderSyntaxError(f"{what} {shown!r}: write the number in plain digits, e.g. 4000")
    if len(text) > MAX_DIGITS + 4:
        raise OrderSyntaxError(f"{what} {shown!r} is too large")
    value = _read(text)
    if value is None:
        raise OrderSyntaxError(
            f"{what} {shown!r} is not a whole number I can read for sure: "
            "write 4000, 4,000, $4,000 or 4k"
        )
    if value >= 10**MAX_DIGITS:
        raise OrderSyntaxError(f"{what} {shown!r} is too large")
    return value


def _read(text: str) -> int | None:
    if PLAIN.match(text):
        return int(text)
    if GROUPED.match(text):
        return int(text.replace(",", ""))
    match = THOUSANDS.match(text.replace(",", "") if GROUPED.match(text[:-1]) else text)
    if match:
        whole, part = match.groups()
        return int(whole) * 1000 + (int(part.ljust(3, "0")) if part else 0)
    return None


def looks_like_amount(word: str) -> bool:
    """True if ``word`` starts like a number (a digit or ``$``): it is meant as an amount."""
    return bool(word) and (word[0].isdigit() or word[0] == "$")
