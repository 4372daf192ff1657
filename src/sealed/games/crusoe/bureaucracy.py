"""The Bureaucracy in play (Government Types): the flow chart decides, the first player decides
what it cannot and extends it, and each cycle's amendment by unanimous vote.

Seed: "Before the game begins the players put together a program by majority vote that will
make all decisions that the government will have to make during the game ... It may take
into account any game information about the players ... but not non-game information (a
player's name) nor any direct inputs from the players." "At the beginning of each cycle, as
soon as the play order has been determined, the first player may suggest an amendment to one
box of the flow chart, and if it receives a unanimous vote it passes. During play if it is not
possible to interpret the flow chart as a result of unexpected circumstances then the first
player must decide what occurs. The flow chart is modified to include that case".

The chart is the language of ``policy.py``; this module gives it the game's quantities (by
role, never by seat: a candidate is an opaque number) and applies what it decides. The chart
in force is ``state.chart`` once amended or extended, else the one the options gave. Every
decision, extension and amendment is an event all see. Rulings 66-68 and 70-72 in the manual.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import floor

from sealed.core.chance import Chance
from sealed.core.events import Event
from sealed.games.crusoe import classwar, hybrid
from sealed.games.crusoe.modules import (
    gender,
    landlords,
    paternalistic,
    punishments,
    roles,
    slavery,
)
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.policy import (
    HISTORY,
    Chart,
    ChartError,
    Chosen,
    Decided,
    Number,
    Undecided,
    amend,
    choose,
    decide,
    extend,
    names_for,
    parse_amendment,
    parse_box,
    roll_tie,
)
from sealed.games.crusoe.state import FOODS, FREQUENCIES, GOODS, PATHS, CrusoeState
from sealed.games.crusoe.welfare import PACKAGE, minimum_wage

Events = list[Event] | None
Quantities = dict[str, Number]

MAX_DOLLARS = 999  # a reward or a burden, as a proposal may name it (orders.py)
MAX_WAGE = 99_999  # a minimum wage, as 'wage N' may name it (orders.py)
BEFORE_THE_TURN_ORDER = ("policy", "plan")  # the phases that decide before the cards are dealt
PLAN_KINDS = {"wages": "wage", "prices": "price", "purchase_limits": "limit"}
"""Market Socialism's plan: the term each task sets, per good (socialist_market.plan_of)."""
BY_PATH = "each good and path"
"""``purchase_limits (each good and path)``: a good's limit, and its limit for each path's
walkers (ruling 290; the plan's ``limit.GOOD.PATH`` of ruling 82)."""


def tasks(state: CrusoeState) -> list[str]:
    """The tasks the Bureaucracy decides in this game (all, or a hybrid's branches)."""
    return [t for t, form in state.settings.government_branches if form == "bureaucracy"]


def decides(state: CrusoeState, task: str) -> bool:
    return task in tasks(state)


def chart(state: CrusoeState) -> Chart:
    """The chart in force: as amended and extended, else as given at the start."""
    return hybrid.read_chart(state.chart or state.settings.government_chart, tasks(state))


def first_player(state: CrusoeState) -> str | None:
    """The first in the turn order; before it is dealt (the policy), the living in seat order
    starting one seat further on each cycle, as the Athenian proposers (ruling 68). Under
    Exile the first of the main encampment; None when none of it is alive (ruling 280). With
    ``gender_no_propose`` no woman, while a man may decide (ruling 291)."""
    living = _may_decide(state, [s for s in state.order if _free(state, s)])
    living = [s for s in living if state.players[s].alive]
    if living and state.phase not in BEFORE_THE_TURN_ORDER:
        return living[0]
    everyone = _may_decide(state, [s for s in state.living() if _free(state, s)])
    return everyone[(state.cycle - 1) % len(everyone)] if everyone else None


