"""The notation: the seed's fieldsets and the one-line form read alike; the canonical text
reads back to the same order (narrations included); arbitrary posts are read or refused
in one short line."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.chance import SeededChance
from sealed.core.errors import OrderError
from sealed.core.game import resolve_options
from sealed.games.factionrpg import GAME
from sealed.games.factionrpg.orders import AssetOrder, TurnOrders
from sealed.games.factionrpg.state import FactionState

SEATS = ["Red", "Blue", "Green"]


def state() -> FactionState:
    options = resolve_options(GAME.options, {})
    return GAME.initial_state(SEATS, options, SeededChance(1))


def test_fieldset_and_one_line_forms_read_alike() -> None:
    post = (
        "[fieldset=red-military ATTACK (DAMAGE) blue-military (WITH green) "
        "(TRANSFER TO blue)]\n\n[spoiler=Result]x[/spoiler][/fieldset]"
    )
    line = "Red-Military damage Blue-Military with Green transfer to Blue"
    assert GAME.parse(state(), "Red", post) == GAME.parse(state(), "Red", line)
    assert GAME.parse(state(), "Red", line) == TurnOrders(
        (AssetOrder("Red-Military", "damage", "Blue-Military", ("Green",), "Blue"),)
    )


def test_narrations_round_trip_through_the_canonical_fieldset() -> None:
    post = (
        "[fieldset=Red-Agents Attack(Infiltrate) Blue]\nWe listen at doors.\n\n***\n"
        "Footsteps in the night.\n[spoiler=Result]The GM will put the result of the action "
        "here.[/spoiler][/fieldset]"
    )
    order = GAME.parse(state(), "Red", post)
    assert isinstance(order, TurnOrders)
    assert order.actions[0].narration == "We listen at doors."
    assert order.actions[0].unseen == "Footsteps in the night."
    assert GAME.parse(state(), "Red", GAME.format(order)) == order


PIECES = st.sampled_from(
    [
        "[fieldset=",
        "[/fieldset]",
        "[spoiler=Result]",
        "[/spoiler]",
        "***",
        "\n",
        " ",
        "Red-Military",
        "Red-Agents",
        "Blue-Military",
        "Blue-Agents",
        "Blue",
        "Green",
        "damage",
        "Attack(Infiltrate)",
        "DEFEND(SHROUD)",
        "enhance",
        "Red-New",
        "WITH",
        "TRANSFER TO",
        "openly",
        "share",
        "pass",
        "(",
        ")",
        "]",
        ",",
        "ü",
        "x" * 300,
        "y" * 5000,
    ]
)


@settings(max_examples=400)
@given(st.one_of(st.lists(PIECES, max_size=30).map("".join), st.text(max_size=300)))
def test_any_post_is_read_or_refused_briefly(text: str) -> None:
    start = state()
    try:
        order = GAME.parse(start, "Red", text)
    except OrderError as error:
        assert len(str(error)) <= 600
        assert "Traceback" not in str(error)
        return
    canonical = GAME.format(order)
    assert GAME.parse(start, "Red", canonical) == order
    GAME.validate(start, "Red", order)


def test_a_refusal_never_names_a_hidden_asset_it_cannot_see() -> None:
    for text in ("Red-Military damage Blue-Agent", "Red-Military infiltrate Blue-Agnts"):
        try:
            GAME.parse(state(), "Red", text)
        except OrderError as error:
            assert "Blue-Agents" not in str(error)
        else:
            raise AssertionError(f"{text!r} was accepted")
