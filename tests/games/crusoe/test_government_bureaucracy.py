"""The Bureaucracy in play (bureaucracy.py; Government Types): the options, the CLI's --chart, and
random bot games.

Scenarios: cases/government_bureaucracy.yaml (the seed's example box for box, the first player's
extension, the amendment). Here:

- the chart is read when the game is made, and a bad one is refused naming its line (the CLI
  names the file and line);
- where the Bureaucracy is not built it is refused by name;
- random bot games under every policy scenario, with the seed's chart and with no chart, play
  to the end and replay exactly; every decision of the chart is an event all see; only the
  first player extends the chart, and an extension leaves a chart that still reads; an
  amendment passes only on every living player's yes; the money changes only by the rules'
  events (as in the rulers' property test);
- a sealed order reaches no other seat before the step opens;
- the review's fixes: the assignment of the paths follows the amendment under a hybrid's other
  branch (ruling 224), a chart for a dead player's goods alone still moves its amendment (225);
  the search bots' sampler rebuilds the chart's memory from the view (ruling 188). Scenarios
  for rulings 224-226: cases/government_bureaucracy_review.yaml.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from tests.cli.helpers import ok, one_line_error, sealed
from tests.games.crusoe.bot_games import BOTS, bot_game, seal_watching_the_others
from tests.games.crusoe.test_government_properties import money_change

from sealed.core.chance import SeededChance
from sealed.core.errors import OptionError
from sealed.core.events import EVERYONE, Event
from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME, bureaucracy, classwar, hybrid, rules
from sealed.games.crusoe.modules import paternalistic
from sealed.games.crusoe.policy import SEED_EXAMPLE
from sealed.games.crusoe.sampler import sample_state
from sealed.games.crusoe.state import CrusoeState, Settings

SCENARIOS = (
    "national-capitalism",
    "welfare-capitalism",
    "class-warfare-capitalism",
    "market-socialism",
)
HISTORY_CHART = """\
radio_reward (each frequency):
  otherwise: 10
tax_burden (each player):
  if cycle > 3 and player.path_ago.3.firefly: 1
  if player.paths_walked.ant >= 2: 4
  otherwise: 2
estate (choose a player):
  otherwise: lowest player.vp, ties by dice
"""
"""A chart that reads the paths of earlier cycles (government_chart_history, ruling 188)."""
CHARTS = (SEED_EXAMPLE, "", HISTORY_CHART)

DIVISION_CHART = """\
distribution (each player):
  if player.food < 3: 3
  if player.rank.vp == 1: 0
  otherwise: 1 + player.produced.water
estate (choose a player):
  otherwise: lowest player.vp, ties by dice
"""
"""Governmental Socialism's pool by shares (ruling 189): more to the hungry, none to the
leader."""


PLAN_CHART = """\
wages (each good):
  if good.water: 20
  otherwise: 8
prices (each good):
  if good.diamond: 50
  otherwise: 12
purchase_limits (each good):
  if good.diamond: 0
  otherwise: 999
estate (choose a player):
  otherwise: lowest player.vp, ties by dice
