"""Slavery's added rules under review (rulings 232-234): what each seat learns while a master
is asked his slave's permission to attack (ruling 234), and a join's permission naming the
seats attacked (ruling 232). Scenarios: cases/optional_slavery_permission.yaml,
cases/optional_slavery_any_time.yaml (ruling 233)."""

from __future__ import annotations

from sealed.core.game import resolve_options
from sealed.core.match import Match
from sealed.games.crusoe import GAME

OPTIONS = {"scenario": "hobbesian", "punishments": "slavery", "slavery_permission": True}
SETUP = {
    "phase": "government",
    "ask": "violence",
    "invoker": "cy",
    "waiting": ["cy"],
    "order": ["cy", "ben", "ana", "dan"],
    "turn": 0,
    "players": {
        "ana": {"path": "ant", "goods": {"water": 1}},
        "ben": {"path": "ant", "leisure": 1, "roles": ["slave-of-0"]},
        "cy": {"path": "spider", "leisure": 1, "goods": {"water": 1}},
        "dan": {"path": "sand_crab", "goods": {"water": 1}},
    },
}


def _asked() -> Match:  # type: ignore[type-arg]
    """cy attacks dan; ben, ana's supervised slave, asks to join cy's side: ana is asked."""
    options = dict(resolve_options(GAME.options, OPTIONS))
    match = Match.new(GAME, ["ana", "ben", "cy", "dan"], options, seed=1, setup=SETUP)
    match.seal("cy", "fight dan")
    match.seal("ben", "join cy")
    assert match.waiting_for() == ["ana"]
    return match


def test_only_the_master_sees_what_his_slave_asks() -> None:
    """Ruling 234: the table sees that ana is asked (ruling 204's public bookkeeping), not
    what for: the slave's word and seat are in her view alone, the request an event for the
    two; the slave is asked nothing meanwhile."""
    match = _asked()
    views = {seat: GAME.view(match.state, seat) for seat in ("ana", "ben", "cy", "dan")}
    assert views["ana"].decide == "permit"
    assert views["ana"].offer == ["ben", "join", "cy"]
    assert "your slave ben asks to join cy against dan" in match.prompts()["ana"].help  # 232
    for seat in ("ben", "cy", "dan"):
        assert views[seat].decide is None and views[seat].offer == [], seat
        assert views[seat].waiting == ("ana",), seat  # that she is asked is public (204)
    requests = [e for e in match.events if e.kind.startswith("slavery-")]
    assert requests and all(e.audience.seats == frozenset({"ana", "ben"}) for e in requests), (
        requests
    )
    for seat in ("cy", "dan"):
        assert not any(e.kind == "slavery-request" and e.audience.includes(seat) for e in requests)


def test_a_granted_join_permits_the_other_side_only() -> None:
    """Ruling 232: ana's yes to ben's joining cy's side lets him attack dan, never cy."""
    match = _asked()
    match.seal("ana", "yes")
    roles = match.state.players["ben"].roles
    assert "permit-3" in roles and "permit-2" not in roles, roles
    assert match.state.battles[0].attackers == ["cy", "ben"]
