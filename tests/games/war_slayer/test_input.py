"""War Slayer V input from players and game masters (issue 8): ``T`` for ten, the table's
shuffle, the setups that used to crash, and misspelt orders in an email."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from sealed.cli import cli
from sealed.core.chance import ChanceRequest, parse_table_answer
from sealed.core.errors import ChanceError, OrderSyntaxError
from sealed.core.game import resolve_options
from sealed.core.match import Match, salvage_orders
from sealed.games.war_slayer import GAME
from sealed.games.war_slayer.orders import Place, format_order, parse_order
from sealed.games.war_slayer.state import DECK, Card, normalise_code

SEATS = ("ana", "ben")
OPTIONS = resolve_options(GAME.options, {})
CODES = [card.code for card in DECK]


@pytest.mark.parametrize("word", ["TH", "th", "Th", "10H", "10h"])
def test_the_card_reader_takes_t_for_ten(word: str) -> None:
    assert Card.parse(word).code == "10H"


def test_orders_take_t_for_ten_and_write_10() -> None:
    order = parse_order("dossier TH tc 10S")
    assert isinstance(order, Place)
    assert format_order(order) == "dossier 10H 10C 10S"


def test_a_setup_takes_t_for_ten() -> None:
    hq = [("T" + c[2:]) if c.startswith("10") else c for c in CODES]
    setup = {"players": {"ana": {"hq": hq[:26]}, "ben": {"hq": hq[26:]}}}
    match = Match.new(GAME, SEATS, OPTIONS, seed=1, setup=setup)
    held = GAME.to_json(match.state)["players"]["ana"]["hq"]
    assert "10C" in held and not any(c.startswith("T") for c in held)


def test_a_table_shuffle_reads_t_for_ten_and_names_what_is_wrong() -> None:
    # The issue: a deck typed with T was refused with "expected an ordering of the 52 items".
    request = ChanceRequest("shuffle", "shuffle the deck", items=tuple(CODES), spell=normalise_code)
    typed = " ".join(c.replace("10", "T") for c in CODES).lower()
    assert request.check(parse_table_answer(request, typed)) == CODES
    wrong = " ".join("1H" if c == "10H" else c for c in CODES)
    with pytest.raises(ChanceError) as caught:
        request.check(parse_table_answer(request, wrong))
    message = str(caught.value)
    assert "not in the set: 1H" in message and "missing (1): 10H" in message
    twice = " ".join(["2C", *CODES[:-1]])
    with pytest.raises(ChanceError, match="given twice: 2C"):
        request.check(parse_table_answer(request, twice))
    assert request.check(parse_table_answer(request, " ".join(CODES).lower())) == CODES


@pytest.mark.parametrize(
    ("setup", "fragment"),
    [
        # an HQ of 3-5 cards at the first placement: `sealed close` raised IndexError
        ("players:\n  ana: {hq: [2C, 3C, 4C]}\n  ben: {hq: ['...']}\n", "holds 3 cards"),
        ("players:\n  ana: {hq: [2C, 3C, 4C, 5C, 6C]}\n  ben: {hq: ['...']}\n", "holds 5 cards"),
        # a question with two information cards already taken: AssertionError
        (
            "phase: decide\noperation: 1\ndecider: ana\nplayers:\n"
            "  ana: {hq: ['...'], dossier: [null, null, 2C], theater: [3C, 4C, 5C]}\n"
            "  ben: {hq: ['...'], dossier: [6C, 7C, 8C], theater: [9C, 10C, 2D], "
            "claimed: [3D, 4D]}\n",
            "position 2 is taken",
        ),
    ],
)
def test_the_setups_that_crashed_are_refused_by_sealed_new(
    setup: str, fragment: str, tmp_path: Path
) -> None:
    path = tmp_path / "setup.yaml"
    path.write_text(setup, encoding="utf-8")
    game = tmp_path / "g.json"
    args = ["new", "war-slayer", "--players", "ana,ben", "--setup", str(path), "-o", str(game)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and fragment in result.output
    assert len([line for line in result.output.splitlines() if line.strip()]) == 1
    assert not game.exists()


def test_order_words_name_every_action() -> None:
    assert set(GAME.order_words) >= {"dossier", "theater", "theatre", "continue", "withdraw"}


def test_a_misspelt_order_in_an_email_refuses_the_email() -> None:
    match = Match.new(GAME, SEATS, OPTIONS, seed=1)
    with pytest.raises(OrderSyntaxError, match="nothing was sealed: line 2 'dosier"):
        salvage_orders(GAME, match.state, "ana", "Hi Ben,\ndosier AS KH 2C\nCheers")


def test_a_table_deals_the_deck_typed_with_t_for_ten() -> None:
    from sealed.core.chance import TableChance
    from sealed.core.game import resolve_options
    from sealed.core.match import Match

    typed = " ".join(c.replace("10", "T") for c in CODES)
    chance = TableChance(lambda request: typed, lambda text: None)
    match = Match.new(GAME, ["ana", "ben"], resolve_options(GAME.options, {}), chance=chance)
    assert match.start_chance[0].value == CODES  # recorded in the game's own codes
