"""Slavery (Optional Rules, Alternate Punishments), rulings 124-135 and its added rules 168
(slavery_permission) and 169 (slavery_any_time): the options' refusals, and random bot games
under them (play to the end, replay exactly, goods conserved, no slave owns goods or Radio
Signals after a step, no slave votes, the master and his slaves apart, requests asked and let,
slaves freed and handed at the new moments). The other economies:
test_optional_slavery_economies.py."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import BOTS, bot_game, check_tokens, seal_watching_the_others

from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.encoding import encoding_for
from sealed.games.crusoe.modules import slavery
from sealed.games.crusoe.state import CrusoeState, Settings


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"scenario": "crusoes-economy"}, "slavery with scenario crusoes-economy"),
        ({"scenario": "hobbesian", "church": "more-devout"}, "slavery with church more-devout"),
    ],
)
def test_slavery_outside_what_is_built_is_refused_in_one_line(
    options: dict[str, Any], message: str
) -> None:
    chosen = {"punishments": "slavery", **options}
    with pytest.raises(OptionError, match=message) as error:
        Settings.from_options(resolve_options(GAME.options, chosen))
    assert "\n" not in str(error.value)


def test_slavery_and_crippling_together() -> None:
    options = resolve_options(
        GAME.options, {"scenario": "hobbesian", "punishments": "crippling+slavery"}
    )
    assert Settings.from_options(options).punishments == ("crippling", "slavery")


def test_the_encoding_is_offered_under_slavery() -> None:
    """Slavery has its research encoding since a05a984 (encoding_slavery.py; its games are
    played in test_encoding_slavery.py): the verdict enslave is among its actions."""
    options = resolve_options(GAME.options, {"scenario": "hobbesian", "punishments": "slavery"})
    encoding = encoding_for(("a", "b", "c"), options)
    assert encoding is not None and "enslave" in encoding.actions


def _masters(state: CrusoeState) -> dict[str, str]:
    return {s: m for s in state.seats if (m := slavery.master_of(state, s))}


class Bonds:
    """After each step: goods conserved within the supply; outside the feeding and eating no
    slave holds goods or Radio Signals; no slave casts a ballot; a supervised slave is never
    asked to move or take (his master rolls and chooses: ruling 133); counts what happened."""

    def __init__(self) -> None:
        self.seen: Counter[str] = Counter()

    def __call__(self, before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        state = match.state
        check_tokens(state)
        masters = _masters(before)
        step = match.steps[-1]
        if before.ask in slavery.VOTES:  # the ballots just cast: no slave was asked
            assert not set(before.waiting) & set(masters), (before.ask, before.waiting)
        if before.ask in ("move", "take"):  # a supervised slave neither rolls nor chooses
            assert not any(slavery.supervised(before, s) for s in before.waiting), before.waiting
        if state.ask not in ("feed", "eat"):
            for seat in _masters(state):
                player = state.players[seat]
                assert not any(player.goods.values()), (seat, player.goods)
                assert not any(player.radio.values()), (seat, player.radio)
        if any(slavery.supervised(state, s) for s in state.seats):
            self.seen["supervised"] += 1
        for event in step.events:
            self.seen[event.kind] += 1
            if event.kind == "verdict" and event.data.get("enslaved"):
                self.seen["enslaved"] += 1


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
    punishments=st.sampled_from(("slavery", "slavery+crippling")),
    scenario=st.sampled_from(("hobbesian", "tribal-capitalism")),
)
@example(  # found a dead slave's bond kept (cy's path kept his master off it)
    seed=6159,
    bots=["random", "random", "greedy", "selfish"],
    punishments="slavery",
    scenario="tribal-capitalism",
)
def test_random_games_under_slavery_play_to_the_end_and_replay(
    seed: int, bots: list[str], punishments: str, scenario: str
) -> None:
    options = resolve_options(GAME.options, {"scenario": scenario, "punishments": punishments})
    match = bot_game(seed, tuple(bots), options, Bonds())
    assert match.state.over
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


def test_random_bots_enslave_feed_and_free() -> None:
    """The property test above would pass if nobody were ever enslaved: random games must
    enslave, feed, free and hand slaves over, and supervise them."""
    check = Bonds()
    for scenario in ("hobbesian", "tribal-capitalism"):
        chosen = {"scenario": scenario, "punishments": "slavery"}
        options = resolve_options(GAME.options, chosen)
        for seed in range(60):
            bot_game(seed, ("random",) * 4, options, check)
    assert check.seen["enslaved"] > 0
    assert check.seen["slavery-fed"] > 0
    assert check.seen["slavery-freed"] > 0
    assert check.seen["slavery-to-master"] > 0
    assert check.seen["slavery-handed"] > 0
    assert check.seen["supervised"] > 0


COMPOSED = {  # the tack-on modules that are not rules of an economy, with Slavery
    "scenario": "hobbesian",
    "punishments": "slavery+crippling",
    "vegetarians": "make-or-eat",
    "vegetarians_players": 2,
    "race": "one-portion-prejudiced",
    "race_minority": 2,
    "race_majority_prejudiced": 2,
    "race_minority_prejudiced": 1,
    "disability": True,
    "disability_players": 2,
    "gender": "base",
    "diamonds": "yuppies",
}


@pytest.mark.parametrize(
    "feudalism",
    [{"early_feudalism": "strong"}, {"early_feudalism": "weak", "early_feudalism_dice": 2}],
)
@pytest.mark.parametrize("seed", [3, 11])
def test_slavery_composes_with_the_modules_that_are_not_economies(
    seed: int, feudalism: dict[str, Any]
) -> None:
    """Slavery with Vegetarians, Race, Disability, Gender, a Warlord, Crippling and Yuppies:
    random and greedy bots play to the end, the bonds hold after every step, replay exact."""
    options = resolve_options(GAME.options, {**COMPOSED, **feudalism})
    check = Bonds()
    match = bot_game(seed, ("random", "greedy", "random", "selfish"), options, check)
    assert match.state.over
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


def test_the_master_is_told_whose_path_he_chooses_and_whom_he_feeds() -> None:
    """A master's prompts name his slave: the path he chooses for him, the slave he feeds."""
    options = resolve_options(GAME.options, {"scenario": "hobbesian", "punishments": "slavery"})
    match = Match.new(GAME, ["ana", "ben"], dict(options), seed=1)
    state = match.state
    state.players["ben"].roles = ("slave-of-0",)
    state.phase, state.ask, state.waiting, state.offer = "path", "path", ("ana",), ("ben",)
    assert "your slave ben" in GAME.prompts(state)["ana"].help
    state.phase, state.ask, state.offer = "consume", "feed", ("ben",)
    assert "feed SLAVE GOODS" in GAME.prompts(state)["ana"].help
    assert "choose from ben" in GAME.render(GAME.view(state, "ana"))


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32), scenario=st.sampled_from(("hobbesian", "tribal-capitalism")))
def test_a_sealed_order_reaches_nobody_before_the_step_opens(seed: int, scenario: str) -> None:
    """Hidden information under Slavery: while a step of several seats (the invoking, a
    verdict, the meal, the Market) is still sealed, no other seat is told anything."""
    options = resolve_options(GAME.options, {"scenario": scenario, "punishments": "slavery"})
    seal_watching_the_others(seed, options, "random", orders=100_000)


