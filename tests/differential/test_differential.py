"""Old code against new: the same seeded games give the same fingerprints (see fingerprint.py),
and the fast path plays them to the same end."""

from __future__ import annotations

import pytest
from tests.differential.fingerprint import GAMES, baseline_path, played, played_fast, rules


@pytest.mark.parametrize("name", list(GAMES))
def test_seeded_games_match_the_baseline(name: str) -> None:
    """Through a Match (resolve, events, views) the old engine's games come out the same;
    on the fast path (advance in place, as simulations play) they end the same."""
    expected = baseline_path(name).read_text(encoding="utf-8").split()
    assert len(expected) == GAMES[name][0]
    game = rules(name)
    differ, fast_differ = [], []
    for seed in range(len(expected)):
        mark, ending = played(game, seed)
        if mark != expected[seed]:
            differ.append(seed)
        if played_fast(game, seed) != ending:
            fast_differ.append(seed)
    assert not differ, (
        f"{len(differ)} of {len(expected)} {name} games changed, first seeds {differ[:5]}"
    )
    assert not fast_differ, (
        f"{len(fast_differ)} of {len(expected)} {name} games end otherwise on the fast path "
        f"(advance) than through a Match (resolve), first seeds {fast_differ[:5]}"
    )
