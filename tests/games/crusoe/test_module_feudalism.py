"""Early Feudalism, the Strong Warlord (modules/feudalism.py): the options (the Weak Warlord is
refused by name), Mad Jack's rolls, and random games in which the Warlord never loses a battle
nor is wounded, and that replay exactly. The rules are cases/module_feudalism.yaml."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import Match, bot_rng, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.madjack import _is_built
from sealed.games.crusoe.state import Settings

SEATS = ("ana", "ben", "cy", "dee")
BOTS = ("greedy", "cooperative", "selfish", "random")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"early_feudalism": "weak", "early_feudalism_dice": 2}, "early_feudalism weak: not built"),
        ({"early_feudalism": "strong", "early_feudalism_women_only": 1}, "not built yet"),
    ],
)
def test_what_is_not_built_is_refused_by_name(options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        Settings.from_options(resolve_options(GAME.options, options))


def test_mad_jacks_strong_warlord_is_playable() -> None:
    assert _is_built({"early_feudalism": "strong", "scenario": "hobbesian"})


def play(seed: int, options: dict[str, Any], bots: tuple[str, ...]) -> Match[Any, Any, Any]:
    match: Match[Any, Any, Any] = Match.new(
        GAME, list(SEATS), resolve_options(GAME.options, options), seed=seed
    )
    players = {seat: GAME.bots[bot]() for seat, bot in zip(SEATS, bots, strict=True)}
    rngs = {seat: bot_rng(seed, seat) for seat in SEATS}
    warlords = [s for s in SEATS if "warlord" in match.state.players[s].roles]
    assert len(warlords) == 1
    for _ in range(5_000):
        if match.result() is not None:
            return match
        for seat in match.waiting_for():
            view = GAME.view(match.state, seat)
            match.seal_order(seat, players[seat].choose(view, match.prompts()[seat], rngs[seat]))
        for event in match.steps[-1].events:
            if event.kind == "battle":
                assert warlords[0] not in event.data["losers"], event.text
        assert not match.state.players[warlords[0]].wounded
    raise AssertionError("the game did not end")


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(("hobbesian", "tribal-capitalism", "tribal-socialism")),
    bots=st.permutations(BOTS),
)
def test_random_games_the_warlord_never_loses_and_they_replay(
    seed: int, scenario: str, bots: list[str]
) -> None:
    match = play(seed, {"early_feudalism": "strong", "scenario": scenario}, tuple(bots))
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
