"""The notation: the seed's fieldsets and the one-line form read alike; the canonical text
reads back to the same order (narrations included); arbitrary posts are read or refused
in one short line."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.chance import SeededChance
from sealed.core.errors import OrderError
from sealed.core.game import resolve_options
from sealed.core.match import salvage_orders
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


POST = """Hi GM, here are Red's orders for this turn.

[fieldset=Red-Military Attack(Damage) Blue-Military (WITH Green)]
Our soldiers march at dawn.
***
Boots in the mud.
[spoiler=Result]The GM will put the result of the action here.[/spoiler][/fieldset]

[fieldset=Red-Agents ATTACK (INFILTRATE) Blue]
We listen at doors.
[spoiler=Result]The GM will put the result of the action here.[/spoiler][/fieldset]

Thanks, and we will attack Blue's army next turn."""

FIELDSETS_ONLY = POST[POST.index("[fieldset") : POST.rindex("[/fieldset]") + len("[/fieldset]")]


def test_strict_reading_names_the_chatter_line_and_suggests_a_remark() -> None:
    """Review finding 7: the seed's format pasted with a forum remark as its last line."""
    try:
        GAME.parse(state(), "Red", POST)
    except OrderError as error:
        message = str(error)
    else:
        raise AssertionError("a line naming an action outside the fieldsets was accepted")
    assert message.startswith('line 13: "Thanks, and we will attack Blue\'s army next turn."')
    assert "did you mean it as a remark?" in message and "--lenient" in message
    assert len(message) <= 400


def test_lenient_reading_keeps_whole_fieldsets_and_lists_every_remark() -> None:
    orders, skipped = salvage_orders(GAME, state(), "Red", POST)
    assert GAME.parse(state(), "Red", orders) == GAME.parse(state(), "Red", FIELDSETS_ONLY)
    assert [(s.number, s.text) for s in skipped] == [
        (1, "Hi GM, here are Red's orders for this turn."),
        (13, "Thanks, and we will attack Blue's army next turn."),
    ]


def test_lenient_reading_refuses_a_broken_fieldset_instead_of_setting_it_aside() -> None:
    broken = POST.replace("[/fieldset]\n\nThanks", "\n\nThanks")
    try:
        salvage_orders(GAME, state(), "Red", broken)
    except OrderError as error:
        assert "not closed" in str(error)
    else:
        raise AssertionError("an unclosed fieldset was set aside as chatter")


BLOCKS = [
    "[fieldset=Red-Military damage Blue-Military]\nWe march.\n[spoiler=Result]x[/spoiler]"
    "[/fieldset]",
    "[fieldset=Red-Agents Attack(Infiltrate) Blue (WITH Green)]\nQuiet.\n***\nA shadow."
    "\n[/fieldset]",
    "[fieldset=Red-Treasury enhance Red-Mine]\n[/fieldset]",
]
CHATTER_WORDS = st.sampled_from(
    ["Thanks", "and", "we", "will", "attack", "Blue's", "army", "next", "turn", "Hi", "GM",
     "Cheers", "Green", "damage?", ",", ".", "OOC:", "lol"]
)  # fmt: skip
CHATTER = st.lists(CHATTER_WORDS, min_size=1, max_size=8).map(" ".join)


@settings(max_examples=150)
@given(st.lists(st.one_of(st.sampled_from(BLOCKS), CHATTER), min_size=1, max_size=8))
def test_lenient_posts_keep_every_fieldset_and_list_every_other_line(pieces: list[str]) -> None:
    """Fuzz: fieldsets among remarks are read whole, each remark line is either listed as
    set aside or the post is refused in one short message; nothing is dropped unseen."""
    text = "\n".join(pieces)
    start = state()
    try:
        orders, skipped = salvage_orders(GAME, start, "Red", text)
    except OrderError as error:
        assert len(str(error)) <= 400
        return
    blocks = [p for p in pieces if p.startswith("[fieldset")]
    assert GAME.parse(start, "Red", orders) == GAME.parse(start, "Red", "\n".join(blocks))
    number, remarks = 1, []
    for piece in pieces:
        if not piece.startswith("[fieldset") and piece.strip():
            remarks.append(number)
        number += piece.count("\n") + 1
    assert sorted(s.number for s in skipped) == remarks


def test_narrations_in_the_consequences_phase_round_trip_and_validate_when_typed() -> None:
    """Ruling 31: a bot's typed answers with narrations are their own canonical form."""
    from sealed.core.match import Match

    options = resolve_options(GAME.options, {"starting_assets": "setup", "space": 50})
    setup = {
        "assets": {
            "Red-Army": {"owner": "Red", "value": 3},
            "Blue-Fort": {"owner": "Blue", "value": 5},
        }
    }
    match = Match.new(GAME, SEATS, options, seed=1, setup=setup)
    match.seal("Red", "Red-Army damage Blue-Fort")
    match.close()
    text = "NARRATE Damage blue-fort:   Our walls   held.\nnarrate attack(damage) Blue-Fort: x"
    try:
        GAME.parse(match.state, "Blue", text)
    except OrderError as error:
        assert "narrated twice" in str(error)
    else:
        raise AssertionError("two narrations of one failure were accepted")
    order = GAME.parse(match.state, "Blue", text.split("\n")[0])
    assert GAME.format(order) == "narrate damage Blue-Fort: Our walls held."
    assert GAME.parse(match.state, "Blue", GAME.format(order)) == order
    match.seal_order("Blue", order)  # validate: the typed order is its own canonical form
    assert "Blue" in match.pending
