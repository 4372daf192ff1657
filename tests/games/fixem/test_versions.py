"""Fix'em version 2 and version 1: what changed, and that version 1 games go on as they were.

Version 2 (issue 8): a prediction of 0 is allowed (ruling 13); card 3 on a die
the target visibly lacks is accepted and does nothing (ruling 11); the
Prediction Stage's view does not count the unrolled Field; iteration 2's
set-up (``start_hand: none``, ``start_field: 36``); counts read through
``parse_amount``. A game file of version 1 loads and continues with version 1's
rules (the differential baseline checks those rules over 600 seeded games).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sealed.core.chance import ScriptedChance
from sealed.core.errors import IllegalOrderError, OptionError, OrderSyntaxError, SetupError
from sealed.core.game import resolve_options
from sealed.core.jsonable import jsonable
from sealed.core.match import Match, salvage_orders
from sealed.games.fixem import GAME, FixemGameV1
from sealed.games.fixem.orders import ORDER_WORDS, Predict
from sealed.storage import load_match, save_match

SEATS = ["ana", "ben", "cy"]
V1 = GAME.for_version(1)
assert isinstance(V1, FixemGameV1)
# ana rolls 1 2 3 4, ben 2 2 5 6, cy 3 3 3 6; then each colour's 6 field dice.
HANDS = [[1, 2, 3, 4], [2, 2, 5, 6], [3, 3, 3, 6]]
ROLL = [[1, 1, 1, 1, 1, 1], [2, 2, 2, 2, 2, 2], [4, 4, 4, 4, 4, 4]]


def new(game: Any = GAME, options: dict[str, Any] | None = None) -> Match[Any, Any, Any]:
    chance = ScriptedChance([*HANDS, *ROLL, *ROLL, *ROLL])
    opts = resolve_options(game.options, options or {})
    return Match.new(game, SEATS, opts, chance=chance)


def to_cards(match: Match[Any, Any, Any]) -> None:
    for seat in SEATS:
        match.seal(seat, "predict 6 x 1")


def test_versions_are_declared() -> None:
    assert GAME.version == 2 and 1 in GAME.legacy_versions
    assert GAME.for_version(2) is GAME and V1.version == 1
    assert GAME.for_version(3) is None and V1.for_version(2) is None


def test_a_prediction_of_0_is_legal_in_version_2_only() -> None:
    match = new()
    match.seal("ana", "predict 0 x 5")
    old = new(V1)
    with pytest.raises(IllegalOrderError, match="must be 1 to 108"):
        old.seal("ana", "predict 0 x 5")


def test_card3_on_a_die_the_target_lacks_is_legal_in_version_2_and_does_nothing() -> None:
    match = new()
    to_cards(match)
    match.seal("ana", "card3 ben 3")  # ben's public hand is 2 2 5 6
    match.seal("ben", "pass")
    events = match.seal("cy", "pass")
    texts = [e.text for e in events if e.kind == "card3"]
    assert texts == ["ana's card 3 does nothing: ben has no hand die showing 3"]
    assert match.state.player("ben").hand == (2, 2, 5, 6)
    old = new(V1)
    to_cards(old)
    with pytest.raises(IllegalOrderError, match="ben has no hand die showing 3"):
        old.seal("ana", "card3 ben 3")


def test_card3_on_oneself_stays_refused() -> None:
    match = new()
    to_cards(match)
    with pytest.raises(IllegalOrderError, match="not your own"):
        match.seal("ana", "card3 ana 1")


def test_the_prediction_stage_view_counts_nothing_before_the_roll() -> None:
    # The issue: `view --json` showed the placeholder faces as counts ({"1": 18}).
    view = jsonable(GAME.view(new().state, "ana"))
    assert view["field_counts"] is None
    assert {d["point"] for d in view["field"]} == {0} and len(view["field"]) == 18
    old = jsonable(V1.view(new(V1).state, "ana"))
    assert old["field_counts"] == {"1": 18, "2": 0, "3": 0, "4": 0, "5": 0, "6": 0}
    assert GAME.render(GAME.view(new().state, "ana")) == V1.render(V1.view(new(V1).state, "ana"))


def test_the_card_stage_view_counts_the_rolled_field() -> None:
    match = new()
    to_cards(match)
    view = jsonable(GAME.view(match.state, "ana"))
    assert view["field_counts"] == {"1": 6, "2": 6, "3": 0, "4": 6, "5": 0, "6": 0}


def test_iteration_2_setup_puts_every_die_in_the_field() -> None:
    options = {"start_hand": "none", "start_field": 36, "refill": "none", "ending": "field"}
    opts = resolve_options(GAME.options, options)
    match = Match.new(GAME, SEATS, opts, seed=3)
    state = match.state
    assert len(state.field) == 108 and not state.queue
    assert all(p.hand == () and p.waiting == 0 for p in state.players.values())
    assert match.start_chance == []  # no hand dice to roll
    match.seal("ana", "predict 18 x 1")
    match.close()
    labels = [c.label for c in match.steps[-1].chance]
    assert labels == [f"round 1: roll {s}'s 36 field dice" for s in SEATS]


def test_too_many_starting_dice_for_a_colour_are_refused() -> None:
    opts = resolve_options(GAME.options, {"start_field": 36})  # with a hand of 4: 40
    with pytest.raises(OptionError, match="more than the 36 dice of a colour"):
        Match.new(GAME, SEATS, opts, seed=1)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("predict " + "9" * 5000 + " x 3", "too large"),
        ("predict 4.000 x 3", "not a whole number I can read for sure"),
        ("predict ٤ x 3", "plain digits"),
        ("card2 4 ³", "not a point"),
        ("card3 ben ¹", "not a point"),
        ("card1 ²", "not a point"),
        ("card1 " + "1" * 5000, "not a point"),
    ],
)
def test_numbers_are_read_exactly_or_refused_in_one_short_line(text: str, fragment: str) -> None:
    match = new()
    if text.startswith("card"):
        to_cards(match)
    with pytest.raises(OrderSyntaxError, match=fragment) as caught:
        match.seal("ana", text)
    assert len(str(caught.value)) < 200


def test_counts_in_the_forms_players_write() -> None:
    match = new()
    for text in ("predict 4 x 3", "4x3", "4 x 3", "predict 04 x 3", "$4 x 3"):
        assert GAME.parse(match.state, "ana", text) == Predict(4, 3)
    with pytest.raises(IllegalOrderError, match="must be 0 to 108"):
        match.seal("ana", "predict 4k x 3")


def test_order_words_cover_the_notation() -> None:
    assert GAME.order_words == ORDER_WORDS
    assert {"predict", "card1", "card2", "card3", "card", "pass"} == set(ORDER_WORDS)


def test_a_version_1_game_file_loads_and_continues_with_version_1_rules(tmp_path: Path) -> None:
    path = tmp_path / "v1.json"
    old = new(V1)
    to_cards(old)
    save_match(old, path)
    assert json.loads(path.read_text(encoding="utf-8"))["game_version"] == 1

    loaded = load_match(path)
    assert loaded.game.version == 1
    with pytest.raises(IllegalOrderError, match="ben has no hand die showing 3"):
        loaded.seal("ana", "card3 ben 3")
    for seat in SEATS:
        loaded.seal(seat, "pass")
    with pytest.raises(IllegalOrderError, match="must be 1 to 108"):
        loaded.seal("ana", "predict 0 x 1")
    assert jsonable(loaded.game.view(loaded.state, "ana"))["field_counts"] is not None
    save_match(loaded, path)

    again = load_match(path)
    assert json.loads(path.read_text(encoding="utf-8"))["game_version"] == 1
    assert again.game.version == 1 and len(again.steps) == 2
    assert GAME.to_json(again.state) == GAME.to_json(loaded.state)


def test_a_version_1_setup_keeps_predictions_from_1() -> None:
    data = GAME.to_json(new().state)
    data["players"]["ana"]["prediction"] = {"count": 0, "point": 3}
    opts = resolve_options(GAME.options, {})
    assert GAME.from_json(data, SEATS, opts).player("ana").prediction is not None
    with pytest.raises(SetupError, match="below 1"):
        V1.from_json(data, SEATS, opts)


def test_a_misspelt_order_in_an_email_refuses_the_email() -> None:
    match = new()
    with pytest.raises(OrderSyntaxError, match="nothing was sealed: line 2 'prdict"):
        salvage_orders(GAME, match.state, "ana", "Hi all,\nprdict 4 x 3\nCheers")
    kept, _ = salvage_orders(GAME, match.state, "ana", "Hi all,\npredict 4 x 3\nCheers")
    assert kept == "predict 4 x 3"


def test_a_game_file_saved_by_the_version_1_code_continues_with_version_1_rules(
    tmp_path: Path,
) -> None:
    # v1_game.json was written by the code before version 2 (commit eb209bd^): round 1's
    # predictions opened, ana's card sealed; ana's public hand is 1 3 3 4.
    path = tmp_path / "game.json"
    path.write_bytes((Path(__file__).parent / "v1_game.json").read_bytes())
    match = load_match(path)
    assert match.game.version == 1 and set(match.pending) == {"ana"}
    with pytest.raises(IllegalOrderError, match="ana has no hand die showing 2"):
        match.seal("ben", "card3 ana 2")
    match.seal("ben", "card3 ana 3")
    match.seal("cy", "pass")
    assert match.state.player("ana").hand == (1, 3, 4)
    with pytest.raises(IllegalOrderError, match="must be 1 to 108"):
        match.seal("ana", "predict 0 x 1")
    save_match(match, path)
    again = load_match(path)
    assert again.game.version == 1 and len(again.steps) == 2
    assert json.loads(path.read_text(encoding="utf-8"))["game_version"] == 1