def _may_decide(state: CrusoeState, seats: list[str]) -> list[str]:
    """Under ``gender_no_propose`` the men among ``seats``; all of them if no man is among the
    living (someone must decide what the chart cannot: ruling 291)."""
    men = [s for s in seats if gender.may_propose(state, s)]
    return men if any(state.players[s].alive for s in men) else seats


def _free(state: CrusoeState, seat: str) -> bool:
    """Not a slave: the first player who decides is the first free one (Slavery, ruling 167);
    not an exile: the chart is the main encampment's government (Exile, ruling 280)."""
    return slavery.master_of(state, seat) is None and punishments.in_market(state, seat)


def seen(state: CrusoeState) -> list[str]:
    """The living whose game information the chart reads, in seat order: under Exile the main
    encampment's only, an exile's being no part of its government's decisions (ruling 279)."""
    return [s for s in state.living() if punishments.in_market(state, s)]


def decides_estate(state: CrusoeState) -> bool:
    """The chart decides the first dead player's goods: not a dead exile's, which go to the
    exiles' vote, out of the main encampment's government's reach (rulings 238, 279)."""
    return decides(state, "estate") and punishments.in_market(state, state.estates[0])


def divides(state: CrusoeState) -> bool:
    """The chart divides the pool now: the main encampment's, not the exiles' own second pile,
    which they divide by their own vote (rulings 172, 279)."""
    return decides(state, "distribution") and not punishments.exiles_turn(state)


# -- the game's quantities, by role ----------------------------------------------------------


def game_quantities(state: CrusoeState) -> Quantities:
    living = seen(state)
    values: Quantities = {
        "cycle": state.cycle,
        "players": len(state.seats),
        "players_alive": len(living),
        "signals.total": sum(state.pool.values()),
    }
    values |= {f"signals.{f}": state.pool[f] for f in FREQUENCIES}
    for good in GOODS:
        if good in state.prices:
            values[f"price.{good}"] = state.prices[good].get("commodity", 0)
        if good in state.funds:
            values[f"market.{good}"] = state.funds[good]
    return values


def _rank(values: Mapping[str, int], seat: str) -> int:
    """1 the most; ties share a rank."""
    return 1 + sum(1 for v in values.values() if v > values[seat])


def player_quantities(state: CrusoeState, seat: str) -> Quantities:
    """``player.*`` for ``seat``. Before the turn order the path a player holds is the one he
    walked last cycle (``last_path``); later it is this cycle's (``path``). Paths further back
    have a value only with ``government_chart_history`` (ruling 188); without it the chart is
    stuck there (ruling 70)."""
    player = state.players[seat]
    living = seen(state)  # ranks among the main encampment under Exile (ruling 279)
    values: Quantities = {
        "vp": player.vp,
        "money": player.money,
        "leisure": player.leisure,
        "alive": int(player.alive),
        "wounded": int(player.wounded),
        "food": sum(player.goods[f] for f in FOODS),
        "rank.vp": _rank({s: state.players[s].vp for s in living}, seat),
        "rank.money": _rank({s: state.players[s].money for s in living}, seat),
        "rank.goods": _rank({s: sum(state.players[s].goods.values()) for s in living}, seat),
    }
    values |= {f"goods.{g}": player.goods[g] for g in GOODS}
    values |= {f"produced.{g}": player.produced.get(g, 0) for g in GOODS}
    values |= {f"radio.{f}": player.radio[f] for f in FREQUENCIES}
    last = {s: _last_leisure(state, s) for s in living}
    if last.get(seat) is not None:
        known = {s: v for s, v in last.items() if v is not None}
        values["last_leisure"] = known[seat]
        values["rank.last_leisure"] = _rank(known, seat)
    if player.path is not None:
        which = "last_path" if state.phase in BEFORE_THE_TURN_ORDER else "path"
        values |= {f"{which}.{p}": int(player.path == p) for p in PATHS}
    burden = _burden(state, seat)
    if burden is not None:
        values["tax_burden"] = burden
    if state.settings.government_chart_history:
        values |= _history(state, seat)
    return {f"player.{k}": v for k, v in values.items()}


