"""A deceived hidden infiltration reads, to its attackers, exactly as a true one that
found nothing: two games that differ only in that hidden fact give the attacking faction
the same prompts, waiting lists, views (data and text) and events, step by step.

This pins, together, the review's findings 1 (a Consequences Phase for every faction,
every turn: Ruling 25), 2 (decision and action numbers per faction: Ruling 26) and
5 (the attackers' ``outcome``: Ruling 23).
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.game import resolve_options
from sealed.core.jsonable import jsonable
from sealed.core.match import Match
from sealed.games.factionrpg import GAME

SEATS = ("Red", "Blue", "Green")


def _setup(agents: int, cell: int | None, red_spec: str) -> dict[str, Any]:
    """Red's hidden Red-Agents infiltrate Blue as a whole: Blue-Cell (if any) defends with
    ``cell``; no Blue-Cell means the infiltration truly finds nothing."""
    assets: dict[str, Any] = {
        "Red-Army": {"owner": "Red", "value": 6},
        "Red-Bank": {"owner": "Red", "value": 2},
        "Red-Agents": {"owner": "Red", "value": agents, "hidden": True},
        "Blue-Fort": {"owner": "Blue", "value": 5},
        "Green-Fort": {"owner": "Green", "value": 4},
        "Green-Agents": {"owner": "Green", "value": 3, "hidden": True},
    }
    if cell is not None:
        assets["Blue-Cell"] = {"owner": "Blue", "value": cell, "hidden": True}
    specs = {"Red": red_spec, "Blue": "ambush", "Green": "ambush"}
    return {"factions": {f: {"specialization": s} for f, s in specs.items()}, "assets": assets}


def _seen_by_red(match: Match[Any, Any, Any]) -> Any:
    view = GAME.view(match.state, "Red")
    return {
        "view": jsonable(view),
        "text": GAME.render(view),
        "prompt": jsonable(match.prompts().get("Red")),
        "waiting": list(match.waiting_for()),
        "events": [jsonable(t) for e in match.events if (t := e.told("Red")) is not None],
    }


def _play(setup: dict[str, Any], script: list[tuple[str, str] | None]) -> list[Any]:
    options = resolve_options(GAME.options, {"starting_assets": "setup", "space": 100})
    match = Match.new(GAME, SEATS, options, seed=7, setup=setup)
    seen = [_seen_by_red(match)]
    for step in script:
        if step is None:
            match.close()
        else:
            match.seal(*step)
        seen.append(_seen_by_red(match))
    return seen


scripts = st.fixed_dictionaries(
    {
        "agents": st.integers(1, 5),
        "spec": st.sampled_from(["ambush", "infusion", "tactics"]),
        "enhance": st.booleans(),  # Red-Army enhance Red-Bank: with Infusion, a Red decision
        "also": st.booleans(),
        "green": st.booleans(),  # Green answers before the deadline
        "noise": st.booleans(),  # a hidden action of Green's that Red never sees
        "order": st.booleans(),  # Red answers before or after Green
        "narrates": st.booleans(),  # the deceiving defender writes a failure narration
    }
)


@settings(max_examples=40, deadline=None)
@given(scripts, st.integers(0, 6))
def test_a_deceived_attacker_reads_what_a_true_success_reads(
    draw: dict[str, Any], extra: int
) -> None:
    agents = draw["agents"]
    orders = ["Red-Agents infiltrate Blue"]
    if draw["enhance"]:
        orders.insert(0, "Red-Army enhance Red-Bank")
    elif draw["also"]:  # a true infiltration too: its findings come in the same order
        orders.insert(0, "Red-Army infiltrate Green-Fort")
    first: list[tuple[str, str] | None] = [("Red", "\n".join(orders))]
    if draw["noise"]:
        first.append(("Green", "Green-Agents enhance Green-Agents"))
    first.append(None)
    red = (
        "Red",
        "decision 1 infuse tactics" if draw["enhance"] and draw["spec"] == "infusion" else "pass",
    )
    answers: list[tuple[str, str] | None] = [red]
    if draw["green"]:
        answers.insert(0 if draw["order"] else 1, ("Green", "pass"))
    # Blue's decision is left to the deadline, which deceives (the default); with
    # "narrates", Blue writes a failure narration of the deceived infiltration (Ruling 31),
    # where in the true game it has nothing to narrate and passes.
    told: list[tuple[str, str] | None] = [("Blue", "pass")] if draw["narrates"] else []
    narrated: list[tuple[str, str] | None] = (
        [("Blue", "narrate infiltrate Blue: We saw you coming.")] if told else []
    )
    truth = _play(_setup(agents, None, draw["spec"]), [*first, *told, *answers, None])
    deceit = _play(
        _setup(agents, agents + extra, draw["spec"]), [*first, *narrated, *answers, None]
    )
    for step, (true, false) in enumerate(zip(truth, deceit, strict=True)):
        assert false == true, f"step {step}: Red can tell a deceit from the truth ({draw})"
