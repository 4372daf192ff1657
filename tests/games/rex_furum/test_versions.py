"""Version 3 and version 2: a version 2 game file loads, replays and continues under
version 2's rules exactly; a new game plays version 3; both differ where the rulings do."""

from __future__ import annotations

import json
from typing import Any

import pytest

from sealed.core.errors import IllegalOrderError, OrderSyntaxError
from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.rex_furum import GAME
from sealed.games.rex_furum.game import RexFurum, RexFurumV2
from sealed.games.rex_furum.orders import ORDER_WORDS

SEATS = ["amy", "arthur", "stephen", "tyler"]
SETUP = {
    "round": 1,
    "players": {
        "amy": {"money": 50_000, "companies": ["alpha", "beta"]},
        "arthur": {"money": 100_000, "companies": ["beta"]},
        "stephen": {"money": 100_000, "companies": ["beta"]},
        "tyler": {"money": 100_000, "companies": ["gamma"]},
    },
}


def new(game: RexFurum) -> Match[Any, Any, Any]:
    options = resolve_options(GAME.options, {"salary": 0})
    return Match.new(game, SEATS, options, seed=1, setup=SETUP)


def saved(match: Match[Any, Any, Any]) -> Match[Any, Any, Any]:
    """Save the game file and load it again, as a game master's next command does."""
    return replay(json.loads(json.dumps(match.to_json())))


def test_the_versions() -> None:
    assert GAME.version == 3 and set(GAME.legacy_versions) == {2}
    old = GAME.for_version(2)
    assert isinstance(old, RexFurumV2) and old.version == 2
    assert GAME.for_version(3) is GAME and old.for_version(2) is old
    assert GAME.for_version(1) is None  # version 1 records may hold orders version 2 refuses
    assert {"embezzle", "accept", "invest", "pink", "pass"} <= set(ORDER_WORDS)
    assert GAME.order_words == ORDER_WORDS


def test_a_version_2_game_file_loads_and_continues_under_version_2_rules() -> None:
    old = GAME.for_version(2)
    assert old is not None
    match = new(old)
    # round 1: arthur protects amy, amy backstabs him; a shared Beta counts twice in v2
    match.seal("arthur", "protect amy")
    match.seal("amy", "backstab arthur bribe 4.000 gamma")  # version 2 reads 4.000 as $4
    match.close()
    loaded = saved(match)
    assert loaded.game.version == 2 and loaded.to_json()["game_version"] == 2
    assert loaded.state.player("amy").money == 50_000 + 20_000 * 3
    assert loaded.state.offers[0].amount == 4
    # round 2, continued from the file: version 2's rules still apply
    view = loaded.game.view(loaded.state, "arthur")
    assert view.standings is None and "Total net worth" in loaded.game.render(view)
    loaded.seal("stephen", "invest 99999 tyler")
    loaded.seal("tyler", "embezzle stephen")  # 10k, before the investment
    loaded.seal("amy", "enter empty delta")
    with pytest.raises(IllegalOrderError, match="you must be working for Delta"):
        loaded.seal("arthur", "enter empty delta accept bribe 1 from amy to delta")
    loaded.close()
    again = saved(loaded)
    assert again.to_json()["game_version"] == 2
    assert again.state.player("stephen").money == 100_000 - 10_000 - 99_999  # into debt
    assert GAME.to_json(again.state) == GAME.to_json(loaded.state)


def test_the_same_orders_under_version_3() -> None:
    match = new(GAME)
    match.seal("arthur", "protect amy")
    with pytest.raises(OrderSyntaxError, match="not a whole number I can read for sure"):
        match.seal("amy", "backstab arthur bribe 4.000 gamma")
    match.seal("amy", "backstab arthur bribe 4,000 gamma")
    match.close()
    loaded = saved(match)
    assert loaded.to_json()["game_version"] == 3
    assert loaded.state.player("amy").money == 50_000 + 20_000 * 2  # alpha, beta: once each
    view = loaded.game.view(loaded.state, "amy")
    assert view.standings is not None and view.standings["arthur"].net_worth == 60_000
    assert [(o.company, o.amount) for o in view.open_offers] == [("gamma", 4000)]
    text = loaded.game.render(view)
    assert "arthur" in text and "$60,000" in text and "$4,000 to Gamma" in text
    loaded.seal("stephen", "invest 99999 tyler")
    loaded.seal("tyler", "embezzle stephen")
    loaded.close()
    assert saved(loaded).state.player("stephen").money == 0  # 10k embezzled, 90k invested


def test_version_2_amounts_never_crash() -> None:
    old = GAME.for_version(2)
    assert old is not None
    match = new(old)
    with pytest.raises(OrderSyntaxError, match="too large"):
        match.seal("amy", "invest " + "9" * 400 + " tyler")


def test_lenient_reading_never_sets_a_misspelt_action_aside() -> None:
    from sealed.core.match import salvage_orders

    match = new(GAME)
    with pytest.raises(OrderSyntaxError, match="nothing was sealed: line 2 'embezle tyler'"):
        salvage_orders(GAME, match.state, "amy", "Hi GM,\nembezle tyler\nThanks!")
    kept, _ = salvage_orders(GAME, match.state, "amy", "Hi GM, embezzle tyler. Thanks!")
    assert kept == "embezzle tyler"
