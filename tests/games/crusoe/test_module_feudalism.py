"""Early Feudalism (modules/feudalism.py): the options and the combinations refused, Mad Jack's
rolls, random games in which a Strong Warlord never loses a battle nor is wounded, random games
in which a Weak Warlord keeps the dice of ruling 106 (and is a woman when only women may be),
all replaying exactly. The rules are cases/module_feudalism.yaml."""

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
from sealed.games.crusoe.modules import feudalism
from sealed.games.crusoe.state import Settings

SEATS = ("ana", "ben", "cy", "dee")
BOTS = ("greedy", "cooperative", "selfish", "random")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"early_feudalism": "weak"}, "early_feudalism weak: set early_feudalism_dice, from 2"),
        ({"early_feudalism": "weak", "early_feudalism_dice": 1}, "greater than one"),
        ({"early_feudalism": "strong", "early_feudalism_dice": 3}, "only a Weak Warlord has dice"),
        ({"early_feudalism_women_only": 1}, "set early_feudalism=strong or weak too"),
        (
            {
                "early_feudalism": "weak",
                "early_feudalism_dice": 2,
                "gender": "no-suffrage",
                "early_feudalism_women_only": 1,
            },
            "under No Suffrage",
        ),
    ],
)
def test_a_combination_the_seed_rules_out_is_refused_in_one_line(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(OptionError, match=message):
        Settings.from_options(resolve_options(GAME.options, options))


def test_women_warlords_need_the_gender_module_to_say_who_the_women_are() -> None:
    options = resolve_options(
        GAME.options, {"early_feudalism": "strong", "early_feudalism_women_only": 1}
    )
    assert Settings.from_options(options).warlord_women_only  # Mad Jack asks of it alone
    with pytest.raises(OptionError, match="the Gender module"):
        Match.new(GAME, list(SEATS), options, seed=1)


def test_a_weak_warlord_has_fewer_dice_than_the_players() -> None:
    options = resolve_options(GAME.options, {"early_feudalism": "weak", "early_feudalism_dice": 4})
    with pytest.raises(OptionError, match="early_feudalism_dice 4: fewer than the 4 players"):
        Match.new(GAME, list(SEATS), options, seed=1)


def test_mad_jacks_warlords_are_playable() -> None:
    assert _is_built({"early_feudalism": "strong", "scenario": "hobbesian"})
    assert _is_built({"early_feudalism": "weak", "early_feudalism_dice": 3})
    assert _is_built(
        {
            "early_feudalism": "weak",
            "early_feudalism_dice": 2,
            "early_feudalism_women_only": 1,
            "gender": "base",
        }
    )


def play(seed: int, options: dict[str, Any], bots: tuple[str, ...]) -> Match[Any, Any, Any]:
    match: Match[Any, Any, Any] = Match.new(
        GAME, list(SEATS), resolve_options(GAME.options, options), seed=seed
    )
    players = {seat: GAME.bots[bot]() for seat, bot in zip(SEATS, bots, strict=True)}
    rngs = {seat: bot_rng(seed, seat) for seat in SEATS}
    warlords = [s for s in SEATS if "warlord" in match.state.players[s].roles]
    assert len(warlords) == 1
    strong = options["early_feudalism"] == "strong"
    for _ in range(5_000):
        if match.result() is not None:
            return match
        for seat in match.waiting_for():
            view = GAME.view(match.state, seat)
            match.seal_order(seat, players[seat].choose(view, match.prompts()[seat], rngs[seat]))
        if strong:
            for event in match.steps[-1].events:
                if event.kind == "battle":
                    assert warlords[0] not in event.data["losers"], event.text
            assert not match.state.players[warlords[0]].wounded
        else:
            check_weak(match.state, options)
    raise AssertionError("the game did not end")


def check_weak(state: Any, options: dict[str, Any]) -> None:
    """At most one Warlord, never a deposed one, with the option's dice less one per deposed
    Warlord (never fewer than one); a woman only if only women may be."""
    holders = [s for s in SEATS if "warlord" in state.players[s].roles]
    assert len(holders) <= 1
    for seat in holders:
        roles = state.players[seat].roles
        assert "deposed-warlord" not in roles
        if options.get("early_feudalism_women_only"):
            assert "woman" in roles
        deposed = sum(state.players[s].roles.count("deposed-warlord") for s in SEATS)
        if state.players[seat].alive:
            expected = max(1, options["early_feudalism_dice"] - deposed)
            assert feudalism.battle_dice(state, seat) == expected


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(("hobbesian", "tribal-capitalism", "national-capitalism")),
    bots=st.permutations(BOTS),
    women_only=st.booleans(),
)
def test_random_games_with_a_weak_warlord_keep_his_dice_and_replay(
    seed: int, scenario: str, bots: list[str], women_only: bool
) -> None:
    options: dict[str, Any] = {
        "early_feudalism": "weak",
        "early_feudalism_dice": 3,
        "scenario": scenario,
    }
    if women_only:
        options |= {"early_feudalism_women_only": 1, "gender": "base"}
    match = play(seed, options, tuple(bots))
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


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
