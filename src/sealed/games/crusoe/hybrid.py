"""Which government decides which task: one form for all (``government=FORM``) or a
Constitutional Hybrid (``government=hybrid``, ``government_TASK=FORM``), and the
Bureaucracy's flow chart as given at the start (``government_chart``).

Seed, Government Types: "If a scenario has more than one task for the government to
perform, then different government types can be selected for different tasks. This is
called 'constitutional' because the powers have been formally assigned to the different
'branches' of the government." The example: "In the 'National Capitalism' scenario the
reward for producing Radio Signals might be set by Athenian Democracy, while tax burdens and
the distribution of the goods of starved players might be set by Representative Democracy."

Built for the scenarios whose government sets National Capitalism's policy (the Radio
Signal reward and the tax burdens) and disposes of a starved player's goods: three tasks,
``radio_reward``, ``tax_burden`` and ``estate``; Welfare Capitalism's minimum wage, Market
Socialism's plan, Governmental Socialism's division, and a tack-on's task (``paths``,
``rents``), also where only a tack-on brings the government. The rulings are in the manual
(66-70, 150).

Like ``rulers``, this module imports no other crusoe module, so that ``state.Settings`` can
read its options here without a cycle.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sealed.core.errors import OptionError
from sealed.core.game import OptionSpec
from sealed.games.crusoe.policy import Chart, ChartError, Vocabulary, crusoe_vocabulary, parse_chart

FORMS = ("athenian", "dictatorship", "representative", "bureaucracy")
"""The forms a hybrid's branch may take (every built government but the hybrid itself)."""
RULED = ("dictatorship", "representative")
TASKS = (
    "radio_reward",
    "tax_burden",
    "minimum_wage",
    "wages",
    "prices",
    "purchase_limits",
    "distribution",
    "paths",
    "rents",
    "estate",
)
"""The government's tasks, in the order they come up in a cycle: in National, Welfare and
Class Warfare Capitalism the policy before the turn order, and Welfare Capitalism's minimum
wage at the tax subphase (``minimum_wage=government`` only); in Market Socialism the plan
(wages, prices, purchase limits) before the turn order; in Governmental Socialism the
division of the common pool; a tack-on's task (the paths, the rents: ``TACK_ON_TASKS``);
everywhere a starved player's goods."""
TACK_ON_TASKS = ("paths", "rents")
"""A tack-on's task (ruling 150): the paths (the Paternalistic Economy; the men's under the
Matriarchal Golden Age), the rents (Rent Control, Government Ownership). A hybrid gives one to
a branch only when ``government_TASK`` names it; unnamed, the ruler decides it if the hybrid
has one, else the vote (as before the branch could be named)."""
PLAN_TASKS = ("wages", "prices", "purchase_limits")
POLICY_TASKS = ("radio_reward", "tax_burden")
TASK_KINDS: Mapping[str, str] = {
    "radio_reward": "each frequency",
    "tax_burden": "each player | each path",
    "minimum_wage": "number",
    "wages": "each good",
    "prices": "each good",
    "purchase_limits": "each good | each good and path",
    "distribution": "each player",
    "paths": "each player",
    "rents": "each path",
    "estate": "choose a player",
}
"""How a flow chart decides each task: a reward per frequency; a burden per player (as the
seed's example) or per path (as the built policy, ruling 30); the minimum wage in dollars;
Market Socialism's wage, price and purchase limit per good (a limit also per good and path:
ruling 290); Governmental Socialism's pool by a share per player (ruling 189); a tack-on's
paths, a number per player to assign, and rents, one per path (ruling 191); an heir among the
living."""


def game_tasks(options: Mapping[str, object]) -> tuple[str, ...]:
    """This game's tasks: the minimum wage only when the government sets it (ruling 56); a
    tack-on's task only in a hybrid that names its branch (ruling 150)."""
    scenario = str(options.get("scenario", ""))
    tack_on = _named_tack_on_tasks(options)
    if scenario == "governmental-socialism":
        return ("distribution", *tack_on, "estate")
    if scenario == "market-socialism":
        return (*PLAN_TASKS, *tack_on, "estate")
    if scenario not in SCENARIOS:  # a government brought by a tack-on (ruling 149)
        return (*tack_on, "estate")
    wage = str(options.get("minimum_wage", "package")) == "government"
    return (*POLICY_TASKS, *(("minimum_wage",) if wage else ()), *tack_on, "estate")


