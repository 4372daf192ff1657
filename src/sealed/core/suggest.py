"""'Did you mean' suggestions for misspelled words."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def closest(word: str, vocabulary: Iterable[str], limit: int = 2) -> list[str]:
    """Return up to ``limit`` words of ``vocabulary`` closest to ``word``.

    >>> closest("pinkslp", ["pinkslip", "protect", "embezzle"])
    ['pinkslip']
    """
    words = list(dict.fromkeys(vocabulary))
    lowered = {w.lower(): w for w in words}
    hits = difflib.get_close_matches(word.lower(), list(lowered), n=limit, cutoff=0.6)
    return [lowered[h] for h in hits]


def did_you_mean(word: str, vocabulary: Iterable[str]) -> str:
    """Return ``" — did you mean 'x'?"`` (or ``'x' or 'y'``), or ``""`` with no close word.

    >>> did_you_mean("pinkslp", ["pinkslip", "protect"])
    " — did you mean 'pinkslip'?"
    """
    hits = closest(word, vocabulary)
    if not hits:
        return ""
    return " — did you mean " + " or ".join(repr(h) for h in hits) + "?"