def remember_paths(state: CrusoeState) -> None:
    """At the end of each cycle, the path each player walked in it ("" none: sent to the Market,
    or dead before it), kept only under ``government_chart_history`` (ruling 188). The paths
    were public ('path' events), so this is game information a table's score sheet could show."""
    if not state.settings.government_chart_history:
        return
    for seat in state.seats:
        player = state.players[seat]
        walked = player.alive or player.death_cycle == state.cycle
        state.walked.setdefault(seat, []).append((player.path or "") if walked else "")


def _history(state: CrusoeState, seat: str) -> Quantities:
    """``path_ago.N.<path>`` (1 if he walked it N cycles ago; no value before the game began)
    and ``paths_walked.<path>`` (the cycles he walked it, this cycle's once it is chosen)."""
    walked = state.walked.get(seat, [])
    values: Quantities = {}
    for ago in range(1, min(HISTORY, len(walked)) + 1):
        values |= {f"path_ago.{ago}.{p}": int(walked[-ago] == p) for p in PATHS}
    now = state.players[seat].path if state.phase not in BEFORE_THE_TURN_ORDER else None
    counted = [*walked, now or ""]
    return values | {f"paths_walked.{p}": counted.count(p) for p in PATHS}


def _last_leisure(state: CrusoeState, seat: str) -> int | None:
    """The Leisure row of the last score-sheet column (ruling 70)."""
    sheet = state.players[seat].sheet
    return sheet[-1].get("leisure", 0) if sheet else None


def _burden(state: CrusoeState, seat: str) -> int | None:
    """His tax burden in force: his own (a chart per player), else his path's."""
    own = state.policy.get("seats", {})
    if seat in own:
        return own[seat]
    path = state.players[seat].path
    return state.policy["burden"].get(path) if path else None


def _frequency_quantities(state: CrusoeState, frequency: str) -> Quantities:
    values: Quantities = {"frequency.pool": state.pool[frequency]}
    made = (p.radio[frequency] for s, p in state.players.items() if punishments.in_market(state, s))
    values["frequency.made"] = sum(made)  # under Exile the main encampment's (ruling 279)
    return values | {f"frequency.{f}": int(f == frequency) for f in FREQUENCIES}


def _path_quantities(state: CrusoeState, path: str | None) -> Quantities:
    """A path's (None: walking no path, every ``path.<p>`` 0: a good's own limit, ruling 290)."""
    walkers = sum(1 for s in seen(state) if state.players[s].path == path)
    which = "path.last_walkers" if state.phase in BEFORE_THE_TURN_ORDER else "path.walkers"
    values: Quantities = {which: walkers}
    if which == "path.walkers" and state.settings.government_chart_history:  # ruling 191
        last = [state.walked.get(s, [""])[-1:] for s in seen(state)]
        values["path.last_walkers"] = sum(1 for walked in last if walked == [path])
    return values | {f"path.{p}": int(p == path) for p in PATHS}


def _good_quantities(state: CrusoeState, good: str) -> Quantities:
    """A good's: what the living produced of it (last cycle's, before the turn order), the
    units in the government vault (``good.market``), the plan's price in force."""
    plan = state.plan.get("price", {}) if state.plan else {}
    values: Quantities = {
        "good.produced": sum(state.players[s].produced.get(good, 0) for s in seen(state)),
        "good.market": state.vault.get(good, 0),
        "good.price": plan.get(good, 10),
    }
    return values | {f"good.{g}": int(g == good) for g in GOODS}


# -- the case the chart must decide now --------------------------------------------------------

PATH_NUMBERS = (0, len(PATHS))
"""A path to assign is its number in board order (1 Ant ... 7 Grasshopper); 0 assigns none."""
NO_PATH_YET: Quantities = {f"player.path.{p}": 0 for p in PATHS}
"""At the assignment nobody to assign has a path this cycle: every ``player.path.*`` is 0, as
ruling 191 says (before ruling 226 they had no value and the first player was asked)."""


