"""The government of an advanced scenario, applied in place: National Capitalism's policy
under an Athenian Democracy.

"At the beginning of each cycle, before the turn order is determined, the government must
establish how much money will be paid for each Radio Signal of any given type ... It must
at that time also declare how much each player (as distinguished by path chosen or some
other game criteria) has as his tax burden." Athenian Democracy: "Any time the government
must make a decision, the players vote, with each player having one vote."

Ruling 30: the living propose in seat order, starting one seat further on each cycle
(there is no turn order yet); each proposal (``policy reward 10 burden 4 firefly 0``) is
put to a sealed ``yes`` / ``no`` vote of all the living, and more than half yes carries
it. A proposer may ``pass``. If no proposal carries, the policy in force stays (before the
first decision: no reward, a burden of 1 on every path). The government's other task, the
goods of a player who dies of hunger or thirst, is the basic game's vote (ruling 10),
which is already one vote each.

Under a Dictatorship (``rulers.py``) the Dictator alone is asked for the policy and it is in
force at once (``pass`` keeps the policy in force).
"""

from __future__ import annotations

from collections.abc import Mapping

from sealed.core.chance import Chance
from sealed.core.events import Event
from sealed.games.crusoe import bureaucracy, classwar, hybrid, rulers
from sealed.games.crusoe.cycle import deal_turn_order
from sealed.games.crusoe.modules import punishments
from sealed.games.crusoe.orders import Order, format_order
from sealed.games.crusoe.state import FREQUENCIES, CrusoeState

Events = list[Event] | None


def proposers(state: CrusoeState) -> list[str]:
    """The living in seat order, starting one seat further on each cycle; under a
    Dictatorship the Dictator alone (in a hybrid, for the ruled branch's part)."""
    ruler = _part_ruler(state)
    if ruler is not None:
        return [ruler]
    living = [s for s in state.living() if punishments.in_market(state, s)]  # no exile (210)
    if not living:
        return []
    start = (state.cycle - 1) % len(living)
    return living[start:] + living[:start]


def policy_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    """The next proposer is asked; when all have had their turn the policy in force stays."""
    if _split(state):
        _part_phase(state, chance, events)
        return
    seats = proposers(state)
    if state.turn < len(seats):
        state.ask, state.waiting = "policy", (seats[state.turn],)
        return
    text = f"No proposal carries: the policy stays ({describe(state.policy)})."
    _policy_set(state, chance, events, text, carried=False)


def on_policy(state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events) -> None:
    if order.word == "pass":
        state.turn += 1
        if events is not None:
            events.append(Event("proposal", f"{seat} makes no proposal.", data={"seat": seat}))
        return
    terms = dict(order.terms)
    state.motion = {
        "reward": {f: terms[f] for f in FREQUENCIES},
        "burden": {p: n for p, n in terms.items() if p not in FREQUENCIES},
    }
    if _split(state):  # a hybrid's branch decides its own part of the policy only
        keys = _keys(_part(state)[1])
        state.motion = {k: v for k, v in state.motion.items() if k in keys}
    if _decider(state) == seat:  # "Whenever the government must make a decision he makes it"
        _decree(state, seat, order, chance, events)
        return
    voters = [s for s in state.living() if punishments.in_market(state, s)]  # no exile (210)
    state.ask, state.waiting = "ballot", tuple(voters)
    if events is not None:
        events.append(
            Event(
                "proposal",
                f"{seat} proposes: {describe(state.motion)} ({format_order(order)}).",
                data={"seat": seat, "motion": copy_terms(state.motion)},
            )
        )


def on_ballot(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events
) -> None:
    """One vote each; more than half of the votes cast yes carries the motion."""
    if not count_ballot(state, orders, "proposal", events):
        state.motion = {}
        state.turn += 1
        return
    if _split(state):
        _part_set(state, events, "carried by vote")
        return
    state.policy, state.motion = state.motion, {}
    text = f"The government's policy this cycle: {describe(state.policy)}."
    _policy_set(state, chance, events, text, carried=True)


def count_ballot(
    state: CrusoeState, orders: Mapping[str, Order], motion: str, events: Events
) -> bool:
    """Whether more than half of the votes cast are yes, one vote each; the count is told to
    all. ``motion`` names what was voted on (the proposal, the plan). The policy's ballot and
    the socialist plan's are counted alike."""
    ayes = [s for s in state.living() if s in orders and orders[s].word == "yes"]
    # Class Warfare Capitalism: a vote per Diamond held (classwar.votes); elsewhere one each
    yes = sum(classwar.votes(state, s) for s in ayes)
    cast = sum(classwar.votes(state, s) for s in orders)
    carried = yes * 2 > cast
    if events is not None:
        events.append(
            Event(
                "ballot",
                f"The {motion} is {'carried' if carried else 'defeated'}, {yes} votes to "
                f"{cast - yes} (yes: {', '.join(ayes) or 'none'}).",
                data={"yes": ayes, "carried": carried},
            )
        )
    return carried


