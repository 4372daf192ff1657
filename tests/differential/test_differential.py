"""Old code against new: the same seeded games give the same fingerprints (see fingerprint.py)."""

from __future__ import annotations

import pytest
from tests.differential.fingerprint import GAMES, baseline_path, fingerprint, rules


@pytest.mark.parametrize("name", list(GAMES))
def test_seeded_games_match_the_baseline(name: str) -> None:
    expected = baseline_path(name).read_text(encoding="utf-8").split()
    assert len(expected) == GAMES[name][0]
    game = rules(name)
    differ = [seed for seed in range(len(expected)) if fingerprint(game, seed) != expected[seed]]
    assert not differ, (
        f"{len(differ)} of {len(expected)} {name} games changed, first seeds {differ[:5]}"
    )
