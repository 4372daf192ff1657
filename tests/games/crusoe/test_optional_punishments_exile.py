"""Exile (Optional Rules, Alternate Punishments; modules/punishments.py): the combinations
refused by name, and random bot games under Exile that end, conserve the goods, never let a
battle, a trade or an inheritance cross between the exiles and the others, and replay exactly.
The rules at the table are cases/optional_punishments_exile.yaml (rulings 118-123)."""

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
from sealed.games.crusoe.state import CrusoeState, Settings


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"scenario": "crusoes-economy"}, "violence is not permitted"),  # every other is built
        # Corporations is built since rulings 324-329 (test_optional_exile_corporations.py)
        ({"scenario": "hobbesian", "corporations": True}, "economies that use money"),
    ],
)
def test_exile_outside_what_is_built_is_refused_in_one_line(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(OptionError, match=message) as error:
        Settings.from_options(resolve_options(GAME.options, {**options, "punishments": "exile"}))
    assert "\n" not in str(error.value)


def test_exile_and_crippling_together() -> None:
    options = resolve_options(
        GAME.options, {"scenario": "hobbesian", "punishments": "exile+crippling"}
    )
    assert Settings.from_options(options).punishments == ("crippling", "exile")


def _exiles(state: CrusoeState) -> set[str]:
    return {s for s, p in state.players.items() if "exile" in p.roles}


class Apart:
    """After each step: goods conserved; no battle, trade or inheritance joins an exile and
    one of the others (sides as they stood before the step); counts what happened."""

    def __init__(self) -> None:
        self.seen: Counter[str] = Counter()

    def __call__(self, before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        check_tokens(match.state)
        exiles = _exiles(before)
        for event in match.steps[-1].events:
            data = event.data
            self.seen[event.kind] += 1
            if event.kind == "battle":
                members = {*data["winners"], *data["losers"]}
                assert len({s in exiles for s in members}) <= 1, event.text
            if event.kind == "trade":
                assert (data["giver"] in exiles) == (data["taker"] in exiles), event.text
            if event.kind == "estate" and data.get("shares"):
                dead = str(data["dead"])
                for heir in data["shares"]:
                    assert (heir in exiles) == (dead in exiles), event.text
            if event.kind == "verdict" and data.get("exiled"):
                self.seen["exiled"] += 1


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(
        ("hobbesian", "tribal-capitalism", "tribal-communism", "tribal-socialism", "traditional")
    ),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
    punishments=st.sampled_from(("exile", "exile+crippling")),
)
def test_random_games_under_exile_keep_the_sides_apart_and_replay(
    seed: int, scenario: str, bots: list[str], punishments: str
) -> None:
    options = resolve_options(GAME.options, {"scenario": scenario, "punishments": punishments})
    match = bot_game(seed, tuple(bots), options, Apart())
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


def test_random_bots_exile_and_the_exiles_vote() -> None:
    """The property test above would pass if nobody were ever exiled: random games must exile,
    and exiles must vote."""
    check = Apart()
    options = resolve_options(GAME.options, {"scenario": "hobbesian", "punishments": "exile"})
    for seed in range(40):
        bot_game(seed, ("random",) * 4, options, check)
    assert check.seen["exiled"] > 0
    assert check.seen["exile-vote"] > 0


def _exiled_at_the_start(economy: str) -> dict[str, Any]:
    """ben and dee begin in exile, having established ``economy`` among themselves."""
    roles = ["exile", economy]
    return {"players": {"ben": {"roles": roles}, "dee": {"roles": roles}}}


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(("tribal-communism", "tribal-socialism", "traditional")),
    economy=st.sampled_from(("exiles-share", "exiles-pool")),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
)
def test_random_games_with_the_exiles_own_pile_keep_the_sides_apart_and_replay(
    seed: int, scenario: str, economy: str, bots: list[str]
) -> None:
    """Rulings 172, 173: the exiles' pile after the main encampment's (or the Grasshopper's
    tax). Goods conserved, no trade, battle or inheritance across, exact replay; the exiles'
    pile is shared while any of them lives."""
    options = resolve_options(GAME.options, {"scenario": scenario, "punishments": "exile"})
    check = Apart()
    setup = _exiled_at_the_start(economy)
    match = bot_game(seed, tuple(bots), options, check, setup=setup)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
    assert check.seen["exile-pile"] > 0  # the first Market shares the exiles' own pile