"""


def options(scenario: str, chart: str = "", **more: Any) -> dict[str, Any]:
    given_ = {"scenario": scenario, "government": "bureaucracy", "government_chart": chart}
    return resolve_options(GAME.options, given_ | more)


def test_the_seed_chart_is_read_when_the_game_is_made() -> None:
    settings_ = Settings.from_options(options("national-capitalism", SEED_EXAMPLE))
    assert "otherwise: lowest player.vp, ties by dice" in settings_.government_chart
    tasks = ("radio_reward", "tax_burden", "estate")  # the minimum wage only when it is set
    assert dict(settings_.government_branches) == dict.fromkeys(tasks, "bureaucracy")


def test_no_chart_leaves_every_decision_to_the_first_player() -> None:
    chart = Settings.from_options(options("welfare-capitalism")).government_chart
    assert chart.count("otherwise: undecided") == 3


@pytest.mark.parametrize(
    ("chart", "message"),
    [
        ("radio_reward (each frequency):\n  otherwise: 30 - frequency.pol\n", "line 2: unknown"),
        ("radio_reward (each frequency):\n  otherwise: 1\n", "no decision for tax_burden"),
        ("tax_burden (each player):\n  if player.ana > 1: 3\n", "line 2: unknown quantity"),
        ("rent (each player):\n  otherwise: 1\n", "line 1: the government has no task 'rent'"),
        ("estate (each player):\n  otherwise: 1\n", r"line 1: estate is decided as \(choose a"),
    ],
    ids=["misspelt", "a task left out", "a seat's name", "not a task", "a task's kind"],
)
def test_a_chart_that_does_not_read_is_refused_naming_its_line(chart: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        Settings.from_options(options("national-capitalism", chart))


@pytest.mark.parametrize(
    ("given_", "message"),
    [
        ({"government_minimum_wage": "bureaucracy"}, "only in Welfare Capitalism with"),
        ({"government": "athenian", "government_chart": "x"}, "only a Bureaucracy has a flow"),
        ({"government_estate": "athenian"}, "a Bureaucracy decides every task"),
        (
            {"government": "athenian", "government_chart_history": True},
            "government_chart_history: only a Bureaucracy has a flow chart",
        ),
    ],
    ids=[
        "no minimum wage to set",
        "a chart without a bureaucracy",
        "a branch",
        "a chart's memory without a bureaucracy",
    ],
)
def test_what_is_not_built_or_makes_no_sense_is_refused_by_name(
    given_: dict[str, Any], message: str
) -> None:
    chosen = {"scenario": "national-capitalism", "government": "bureaucracy"} | given_
    with pytest.raises(OptionError, match=message):
        Settings.from_options(resolve_options(GAME.options, chosen))


# -- the command line --------------------------------------------------------------------------


def test_sealed_new_reads_the_chart_from_a_file_and_names_the_line_of_a_bad_one(
    tmp_path: Path,
) -> None:
    chart = tmp_path / "chart.txt"
    chart.write_text(SEED_EXAMPLE.replace("player.vp, ties", "player.vpp, ties"), "utf-8")
    game = str(tmp_path / "game.json")
    new = ("new", "crusoe", "--players", "ana,ben,cy", "--seed", "3", "-o", game)
    national = ("--option", "scenario=national-capitalism", "--option", "government=bureaucracy")
    error = one_line_error(sealed(*new, *national, "--chart", str(chart)))
    assert f"{chart}:18: unknown quantity 'player.vpp'" in error
    assert not Path(game).exists()
    chart.write_text(SEED_EXAMPLE, "utf-8")
    ok(*new, *national, "--chart", str(chart))
    shown = ok("view", game, "ben")
    assert "The Bureaucracy's flow chart:" in shown
    assert "otherwise: 30 - frequency.pool" in shown
    record = json.loads(Path(game).read_text("utf-8"))
    assert record["options"]["government_chart"] == SEED_EXAMPLE  # as written, in the record


def test_a_chart_for_a_game_without_one_is_refused(tmp_path: Path) -> None:
    chart = tmp_path / "chart.txt"
    chart.write_text(SEED_EXAMPLE, "utf-8")
    game = str(tmp_path / "game.json")
    args = ("new", "war-slayer", "--players", "ana,ben", "-o", game, "--chart", str(chart))
    assert "has no flow chart" in one_line_error(sealed(*args))


# -- random bot games --------------------------------------------------------------------------


def check_step(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
    events = match.steps[-1].events
    after: CrusoeState = match.state
    assert after.money() - before.money() == money_change(events)
    bureaucracy.chart(after)  # the chart in force always reads
    for event in events:
        if event.kind in ("chart", "amendment"):
            assert event.audience == EVERYONE, "a chart's event is for all"
        if event.kind == "chart" and "seat" in event.data:
            assert event.data["seat"] == bureaucracy.first_player(before), "not the first player"
        if event.kind == "amendment" and event.data.get("passed"):
            voters = [s for s in before.living() if classwar.votes(before, s) > 0]
            assert set(voters) <= set(event.data["yes"]), "passed without all the votes"
    for value in after.policy.get("seats", {}).values():
        assert 0 <= value <= bureaucracy.MAX_DOLLARS
    check_game_information_only(after)


def check_game_information_only(state: CrusoeState) -> None:
    """The chart reads game information only (seed: "not non-game information (a player's
    name) nor any direct inputs from the players"): every quantity a case passes is one of the
    vocabulary's, named by role, and no seat's name is in any of them, nor a candidate's id."""
    vocabulary = hybrid.chart_vocabulary(bureaucracy.tasks(state))
    allowed = set(vocabulary.all_names())
    for task in bureaucracy.tasks(state):
        kind = bureaucracy.chart(state).decision(task).kind
        for case in bureaucracy._cases(state, task, kind):
            named = set(case.quantities)
            for own in (case.candidates or {}).values():
                named |= set(own)
            assert named <= allowed, f"{task}: not game information: {named - allowed}"
            assert not any(seat in name.split(".") for name in named for seat in state.seats)


