"""Crusoe's Planet versions: a version 1 game keeps version 1's rules and state keys, a
version 2 game version 2's rules, a version 3 game version 3's.

The records of tests/records/ (tests/core/test_old_records.py) replay under
them; these pin the wiring (manual, Versions). ``run_under`` runs a scenario under an
older version's rules, to show the behaviour a version's fix replaced.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sealed.core import scenario as scenario_module
from sealed.core.errors import IllegalOrderError, RecordError, ScenarioError
from sealed.core.match import Match, replay, rules_for
from sealed.core.scenario import Scenario, load_scenarios, run_scenario
from sealed.games.crusoe import GAME
from sealed.games.crusoe.game import CrusoeGame
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.versions import V1_KEYS, V1_PLAYER_KEYS, CrusoeV1, CrusoeV2, CrusoeV3

SEATS = ["ana", "ben", "cy"]
OPTIONS = {"scenario": "traditional"}
CASES = Path(__file__).parent / "cases"


def run_under(
    monkeypatch: pytest.MonkeyPatch, older: type[CrusoeGame], scenario: Scenario
) -> list[str]:
    """The failures of ``scenario`` played with ``older``'s rules (e.g. ``CrusoeV3``)."""
    monkeypatch.setattr(scenario_module, "get_game", lambda name: older())
    return run_scenario(scenario).failures


def named(file: str, words: str) -> Scenario:
    """The one scenario of ``cases/file`` whose name holds ``words``."""
    (scenario,) = [s for s in load_scenarios(CASES / file) if words in s.name]
    return scenario


def test_a_version_1_record_is_replayed_by_crusoe_v1() -> None:
    record = Match.new(CrusoeV1(), SEATS, OPTIONS, seed=5).to_json()
    assert record["game_version"] == 1
    assert isinstance(rules_for(GAME, record), CrusoeV1)
    assert rules_for(GAME, {**record, "game_version": GAME.version}) is GAME
    match = replay(record)
    assert match.state.settings.version == 1
    with pytest.raises(RecordError, match="replays versions 1, 2, 3, 4"):
        rules_for(GAME, {**record, "game_version": 5})


def test_version_1_writes_version_1_keys_only() -> None:
    match = Match.new(CrusoeV1(), SEATS, OPTIONS, seed=5)
    data = match.game.to_json(match.state)
    assert tuple(data) == V1_KEYS
    assert all(tuple(p) == V1_PLAYER_KEYS for p in data["players"].values())
    current = Match.new(GAME, SEATS, OPTIONS, seed=5)
    assert set(V1_KEYS) < set(GAME.to_json(current.state))
    assert current.state.settings.version == GAME.version == 4


def test_a_version_1_game_s_search_bots_play_out_version_1_worlds() -> None:
    game = CrusoeV1()
    match = Match.new(game, SEATS, OPTIONS, seed=5)
    drawn = game.sample_state(game.view(match.state, "ana"), OPTIONS, random.Random(2))
    assert drawn.settings.version == 1


DOLLS_HOUSE_LEASE = {"scenario": "hobbesian", "landlords": "homestead", "gender": "dolls-house"}


def test_a_version_2_record_is_replayed_by_crusoe_v2_with_version_2s_keys() -> None:
    record = Match.new(CrusoeV2(), SEATS, DOLLS_HOUSE_LEASE, seed=5).to_json()
    assert record["game_version"] == 2
    assert isinstance(rules_for(GAME, record), CrusoeV2)
    match = replay(record)
    assert match.state.settings.version == 2
    current = Match.new(GAME, SEATS, DOLLS_HOUSE_LEASE, seed=5)
    assert set(match.game.to_json(match.state)) == set(GAME.to_json(current.state))
    game = CrusoeV2()
    drawn = game.sample_state(game.view(match.state, "ana"), DOLLS_HOUSE_LEASE, random.Random(2))
    assert drawn.settings.version == 2


def test_version_2_hands_on_what_a_barter_lease_took_and_version_3_does_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 186: the rent scenario (module_landlords_dolls_house.yaml) under each version."""
    cases = Path(__file__).parent / "cases" / "module_landlords_dolls_house.yaml"
    (scenario,) = load_scenarios(cases)
    assert run_scenario(scenario).failures == []
    monkeypatch.setattr(scenario_module, "get_game", lambda name: CrusoeV2())
    failures = run_scenario(scenario).failures
    assert "state.players.ben.goods.water: expected 0, got -2" in failures
    assert "state.players.cy.goods.water: expected 0, got 2" in failures


def test_version_2_keeps_its_bureaucracys_flow_and_version_3_rules_224_and_225(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rulings 224, 225 are version 3's: under version 2 the amendment goes straight to the
    paths (nobody assigns them) and a chart for a dead player's goods alone moves none."""
    cases = Path(__file__).parent / "cases" / "government_bureaucracy_review.yaml"
    ruling_224, ruling_225 = load_scenarios(cases)[:2]
    assert run_scenario(ruling_224).failures == run_scenario(ruling_225).failures == []
    monkeypatch.setattr(scenario_module, "get_game", lambda name: CrusoeV2())
    assert "state.phase: expected 'assign', got 'path'" in run_scenario(ruling_224).failures
    with pytest.raises(ScenarioError, match="'amend' is not due now: path NAME"):
        run_scenario(ruling_225)