@dataclass(frozen=True)
class Case:
    """One decision of the chart for one frequency, path or player (``entity``), or an heir."""

    task: str
    entity: str
    quantities: Quantities
    candidates: Mapping[str, Quantities] | None = None  # choose: opaque id -> player.*
    bounds: tuple[int, int] = (0, MAX_DOLLARS)  # a number outside is not interpretable (71)


def _cases(state: CrusoeState, task: str, kind: str) -> list[Case]:
    game = game_quantities(state)
    if kind == "number":  # the minimum wage
        return [Case(task, "", game)]
    if kind == "each good":  # Market Socialism's plan
        return [Case(task, g, game | _good_quantities(state, g)) for g in GOODS]
    if kind == BY_PATH:  # ... a limit per good, then per good and path (ruling 290)
        return _path_limit_cases(state, task, game)
    if task == "distribution":  # a share each (ruling 189), in turn order
        return [Case(task, s, game | player_quantities(state, s)) for s in _sharers(state)]
    if task == "paths":  # a path for each player to assign, 0 none (ruling 191)
        due = paternalistic.unassigned(state)  # none has chosen this cycle's: path.* 0 (226)
        cases = [game | player_quantities(state, s) | NO_PATH_YET for s in due]
        return [Case(task, s, q, None, PATH_NUMBERS) for s, q in zip(due, cases, strict=True)]
    if task == "rents":  # one rent per path the government sets (ruling 191)
        least = 1 if landlords.rent_control(state) else 0
        paths = landlords.government_set(state)
        bounds = (least, MAX_DOLLARS)
        return [Case(task, p, game | _path_quantities(state, p), None, bounds) for p in paths]
    if task == "estate":  # a dead player of the main encampment: its living (ruling 279)
        living = seen(state)
        candidates = {str(i): player_quantities(state, s) for i, s in enumerate(living, 1)}
        return [Case(task, "", game, candidates)]
    if kind == "each frequency":
        return [Case(task, f, game | _frequency_quantities(state, f)) for f in FREQUENCIES]
    if kind == "each path":
        return [Case(task, p, game | _path_quantities(state, p)) for p in PATHS]
    return [Case(task, s, game | player_quantities(state, s)) for s in seen(state)]


def _path_limit_cases(state: CrusoeState, task: str, game: Quantities) -> list[Case]:
    """For each good: its own limit (``GOOD``: no path flag set), then its limit for whoever
    walks each path in board order (``GOOD.PATH``), as the plan's terms are written."""
    cases: list[Case] = []
    for good in GOODS:
        own = game | _good_quantities(state, good)
        for path in (None, *PATHS):
            entity = good if path is None else f"{good}.{path}"
            cases.append(Case(task, entity, own | _path_quantities(state, path)))
    return cases


def _outcome(the_chart: Chart, case: Case) -> Decided | Chosen | Undecided:
    """What the chart gives: a number; the candidates chosen (several: tied); or stuck. A
    number out of the game's range is a case the chart cannot interpret (ruling 71)."""
    if case.candidates is not None:
        return choose(the_chart, case.task, case.quantities, case.candidates)
    result = decide(the_chart, case.task, case.quantities)
    least, most = (0, MAX_WAGE) if case.task == "minimum_wage" else case.bounds
    if isinstance(result, Decided) and not least <= result.value <= most:
        return Undecided(f"the chart gives {result.value}, not {least} to {most}", result.box)
    return result


def stuck(state: CrusoeState) -> tuple[Case, Undecided] | None:
    """The first case of the open decision the chart cannot decide, if any."""
    the_chart = chart(state)
    for task in _open_tasks(state):
        kind = the_chart.decision(task).kind
        for case in _cases(state, task, kind):
            outcome = _outcome(the_chart, case)
            if isinstance(outcome, Undecided):
                return case, outcome
    return None


