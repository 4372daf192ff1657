"""Slavery with the economies' tack-on modules (rulings 216-219): The Church, Guild
Oligarchy, Third World Country, the Objectivist Model.
Random bot games under each combination built play to the end and replay exactly, goods stay
within the supply, no slave holds goods or Radio Signals after a step, no slave votes, is
asked to tithe or is given the Church's charity, every good produced is one its producer's
guild allows, no slave is the Agent asked to import, and what anyone produces goes to John
Galt (a slave Galt's to his master); a sealed step tells no other seat anything.
What is not built is refused in one line, by name. The rules at the table are
cases/optional_slavery_modules.yaml."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import BOTS, bot_game, seal_watching_the_others
from tests.games.crusoe.test_optional_punishments_slavery import Bonds

from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.modules import slavery
from sealed.games.crusoe.state import CrusoeState, Settings

CHURCH_SCENARIOS = ("hobbesian", "tribal-capitalism", "traditional", "national-capitalism")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"church": "more-devout"}, "church more-devout: the More Devout Church forbids violence"),
    ],
)
def test_slavery_with_what_the_seed_rules_out_is_refused_in_one_line(
    options: dict[str, Any], message: str
) -> None:
    chosen = {"scenario": "hobbesian", "punishments": "slavery", **options}
    with pytest.raises(OptionError, match=message) as error:
        Settings.from_options(resolve_options(GAME.options, chosen))
    assert "\n" not in str(error.value)


class OutsideTheChurch(Bonds):
    """Bonds, and a slave is never asked to tithe nor given the Church's charity (216)."""

    def __call__(self, before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        super().__call__(before, match)
        if before.ask == "donate":
            assert not any(slavery.master_of(before, s) for s in before.waiting), before.waiting
            self.seen["donations"] += 1
        for event in match.steps[-1].events:
            if event.kind == "charity":
                given_to = set(event.data["given"])
                slaves = {s for s in given_to if slavery.master_of(match.state, s)}
                assert not slaves, (event.text, slaves)


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
    punishments=st.sampled_from(("slavery", "slavery+crippling")),
    scenario=st.sampled_from(CHURCH_SCENARIOS),
)
def test_random_games_with_the_church_play_to_the_end_and_replay(
    seed: int, bots: list[str], punishments: str, scenario: str
) -> None:
    chosen = {"scenario": scenario, "punishments": punishments, "church": "less-devout"}
    match = bot_game(seed, tuple(bots), resolve_options(GAME.options, chosen), OutsideTheChurch())
    assert match.state.over
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


@pytest.mark.parametrize("scenario", CHURCH_SCENARIOS)
def test_slaves_with_the_church_tithe_nothing_and_get_no_charity(scenario: str) -> None:
    """Games begun with two slaves: the donations are asked of the free only, the charity
    given to the free only, the slaves are fed, and the bonds hold at every step."""
    check = OutsideTheChurch()
    chosen = {"scenario": scenario, "punishments": "slavery", "church": "less-devout"}
    options = resolve_options(GAME.options, chosen)
    setup = {"players": {"ben": {"roles": ["slave-of-0"]}, "cy": {"roles": ["slave-of-0"]}}}
    for seed in range(2):
        bot_game(seed, ("greedy", "random", "random", "random"), options, check, setup=setup)
    assert check.seen["donations"] > 0
    assert check.seen["slavery-fed"] > 0


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32), scenario=st.sampled_from(CHURCH_SCENARIOS))
def test_a_sealed_order_with_the_church_reaches_nobody_before_the_step_opens(
    seed: int, scenario: str
) -> None:
    chosen = {"scenario": scenario, "punishments": "slavery", "church": "less-devout"}
    seal_watching_the_others(seed, resolve_options(GAME.options, chosen), "random", orders=100_000)


class WithinTheGuild(Bonds):
    """Bonds, and whatever anyone produced, a slave too, his guild allowed (ruling 217)."""

    def __call__(self, before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        super().__call__(before, match)
        from sealed.games.crusoe.modules import roles

        for event in match.steps[-1].events:
            if event.kind != "produce":
                continue
            seat = str(event.data["seat"])
            barred = roles.barred_icons(match.state, match.state.players[seat])
            made = {icon for icon, n in event.data["gained"].items() if n}
            assert not made & set(barred), (event.text, barred)
            if slavery.master_of(before, seat):
                self.seen["slave-produced"] += 1


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
    punishments=st.sampled_from(("slavery", "slavery+crippling")),
    scenario=st.sampled_from(CHURCH_SCENARIOS),
)
def test_random_games_under_guild_oligarchy_play_to_the_end_and_replay(
    seed: int, bots: list[str], punishments: str, scenario: str
) -> None:
    chosen = {"scenario": scenario, "punishments": punishments, "guild_oligarchy": True}
    match = bot_game(seed, tuple(bots), resolve_options(GAME.options, chosen), WithinTheGuild())
    assert match.state.over
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


@pytest.mark.parametrize("scenario", CHURCH_SCENARIOS)
def test_slaves_under_guild_oligarchy_produce_within_their_guild(scenario: str) -> None:
    """Games begun with two slaves: they produce (for their master) only what their own
    guild allows, and the bonds hold at every step."""
    check = WithinTheGuild()
    chosen = {"scenario": scenario, "punishments": "slavery", "guild_oligarchy": True}
    options = resolve_options(GAME.options, chosen)
    setup = {"players": {"ben": {"roles": ["slave-of-0"]}, "cy": {"roles": ["slave-of-0"]}}}
    for seed in range(2):
        bot_game(seed, ("greedy", "random", "random", "random"), options, check, setup=setup)
    assert check.seen["slave-produced"] > 0
    assert check.seen["slavery-to-master"] > 0


