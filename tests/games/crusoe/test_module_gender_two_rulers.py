"""Gender's No Suffrage with a Constitutional Hybrid of two rulers (rulings 109, 196, 296):
at every table size exactly half the players, rounded up, are women, and neither the
Dictator nor the sitting President is one; at two or three seats that makes them one man
(version 4). Version 3 (``versions.CrusoeV3``) keeps its women Presidents there. The rules at
the table are cases/module_gender_two_rulers.yaml."""

from __future__ import annotations

import pytest

from sealed.core.game import resolve_options
from sealed.core.match import Match
from sealed.games.crusoe import GAME
from sealed.games.crusoe.versions import CrusoeV3

SEATS = ("ana", "ben", "cy", "dee", "eve")
OPTIONS = resolve_options(
    GAME.options,
    {
        "scenario": "national-capitalism",
        "government": "hybrid",
        "government_radio_reward": "dictatorship",
        "government_tax_burden": "representative",
        "gender": "no-suffrage",
    },
)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_no_woman_rules_and_half_are_women_at_every_size(players: int) -> None:
    for seed in range(30):
        match = Match.new(GAME, list(SEATS[:players]), dict(OPTIONS), seed=seed)
        state = match.state
        women = [s for s in state.seats if "woman" in state.players[s].roles]
        assert len(women) == (players + 1) // 2, (seed, women)
        assert state.ruler not in women and state.president not in women, (seed, women)
        if players <= 3:
            assert state.ruler == state.president, seed


def test_version_3_kept_women_presidents_at_three_seats() -> None:
    """What ruling 296 replaced: some version 3 games at three seats had a woman President."""
    presidents = []
    for seed in range(30):
        state = Match.new(CrusoeV3(), list(SEATS[:3]), dict(OPTIONS), seed=seed).state
        presidents.append("woman" in state.players[str(state.president)].roles)
    assert any(presidents)
