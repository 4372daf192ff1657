"""The running-lead tally of ``sealed sim``: a step whose scores repeat the last step's is
tallied from the last entries (in play_one, counted and repeated at the next change), and
that shortcut changes nothing."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from sealed.core.game import resolve_options
from sealed.core.registry import get_game
from sealed.lab.sim import _Lead, play_one

SEATS = ("a", "b", "c")
scores = st.lists(
    st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=30
)


def tally(steps: list[tuple[int, int, int]], shortcut: bool) -> tuple[object, ...]:
    lead = _Lead()
    for step in steps:
        if not shortcut:
            lead.last = None  # every step computed in full
        lead.update(dict(zip(SEATS, step, strict=True)))
    return (
        lead.leader,
        lead.changes,
        lead.ever_behind,
        lead.history,
        lead.best,
        lead.margins,
        lead.halftime_leader_won(("a",)),
    )


@given(steps=scores, repeats=st.lists(st.integers(1, 3), min_size=30, max_size=30))
def test_repeated_scores_tally_as_if_computed(
    steps: list[tuple[int, int, int]], repeats: list[int]
) -> None:
    # Each step's scores said one to three times in a row, as in a game where most
    # steps move no points.
    played = [step for step, times in zip(steps, repeats, strict=False) for _ in range(times)]
    assert tally(played, shortcut=True) == tally(played, shortcut=False)


def test_a_mapping_changed_after_it_was_tallied_is_not_taken_for_a_repeat() -> None:
    lead = _Lead()
    live = {"a": 1, "b": 0}
    lead.update(live)
    live["b"] = 2  # a game that hands out one mapping and changes it
    lead.update(live)
    assert lead.history == ["a", "b"] and lead.best == [1.0, 2.0] and lead.changes == 1


def counted_plainly(steps: list[tuple[int, int, int]]) -> tuple[object, ...]:
    """The tally as its definition reads: leaders, runner-up, who was ever behind."""
    leader, changes, behind = None, 0, set()
    history: list[str | None] = []
    best_scores: list[float] = []
    margins: list[float] = []
    for step in steps:
        scores = dict(zip(SEATS, step, strict=True))
        best = max(scores.values())
        leaders = [seat for seat, score in scores.items() if score == best]
        behind |= {seat for seat, score in scores.items() if score < best}
        others = [score for score in scores.values() if score < best]
        second = best if len(leaders) > 1 or not others else max(others)
        history.append(leaders[0] if len(leaders) == 1 else None)
        best_scores.append(float(best))
        margins.append(float(best - second))
        if len(leaders) == 1:
            changes += leader is not None and leaders[0] != leader
            leader = leaders[0]
    return leader, changes, behind, history, best_scores, margins


@given(steps=scores)
def test_the_tally_is_its_definition(steps: list[tuple[int, int, int]]) -> None:
    assert tally(steps, shortcut=False)[:6] == counted_plainly(steps)


class _RecordingScores:
    """A game whose every ``scores`` answer is kept (play_one asks once a step)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.seen: list[dict[str, float]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def scores(self, state: Any) -> dict[str, float]:
        scores = dict(self.game.scores(state))
        self.seen.append(scores)
        return scores


def test_play_one_tallies_every_step_as_if_computed_in_full() -> None:
    """play_one tallies only the steps whose scores changed and counts the others (held
    steps, repeated at the next change and at the end): the same entries as a tally that
    computes every step of the same games in full."""
    game = get_game("war-slayer")
    options = resolve_options(game.options, {})
    for n in range(40):
        recording: Any = _RecordingScores(game)  # a Game in all but name
        summary = play_one(recording, options, ["random", "random"], f"lead/{n}")
        lead = _Lead()
        for scores in recording.seen:
            lead.last = None
            lead.update(scores)
        assert summary.leader_scores == tuple(lead.best)
        assert summary.margins == tuple(lead.margins)
        assert summary.lead_changes == lead.changes
        assert summary.halftime_leader_won == lead.halftime_leader_won(summary.winners)
        assert summary.winner_trailed == any(w in lead.ever_behind for w in summary.winners)
        assert len(lead.best) == len(recording.seen) > 0
