"""The Consequences Phase narrations as a channel (Ruling 31), over random games of bots.

Every faction narrates everything it may (each failure it caused, every asset its
increase decisions may feed), each narration a unique marker. Then, step by step:

- a failure narration never reaches a faction that was not told the action at all;
- it never reaches the attackers of a deceived hidden infiltration (they read a
  success), unless the defender chose ``reveal`` for that very attack (a ``reveal`` of
  another attack on the same target lets nothing through: Ruling 33);
- an increase narration reaches only those who see the asset at the end of the turn;
- the record, narrations included, replays exactly.
"""

from __future__ import annotations

import json
import re
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from sealed.core.game import resolve_options
from sealed.core.match import Match, bot_rng, replay
from sealed.games.factionrpg import GAME
from sealed.games.factionrpg.consequences import increase_places
from sealed.games.factionrpg.orders import Answers, Narration
from sealed.games.factionrpg.posts import told
from sealed.games.factionrpg.state import FactionState

tables = st.tuples(
    st.integers(0, 2**32),
    st.lists(st.sampled_from(sorted(GAME.bots)), min_size=2, max_size=5),
    st.integers(1, 5),
)


def _narrations(state: FactionState, seat: str) -> tuple[Narration, ...]:
    """Everything ``seat`` may narrate now (the test reads the GM's state to find it)."""
    assert state.pending is not None
    failures = {
        (a, t): Narration(a, t, f"FAIL-{seat}-{a}-{t}-{state.turn}")
        for f, a, t, _ in state.pending.failures
        if f == seat
    }
    places = {
        n
        for d in state.pending.decisions
        if d.faction == seat and d.kind == "increase"
        for n in increase_places(state, d)
    }
    gains = [Narration(None, n, f"GAIN-{seat}-{n}-{state.turn}") for n in sorted(places)]
    return tuple(
        sorted([*failures.values(), *gains], key=lambda n: (n.action or "", n.target.lower()))
    )


def _decision_number(record: dict[str, Any]) -> int | None:
    """The defender's decision a failed hidden infiltration asked for, as the defender was
    told it ("choose its outcome (decision N)"): read from the words, not matched the way
    the rules match it, so the oracle does not share the code it checks."""
    found = re.search(r"\(decision (\d+)\)", str(record.get("told_defender") or ""))
    return int(found.group(1)) if found and record.get("deceived") else None


def _check(match: Match[Any, Any, Any], before: FactionState, answers: dict[str, Any]) -> None:
    state: FactionState = match.state
    assert before.pending is not None
    events = match.steps[-1].events
    read = {
        s: json.dumps([t.text for e in events if (t := e.told(s)) is not None]) for s in state.seats
    }
    # Each choice is for its own attack (the seed: the owner "chooses one of these results
    # for the attack"), so it is keyed by the decision, never by the target: two attacks on
    # one asset may be one revealed and one deceived (Ruling 33).
    chosen: dict[tuple[str, int | None], str] = {
        d.key: next((a.word for a in answers[d.faction].answers if a.number == d.number), "deceive")
        for d in before.pending.decisions
        if d.kind == "defend"
    }
    # One narration per (faction, action, target): it goes with every failed action of that
    # description, so a reader is allowed if it may read the failure of any one of them.
    allowed: dict[str, set[str]] = {}
    for faction, action, target, number in before.pending.failures:
        marker = f"FAIL-{faction}-{action}-{target}-{before.turn}"
        record = next(r for r in before.pending.reports if r["number"] == number)
        attackers = {p["owner"] for p in record["participants"]}
        revealed = chosen.get((record["owner"], _decision_number(record))) == "reveal"
        allowed.setdefault(marker, set()).update(
            seat
            for seat in state.seats
            if told(record, seat) is not None
            and not (record.get("deceived") and seat in attackers and not revealed)
        )
    for marker, readers in allowed.items():
        for seat in state.seats:
            if marker in read[seat]:
                assert seat in readers, f"{marker} reached {seat}, who may not read it"
    for order in answers.values():
        for narration in order.narrations:
            if narration.action is not None or narration.target not in state.assets:
                continue
            for seat in state.seats:
                if narration.text in read[seat]:
                    assert state.sees(seat, narration.target), (
                        f"{narration.text} reached {seat}, who cannot see {narration.target}"
                    )


@settings(max_examples=40, deadline=None)
@given(tables)
# Found by Hypothesis: f1 and f3 each infiltrate f2 as a whole, both fail; f2 reveals
# f1's and deceives f3's and narrates 'infiltrate f2' once (Ruling 33).
@example((2, ["random", "random", "random", "steward", "random"], 2))
def test_narrations_reach_only_those_the_rules_allow_and_replay(table: Any) -> None:
    seed, bots, turns = table
    seats = [f"f{i}" for i in range(len(bots))]
    options = resolve_options(GAME.options, {"turns": turns, "space": 8 * len(bots) + 4})
    match = Match.new(GAME, seats, options, seed=seed)
    players = {seat: GAME.bots[name]() for seat, name in zip(seats, bots, strict=True)}
    rngs = {seat: bot_rng(seed, seat) for seat in seats}
    while match.result() is None:
        before: FactionState = match.state.copy()
        answers: dict[str, Any] = {}
        for seat in match.waiting_for():
            view = GAME.view(match.state, seat)
            order = players[seat].choose(view, match.prompts()[seat], rngs[seat])
            if isinstance(order, Answers):
                order = Answers(order.answers, _narrations(match.state, seat))
                answers[seat] = order
            match.seal_order(seat, order)
        if match.pending:  # the Consequences Phase waits for its deadline (Ruling 32)
            match.close()
        if answers:
            _check(match, before, answers)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
    assert [e.to_json() for e in again.events] == [e.to_json() for e in match.events]