def test_the_encoding_is_offered_under_exile() -> None:
    """Its catalogue spells the verdict exile and the exiles' vote (encoding_exile.py; the games are
    played in test_encoding_exile.py); with Slavery beside it, Slavery's catalogue spells both
    (encoding_slavery.py, since a05a984 and 0309cf2)."""
    options = resolve_options(GAME.options, {"scenario": "hobbesian", "punishments": "exile"})
    encoding = GAME.encoding(["ana", "ben"], options)
    assert encoding is not None and "exile" in encoding.actions
    both = {"scenario": "hobbesian", "punishments": "slavery+exile"}
    slavery = GAME.encoding(["ana", "ben"], resolve_options(GAME.options, both))
    assert slavery is not None and {"exile", "enslave"} <= set(slavery.actions)


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_sealed_ballot_or_verdict_reaches_nobody_before_the_step_opens(seed: int) -> None:
    """Hidden information under Exile: while a step of several seats (the invoking, the exiles'
    vote, a verdict of several winners) is still sealed, no other seat is told anything."""
    options = resolve_options(GAME.options, {"scenario": "hobbesian", "punishments": "exile"})
    seal_watching_the_others(seed, options, "random", orders=100_000)


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32), economy=st.sampled_from(("exiles-share", "exiles-pool")))
def test_a_sealed_step_at_the_exiles_own_pile_reaches_nobody(seed: int, economy: str) -> None:
    """Hidden information with two piles (ruling 172): the exiles' vote on their own division
    and every other sealed step tell no other seat anything until it opens."""
    options = resolve_options(
        GAME.options, {"scenario": "tribal-socialism", "punishments": "exile"}
    )
    setup = _exiled_at_the_start(economy)
    seal_watching_the_others(seed, options, "random", orders=3_000, setup=setup)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4))