WAGE_CHART = SEED_EXAMPLE + "minimum_wage:\n  if cycle > 1: 30 + 10 * players_alive\n"


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    bots=st.permutations(BOTS),
    scenario=st.sampled_from(
        (*SCENARIOS, "welfare-capitalism, the government's minimum wage", "governmental-socialism")
    ),
    chart=st.sampled_from(CHARTS),
)
@example(  # rescued in cycle 1, before the chart's first decision
    seed=13325,
    bots=["greedy", "random", "cooperative", "selfish"],
    scenario="national-capitalism",
    chart=SEED_EXAMPLE,
)
def test_a_bureaucracy_plays_to_the_end_and_replays_exactly(
    seed: int, bots: list[str], scenario: str, chart: str
) -> None:
    if "minimum wage" in scenario:
        wage = WAGE_CHART if chart else ""
        chosen = options("welfare-capitalism", wage, minimum_wage="government")
    elif scenario == "governmental-socialism":  # the pool by shares (rulings 189, 190)
        chosen = options(scenario, DIVISION_CHART if chart else "")
    else:
        plan = scenario == "market-socialism" and chart  # the seed's chart has no plan
        memory = {"government_chart_history": True} if chart == HISTORY_CHART else {}
        chosen = options(scenario, PLAN_CHART if plan else chart, **memory)
    match = bot_game(seed, tuple(bots), chosen, check_step)
    decided = [e for e in match.events if e.kind in ("chart", "branch")]  # the plan: "branch"
    # A game rescued in its first cycle may end before the government's first decision (the
    # seed's chart decides from the second cycle: cycle 1's burdens are its box 2).
    assert decided or match.state.cycle == 1
    assert all(e.audience == EVERYONE for e in decided)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