@pytest.mark.parametrize("option", ["slavery_permission", "slavery_any_time"])
def test_slaverys_added_rules_need_slavery_in_play(option: str) -> None:
    chosen = {"scenario": "hobbesian", option: True}
    with pytest.raises(OptionError, match=f"{option}: Slavery is not in play") as error:
        Settings.from_options(resolve_options(GAME.options, chosen))
    assert "\n" not in str(error.value)


def test_without_the_added_rules_nothing_is_added() -> None:
    """The defaults keep the game as before (ruling 135's refusal, feeding only)."""
    options = resolve_options(GAME.options, {"scenario": "hobbesian", "punishments": "slavery"})
    assert Settings.from_options(options).slavery_rules == ()


PERMISSION = {"punishments": "slavery", "slavery_permission": True}


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
    scenario=st.sampled_from(("hobbesian", "tribal-capitalism", "traditional")),
)
def test_random_games_with_permission_play_to_the_end_and_replay(
    seed: int, bots: list[str], scenario: str
) -> None:
    options = resolve_options(GAME.options, {"scenario": scenario, **PERMISSION})
    match = bot_game(seed, tuple(bots), options, Bonds())
    assert match.state.over
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


def test_random_slaves_ask_and_masters_answer() -> None:
    """Ruling 168 is exercised: random supervised slaves (of a greedy master, who puts them on
    his path) ask to attack others and are let; a request is told to the slave and master
    only. The refusal is cases/optional_slavery_permission.yaml."""
    check = Bonds()
    options = resolve_options(GAME.options, {"scenario": "hobbesian", **PERMISSION})
    slaves = {"roles": ["slave-of-0"], "leisure": 3}
    setup = {"players": {"ben": slaves, "cy": slaves}}
    texts: list[str] = []
    for seed in range(30):
        match = bot_game(
            seed, ("greedy", "random", "random", "random"), options, check, setup=setup
        )
        for step in match.steps:
            for event in step.events:
                if event.kind in ("slavery-request", "slavery-permit"):
                    assert event.audience.seats is not None, event
                    assert len(event.audience.seats) == 2, event
                    texts.append(event.text)
        if any(" lets " in t for t in texts):
            break
    assert any(" asks " in t for t in texts)
    assert any(" lets " in t for t in texts)


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_permission_step_tells_no_other_seat(seed: int) -> None:
    """With both added rules (the permission, the freeing at other moments) a sealed step
    still tells no other seat anything."""
    both = {"punishments": "slavery", "slavery_permission": True, "slavery_any_time": True}
    options = resolve_options(GAME.options, {"scenario": "hobbesian", **both})
    seal_watching_the_others(seed, options, "random", orders=100_000)