def tack_on_tasks(options: Mapping[str, object]) -> tuple[str, ...]:
    """The tasks this game's tack-ons give the government (``TACK_ON_TASKS``)."""
    gender = str(options.get("gender", "none"))
    paths = bool(options.get("paternalistic", False)) or gender == "matriarchal-golden-age"
    rents = str(options.get("landlords", "none")) in ("modern-rent-control", "government-ownership")
    return (*(("paths",) if paths else ()), *(("rents",) if rents else ()))


def _named_tack_on_tasks(options: Mapping[str, object]) -> tuple[str, ...]:
    government = str(options.get("government", ""))
    if government == "bureaucracy":
        return _chart_tack_on_tasks(options)
    if government != "hybrid":
        return ()
    return tuple(t for t in tack_on_tasks(options) if str(options.get(f"government_{t}", "") or ""))


def _chart_tack_on_tasks(options: Mapping[str, object]) -> tuple[str, ...]:
    """A Bureaucracy's tack-on tasks (ruling 191): the paths (the Paternalistic Economy, the
    Matriarchal Golden Age: refused with a Bureaucracy before), and the rents when named
    ``government_rents=bureaucracy``; not named, they go to the vote, as before the chart could
    decide them."""
    return tuple(
        t for t in tack_on_tasks(options) if t == "paths" or _named_bureaucracy(options, t)
    )


def _named_bureaucracy(options: Mapping[str, object], task: str) -> bool:
    return str(options.get(f"government_{task}", "") or "") == "bureaucracy"


SCENARIOS = (
    "national-capitalism",
    "welfare-capitalism",
    "class-warfare-capitalism",
    "governmental-socialism",
    "market-socialism",
)
"""The scenarios in which a hybrid and a Bureaucracy are built (elsewhere, when a tack-on brings
the government and names its task: rulings 149, 150, 191)."""


def chart_vocabulary(tasks: Sequence[str]) -> Vocabulary:
    """What a chart for the Bureaucracy's ``tasks`` may name."""
    return crusoe_vocabulary({t: TASK_KINDS[t] for t in tasks})


def read_chart(text: str, tasks: Sequence[str]) -> Chart:
    """The chart for ``tasks``; a decision for another task is refused (the hybrid gave it to
    another branch).

    :raises ChartError: naming the line.
    """
    return parse_chart(text, chart_vocabulary(tasks))


def default_chart(tasks: Sequence[str]) -> str:
    return "".join(
        f"{t} ({TASK_KINDS[t].split(' | ')[0]}):\n  otherwise: undecided\n\n" for t in tasks
    )


def read_options(options: Mapping[str, object], scenario: str, government: str) -> dict[str, Any]:
    """``Settings`` fields: ``government_branches`` (task -> form), ``government_chart`` (the
    chart, as the program writes it), and a hybrid's ruled branch's strength and dice.

    :raises OptionError: a form or task this scenario cannot have, a chart that does not read
        (with its line), a chart or a branch given to a government that has none, or ruled
        branches of one form whose strengths differ (ruling 69).
    """
    chart_text = str(options.get("government_chart", "") or "")
    given = [t for t in TASKS if str(options.get(f"government_{t}", "") or "")]
    history = bool(options.get("government_chart_history", False))
    if government not in ("bureaucracy", "hybrid"):
        if chart_text or history:
            which = "government_chart" if chart_text else "government_chart_history"
            raise OptionError(
                f"{which}: only a Bureaucracy has a flow chart (government {government})"
            )
        if given:
            raise OptionError(
                f"government_{given[0]}: a government per task is a Constitutional Hybrid "
                "(government=hybrid)"
            )
        return {}
    _check_scenario(options, scenario, government)
    branches = _branches(options, government)
    out: dict[str, Any] = {"government_branches": branches}
    bureau = [t for t, form in branches if form == "bureaucracy"]
    if bureau:
        out["government_chart"] = _chart(chart_text, bureau)
        out["government_chart_history"] = history  # ruling 188
    elif chart_text or history:
        which = "government_chart" if chart_text else "government_chart_history"
        raise OptionError(f"{which}: no branch of this hybrid is a Bureaucracy")
    if government == "hybrid":
        out |= _ruled_strength(options, branches)
    return out