@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**32), scenario=st.sampled_from(CHURCH_SCENARIOS))
def test_a_sealed_order_under_guild_oligarchy_reaches_nobody_before_the_step_opens(
    seed: int, scenario: str
) -> None:
    chosen = {"scenario": scenario, "punishments": "slavery", "guild_oligarchy": True}
    seal_watching_the_others(seed, resolve_options(GAME.options, chosen), "random", orders=100_000)


class NoSlaveAgent(Bonds):
    """Bonds, and no slave is asked to import nor made the Agent (ruling 218)."""

    def __call__(self, before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        super().__call__(before, match)
        if before.ask == "import":
            assert not any(slavery.master_of(before, s) for s in before.waiting), before.waiting
            self.seen["imports"] += 1
        for event in match.steps[-1].events:
            if event.kind == "roles" and "sacked" in event.data:
                assert not slavery.master_of(match.state, str(event.data["seat"])), event.text
                if slavery.master_of(match.state, str(event.data["sacked"])):
                    self.seen["slave-sacked"] += 1


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
    punishments=st.sampled_from(("slavery", "slavery+crippling")),
    scenario=st.sampled_from(CHURCH_SCENARIOS),
)
def test_random_games_under_third_world_country_play_to_the_end_and_replay(
    seed: int, bots: list[str], punishments: str, scenario: str
) -> None:
    chosen = {"scenario": scenario, "punishments": punishments, "third_world": True}
    match = bot_game(seed, tuple(bots), resolve_options(GAME.options, chosen), NoSlaveAgent())
    assert match.state.over
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


@pytest.mark.parametrize("scenario", CHURCH_SCENARIOS)
def test_an_agent_begun_a_slave_is_sacked_before_he_imports(scenario: str) -> None:
    """Games begun with the Agent and another a slave: the Agent is sacked, the imports are
    asked of free Agents only, and the bonds hold at every step."""
    check = NoSlaveAgent()
    chosen = {"scenario": scenario, "punishments": "slavery", "third_world": True}
    options = resolve_options(GAME.options, chosen)
    players = {
        "ana": {"roles": []},
        "ben": {"roles": ["slave-of-0", "agent"]},
        "cy": {"roles": ["slave-of-0"]},
        "dee": {"roles": []},
    }
    for seed in range(2):
        bots = ("greedy", "random", "random", "random")
        bot_game(seed, bots, options, check, setup={"players": players})
    assert check.seen["slave-sacked"] > 0
    assert check.seen["imports"] > 0


@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**32), scenario=st.sampled_from(CHURCH_SCENARIOS))
def test_a_sealed_order_under_third_world_country_reaches_nobody_before_the_step_opens(
    seed: int, scenario: str
) -> None:
    chosen = {"scenario": scenario, "punishments": "slavery", "third_world": True}
    seal_watching_the_others(seed, resolve_options(GAME.options, chosen), "random", orders=100_000)


class ToGalt(Bonds):
    """Bonds, and whatever anyone but Galt produces goes to Galt at once (ruling 219)."""

    def __call__(self, before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        super().__call__(before, match)
        events = match.steps[-1].events
        for i, event in enumerate(events):
            if event.kind != "produce" or not any(event.data["gained"].get(g) for g in GOODS):
                continue
            seat = str(event.data["seat"])
            if "galt" in match.state.players[seat].roles:
                continue
            after = events[i + 1] if i + 1 < len(events) else None
            assert after is not None and after.kind == "galt", event.text
            if slavery.master_of(before, seat):
                self.seen["slave-to-galt"] += 1


GOODS = ("water", "banana", "apple", "grape", "egg", "fish", "spear", "diamond")


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
    punishments=st.sampled_from(("slavery", "slavery+crippling")),
    scenario=st.sampled_from(CHURCH_SCENARIOS),
)
def test_random_games_under_the_objectivist_model_play_to_the_end_and_replay(
    seed: int, bots: list[str], punishments: str, scenario: str
) -> None:
    chosen = {"scenario": scenario, "punishments": punishments, "objectivist": True}
    match = bot_game(seed, tuple(bots), resolve_options(GAME.options, chosen), ToGalt())
    assert match.state.over
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


@pytest.mark.parametrize("scenario", CHURCH_SCENARIOS)
def test_a_slave_galt_and_a_slaves_produce_under_the_objectivist_model(scenario: str) -> None:
    """Games begun with John Galt and another a slave: what the slave produces goes to Galt,
    what Galt acquires to his master, and the bonds hold at every step."""
    check = ToGalt()
    chosen = {"scenario": scenario, "punishments": "slavery", "objectivist": True}
    options = resolve_options(GAME.options, chosen)
    players = {
        "ana": {"roles": []},
        "ben": {"roles": ["slave-of-0", "galt"]},
        "cy": {"roles": ["slave-of-0"]},
        "dee": {"roles": []},
    }
    for seed in range(2):
        bots = ("greedy", "random", "random", "random")
        bot_game(seed, bots, options, check, setup={"players": players})
    assert check.seen["slave-to-galt"] > 0
    assert check.seen["slavery-to-master"] > 0


@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**32), scenario=st.sampled_from(CHURCH_SCENARIOS))
def test_a_sealed_order_under_the_objectivist_model_reaches_nobody_before_the_step_opens(
    seed: int, scenario: str
) -> None:
    chosen = {"scenario": scenario, "punishments": "slavery", "objectivist": True}
    seal_watching_the_others(seed, resolve_options(GAME.options, chosen), "random", orders=100_000)
