"""The table both adapters drive: action ids in, orders out, bad ids refused without change."""

from __future__ import annotations

import numpy as np
import pytest

from sealed.adapters.table import IllegalActionError, Table, load, payoffs
from sealed.core.chance import SeededChance
from sealed.core.game import Result


def goofspiel_table() -> Table:
    game, seats, options, encoding = load("goofspiel", 2, {"num_cards": 3})
    return Table(game, encoding, seats, game.initial_state(seats, options, SeededChance(1)))


def test_numpy_integers_are_action_ids() -> None:
    table = goofspiel_table()
    orders = table.act({"player_0": np.int64(2), "player_1": np.int32(0)})
    assert orders is not None
    assert {seat: table.game.format(order) for seat, order in orders.items()} == {
        "player_0": "bid 3",
        "player_1": "bid 1",
    }


@pytest.mark.parametrize("bad", [1.5, "2", None, -1, 99])
def test_what_is_not_a_legal_action_id_is_refused_and_changes_nothing(bad: object) -> None:
    table = goofspiel_table()
    with pytest.raises(IllegalActionError, match=r"player_0: action .* is not legal now"):
        table.act({"player_0": bad, "player_1": 0})
    assert table.sealed == {} and table.drafts == {}


def test_a_seat_left_out_waits_and_a_seat_asked_must_act() -> None:
    table = goofspiel_table()
    with pytest.raises(IllegalActionError, match="player_1: no action given, and it must decide"):
        table.act({"player_0": 0})


def test_payoffs_share_a_win_and_pay_nobody_when_nobody_wins() -> None:
    seats = ("a", "b", "c")
    assert payoffs(Result(("a",), {}, ""), seats) == {"a": 1.0, "b": 0.0, "c": 0.0}
    assert payoffs(Result(("a", "c"), {}, ""), seats) == {"a": 0.5, "b": 0.0, "c": 0.5}
    assert payoffs(Result((), {}, ""), seats) == {"a": 0.0, "b": 0.0, "c": 0.0}