def _open_tasks(state: CrusoeState) -> list[str]:
    if state.phase == "estate":
        return ["estate"]
    if state.phase == "wage":
        return ["minimum_wage"]
    if state.phase == "divide":
        return ["distribution"]
    if state.phase in ("assign", "path") and state.land.lawmaking:
        return ["rents"]
    if state.phase == "assign":
        return ["paths"]
    tasks = hybrid.PLAN_TASKS if state.phase == "plan" else hybrid.POLICY_TASKS
    parts = hybrid.policy_parts(
        state.settings.government, state.settings.government_branches, tasks
    )
    form, part = parts[min(state.branch, len(parts) - 1)]
    return list(part) if form == "bureaucracy" else []


def case_text(state: CrusoeState) -> str:
    """What the first player is asked to decide, for his prompt and view."""
    found = stuck(state)
    if found is None:
        return ""
    case, why = found
    kind = chart(state).decision(case.task).kind
    who = f" for {case.entity}" if case.entity else ""
    return f"{case.task} ({kind}){who}, box {why.box}: {why.reason}"


# -- deciding ---------------------------------------------------------------------------------


def _numbers(state: CrusoeState, task: str) -> dict[str, Decided] | None:
    """What the chart decides for each case of ``task`` (by frequency, path or player; "" for
    one number); None when it cannot decide one, and the first player has been asked."""
    the_chart = chart(state)
    found: dict[str, Decided] = {}
    for case in _cases(state, task, the_chart.decision(task).kind):
        outcome = _outcome(the_chart, case)
        if not isinstance(outcome, Decided):
            first = first_player(state)
            if first is None:  # nobody left at the main encampment (Exile, ruling 280)
                state.chart = extended(state, default_box(state).name).to_text()
                return _numbers(state, task)
            state.ask, state.waiting = "box", (first,)
            return None
        found[case.entity] = outcome
    return found


def decide_policy(state: CrusoeState, part: tuple[str, ...], events: Events) -> bool:
    """The chart sets this part of the policy (True), or the first player is asked (False).
    Every case is decided before any is applied, so that a stuck case changes nothing."""
    decided = {task: _numbers(state, task) for task in part}
    if any(found is None for found in decided.values()):
        return False
    said: list[str] = []
    for task, found in decided.items():
        values = {entity: d.value for entity, d in (found or {}).items()}
        said += [f"{entity} {d.value} (box {d.box})" for entity, d in (found or {}).items()]
        _apply(state, task, chart(state).decision(task).kind, values)
    if events is not None:
        events.append(
            Event(
                "chart",
                f"The Bureaucracy's chart decides {' and '.join(part)}: {', '.join(said)}.",
                data={"tasks": list(part), "policy": {k: dict(v) for k, v in state.policy.items()}},
            )
        )
    return True


def _apply(state: CrusoeState, task: str, kind: str, values: Mapping[str, int]) -> None:
    if task == "radio_reward":
        state.policy["reward"] = {f: values[f] for f in FREQUENCIES}
    elif kind == "each path":
        state.policy["burden"] = {p: values[p] for p in PATHS}
        state.policy.pop("seats", None)
    else:
        state.policy["seats"] = dict(values)


def decide_plan(state: CrusoeState, part: tuple[str, ...]) -> dict[str, dict[str, int]] | None:
    """Market Socialism: the chart's terms for this part of the plan (``wage``, ``price``,
    ``limit`` per good: a limit as large as the supply is none in effect); None when the first
    player has been asked."""
    decided = {task: _numbers(state, task) for task in part}
    motion: dict[str, dict[str, int]] = {}
    for task, found in decided.items():
        if found is None:
            return None
        values = {entity: d.value for entity, d in found.items()}
        motion |= _plan_terms(PLAN_KINDS[task], values)
    return motion