def _check_scenario(options: Mapping[str, object], scenario: str, government: str) -> None:
    brought = government in ("hybrid", "bureaucracy") and _named_tack_on_tasks(options)
    if scenario not in SCENARIOS and not brought:
        raise OptionError(
            f"government {government}: not built yet for {scenario} (built for "
            f"{', '.join(SCENARIOS)}, and for a tack-on's task: the paths, the rents)"
        )
    tasks = game_tasks(options)
    given = [t for t in TASKS if t not in tasks and str(options.get(f"government_{t}", "") or "")]
    if given == ["minimum_wage"] and scenario != "governmental-socialism":
        raise OptionError(
            "government_minimum_wage: the government sets the minimum wage only in Welfare "
            "Capitalism with minimum_wage=government"
        )
    if given and government == "bureaucracy" and given[0] in tack_on_tasks(options):
        raise OptionError(
            f"government_{given[0]}: a Bureaucracy decides by its chart; name it bureaucracy "
            f"for the chart to set the {given[0]} (ruling 191), or leave it out for the vote"
        )
    if given and given[0] in TACK_ON_TASKS:
        raise OptionError(
            f"government_{given[0]}: no tack-on in play gives the government the {given[0]} "
            "(paths: paternalistic or gender=matriarchal-golden-age; rents: landlords "
            "modern-rent-control or government-ownership)"
        )
    if given:
        raise OptionError(
            f"government_{given[0]}: not a task of the government in {scenario} (its tasks: "
            f"{', '.join(tasks)})"
        )


def _branches(options: Mapping[str, object], government: str) -> tuple[tuple[str, str], ...]:
    """Each task's form: a Bureaucracy decides all; a hybrid's unnamed task is Athenian."""
    if government == "bureaucracy":
        given = [t for t in TASKS if str(options.get(f"government_{t}", "") or "")]
        given = [t for t in given if t not in TACK_ON_TASKS or not _named_bureaucracy(options, t)]
        if given:
            raise OptionError(
                f"government_{given[0]}: a Bureaucracy decides every task (a tack-on's by its "
                "chart only when named bureaucracy); a government per task is government=hybrid"
            )
        branches = tuple((t, "bureaucracy") for t in game_tasks(options))
    else:
        branches = tuple(
            (task, str(options.get(f"government_{task}", "") or "athenian"))
            for task in game_tasks(options)
        )
    for task, form in branches:
        if form not in FORMS:
            raise OptionError(
                f"government_{task} {form}: one of {', '.join(FORMS)} (Constitutional Hybrid: "
                "each branch one of the government types)"
            )
    return branches


def _chart(text: str, tasks: Sequence[str]) -> str:
    try:
        return read_chart(text or default_chart(tasks), tasks).to_text()
    except ChartError as error:  # "government_chart line 3: ..." (the CLI names its file)
        sep = " " if str(error).startswith("line ") else ": "
        raise OptionError(f"government_chart{sep}{error}") from None


def _ruled_strength(
    options: Mapping[str, object], branches: Sequence[tuple[str, str]]
) -> dict[str, Any]:
    """One ruler per ruled form (rulings 69, 196): the branches of one form have one strength;
    with a Dictatorship and a Representative Democracy, the Dictator's strength is
    ``government_strength`` and the President's ``president_strength``."""
    ruled = [(t, f) for t, f in branches if f in RULED]
    forms = [f for f in RULED if f in {f for _, f in ruled}]
    if len(forms) < 2:
        return _one_strength(options, ruled)
    dictator = _one_strength(options, [(t, f) for t, f in ruled if f == forms[0]])
    president = _one_strength(options, [(t, f) for t, f in ruled if f == forms[1]])
    return dictator | {
        "president_strength": president["government_strength"],
        "president_dice": president["government_dice"],
    }


