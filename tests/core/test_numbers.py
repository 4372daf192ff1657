"""Amounts as players write them: exact, bounded, and never guessed."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sealed.core.errors import OrderSyntaxError
from sealed.core.numbers import parse_amount


@pytest.mark.parametrize(
    ("word", "value"),
    [
        ("4000", 4000),
        ("4,000", 4000),
        ("$4,000", 4000),
        ("4k", 4000),
        ("4K", 4000),
        ("4.5k", 4500),
        ("12,345,678", 12345678),
        ("$12k", 12000),
        ("0", 0),
        ("12345678901234", 12345678901234),
    ],
)
def test_the_forms_players_write_are_read_exactly(word: str, value: int) -> None:
    assert parse_amount(word) == value


@pytest.mark.parametrize(
    ("word", "message"),
    [
        ("4.000", "for sure"),
        ("4,00", "for sure"),
        ("1,2,3", "for sure"),
        ("4.5", "for sure"),
        ("-5", "for sure"),
        ("9" * 400, "too large"),
        ("12345678901234567891", "too large"),
        ("²", "plain digits"),
        ("١٢", "plain digits"),
        ("４０００", "plain digits"),
        ("4.5555k", "for sure"),
    ],
)
def test_ambiguous_foreign_or_huge_numbers_are_refused(word: str, message: str) -> None:
    with pytest.raises(OrderSyntaxError, match=message) as refused:
        parse_amount(word)
    assert len(str(refused.value)) < 200


@given(st.integers(0, 10**14 - 1))
def test_every_whole_number_reads_back_in_every_form(value: int) -> None:
    assert parse_amount(str(value)) == value
    assert parse_amount(f"{value:,}") == value
    assert parse_amount(f"${value:,}") == value


@given(st.text(max_size=40))
def test_any_text_is_a_number_or_one_short_refusal(word: str) -> None:
    try:
        value = parse_amount(word)
    except OrderSyntaxError as error:
        assert len(str(error)) < 200
    else:
        assert 0 <= value < 10**15