def _plan_terms(kind: str, values: Mapping[str, int]) -> dict[str, dict[str, int]]:
    """The plan's terms from the chart's numbers: ``{kind: {good: n}}``, and for a limit by
    path (``GOOD.PATH``) ``limit.PATH`` for each path whose limit differs from the good's own
    (one equal to it changes nothing, so it is not written: ruling 290)."""
    terms: dict[str, dict[str, int]] = {kind: {}}
    for entity, value in values.items():
        good, _, path = entity.partition(".")
        if not path:
            terms[kind][good] = value
        elif value != values[good]:
            terms.setdefault(f"{kind}.{path}", {})[good] = value
    return terms


def decide_wage(state: CrusoeState) -> int | None:
    """The chart's minimum wage; None when the first player has been asked."""
    found = _numbers(state, "minimum_wage")
    return None if found is None else found[""].value


# -- Governmental Socialism: the chart divides the common pool (ruling 189) ---------------------


def _sharers(state: CrusoeState) -> list[str]:
    """Who shares the pool, in turn order (punishments.sharers: the living)."""
    return punishments.sharers(state)


def division_shares(state: CrusoeState) -> dict[str, int] | None:
    """Each sharer's share of the pool by the chart (0 to 999); None when it cannot decide one
    and the first player has been asked."""
    found = _numbers(state, "distribution")
    return None if found is None else {seat: d.value for seat, d in found.items()}


def proportional(
    pool: Mapping[str, int], shares: Mapping[str, int], order: Sequence[str]
) -> dict[str, dict[str, int]]:
    """Every good of ``pool`` divided in proportion to ``shares`` (not all 0): each gets the
    whole units of his part, and the units left over go one each to the largest remainders,
    a tie to the earlier in ``order`` (the turn order): no dice, no unit left undivided."""
    total = sum(shares.values())
    division = {seat: dict.fromkeys(GOODS, 0) for seat in order}
    for good in GOODS:
        units = pool.get(good, 0)
        exact = {seat: Fraction(units * shares[seat], total) for seat in order}
        for seat in order:
            division[seat][good] = floor(exact[seat])
        left = units - sum(division[seat][good] for seat in order)
        by_remainder = sorted(order, key=lambda s: exact[s] - floor(exact[s]), reverse=True)
        for seat in by_remainder[:left]:  # sorted() is stable: ties stay in turn order
            division[seat][good] += 1
    return {seat: {g: n for g, n in goods.items() if n} for seat, goods in division.items()}


def divide_pool(
    state: CrusoeState, shares: Mapping[str, int], events: Events
) -> dict[str, dict[str, int]]:
    """The chart's division of the pool, in force at once (no vote, no ruler): handed out,
    told to all, the pool emptied; what each got (for Doll's House's husbands)."""
    division = proportional(state.pile, shares, _sharers(state))
    for seat, goods in division.items():
        for good, n in goods.items():
            state.players[seat].goods[good] += n
    if events is not None:
        got = "; ".join(
            f"{seat} (share {shares[seat]}) " + (", ".join(f"{n} {g}" for g, n in goods.items()))
            if goods
            else f"{seat} (share {shares[seat]}) nothing"
            for seat, goods in division.items()
        )
        events.append(
            Event(
                "chart",
                f"The Bureaucracy's chart divides the pool: {got}.",
                data={"tasks": ["distribution"], "shares": dict(shares), "division": division},
            )
        )
    state.pile, state.proposal = {}, {}
    return division


# -- a tack-on's task: the paths, the rents (ruling 191) -----------------------------------------


def chart_paths(state: CrusoeState) -> dict[str, int] | None:
    """The chart's path number for each player to assign; None when the first player has
    been asked."""
    found = _numbers(state, "paths")
    return None if found is None else {seat: d.value for seat, d in found.items()}


def chart_rents(state: CrusoeState, paths: Sequence[str]) -> dict[str, int] | None:
    """The chart's rent on each of ``paths`` (those the government sets); None when the first
    player has been asked."""
    found = _numbers(state, "rents")
    return None if found is None else {p: found[p].value for p in paths}