def _one_strength(
    options: Mapping[str, object], ruled: Sequence[tuple[str, str]]
) -> dict[str, Any]:
    """The strength and dice of the ruler of these branches (all of one form)."""
    found = {
        (
            str(
                options.get(f"government_{t}_strength", "")
                or options.get("government_strength", "stable")
            ),
            options.get(f"government_{t}_dice", None) or options.get("government_dice", 1),
        )
        for t, _ in ruled
    }
    if len(found) > 1:
        raise OptionError(
            f"government hybrid: the {ruled[0][1]} branches differ in strength or dice; one "
            "ruler has one strength (ruling 69)"
        )
    if not found:
        return {}
    strength, dice = found.pop()
    if strength not in ("stable", "unstable", "fanatic"):
        raise OptionError(f"government_strength {strength}: one of stable, unstable, fanatic")
    if not isinstance(dice, int) or isinstance(dice, bool) or dice < 1:
        raise OptionError(f"government_dice {dice}: a whole number, at least one")
    return {"government_strength": strength, "government_dice": dice}


def form_for(government: str, branches: Sequence[tuple[str, str]], task: str) -> str:
    """The form that decides ``task``."""
    return dict(branches).get(task, government)


def ruling_form(government: str, branches: Sequence[tuple[str, str]]) -> str:
    """The form whose ruler has the military powers: the government, or a hybrid's ruled
    branch (``athenian`` when no branch has a ruler); with two rulers the Dictatorship, whose
    Dictator is ``state.ruler`` (the President is ``state.president``: ruling 196)."""
    if government != "hybrid":
        return government
    forms = {f for _, f in branches}
    return next((f for f in RULED if f in forms), "athenian")


def ruled_forms(government: str, branches: Sequence[tuple[str, str]]) -> tuple[str, ...]:
    """The offices of this government: none, one, or a Dictator's and a President's."""
    if government != "hybrid":
        return (government,) if government in RULED else ()
    forms = {f for _, f in branches}
    return tuple(f for f in RULED if f in forms)


def policy_parts(
    government: str, branches: Sequence[tuple[str, str]], tasks: Sequence[str] = POLICY_TASKS
) -> list[tuple[str, tuple[str, ...]]]:
    """The policy's (or the plan's) tasks grouped by the form that decides them, in order: one
    part when one form decides them all (a proposal then names every term together)."""
    parts: list[tuple[str, tuple[str, ...]]] = []
    for task in tasks:
        form = form_for(government, branches, task)
        if parts and parts[-1][0] == form:
            parts[-1] = (form, (*parts[-1][1], task))
        else:
            parts.append((form, (task,)))
    return parts


def _branch_specs(task: str) -> tuple[OptionSpec, ...]:
    unnamed = "the hybrid's ruler, else the vote" if task in TACK_ON_TASKS else "athenian"
    chart = "; with government=bureaucracy, bureaucracy: its chart (191)" if task == "rents" else ""
    return (
        OptionSpec(
            f"government_{task}",
            "",
            f"a Constitutional Hybrid (government=hybrid): the government deciding {task} "
            f"({', '.join(FORMS)}; not given: {unnamed}){chart}",
            choices=("", *FORMS),
        ),
        OptionSpec(
            f"government_{task}_strength",
            "",
            f"a hybrid: the strength of the ruler deciding {task} (not given: government_strength)",
            choices=("", "stable", "unstable", "fanatic"),
        ),
        OptionSpec(
            f"government_{task}_dice",
            0,
            f"a hybrid: an unstable ruler's dice, deciding {task} (0: government_dice)",
            minimum=0,
        ),
    )


OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "government_chart",
        "",
        "a Bureaucracy's flow chart as text (sealed new crusoe --chart FILE reads it from a "
        "file); not given: every decision 'otherwise: undecided', so the first player decides "
        "and extends it",
    ),
    OptionSpec(
        "government_chart_history",
        False,
        "a Bureaucracy's chart reads every cycle's paths (player.path_ago.N, "
        "player.paths_walked: ruling 188); off: only last cycle's, and such a box goes to the "
        "first player (ruling 70)",
    ),
    *(spec for task in TASKS for spec in _branch_specs(task)),
)
"""The Bureaucracy's and the hybrid's options (game.OPTIONS)."""
