"""Slavery with the economies' tack-on modules (rulings 216-221): The Church, Guild
Oligarchy, Third World Country, the Objectivist Model, Gender's No Suffrage and Men's Work,
the Paternalistic Economy.
Random bot games under each combination built play to the end and replay exactly, goods stay
within the supply, no slave holds goods or Radio Signals after a step, no slave votes, is
asked to tithe or is given the Church's charity, every good produced is one its producer's
guild allows, no slave is the Agent asked to import, and what anyone produces goes to John
Galt (a slave Galt's to his master), no slave goes down a path Men's Work denies him; a
sealed step tells no other seat anything. What is not built is refused in one line, by name.
The rules at the table are cases/optional_slavery_modules.yaml."""

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


class OnTheirPaths(Bonds):
    """Bonds, and nobody, slave or free, is on a path Men's Work denies him (ruling 220)."""

    def __call__(self, before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        super().__call__(before, match)
        from sealed.games.crusoe.modules import gender

        for seat, player in match.state.players.items():
            if player.alive and player.path:
                assert player.path not in gender.barred_paths(player.roles), (seat, player.path)
        if before.ask == "path" and before.offer:
            self.seen["slave-paths"] += 1


MENS_WORK = {"gender_mens_work": 1, "gender_paths_denied": 3, "gender_pink_collar_path": 1}


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
    variant=st.sampled_from(("base", "no-suffrage")),
    scenario=st.sampled_from(CHURCH_SCENARIOS),
)
def test_random_games_under_gender_variants_play_to_the_end_and_replay(
    seed: int, bots: list[str], variant: str, scenario: str
) -> None:
    chosen = {"scenario": scenario, "punishments": "slavery", "gender": variant, **MENS_WORK}
    match = bot_game(seed, tuple(bots), resolve_options(GAME.options, chosen), OnTheirPaths())
    assert match.state.over
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


@pytest.mark.parametrize("scenario", CHURCH_SCENARIOS)
def test_masters_choose_their_slaves_paths_under_mens_work(scenario: str) -> None:
    """Games begun with two slaves under No Suffrage and Men's Work: their masters choose
    their paths, never one denied to the slave, and the bonds hold at every step."""
    check = OnTheirPaths()
    chosen = {"scenario": scenario, "punishments": "slavery", "gender": "no-suffrage", **MENS_WORK}
    options = resolve_options(GAME.options, chosen)
    woman = ["woman", "barred-ant", "barred-spider", "barred-sand_crab"]
    setup = {
        "players": {
            "ana": {"roles": ["barred-dung_beetle"]},  # a man denied the pink-collar path
            "ben": {"roles": ["slave-of-0", *woman]},
            "cy": {"roles": ["slave-of-0", "barred-dung_beetle"]},
            "dee": {"roles": woman},
        }
    }
    for seed in range(2):
        bot_game(seed, ("greedy", "random", "random", "random"), options, check, setup=setup)
    assert check.seen["slave-paths"] > 0


@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**32), scenario=st.sampled_from(CHURCH_SCENARIOS))
def test_a_sealed_order_under_no_suffrage_reaches_nobody_before_the_step_opens(
    seed: int, scenario: str
) -> None:
    chosen = {"scenario": scenario, "punishments": "slavery", "gender": "no-suffrage", **MENS_WORK}
    seal_watching_the_others(seed, resolve_options(GAME.options, chosen), "random", orders=100_000)


class NotAssigned(Bonds):
    """Bonds, and no slave proposes an assignment of the paths, votes on one or is named in
    one: his master chooses his path (ruling 221)."""

    def __call__(self, before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        super().__call__(before, match)
        if before.ask in ("assign", "assign-ballot"):
            assert not any(slavery.master_of(before, s) for s in before.waiting), before.waiting
        for event in match.steps[-1].events:
            if event.kind == "assignment":
                named = set(event.data["assigned"])
                assert not any(slavery.master_of(before, s) for s in named), event.text
                self.seen["assignments"] += 1
                if any(slavery.master_of(before, s) for s in before.seats):
                    self.seen["assigned-beside-slaves"] += 1


PATERNALISTIC = (
    {"scenario": "hobbesian"},
    {"scenario": "tribal-capitalism", "government": "dictatorship"},
    {"scenario": "national-capitalism", "government": "athenian"},
    {"scenario": "national-capitalism", "government": "bureaucracy"},
)


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
    economy=st.sampled_from(PATERNALISTIC),
)
def test_random_games_under_the_paternalistic_economy_play_to_the_end_and_replay(
    seed: int, bots: list[str], economy: dict[str, str]
) -> None:
    chosen = {**economy, "punishments": "slavery", "paternalistic": True}
    match = bot_game(seed, tuple(bots), resolve_options(GAME.options, chosen), NotAssigned())
    assert match.state.over
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


def test_slaves_under_the_paternalistic_economy_are_not_assigned() -> None:
    """The property test would pass if nobody were ever enslaved: random games must assign
    the paths while someone is a slave (a game begun with slaves is not used: its first
    assignment is offered before the setup makes them slaves)."""
    check = NotAssigned()
    chosen = {"scenario": "hobbesian", "punishments": "slavery", "paternalistic": True}
    options = resolve_options(GAME.options, chosen)
    for seed in range(40):
        bot_game(seed, ("random",) * 4, options, check)
        if check.seen["assigned-beside-slaves"]:
            break
    assert check.seen["assigned-beside-slaves"] > 0


@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**32), economy=st.sampled_from(PATERNALISTIC))
def test_a_sealed_order_under_the_paternalistic_economy_reaches_nobody_before_it_opens(
    seed: int, economy: dict[str, str]
) -> None:
    chosen = {**economy, "punishments": "slavery", "paternalistic": True}
    seal_watching_the_others(seed, resolve_options(GAME.options, chosen), "random", orders=100_000)
