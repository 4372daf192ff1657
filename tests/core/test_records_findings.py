"""Core messages a new user read as Python (walkthrough findings 8, 9, 16): table dice are
asked for as dice, a refused email line quotes the rule's words (not their repr), and an
option's type is named in words."""

from __future__ import annotations

import pytest

from sealed.core.chance import TableChance
from sealed.core.errors import OptionError, OrderSyntaxError
from sealed.core.game import OptionSpec, resolve_options
from sealed.core.match import Match, salvage_orders
from sealed.core.registry import get_game


def test_too_few_table_dice_are_asked_for_as_dice() -> None:
    answers = iter(["6", "6 2"])
    told: list[str] = []
    chance = TableChance(lambda request: next(answers), told.append)
    assert chance.dice("player moves", 2) == [6, 2]
    assert told[0].endswith("enter 2 dice, one for each: you entered 1 (6)"), told
    assert "list" not in told[0] and "[" not in told[0]


def test_one_die_is_asked_for_in_the_singular() -> None:
    answers = iter(["3 4", "5"])
    told: list[str] = []
    assert TableChance(lambda request: next(answers), told.append).dice("d", 1) == [5]
    assert "enter 1 die: you entered 2 (3 4)" in told[0]


def test_a_refused_email_line_quotes_the_rule_in_its_own_words() -> None:
    game = get_game("war-slayer")
    match = Match.new(game, ["ana", "ben"], resolve_options(game.options, {}), seed=1)
    with pytest.raises(OrderSyntaxError) as refused:
        salvage_orders(game, match.state, "ana", "Hi GM\ntheater 7H 6S JC\nThanks")
    message = str(refused.value)
    assert "\\'" not in message, message  # a repr showed the rule's own quotes as \'
    assert message.startswith(
        "nothing was sealed: line 2 'theater 7H 6S JC': illegal order 'theater 7H 6S JC': "
    ), message


@pytest.mark.parametrize(
    ("default", "raw", "words"),
    [(3, "x", "a whole number"), (0.5, "x", "a number"), (True, "maybe", "yes or no")],
)
def test_an_option_type_is_named_in_words(default: object, raw: str, words: str) -> None:
    spec = OptionSpec("rounds", default, "how many")  # type: ignore[arg-type]
    with pytest.raises(OptionError) as refused:
        resolve_options([spec], {"rounds": raw})
    assert str(refused.value).startswith(f"option rounds: {raw!r} is not {words}")
    assert " a int" not in str(refused.value) and "float" not in str(refused.value)
