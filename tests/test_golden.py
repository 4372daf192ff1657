"""Golden playthroughs: every registered game's seeded bot game, with every view, as text.

A difference means rules, notation, events or views changed. If the change
is intended, regenerate with ``.venv/bin/python -m sealed.lab.golden`` and
review the diff like code.
"""

from __future__ import annotations

import difflib

import pytest

from sealed.core.registry import all_games
from sealed.lab.golden import golden_path, playthrough

NAMES = list(all_games())


@pytest.mark.parametrize("name", NAMES)
def test_playthrough_matches_golden(name: str) -> None:
    path = golden_path(name)
    assert path.exists(), f"no golden playthrough for {name}: run python -m sealed.lab.golden"
    expected = path.read_text(encoding="utf-8")
    actual = playthrough(all_games()[name])
    diff = "".join(
        difflib.unified_diff(
            expected.splitlines(keepends=True), actual.splitlines(keepends=True), str(path), "now"
        )
    )
    assert actual == expected, f"playthrough of {name} changed:\n{diff[:4000]}"