def _decree(state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events) -> None:
    if _split(state):
        _part_set(state, events, f"decreed by the {rulers.title(state, seat)} {seat}")
        return
    state.policy, state.motion = state.motion, {}
    text = (
        f"The {rulers.title(state, seat)} {seat} decrees the policy this cycle: "
        f"{describe(state.policy)} ({format_order(order)})."
    )
    _policy_set(state, chance, events, text, carried=True, ruler=seat)


def _policy_set(
    state: CrusoeState, chance: Chance, events: Events, text: str, **data: object
) -> None:
    """The policy in force this cycle is told to all (``text``, with the policy and ``data``),
    however it was set; then the turn order is dealt."""
    if events is not None:
        events.append(Event("policy", text, data={"policy": copy_terms(state.policy), **data}))
    state.turn = 0
    deal_turn_order(state, chance, events)


def describe(policy: Mapping[str, Mapping[str, int]]) -> str:
    """``$10 per Citizen Band signal, ...; tax burden ant 1, ...``."""
    reward = policy.get("reward", {})
    burden = policy.get("seats") or policy.get("burden", {})  # a chart's burden per player
    rewards = ", ".join(f"{f} ${n}" for f, n in reward.items())
    burdens = ", ".join(f"{p} {n}" for p, n in burden.items())
    if "reward" not in policy or "burden" not in policy:  # a hybrid branch's part (ruling 69)
        return "; ".join(
            part
            for part, given in (
                (f"reward per signal {rewards}", reward),
                (f"tax burden {burdens}", burden),
            )
            if given
        )
    return f"reward per signal {rewards}; tax burden {burdens}"


def copy_terms(policy: Mapping[str, Mapping[str, int]]) -> dict[str, dict[str, int]]:
    """A copy of a policy or a plan (terms by key) that later changes to it do not reach."""
    return {key: dict(terms) for key, terms in policy.items()}


# -- a Bureaucracy or a Constitutional Hybrid: the policy decided part by part ----------------


def _split(state: CrusoeState) -> bool:
    """The policy is decided part by part (each by its branch, or by the chart)."""
    return state.settings.government in ("bureaucracy", "hybrid")


def _part(state: CrusoeState) -> tuple[str, tuple[str, ...]]:
    """The form deciding now and its tasks (one part for all unless the tasks' forms differ)."""
    parts = hybrid.policy_parts(state.settings.government, state.settings.government_branches)
    return parts[min(state.branch, len(parts) - 1)]


def _part_ruler(state: CrusoeState) -> str | None:
    """The living ruler who decides the part now: the Dictator's or the President's branch
    (with two rulers, each his own: ruling 196); none for a vote or a chart."""
    form = _part(state)[0]
    return rulers.ruler_of(state, form) if form in rulers.RULED else None


def _decider(state: CrusoeState) -> str | None:
    """Who decrees a proposal alone: the part's own ruler. Version 2 (releases up to e3df240)
    let a hybrid's one ruler decree whatever he proposed, a voted branch's part too, when his
    seat was that branch's first proposer; its games keep that, so their records replay."""
    if state.settings.version < 3:
        return rulers.ruler(state)
    return _part_ruler(state)


def _keys(tasks: tuple[str, ...]) -> set[str]:
    """The policy's terms a part sets: the reward per frequency, the burden per path."""
    names = {"radio_reward": "reward", "tax_burden": "burden"}
    return {names[t] for t in tasks if t in names}


def _part_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    """Each part in turn: the chart decides its own (ruling 66), a ruler decrees, the living
    propose and vote; then the policy is told to all, the turn order dealt and, under a
    Bureaucracy, the first player may move an amendment."""
    parts = hybrid.policy_parts(state.settings.government, state.settings.government_branches)
    if state.branch >= len(parts):
        state.branch = 0
        text = f"The government's policy this cycle: {describe(state.policy)}."
        _policy_set(state, chance, events, text, carried=True)
        if bureaucracy.tasks(state):
            state.phase = "amend"
        return
    form, tasks = parts[state.branch]
    if form == "bureaucracy":
        if bureaucracy.decide_policy(state, tasks, events):
            state.branch, state.turn = state.branch + 1, 0
        return
    seats = proposers(state)
    if state.turn < len(seats):
        state.ask, state.waiting = "policy", (seats[state.turn],)
        return
    if events is not None:
        events.append(
            Event(
                "branch",
                f"No proposal on {' and '.join(tasks)} carries: it stays as in force.",
                data={"tasks": list(tasks), "carried": False},
            )
        )
    state.branch, state.turn = state.branch + 1, 0


def _part_set(state: CrusoeState, events: Events, how: str) -> None:
    """A branch's part of the policy is in force; the next part is decided."""
    form, tasks = _part(state)
    if "burden" in state.motion:
        state.policy.pop("seats", None)
    state.policy = {**state.policy, **state.motion}
    state.motion = {}
    if events is not None:
        events.append(
            Event(
                "branch",
                f"{' and '.join(tasks)} ({form}), {how}: {describe(state.policy)}.",
                data={"tasks": list(tasks), "form": form, "carried": True},
            )
        )
    state.branch, state.turn = state.branch + 1, 0