BOTH = {"punishments": "slavery", "slavery_permission": True, "slavery_any_time": True}


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
    scenario=st.sampled_from(("hobbesian", "tribal-communism", "tribal-socialism", "traditional")),
)
def test_random_games_with_both_added_rules_play_to_the_end_and_replay(
    seed: int, bots: list[str], scenario: str
) -> None:
    options = resolve_options(GAME.options, {"scenario": scenario, **BOTH})
    match = bot_game(seed, tuple(bots), options, Bonds())
    assert match.state.over
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


def test_random_masters_free_and_hand_at_other_moments() -> None:
    """Ruling 169 is exercised: random masters free and hand over slaves when asked for a
    path or to initiate violence, and each such step changes only the bond (the same master
    is asked the same decision again, or the path phase asks on)."""
    seen: Counter[str] = Counter()

    def check(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        Bonds()(before, match)
        if before.ask not in slavery.ASIDE_ASKS:
            return
        for event in match.steps[-1].events:
            if event.kind in ("slavery-freed", "slavery-handed"):
                seen[f"{before.ask}-{event.kind}"] += 1

    options = resolve_options(GAME.options, {"scenario": "hobbesian", **BOTH})
    slaves = {"roles": ["slave-of-0"], "leisure": 2}
    setup = {"players": {"ben": slaves, "cy": slaves}}
    for seed in range(40):
        bot_game(seed, ("random",) * 4, options, check, setup=setup)
        if len(seen) >= 3:
            break
    assert seen["path-slavery-freed"] + seen["violence-slavery-freed"] > 0, seen
    assert seen["path-slavery-handed"] + seen["violence-slavery-handed"] > 0, seen


def test_the_master_is_told_what_his_slave_asks() -> None:
    """Ruling 168: the master's prompt names the slave, the word and the seat."""
    chosen = {"scenario": "hobbesian", **PERMISSION}
    match = Match.new(GAME, ["ana", "ben", "cy"], dict(resolve_options(GAME.options, chosen)))
    state = match.state
    state.players["ben"].roles = ("slave-of-0",)
    state.phase, state.ask, state.waiting = "government", "permit", ("ana",)
    state.offer = ("ben", "fight", "cy")
    assert "your slave ben asks to fight cy" in GAME.prompts(state)["ana"].help
