"""War Slayer V notation: canonical text round-trips, and any spelling reads the same."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sealed.core.errors import OrderSyntaxError
from sealed.games.war_slayer.orders import Decide, Place, format_order, parse_order, placed
from sealed.games.war_slayer.state import DECK, Card, Row

CARDS = st.sampled_from(DECK)
PLACES = st.builds(
    lambda row, cards: Place(row, (cards[0], cards[1], cards[2])),
    st.sampled_from(list(Row)),
    st.lists(CARDS, min_size=3, max_size=3, unique=True),
)
ORDERS = st.one_of(PLACES, st.builds(Decide, st.booleans()))


@given(ORDERS)
def test_canonical_text_round_trips(order: Place | Decide) -> None:
    assert parse_order(format_order(order)) == order


@given(PLACES, st.sampled_from([str.lower, str.upper, str.title]), st.sampled_from([" ", ", "]))
def test_case_and_separators_do_not_matter(order: Place, case: object, sep: str) -> None:
    words = [order.row.value, *(c.code.replace("10", "T") for c in order.cards)]
    text = sep.join(case(w) for w in words)  # type: ignore[operator]
    assert parse_order(text) == order


@pytest.mark.parametrize("code", ["AS", "10H", "TH", "th", "qd", "7C"])
def test_cards_parse(code: str) -> None:
    assert Card.parse(code).code == code.upper().replace("T", "10")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("theater AS 1H 2C", "'1H' is not a card"),
        ("dossier AS", "got 1 card(s)"),
        ("continu", "did you mean 'continue'"),
        ("withdraw 2", "takes nothing after it"),
    ],
)
def test_syntax_errors_explain(text: str, message: str) -> None:
    with pytest.raises(OrderSyntaxError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_order(text)


@given(PLACES)
def test_placed_builds_the_same_value_as_place(order: Place) -> None:
    """The simulations' constructor (slots set through their descriptors) makes the value
    Place makes: equal, the same hash and fields, still frozen."""
    fast = placed(order.row, order.cards)
    assert type(fast) is Place and fast == order and hash(fast) == hash(order)
    assert (fast.row, fast.cards) == (order.row, order.cards)
    with pytest.raises(AttributeError):
        fast.row = Row.THEATER  # type: ignore[misc]