def test_version_2_keeps_a_returned_exiles_economy_and_version_3_ends_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 239 is version 3's: a version 2 game keeps its release's known fault."""
    cases = Path(__file__).parent / "cases" / "optional_punishments_exile.yaml"
    (returned,) = [s for s in load_scenarios(cases) if "ruling 239" in s.name]
    assert run_scenario(returned).failures == []
    monkeypatch.setattr(scenario_module, "get_game", lambda name: CrusoeV2())
    failures = run_scenario(returned).failures
    assert "state.players.ben.roles: expected [], got ['exiles-share']" in failures


def test_version_2_leaves_a_dead_slaves_leftovers_to_an_estate_and_version_3_to_his_master(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 240 is version 3's: a version 2 game keeps its release's known fault."""
    cases = Path(__file__).parent / "cases" / "optional_punishments_slavery.yaml"
    (dead,) = [s for s in load_scenarios(cases) if "ruling 240" in s.name]
    assert run_scenario(dead).failures == []
    monkeypatch.setattr(scenario_module, "get_game", lambda name: CrusoeV2())
    assert "state.estates: expected [], got ['ben']" in run_scenario(dead).failures


def test_version_2_asks_a_dead_master_for_his_freed_slaves_path_and_version_3_the_slave(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 241 is version 3's: version 2 asked the master who died this step."""
    cases = Path(__file__).parent / "cases" / "optional_punishments_slavery.yaml"
    (freed,) = [s for s in load_scenarios(cases) if "ruling 241" in s.name]
    assert run_scenario(freed).failures == []
    monkeypatch.setattr(scenario_module, "get_game", lambda name: CrusoeV2())
    assert "state.waiting[0]: expected 'cy', got 'ben'" in run_scenario(freed).failures


def test_a_version_3_record_is_replayed_by_crusoe_v3_with_version_3s_keys() -> None:
    record = Match.new(CrusoeV3(), SEATS, DOLLS_HOUSE_LEASE, seed=5).to_json()
    assert record["game_version"] == 3
    assert isinstance(rules_for(GAME, record), CrusoeV3)
    match = replay(record)
    assert match.state.settings.version == 3
    current = Match.new(GAME, SEATS, DOLLS_HOUSE_LEASE, seed=5)
    assert set(match.game.to_json(match.state)) == set(GAME.to_json(current.state))
    game = CrusoeV3()
    drawn = game.sample_state(game.view(match.state, "ana"), DOLLS_HOUSE_LEASE, random.Random(2))
    assert drawn.settings.version == 3


def test_run_under_plays_a_scenario_with_version_3s_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """The helper a version 4 fix's test uses: version 3 keeps version 3's fixes (ruling 241)."""
    freed = named("optional_punishments_slavery.yaml", "ruling 241")
    assert run_under(monkeypatch, CrusoeV3, freed) == []


def test_version_3_makes_a_woman_president_at_three_seats_and_version_4_does_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 296 is version 4's: under No Suffrage with two rulers at three seats, version 3
    drew the women from all but the Dictator, so the sitting President cy was one."""
    three = named("module_gender_two_rulers.yaml", "at three seats")
    assert run_scenario(three).failures == []
    assert "state.president: expected 'ben', got 'cy'" in run_under(monkeypatch, CrusoeV3, three)


def test_version_3_asks_women_the_rents_ballot_and_version_4_does_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 293 is version 4's: under No Suffrage with Rent Control version 3 asked the women
    to vote on the government's rents (the ballot was not among No Suffrage's votes), so cy's
    'no' was due."""
    rents = named("module_gender_no_suffrage_limits.yaml", "ruling 293")
    assert run_scenario(rents).failures == []
    with pytest.raises(ScenarioError, match="expected 'no' to be refused, but it was accepted"):
        run_under(monkeypatch, CrusoeV3, rents)


def test_version_3_asks_a_woman_denied_every_leased_path_and_version_4_sends_her_to_the_market(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 315 is version 4's: with Landlords and Men's Work, version 3 asked ana for a path
    though every path leased to her was one Men's Work denies her (no path order was legal, and
    a bot game stopped there); version 4 sends her straight to the Market (ruling 89)."""
    stranded = named("module_landlords.yaml", "ruling 315")
    assert run_scenario(stranded).failures == []
    with pytest.raises(ScenarioError, match="no orders are due from cy now \\(waiting for ana\\)"):
        run_under(monkeypatch, CrusoeV3, stranded)


def test_version_3_keeps_a_masters_group_apart_for_good_and_version_4_for_the_cycle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 316 is version 4's: a master's group that duplicated a production is counted as
    separate people "for the rest of the cycle" (ruling 134); version 3 never dropped the mark,
    so they stayed apart for the rest of the game."""
    apart = named("optional_punishments_slavery.yaml", "ruling 316")
    assert run_scenario(apart).failures == []
    assert "state.players.ana.roles: expected [], got ['duplicated']" in run_under(
        monkeypatch, CrusoeV3, apart
    )


def test_version_3_elects_a_voiceless_successor_and_version_4_keeps_the_deposed_ruler(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 317 is version 4's: in the Matriarchal Golden Age, with only the deposed woman
    Dictator and a man alive, version 3 put the two to the winners' election (the man's ballot
    does not count, so the roll among both chose: here ben again, another seed the man);
    version 4 elects nobody new."""
    stays = named("module_gender.yaml", "ruling 317")
    assert run_scenario(stays).failures == []
    assert "events[1].data.how: expected 'stays', got 'elected, the tie settled by a roll'" in (
        run_under(monkeypatch, CrusoeV3, stays)
    )


def test_version_3_lets_the_other_side_judge_an_exiles_default_and_version_4_does_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 306 is version 4's: under Exile with Libertarianism, version 3 asked every living
    player to declare who is in default when an exile invoked, so the main encampment's ana
    was due and her 'default cy' counted against the exile cy."""
    debate = named("optional_exile_modules.yaml", "ruling 306, with Libertarianism an exile who")
    assert run_scenario(debate).failures == []
    with pytest.raises(ScenarioError, match="expected 'default cy' to be refused"):
        run_under(monkeypatch, CrusoeV3, debate)


def test_version_3_lets_the_winners_elect_an_exile_warlord_and_version_4_does_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 307 is version 4's: under Exile with Early Feudalism, version 3 offered the
    exile dee to the main encampment's winners as the new Warlord, so 'elect dee' carried."""
    warlord = named("optional_exile_modules.yaml", "ruling 307")
    assert run_scenario(warlord).failures == []
    with pytest.raises(ScenarioError, match="expected 'elect dee' to be refused"):
        run_under(monkeypatch, CrusoeV3, warlord)


def test_version_3_lets_john_galt_reach_across_the_exile_and_version_4_does_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 308 is version 4's: under Exile with the Objectivist Model, version 3 gave John
    Galt (ben) what the exile ana produced and idled her with his Leisure."""
    produced = named("optional_exile_modules.yaml", "ruling 308, with the Objectivist Model what")
    assert run_scenario(produced).failures == []
    assert "state.players.ana.goods.water: expected 4, got 0" in (
        run_under(monkeypatch, CrusoeV3, produced)
    )


def test_version_3_asks_a_slave_to_consign_and_version_4_gives_his_take_to_his_master_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 318 is version 4's: when the Market opens in the step of the last move (no
    Experience asked), version 3 opened it before a slave's last take went to his master, so in
    State Capitalism the slave was a holder asked to consign (and, his take gone at the end of
    the step, a bot consigned nothing, an order the record could not read back)."""
    first = named("optional_slavery_economies.yaml", "ruling 318")
    assert run_scenario(first).failures == []
    assert "state.waiting[0]: expected 'ana', got 'ben'" in run_under(monkeypatch, CrusoeV3, first)


def test_a_consignment_of_no_units_is_refused_as_the_notation_refuses_it() -> None:
    """The notation reads 1-999 units (``consign: units are 1-999``), so the rules refuse an
    order of none, which a record could not read back: a version 3 slave asked to consign after
    his take went to his master (ruling 318) may only destroy."""
    options = {"scenario": "state-capitalism", "punishments": "slavery"}
    state = Match.new(CrusoeV3(), SEATS, options, seed=1).state
    state.ask, state.waiting, state.good, state.offer = "consign", ("ben",), "water", ("cy",)
    state.players["ben"].goods["water"] = 0
    with pytest.raises(IllegalOrderError, match="units are 1-999"):
        CrusoeV3().validate(state, "ben", Order("consign", name="cy", number=0, dollars=0))


def test_version_3_refuses_a_husband_every_gift_past_ten_food_and_version_4_allows_nothing_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 319 is version 4's: with gender_feeding, when the food his wife may eat of her own
    is past ten already, version 3 refused even an empty gift, so no order was left to him
    (a random bot game stopped there); version 4 allows a gift that adds nothing she may eat."""
    nothing = named("module_gender_feeding.yaml", "ruling 319")
    assert run_scenario(nothing).failures == []
    with pytest.raises(ScenarioError, match="she may consume at most ten food"):
        run_under(monkeypatch, CrusoeV3, nothing)
