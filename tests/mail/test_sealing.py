"""The core's lenient reading as the gateway uses it: an order a mail program broke in two."""

from __future__ import annotations

import pytest
from tests.mail.world import SEATS

from sealed.core.errors import OrderSyntaxError
from sealed.core.match import Match, salvage_orders
from sealed.games.rex_furum import GAME


def state() -> object:
    return Match.new(GAME, SEATS, {}, seed=7).state


def test_an_order_split_over_two_lines_is_joined() -> None:
    orders, skipped = salvage_orders(
        GAME, state(), "ana", "Hi,\nbribe 4000\nbeta\nprotect self\nA."
    )
    assert orders == "bribe 4000 beta\nprotect self"
    assert [s.number for s in skipped] == [1, 5]


def test_a_line_that_is_an_order_by_itself_is_never_glued_to_the_one_before() -> None:
    with pytest.raises(OrderSyntaxError, match="line 2 'embezzle'"):
        salvage_orders(GAME, state(), "ana", "Hi\nembezzle\nprotect self")


def test_chatter_after_an_incomplete_order_is_not_joined_into_it() -> None:
    with pytest.raises(OrderSyntaxError, match="needs a player"):
        salvage_orders(GAME, state(), "ana", "embezzle\nsee you soon")


def test_a_line_of_punctuation_is_never_read_as_a_pass() -> None:
    # Found by tests/mail/test_fuzz.py: Rex Furum reads text without words as 'no action',
    # so '0' + '"' sealed a pass. Lines and fragments without a letter or digit are chatter.
    with pytest.raises(OrderSyntaxError, match="no orders found"):
        salvage_orders(GAME, state(), "ana", '0\n"')
    orders, skipped = salvage_orders(GAME, state(), "ana", "pass\n---")
    assert orders == "pass" and [s.text for s in skipped] == ["---"]