@pytest.mark.parametrize("scenario", ["national-capitalism", "class-warfare-capitalism"])
def test_a_chart_with_memory_decides_every_case_from_the_paths_walked(scenario: str) -> None:
    """Ruling 188: with government_chart_history the game remembers each cycle's paths, one
    entry per seat per cycle ended, so a chart reading path_ago and paths_walked is never stuck
    (the first player is never asked), and the remembered paths are the public 'path' events."""
    chosen = options(scenario, HISTORY_CHART, government_chart_history=True)
    walked: dict[int, dict[str, str]] = {}

    def check(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        check_step(before, match)
        state: CrusoeState = match.state
        assert state.ask != "box", "a chart with memory is stuck"
        ended = state.cycle - (0 if state.over else 1)  # the last cycle is remembered too
        assert all(len(paths) == ended for paths in state.walked.values())
        for event in match.steps[-1].events:
            if event.kind == "path":
                walked.setdefault(before.cycle, {})[event.data["seat"]] = event.data["path"]
        for seat, paths in state.walked.items():
            for cycle, path in enumerate(paths, 1):
                assert path == walked.get(cycle, {}).get(seat, ""), (seat, cycle)

    match = bot_game(7, BOTS, chosen, check)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
    assert "walked" in GAME.to_json(match.state)


@pytest.mark.parametrize("seed", [3, 11])
def test_a_chart_divides_governmental_socialisms_pool_every_unit_and_to_the_sharers(
    seed: int,
) -> None:
    """Ruling 189: each division the chart makes hands out exactly the pool (no unit lost or
    made), only to living players, in proportion to the shares within one unit; an amendment
    is moved once the cards are dealt (ruling 190); the game ends and replays exactly."""
    pools: list[dict[str, int]] = []
    divided: list[tuple[dict[str, int], dict[str, dict[str, int]], dict[str, int]]] = []
    amended = []

    def check(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        check_step(before, match)
        for event in match.steps[-1].events:
            if event.kind == "pool":
                pools.append(dict(event.data["pool"]))
            if event.kind == "chart" and "division" in event.data:
                division = event.data["division"]
                divided.append((dict(event.data["shares"]), division, pools[-1]))
                for seat in event.data["division"]:
                    assert match.state.players[seat].alive
        if before.phase == "amend" and before.ask == "amend":
            amended.append(before.cycle)

    match = bot_game(seed, BOTS, options("governmental-socialism", DIVISION_CHART), check)
    assert divided, "the chart never divided"
    assert amended and amended[0] == 1, "the first player was not asked to amend in cycle 1"
    for shares, division, pool in divided:
        handed = {g: sum(goods.get(g, 0) for goods in division.values()) for g in pool}
        assert handed == pool
        total = sum(shares.values())
        for seat, share in shares.items():
            for good, units in pool.items():
                assert abs(division[seat].get(good, 0) - units * share / total) < 1
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


PATHS_CHART = """\
paths (each player):
  if player.food < 3: 1
  if player.rank.vp == 1: 5
  if player.goods.water > 1: 0
  otherwise: 3
"""
RENTS_CHART = """\
rents (each path):
  if path.firefly: 1
  if cycle > 4: undecided
  otherwise: 2 + path.walkers
"""
ESTATE = "estate (choose a player):\n  otherwise: lowest player.vp, ties by dice\n"
TACK_ONS: dict[str, tuple[str, str, dict[str, Any]]] = {
    "paternalistic in National Capitalism": (
        "national-capitalism",
        SEED_EXAMPLE + PATHS_CHART,
        {"paternalistic": True},
    ),
    "paternalistic in the Hobbesian State, no chart": ("hobbesian", "", {"paternalistic": True}),
    "paternalistic in Market Socialism": (
        "market-socialism",
        PLAN_CHART + PATHS_CHART,
        {"paternalistic": True},
    ),
    "rent control in National Capitalism": (
        "national-capitalism",
        SEED_EXAMPLE + RENTS_CHART,
        {"landlords": "modern-rent-control", "government_rents": "bureaucracy"},
    ),
    "government ownership in Welfare Capitalism": (
        "welfare-capitalism",
        SEED_EXAMPLE + RENTS_CHART,
        {"landlords": "government-ownership", "government_rents": "bureaucracy"},
    ),
    "rent control in the Hobbesian State": (
        "hobbesian",
        RENTS_CHART + ESTATE,
        {"landlords": "modern-rent-control", "government_rents": "bureaucracy"},
    ),
    "the men's paths, the Matriarchal Golden Age": (
        "national-capitalism",
        SEED_EXAMPLE + PATHS_CHART,
        {"gender": "matriarchal-golden-age", "government_paths": "bureaucracy"},
    ),
}


@pytest.mark.parametrize("name", list(TACK_ONS))
def test_a_chart_decides_a_tack_ons_task_and_the_game_plays_to_the_end(name: str) -> None:
    """Ruling 191: with its task the chart's, nobody proposes or votes the paths or the rents
    (the chart decides, or its first player writes a box); every decision is public; the chart
    reads game information only; the game ends and replays exactly."""
    scenario, chart, more = TACK_ONS[name]
    task = "paths" if "rents" not in chart else "rents"
    decided = []

    def check(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        check_step(before, match)
        state: CrusoeState = match.state
        assert state.ask not in ("assign", "assign-ballot"), "the paths went to a vote"
        assert not (state.ask in ("rent", "rent-ballot") and state.land.lawmaking)
        for event in match.steps[-1].events:
            if "Bureaucracy's chart" in event.text and event.kind in ("assignment", "rents"):
                assert event.audience == EVERYONE
                decided.append(event)

    for seed in (1, 5):
        match = bot_game(seed, BOTS, options(scenario, chart, **more), check)
        assert task in bureaucracy.tasks(match.state)
        again = replay(json.loads(json.dumps(match.to_json())))
        assert GAME.to_json(again.state) == GAME.to_json(match.state)
    assert decided, "the chart never decided its task"


@pytest.mark.parametrize(
    ("given_", "message"),
    [
        ({"government_rents": "bureaucracy"}, "no tack-on in play gives the government the rents"),
        (
            {"landlords": "modern-rent-control", "government_rents": "athenian"},
            "a Bureaucracy decides by its chart; name it bureaucracy",
        ),
    ],
    ids=["no tack-on", "another form"],
)
def test_a_tack_ons_task_named_wrongly_is_refused(given_: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        Settings.from_options(options("national-capitalism", **given_))


def test_rent_control_under_a_bureaucracy_still_votes_the_rents_unless_named() -> None:
    """Compatibility: before ruling 191 a Bureaucracy's rents went to the vote; they still do
    unless government_rents=bureaucracy is given."""
    chosen = options("national-capitalism", landlords="modern-rent-control")
    assert "rents" not in dict(Settings.from_options(chosen).government_branches)


@pytest.mark.parametrize(
    "chosen",
    [
        {"scenario": "governmental-socialism", "chart": DIVISION_CHART},
        {"scenario": "hobbesian", "chart": "", "paternalistic": True},
        {
            "scenario": "national-capitalism",
            "chart": SEED_EXAMPLE + RENTS_CHART,
            "landlords": "modern-rent-control",
            "government_rents": "bureaucracy",
        },
    ],
    ids=["the pool", "the paths", "the rents"],
)
def test_a_sealed_order_reaches_no_other_seat_under_a_charts_new_task(
    chosen: dict[str, Any],
) -> None:
    """Rulings 189-191: the first player's box and the amendment are sealed like any order."""
    more = {k: v for k, v in chosen.items() if k not in ("scenario", "chart")}
    game_options = options(chosen["scenario"], chosen["chart"], **more)
    seal_watching_the_others(3, game_options, "random", orders=3_000)


def test_at_the_deadline_the_first_player_assigns_no_path_and_sets_a_rent_of_one() -> None:
    """Rulings 75, 191: a silent first player's box for the paths is 0 (each chooses his own,
    as when no assignment is made); for a rent, 1 (Rent Control's least)."""
    chosen = options("hobbesian", paternalistic=True)
    match = Match.new(GAME, ["ana", "ben", "cy"], chosen, seed=4)
    assert match.state.ask == "amend"
    match.close()  # no amendment
    assert match.state.ask == "box" and bureaucracy.case_text(match.state).startswith("paths")
    match.close()
    state: CrusoeState = match.state
    assert "if cycle == 1: 0" in state.chart
    assert state.ask == "path" and all(p.path is None for p in state.players.values())
    rents = options("hobbesian", landlords="modern-rent-control", government_rents="bureaucracy")
    match = Match.new(GAME, ["ana", "ben", "cy"], rents, seed=4)
    match.close()  # no amendment
    assert bureaucracy.case_text(match.state).startswith("rents")
    match.close()
    assert {terms["all"] for terms in match.state.land.rents.values()} == {1}


def test_without_the_option_the_state_keeps_no_paths() -> None:
    """Records compatibility: only a game with government_chart_history writes 'walked'."""
    match = bot_game(7, BOTS, options("national-capitalism", SEED_EXAMPLE), lambda *_: None)
    assert "walked" not in GAME.to_json(match.state) and not match.state.walked


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32), chart=st.sampled_from(CHARTS))
def test_a_sealed_order_reaches_no_other_seat_before_the_step_opens(seed: int, chart: str) -> None:
    seal_watching_the_others(seed, options("national-capitalism", chart), "random", orders=100_000)


def test_at_the_deadline_the_first_players_box_is_the_policy_before_any_decision() -> None:
    """Ruling 75: a silent first player's case gets no reward, a burden of 1, the lowest VP;
    no amendment, and a silent voter votes no."""
    match = Match.new(GAME, ["ana", "ben", "cy"], options("national-capitalism"), seed=4)
    assert match.state.ask == "box"
    match.close()  # the reward
    match.close()  # the burdens
    state: CrusoeState = match.state
    assert state.policy["reward"] == {"cb": 0, "military": 0, "top40": 0}
    assert set(state.policy["seats"].values()) == {1}
    assert "if cycle == 1: 0" in state.chart and "if cycle == 1: 1" in state.chart
    assert state.ask == "amend"
    match.close()
    assert match.state.ask == "path" and match.state.chart_motion == ""


def run_from(state: CrusoeState, phase: str, chance: SeededChance, events: list[Event]) -> None:
    """The rules run on from ``phase``, nobody asked yet."""
    state.phase, state.ask, state.waiting = phase, None, ()
    rules.run(state, chance, events)


def test_the_chart_sets_the_minimum_wage_at_the_tax_subphase_or_asks_the_first_player() -> None:
    """Welfare Capitalism with minimum_wage=government: the wage is a task of the chart; a case
    it does not cover goes to the first player in the turn order (ruling 68)."""
    chosen = options("welfare-capitalism", WAGE_CHART, minimum_wage="government")
    match = Match.new(GAME, ["ana", "ben", "cy"], chosen, seed=2)
    state: CrusoeState = match.state.copy()
    chance = SeededChance(1)
    events: list[Event] = []
    state.order = ["cy", "ana", "ben"]
    run_from(state, "wage", chance, events)
    assert GAME.view(state, "cy").decide == "box"  # cycle 1: no box covers it
    assert bureaucracy.case_text(state).startswith("minimum_wage (number), box 2:")
    state.cycle = 2
    run_from(state, "wage", chance, events)
    assert state.wage == 60  # 30 + 10 * 3
    assert any(e.text == "The Bureaucracy's chart sets the minimum wage at $60." for e in events)


def test_the_first_player_decides_by_email_and_the_record_replays(tmp_path: Path) -> None:
    """The game master's commands: the box is an order like any other (refused in one line
    when it does not decide the case), the reports show the case, and the record replays."""
    game = str(tmp_path / "game.json")
    national = ("--option", "scenario=national-capitalism", "--option", "government=bureaucracy")
    ok("new", "crusoe", "--players", "ana,ben,cy", "--seed", "5", "-o", game, *national)
    assert "The chart cannot decide radio_reward (each frequency) for cb" in ok("view", game, "ben")
    refused = one_line_error(sealed("order", game, "ana", "box if cycle == 2: 10"))
    assert "does not decide the case at hand" in refused
    ok("order", game, "ana", "box if cycle == 1: 10")
    refused = one_line_error(sealed("order", game, "ana", "box otherwise: 2"))
    assert "would follow 'otherwise'" in refused  # it goes in before 'otherwise: undecided'
    ok("order", game, "ana", "box if players > 0: 2")
    first = json.loads(Path(game).read_text("utf-8"))
    assert "chart" in json.dumps(first)
    ok("replay", game)


def test_the_chart_sets_market_socialisms_plan_before_the_turn_order() -> None:
    """Market Socialism: the chart decides a wage, a price and a limit per good (a limit as
    large as the supply is none in effect); the plan is told to all, then the turn order."""
    match = Match.new(GAME, ["ana", "ben", "cy"], options("market-socialism", PLAN_CHART), seed=1)
    plan = match.state.plan
    assert plan["wage"]["water"] == 20 and plan["wage"]["apple"] == 8
    assert plan["price"]["diamond"] == 50 and plan["limit"]["diamond"] == 0
    assert match.state.ask == "amend" and match.state.order


# -- the review's fixes (rulings 224, 225) -----------------------------------------------------

ASSIGNED_BY_ANOTHER_BRANCH: dict[str, dict[str, Any]] = {
    "the Paternalistic Economy, paths by vote": {"paternalistic": True},
    "the Matriarchal Golden Age, the men's paths by vote": {"gender": "matriarchal-golden-age"},
}


@pytest.mark.parametrize("name", list(ASSIGNED_BY_ANOTHER_BRANCH))
def test_after_the_amendment_a_hybrids_other_branch_still_assigns_the_paths(name: str) -> None:
    """Ruling 224: with the chart deciding the policy and the paths another branch's, every
    cycle's amendment is followed by the government's assignment (before, straight to the
    paths: the assignment was never asked)."""
    chosen = resolve_options(
        GAME.options,
        {
            "scenario": "national-capitalism",
            "government": "hybrid",
            "government_radio_reward": "bureaucracy",
            "government_tax_burden": "bureaucracy",
            "government_estate": "bureaucracy",
            "government_paths": "athenian",
            "government_chart": SEED_EXAMPLE,
        }
        | ASSIGNED_BY_ANOTHER_BRANCH[name],
    )
    amended: set[int] = set()
    assigned: set[int] = set()

    def check(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        check_step(before, match)
        if before.ask == "amend":
            amended.add(before.cycle)
        if before.ask == "assign":
            assigned.add(before.cycle)
        skipped = before.phase == "amend" and match.state.phase == "path"
        assert not (skipped and paternalistic.unassigned(match.state)), "assignment skipped"

    match = bot_game(1, BOTS, chosen, check)
    assert assigned & amended, "the government never assigned a path after an amendment"
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


def test_a_chart_for_a_dead_players_goods_alone_moves_the_amendment_every_cycle() -> None:
    """Ruling 225: a hybrid whose Bureaucracy decides only a dead player's goods in
    Governmental Socialism (no policy before the deal) is asked its amendment each cycle."""
    chosen = resolve_options(
        GAME.options,
        {
            "scenario": "governmental-socialism",
            "government": "hybrid",
            "government_distribution": "dictatorship",
            "government_estate": "bureaucracy",
            "government_chart": ESTATE,
        },
    )
    amended: set[int] = set()
    dealt: set[int] = set()

    def check(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        check_step(before, match)
        if before.ask == "amend":
            amended.add(before.cycle)
        dealt.update(e.data["cycle"] for e in match.steps[-1].events if e.kind == "cycle")

    match = bot_game(3, BOTS, chosen, check)
    over_at_the_deal = {match.state.cycle} if match.state.over else set()  # no step after it
    assert 1 in amended and dealt - over_at_the_deal <= amended, (dealt, amended)


def test_the_samplers_world_remembers_the_paths_walked() -> None:
    """The search bots' sampler copies the chart's memory (ruling 188) back from the view,
    which shows it (the public 'path' events): every sampled state of a game under
    government_chart_history holds the true 'walked', so the chart decides a playout's box
    from it as the game does, and the sampled state's view is the seat's view again."""
    chosen = options("national-capitalism", HISTORY_CHART, government_chart_history=True)
    sampled_cycles: set[int] = set()

    def check(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        state: CrusoeState = match.state
        if state.over or not state.walked:
            return
        for seat in state.seats:
            view = GAME.view(state, seat)
            sampled = sample_state(view, {}, random.Random(1))
            assert sampled.walked == state.walked, (seat, state.cycle)
            assert GAME.view(sampled, seat) == view
        if state.phase == "policy" and bureaucracy.stuck(state) is None:
            world = sample_state(GAME.view(state, state.seats[0]), {}, random.Random(1))
            assert bureaucracy.stuck(world) is None, "the sampled chart forgot the paths"
        sampled_cycles.add(state.cycle)

    bot_game(7, BOTS, chosen, check)
    assert len(sampled_cycles) > 2, "too short a game to sample the memory"
