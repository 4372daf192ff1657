"""Simulation statistics, on hand-made game summaries."""

from __future__ import annotations

from collections import Counter

from sealed.lab.sim import GameSummary, _Lead, summarise


def game(winners: tuple[str, ...], steps: int, halftime: bool | None, trailed: bool) -> GameSummary:
    return GameSummary(
        seed="s/0",
        bots={"seat1": "a", "seat2": "b"},
        winners=winners,
        scores={"seat1": 1, "seat2": 1},
        steps=steps,
        decisions=2 * steps,
        actions={"a": Counter(x=steps), "b": Counter(y=1)},
        lead_changes=1 if trailed else 0,
        winner_trailed=trailed,
        halftime_leader_won=halftime,
    )


def test_summary_counts_shared_wins_as_fractions() -> None:
    report = summarise(
        [
            game(("seat1",), 10, True, False),
            game(("seat1", "seat2"), 20, None, True),
            game(("seat2",), 30, False, True),
        ]
    )
    assert report.wins_by_seat == {"seat1": 1.5, "seat2": 1.5}
    assert report.wins_by_bot == {"a": 1.5, "b": 1.5}
    assert report.outcomes == {"win": 2, "shared": 1, "nobody": 0}
    assert report.length["median"] == 20 and report.length["max"] == 30
    assert sum(report.length_histogram.values()) == 3
    assert report.actions == {"a": {"x": 60}, "b": {"y": 3}}
    assert report.halftime_leader_wins == 0.5  # the game without a sole leader is left out
    assert report.games_with_lead_change == 2 / 3


def test_lead_tracks_changes_and_the_halftime_leader() -> None:
    lead = _Lead()
    for scores in ({"a": 1, "b": 0}, {"a": 1, "b": 1}, {"a": 1, "b": 2}, {"a": 3, "b": 2}):
        lead.update(scores)
    assert lead.changes == 2
    assert lead.history == ["a", None, "b", "a"]
    assert lead.halftime_leader_won(("a",)) is None  # step 2 of 4 had no sole leader
    assert lead.ever_behind == {"a", "b"}


def test_a_game_nobody_won_counts_for_nobody_and_every_seat_is_listed() -> None:
    report = summarise([game((), 10, None, False), game(("seat2",), 12, False, False)])
    assert report.outcomes == {"win": 1, "shared": 0, "nobody": 1}
    assert report.wins_by_seat == {"seat1": 0.0, "seat2": 1.0}
    assert report.wins_by_bot == {"a": 0.0, "b": 1.0}
    assert report.comebacks == 0.0


def test_everyone_losing_in_every_game_still_summarises() -> None:
    report = summarise([game((), 5, None, False)] * 3)
    assert report.outcomes["nobody"] == 3
    assert set(report.wins_by_seat.values()) == {0.0}
    assert report.halftime_leader_wins == 0.0  # no game had a sole leader: the share is empty


def test_rex_furum_counts_actions_not_combinations_and_lasts_its_rounds() -> None:
    from sealed.core.game import resolve_options
    from sealed.core.registry import get_game
    from sealed.games.rex_furum.orders import ACTION_WORDS
    from sealed.lab.sim import play_one

    game = get_game("rex-furum")
    summary = play_one(game, resolve_options(game.options, {}), ["random"] * 3, "s/1", check=True)
    assert summary.steps == 10 and game.length_unit == "rounds"
    words = set(summary.actions["random"])
    assert words and all(" " not in word for word in words)  # one word per action
    assert words <= {"pass", *ACTION_WORDS}


def test_game_length_is_counted_in_each_games_own_unit() -> None:
    from sealed.core.game import resolve_options
    from sealed.core.registry import get_game
    from sealed.lab.sim import play_one

    for name, unit in [("war-slayer", "missions"), ("fixem", "rounds"), ("rex-furum", "rounds")]:
        game = get_game(name)
        options = resolve_options(game.options, {})
        summary = play_one(game, options, ["random"] * game.usual_players, "s/2", check=True)
        assert game.length_unit == unit and 1 <= summary.steps <= summary.decisions
