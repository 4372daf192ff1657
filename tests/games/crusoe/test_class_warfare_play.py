"""Class Warfare Capitalism in play (classwar.py wired into the cycle): random bot games under
every government built play to the end, every dollar is accounted for by its events (the CEOs'
shares only move money), the classes after each consumption are those of the Diamonds held,
the CEOs are the living Capitalists and their blocks stay in order of elasticity, and the
record replays exactly; a sealed call reaches no other seat; Mad Jack's "Class Warfare
Capitalism (E) [roll Gov't]" row plays. The rules themselves are cases/class_warfare.yaml."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import BOTS, bot_game, check_tokens, seal_watching_the_others

from sealed.core.chance import SeededChance
from sealed.core.events import Event
from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.classwar import CAPITALIST, social_class
from sealed.games.crusoe.madjack import roll
from sealed.games.crusoe.state import ELASTICITY, CrusoeState

GOVERNMENTS = ("athenian", "dictatorship", "representative")
MONEY_EVENTS = {"print": 1, "lost": -1, "confiscate": -1, "discard": -1}


def money_change(events: list[Event]) -> int:
    return sum(
        MONEY_EVENTS[e.kind] * int(e.data["amount"]) for e in events if e.kind in MONEY_EVENTS
    )


def check_classes(state: CrusoeState) -> None:
    """The CEOs in line are the Capitalists; their blocks, end to end, are the goods in order
    of elasticity (or there is no CEO at all)."""
    ceos = [ceo for ceo, _ in state.ceos]
    capitalists = [s for s, k in state.classes.items() if k == CAPITALIST]
    assert sorted(ceos) == sorted(capitalists), (state.ceos, state.classes)
    goods = [good for _, block in state.ceos for good in block]
    assert goods in ([], list(ELASTICITY)), state.ceos


def play(seed: int, bots: tuple[str, ...], options: dict[str, Any]) -> Match[Any, Any, Any]:
    def check(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        state, events = match.state, match.steps[-1].events
        assert state.money() - before.money() == money_change(events)
        check_tokens(state)
        check_classes(state)
        for event in events:
            if event.kind == "classes":  # a reassignment: only the living have a class
                assert all(state.players[s].alive for s in state.classes)
                for seat, klass in event.data["classes"].items():
                    assert klass == social_class(before.players[seat].goods["diamond"]) or (
                        klass == social_class(state.players[seat].goods["diamond"])
                    )

    return bot_game(seed, bots, resolve_options(GAME.options, options), check)


@settings(max_examples=9, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    bots=st.permutations(BOTS),
    government=st.sampled_from(GOVERNMENTS),
)
def test_random_games_account_for_every_dollar_keep_the_classes_and_replay(
    seed: int, bots: list[str], government: str
) -> None:
    options = {"scenario": "class-warfare-capitalism", "government": government}
    match = play(seed, tuple(bots), options)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
    kinds = {e.kind for e in match.events}
    assert {"commodity", "wholesale"} <= kinds, kinds


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 150))
def test_a_sealed_call_ballot_or_list_reaches_no_other_seat_before_the_step_opens(
    seed: int, cut: int
) -> None:
    """The calls for government, the ballots weighed by Diamonds and the wholesale lists are
    sealed: sealing one changes nothing another seat is told."""
    seal_watching_the_others(
        seed,
        resolve_options(GAME.options, {"scenario": "class-warfare-capitalism"}),
        "random",
        orders=cut + 400,
        check_from=cut,
        stop=lambda order: order.word == "invoke",
    )


def test_the_first_classes_follow_the_seed_for_every_table_size() -> None:
    """One Capitalist with four Diamonds; 1/3 of the others (round off, at least one) Working
    Class with none; the rest Middle Class with one (while the bank's eight last)."""
    for players in range(2, 9):
        seats = [f"p{i}" for i in range(players)]
        options = resolve_options(GAME.options, {"scenario": "class-warfare-capitalism"})
        state = GAME.initial_state(seats, options, SeededChance(str(players)))
        counts = {k: list(state.classes.values()).count(k) for k in ("capitalist", "working")}
        assert counts["capitalist"] == 1
        working = max(1, int((players - 1) / 3 + 0.5))
        assert counts["working"] == working
        middle = players - 1 - working
        assert sum(p.goods["diamond"] for p in state.players.values()) == min(8, 4 + middle)


def test_mad_jacks_class_warfare_rolls_are_playable() -> None:
    """Every Class Warfare roll among the first seeds with a government built plays to the end."""
    played = 0
    for n in range(3000):
        config = roll(4, SeededChance(f"class-warfare/{n}"))
        if config.scenario != "class-warfare-capitalism" or config.not_built():
            continue
        match = play(n, tuple(BOTS), config.options())
        assert match.result() is not None
        played += 1
        if played == 3:
            return
    raise AssertionError(f"only {played} Class Warfare rolls were playable")