def estate_heir(state: CrusoeState, chance: Chance) -> str | None:
    """The chart's heir to the first dead player's goods (a tie rolled among the tied); None
    when it cannot decide and the first player has been asked."""
    living = seen(state)  # the dead is of the main encampment (decides_estate, ruling 279)
    chosen = _outcome(chart(state), _cases(state, "estate", "choose a player")[0])
    if not isinstance(chosen, Chosen):
        first = first_player(state)
        if first is None:  # nobody free at the main encampment decides: the deadline's box (280)
            state.chart = extended(state, default_box(state).name).to_text()
            return estate_heir(state, chance)
        state.ask, state.waiting = "box", (first,)
        return None
    names = ", ".join(f"{n} {living[int(c) - 1]}" for n, c in enumerate(chosen.candidates, 1))
    label = f"cycle {state.cycle}: the chart's tie for {state.estates[0]}'s goods ({names})"
    return living[int(roll_tie(chosen, chance, label)) - 1]


# -- the first player extends the chart ------------------------------------------------------


def extended(state: CrusoeState, text: str) -> Chart:
    """The chart with the first player's box put in where it stopped.

    :raises ChartError: the box does not read, or does not decide the case at hand.
    """
    found = stuck(state)
    if found is None:
        raise ChartError("the chart decides this case: there is nothing to extend")
    case, why = found
    the_chart = chart(state)
    kind = the_chart.decision(case.task).kind
    box = parse_box(text, kind, names_for(kind, hybrid.chart_vocabulary(tasks(state))))
    new = extend(the_chart, case.task, why, box, case.quantities, case.candidates)
    outcome = _outcome(new, case)
    if isinstance(outcome, Undecided):
        raise ChartError(f"the new box does not decide the case at hand ({outcome.reason})")
    return new


def box_problem(state: CrusoeState, order: Order) -> str | None:
    try:
        extended(state, order.name)
    except ChartError as error:
        return f"Bureaucracy, the first player decides and extends the chart: {error}"
    return None


def on_box(state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events) -> None:
    case_was = case_text(state)
    state.chart = extended(state, order.name).to_text()
    if events is not None:
        events.append(
            Event(
                "chart",
                f"The chart cannot decide {case_was}; {seat}, the first player, decides: the "
                f"chart is extended with 'box {order.name}'.",
                data={"seat": seat, "box": order.name, "chart": state.chart},
            )
        )


# -- the amendment, each cycle after the turn order --------------------------------------------


CHARTS_SINCE_189 = ("distribution", "paths", "rents")
"""The tasks a chart decides since rulings 189-191 (refused in version 2's releases)."""


def amends_at_the_deal(state: CrusoeState) -> bool:
    """The amendment follows the deal of the turn order in every game with a Bureaucracy, also
    where no policy or plan comes before it (Governmental Socialism, a government a tack-on
    brings: ruling 190), a chart that decides only a dead player's goods included (ruling 225:
    the seed's amendment is each cycle's, whatever the chart decides). A version 2 game keeps
    its release's flow: there no chart decided those tasks, so it amended only after a policy
    or a plan (Versions)."""
    if state.settings.version < 3:
        return any(task in tasks(state) for task in CHARTS_SINCE_189)
    return bool(tasks(state))


def amend_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    """The first player may suggest an amendment to one box (``amend ...`` or ``pass``); then
    the paths, the government's assignment first wherever it assigns them (ruling 224: by
    its chart or by a hybrid's other branch)."""
    first = first_player(state)  # None: nobody at the main encampment to move it (280)
    if state.turn == 0 and first is not None:
        state.ask, state.waiting = "amend", (first,)
        return
    assigned = state.settings.paternalistic or roles.men_assigned(state)
    if state.settings.version < 3:  # version 2 skipped another branch's assignment (224)
        assigned = assigned and amends_at_the_deal(state)
    state.phase = "assign" if assigned else "path"
    state.turn = 0