def test_random_traditional_games_with_exiles_tax_and_provide_only_at_the_main_encampment(
    seed: int, bots: list[str]
) -> None:
    """Ruling 173: the Grasshopper neither taxes an exile nor provides for one, an exile
    Grasshopper taxes nobody, and no exile's track is changed by the path he walks in exile."""
    options = resolve_options(GAME.options, {"scenario": "traditional", "punishments": "exile"})
    tracks: dict[str, str | None] = {}

    def check(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        Apart()(before, match)
        exiles = _exiles(before)
        for event in match.steps[-1].events:
            if event.kind == "tax":
                assert not {event.data["seat"], event.data["target"]} & exiles, event.text
            if event.kind == "provide":
                assert not {event.data.get("seat"), event.data.get("firefly")} & exiles
        for seat in exiles & _exiles(match.state):
            tracks.setdefault(seat, before.players[seat].track)
            assert match.state.players[seat].track == tracks[seat], seat

    setup = _exiled_at_the_start("exiles-barter")
    match = bot_game(seed, tuple(bots), options, check, setup=setup)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


GENDERS = (
    {"gender": "base"},
    {"gender": "no-suffrage", "gender_mens_work": 1, "gender_paths_denied": 2},
    {"gender": "dolls-house"},
)


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(("hobbesian", "tribal-capitalism", "tribal-socialism", "traditional")),
    gender=st.sampled_from(GENDERS),
)
def test_random_games_under_exile_with_gender_keep_the_sides_apart_and_replay(
    seed: int, scenario: str, gender: dict[str, Any]
) -> None:
    """Ruling 174: with Gender's variants the sides stay apart (no marriage's feeding, share
    or produce crosses: the conservation and the trade checks), and games replay exactly."""
    options = {"scenario": scenario, "punishments": "exile", **gender}
    apart = Apart()

    def check(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        apart(before, match)
        exiles = _exiles(before) | _exiles(match.state)
        for event in match.steps[-1].events:
            if event.kind == "marriage":  # a wedding, a feeding, a share or produce collected
                household = {event.data.get("wife"), event.data.get("husband")}
                assert not household & exiles, event.text

    match = bot_game(seed, ("random",) * 4, resolve_options(GAME.options, options), check)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


MODULES = (
    {"guild_oligarchy": True},
    {"paternalistic": True},
    {"gender": "matriarchal-golden-age"},
    {"church": "less-devout"},
    {"third_world": True},
    {"paternalistic": True, "government": "dictatorship"},
)


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(("hobbesian", "tribal-capitalism", "tribal-communism")),
    module=st.sampled_from(MODULES),
)
@example(seed=1, scenario="tribal-capitalism", module={"third_world": True})
@example(seed=2, scenario="hobbesian", module={"church": "less-devout"})
@example(seed=3, scenario="hobbesian", module={"paternalistic": True, "government": "dictatorship"})
def test_random_games_under_exile_with_the_economy_modules_keep_the_sides_apart_and_replay(
    seed: int, scenario: str, module: dict[str, Any]
) -> None:
    """Rulings 175-179: Guild Oligarchy, the Paternalistic Economy (also under a Dictator),
    the Matriarchal Golden Age's assignment, The Church and Third World Country with Exile
    play to the end, apart (no assignment names an exile, no exile donates or gets charity,
    none is banned, no exile imports or becomes Dictator, the Dictator disposes of no dead
    exile's goods: ruling 238), and replay exactly."""
    options = {"scenario": scenario, "punishments": "exile", **module}
    apart = Apart()

    def check(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        apart(before, match)
        for event in match.steps[-1].events:
            if event.kind == "assignment":
                assert not set(event.data["assigned"]) & _exiles(before), event.text
            if event.kind == "charity":
                assert not set(event.data["given"]) & _exiles(before), event.text
            if event.kind == "ruler":  # a Dictator drawn or elected (ruling 179)
                assert event.data["ruler"] not in _exiles(match.state), event.text
            if event.kind in ("donate", "banned"):
                assert event.data["seat"] not in _exiles(before), event.text
            if event.kind == "estate" and "Dictator" in event.text:  # ruling 238
                assert event.data["dead"] not in _exiles(before), event.text
        if match.state.ask == "import":
            assert not set(match.state.waiting) & _exiles(match.state)
        if match.state.ask == "donate":
            assert not set(match.state.waiting) & _exiles(match.state)

    match = bot_game(seed, ("random",) * 4, resolve_options(GAME.options, options), check)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


@pytest.mark.parametrize(
    "chosen",
    [
        {"scenario": "traditional"},
        {"scenario": "tribal-capitalism", "gender": "dolls-house"},
        {
            "scenario": "hobbesian",
            "gender": "no-suffrage",
            "gender_mens_work": 1,
            "gender_paths_denied": 2,
        },
        {"scenario": "tribal-communism", "guild_oligarchy": True, "church": "less-devout"},
    ],
    ids=lambda o: "-".join(map(str, o.values())),
)
def test_a_sealed_step_reaches_nobody_in_each_newly_built_combination(
    chosen: dict[str, Any],
) -> None:
    """Hidden information under Exile in the combinations of rulings 173-177, begun with two
    exiles under their own barter: while a step of several seats is sealed, no other seat is
    told anything."""
    options = resolve_options(GAME.options, {**chosen, "punishments": "exile"})
    setup = _exiled_at_the_start("exiles-barter")
    seal_watching_the_others(3, options, "random", orders=1_500, setup=setup)