def amendment_problem(state: CrusoeState, order: Order) -> str | None:
    try:
        the_chart = chart(state)
        vocabulary = hybrid.chart_vocabulary(tasks(state))
        amend(the_chart, parse_amendment(order.name, the_chart, vocabulary))
    except ChartError as error:
        return f"Bureaucracy, an amendment to one box of the flow chart: {error}"
    return None


def on_amend(state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events) -> None:
    state.turn = 1
    if order.word == "pass":
        return
    state.chart_motion = order.name
    state.ask, state.waiting = "amend-ballot", tuple(seen(state))  # Exile: not (ruling 280)
    if events is not None:
        events.append(
            Event(
                "amendment",
                f"{seat}, the first player, moves an amendment to the chart: {order.name}.",
                data={"seat": seat, "amendment": order.name},
            )
        )


def on_amend_ballot(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events
) -> None:
    """Seed: "if it receives a unanimous vote it passes": every vote cast yes. In Class
    Warfare Capitalism a player with no Diamond has no vote, so his ballot is not counted
    (ruling 74)."""
    ayes = [s for s in state.living() if s in orders and orders[s].word == "yes"]
    voters = [s for s in orders if classwar.votes(state, s) > 0]
    passed = bool(voters) and all(s in ayes for s in voters)
    text = state.chart_motion
    if passed:
        the_chart = chart(state)
        vocabulary = hybrid.chart_vocabulary(tasks(state))
        state.chart = amend(the_chart, parse_amendment(text, the_chart, vocabulary)).to_text()
    state.chart_motion = ""
    if events is not None:
        verdict = "passes" if passed else "fails"
        events.append(
            Event(
                "amendment",
                f"The amendment {verdict}, {len(ayes)} of {len(orders)} for (yes: "
                f"{', '.join(ayes) or 'none'}).",
                data={"amendment": text, "yes": ayes, "passed": passed, "chart": state.chart},
            )
        )


# -- bots ---------------------------------------------------------------------------------------


def bot_box(case: str, cycle: int, number: int) -> Order:
    """A box that decides the case at hand: this cycle's, the number given (or, for an heir,
    the lowest VP with ties by dice), brought into the task's range (a path 0-7, a rent at
    least 1, which both Rent Control and Government Ownership allow)."""
    if "(choose a player)" in case:
        return Order("box", name=f"if cycle == {cycle}: lowest player.vp, ties by dice")
    if case.startswith("paths"):
        number %= PATH_NUMBERS[1] + 1
    if case.startswith("rents"):
        number = max(number, 1)
    path = re.match(rf"purchase_limits \({BY_PATH}\) for [a-z]+\.([a-z_]+),", case)
    if path:  # a path's limit: this path's walkers only, so the goods' own limits stand (290)
        return Order("box", name=f"if cycle == {cycle} and path.{path.group(1)}: {number}")
    return Order("box", name=f"if cycle == {cycle}: {number}")


def default_box(state: CrusoeState) -> Order:
    """The deadline passes on the first player (ruling 75): the box of the policy in force
    before any decision, this cycle only: no reward, a burden of 1; an heir, the lowest VP."""
    case = case_text(state)
    if case.startswith("minimum_wage"):  # before the government's first: the package (47)
        return bot_box(case, state.cycle, package_wage(state))
    if case.startswith(("wages", "prices")):  # the plan before the first: $10 (ruling 54)
        return bot_box(case, state.cycle, 10)
    if case.startswith("purchase_limits"):  # ... and no limit: more than anyone could buy
        return bot_box(case, state.cycle, MAX_DOLLARS)
    if case.startswith("paths"):  # no assignment: each chooses his own (ruling 102)
        return bot_box(case, state.cycle, 0)
    return bot_box(case, state.cycle, 0 if case.startswith("radio_reward") else 1)


def package_wage(state: CrusoeState) -> int:
    """The seed's package (or the table's, ruling 83) at this cycle's prices."""
    package = state.settings.wage_package or PACKAGE
    return minimum_wage(state.prices, state.funds, package).amount
