"""Landlords (modules/landlords.py): the options (Government Ownership outside a monetary
market economy refused as the seed says, the scenarios it is not built for refused by name),
Mad Jack's rows, the rent notation, and
random bot games of each built form that end, keep the Leases (nobody enters a path without
one, every Lease and every rent paid is an event that accounts for what moved, money and
goods conserved), show every seat the same public ledger, and replay exactly. The rules are
cases/module_landlords.yaml."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.errors import OptionError, OrderError, OrderSyntaxError
from sealed.core.game import resolve_options
from sealed.core.match import Match, bot_rng, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.madjack import _is_built
from sealed.games.crusoe.modules import landlords
from sealed.games.crusoe.orders import Order, format_order, parse_order
from sealed.games.crusoe.state import GOODS, CrusoeState, Settings

SEATS = ("ana", "ben", "cy", "dee")
BOTS = ("greedy", "cooperative", "selfish", "random")
BUILT = ("homestead", "modern", "modern-fair-housing", "modern-rent-control")


def settings_of(options: dict[str, Any]) -> Settings:
    return Settings.from_options(resolve_options(GAME.options, options))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"landlords": "government-ownership"}, "monetary market economy only"),
        (
            {"landlords": "modern", "landlords_government_paths": 3},
            "only with landlords government-ownership",
        ),
        (
            {
                "landlords": "government-ownership",
                "scenario": "national-capitalism",
                "landlords_government_paths": 8,
            },
            "1 to 7",
        ),
        # with the Traditional Economy it is built: the track is declared, the Leases hold it (155)
        # with Market Socialism it is built: a Lease is dollars, paid from the wages (ruling 154)
        ({"corporations": True}, "Corporations can only be added to economies that use money"),
        ({"corporations": True, "scenario": "hobbesian"}, "use money"),
        # Corporations with Market Socialism is built: after the purchases (ruling 160)
    ],
)
def test_what_is_not_built_or_ruled_out_is_refused_by_name(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(OptionError, match=message):
        settings_of(options)


def test_modern_needs_two_players_to_be_the_landlords() -> None:
    with pytest.raises(OptionError, match="two players are selected to be Landlords"):
        Match.new(GAME, ["ana"], resolve_options(GAME.options, {"landlords": "modern"}), seed=1)


@pytest.mark.parametrize("variant", BUILT)
def test_mad_jacks_landlord_rows_are_playable(variant: str) -> None:
    assert _is_built({"landlords": variant, "scenario": "tribal-capitalism"})
    assert _is_built({"landlords": variant, "scenario": "national-capitalism"})


def test_the_default_is_no_landlords_and_no_ledger_in_the_state() -> None:
    match = Match.new(GAME, list(SEATS), resolve_options(GAME.options, {}), seed=1)
    assert "land" not in GAME.to_json(match.state)
    assert GAME.view(match.state, "ana").land == {}


@pytest.mark.parametrize(
    "text",
    ["rent none", "rent all 2", "rent all 1 ant forbid", "rent ant 3 ant@ben forbid spider 0"],
)
def test_rent_notation_round_trips(text: str) -> None:
    order = parse_order(text)
    assert order.word == "rent"
    assert format_order(order) == text
    assert parse_order(format_order(order)) == order


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("rent all", "write rent and KEY"),
        ("rent moon 2", "is not all, a path or PATH@SEAT"),
        ("rent all@ben 2", "is not all, a path or PATH@SEAT"),
        ("rent ant 2 ant 3", "ant is named twice"),
        ("rent ant lots", "a number from 0 to 999 or forbid"),
    ],
)
def test_bad_rent_orders_are_refused(text: str, message: str) -> None:
    with pytest.raises(Exception, match=message):
        parse_order(text)


def test_rent_for_reads_the_terms() -> None:
    land = landlords.Land(owners={"ant": "ana"}, rents={"ant": {"all": 2, "ben": -1}})
    assert landlords.rent_for(land, "ant", "ana") == 0  # his own
    assert landlords.rent_for(land, "ant", "cy") == 2
    assert landlords.rent_for(land, "ant", "ben") is None  # forbidden to him
    assert landlords.rent_for(land, "spider", "ben") == 0  # unowned
    assert landlords.rent_for(landlords.Land(owners={"ant": "ana"}), "ant", "ben") is None


def play(seed: int, options: dict[str, Any], bots: tuple[str, ...]) -> Match[Any, Any, Any]:
    """A bot game to its end, checking the Leases and the ledger after every step."""
    match: Match[Any, Any, Any] = Match.new(
        GAME, list(SEATS), resolve_options(GAME.options, options), seed=seed
    )
    players = {seat: GAME.bots[bot]() for seat, bot in zip(SEATS, bots, strict=True)}
    rngs = {seat: bot_rng(seed, seat) for seat in SEATS}
    for _ in range(8_000):
        if match.result() is not None:
            return match
        before: CrusoeState = match.state.copy()
        for seat in match.waiting_for():
            view = GAME.view(match.state, seat)
            assert view.land == match.state.land.to_json()  # public, the same for every seat
            order = players[seat].choose(view, match.prompts()[seat], rngs[seat])
            assert GAME.parse(match.state, seat, GAME.format(order)) == order
            match.seal_order(seat, order)
        check_step(before, match)
    raise AssertionError("the game did not end")


def check_step(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
    """Every path entered is open to its player (by the Leases in force); nobody holds less
    than nothing; no good beyond the supply; every path's owner is a seat."""
    state: CrusoeState = match.state
    events = match.steps[-1].events
    land = before.land.copy()
    for event in events:
        data = event.data if isinstance(event.data, dict) else {}
        if event.kind == "rents":
            land.rents = {p: dict(t) for p, t in data["rents"].items()}
        if event.kind == "path":
            path, seat = data["path"], data["seat"]
            assert landlords.rent_for(land, path, seat) is not None, event.text
        if event.kind == "land" and "owners" in data:
            land.owners = dict(data["owners"])
    for seat, player in state.players.items():
        assert all(n >= 0 for n in player.goods.values()), seat
        assert player.money >= 0, seat
    for good in GOODS:
        assert state.in_play(good) <= state.board.supply[good]
    for path, owner in state.land.owners.items():
        assert owner in (*state.seats, landlords.GOVERNMENT) and path in landlords.PATHS


def rent_goods_are_told(match: Match[Any, Any, Any]) -> None:
    """The goods a barter Lease moved are those its 'rent' event names (each one an event)."""
    for step in match.steps:
        for event in step.events:
            if event.kind == "rent" and "goods" in event.data:
                assert all(g in GOODS and n > 0 for g, n in event.data["goods"].items())


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    variant=st.sampled_from(BUILT),
    scenario=st.sampled_from(
        (
            "crusoes-economy",
            "hobbesian",
            "tribal-capitalism",
            "tribal-communism",
            "tribal-socialism",
            "national-capitalism",
            "centralized-communism",
            "state-capitalism",
        )
    ),
    bots=st.permutations(BOTS),
)
def test_random_games_keep_the_leases_end_and_replay(
    seed: int, variant: str, scenario: str, bots: list[str]
) -> None:
    match = play(seed, {"landlords": variant, "scenario": scenario}, tuple(bots))
    rent_goods_are_told(match)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


def test_a_barter_lease_moves_goods_and_never_creates_them() -> None:
    """Goods are conserved by a Lease: over a whole game, each 'rent' event's goods left the
    tenant and reached the owner (the totals in play never exceed the supply: check_step)."""
    match = play(3, {"landlords": "modern", "scenario": "tribal-capitalism"}, BOTS)
    moved = [e for s in match.steps for e in s.events if e.kind == "rent"]
    assert moved, "the bots took no Lease in this game"
    for event in moved:
        assert event.data["owner"] != event.data["seat"]


def test_money_rent_is_conserved_when_paid() -> None:
    """A money Lease moves dollars from tenant to owner: the money on the table is the same
    just before and just after the payments (checked on a state and collect())."""
    match = Match.new(
        GAME,
        list(SEATS),
        resolve_options(GAME.options, {"landlords": "modern", "scenario": "centralized-communism"}),
        seed=5,
    )
    state: CrusoeState = match.state.copy()
    owner = next(iter(state.land.owners.values()))
    tenant = next(s for s in SEATS if s != owner)
    state.land.debts = {tenant: {owner: 30}}
    state.players[tenant].money = 20
    total = state.money()
    events: list[Any] = []
    landlords.collect(state, events)
    assert state.money() == total
    assert state.players[tenant].money == 0
    assert state.land.debts == {tenant: {owner: 10}}
    assert [e.kind for e in events] == ["rent"]


def test_the_bots_write_leases() -> None:
    view = GAME.view(
        Match.new(
            GAME, list(SEATS), resolve_options(GAME.options, {"landlords": "modern"}), seed=2
        ).state,
        "ana",
    )
    assert GAME.bots["greedy"]().rent(view) == Order("rent", terms=(("all", 1),))
    assert GAME.bots["cooperative"]().rent(view) == Order("rent", terms=(("all", 0),))


def test_under_rent_control_a_dictator_sets_the_rents_alone() -> None:
    options = {
        "landlords": "modern-rent-control",
        "scenario": "national-capitalism",
        "government": "dictatorship",
    }
    match = Match.new(GAME, list(SEATS), resolve_options(GAME.options, options), seed=4)
    for _ in range(50):  # the policy first (National Capitalism), then the rents
        state: CrusoeState = match.state
        if state.ask == "rent":
            break
        for seat in match.waiting_for():
            match.seal_order(seat, GAME.default_order(state, seat))
    state = match.state
    assert state.ask == "rent" and state.waiting == (state.ruler,)
    match.seal(state.ruler, "rent all 5 firefly 2")
    assert match.state.land.rents["firefly"] == {"all": 2}
    assert match.state.land.rents["ant"] == {"all": 5}
    assert not match.state.land.lawmaking


def test_mad_jacks_landlord_rolls_are_built_but_government_ownership() -> None:
    """Every Landlords row Mad Jack rolls is playable with its scenario; Government Owned Land
    outside a monetary market economy (the seed's "monetary market economy only"), and
    Landlords with the Traditional Economy or Market Socialism, are refused. (A combination
    another module refuses is that module's.)"""
    from sealed.core.chance import SeededChance
    from sealed.games.crusoe import madjack

    seen = set()
    for seed in range(200):
        config = madjack.roll(5, SeededChance(seed), complications=2)
        for module in config.modules:
            if module.name != "landlords":
                continue
            seen.add(module.variant)
            options = {"scenario": config.scenario, **madjack._module_options(module)}
            refused = config.scenario in landlords.NOT_WITH or (
                module.variant == "government-ownership"
                and config.scenario not in landlords.MONETARY
            )
            assert _is_built(options) != refused, (seed, options)
    assert {"homestead", "modern", "modern-fair-housing"} <= seen


@pytest.mark.parametrize("variant", BUILT)
def test_a_sampled_world_keeps_the_ledger_and_asks_the_same(variant: str) -> None:
    """The search bots' sampler rebuilds the public ledger from a view: the sample shows the
    seat its view, and the same seats decide (a path forbidden to it stays forbidden)."""
    import random

    from sealed.games.crusoe.sampler import sample_state

    options = resolve_options(GAME.options, {"landlords": variant, "scenario": "hobbesian"})
    match = Match.new(GAME, list(SEATS), options, seed=11)
    players = {seat: GAME.bots["random"]() for seat in SEATS}
    for step in range(40):
        state: CrusoeState = match.state
        for seat in GAME.prompted(state):
            view = GAME.view(state, seat)
            sampled = sample_state(view, options, random.Random(step))
            assert GAME.view(sampled, seat) == view
            if state.ask in ("rent", "rent-ballot", "path"):  # the Landlords' decisions
                assert GAME.prompted(sampled) == GAME.prompted(state), state.ask
            assert landlords.open_paths(sampled, seat) == landlords.open_paths(state, seat)
        for seat in match.waiting_for():
            order = players[seat].choose(
                GAME.view(state, seat), match.prompts()[seat], bot_rng(1, seat)
            )
            match.seal_order(seat, order)


def government_state() -> CrusoeState:
    options = {
        "landlords": "government-ownership",
        "landlords_government_paths": 3,
        "scenario": "national-capitalism",
    }
    return Match.new(GAME, list(SEATS), resolve_options(GAME.options, options), seed=3).state


def test_government_ownership_owns_the_first_paths_and_modern_holds_the_rest() -> None:
    state = government_state()
    assert [state.land.owners[p] for p in landlords.PATHS[:3]] == ["government"] * 3
    others = {state.land.owners[p] for p in landlords.PATHS[3:]}
    assert others <= set(state.land.landlords) and len(state.land.landlords) == 2


def test_the_governments_rents_pay_the_rewards_first_and_the_rest_is_lost() -> None:
    """Ruling 95: money is conserved: what the purse pays reaches the players; the rest is
    lost, and each is an event."""
    state = government_state()
    state.land.purse = 30
    money = {s: 0 for s in SEATS}
    events: list[Any] = []
    money, owed = landlords.defray(state, money, {"ana": 20, "ben": 20, "cy": 0, "dee": 0}, events)
    assert owed == {"ana": 0, "ben": 10, "cy": 0, "dee": 0}
    assert money["ana"] == 20 and money["ben"] == 10
    assert state.players["ana"].money == 20 and state.land.purse == 0
    assert [e.kind for e in events] == ["defray"]
    state.land.purse = 50
    events = []
    landlords.defray(
        state, dict.fromkeys(SEATS, 0), {"ana": 5, "ben": 0, "cy": 0, "dee": 0}, events
    )
    assert [e.kind for e in events] == ["defray", "lost"] and events[1].data["amount"] == 45


@pytest.mark.parametrize(
    "scenario", ["national-capitalism", "welfare-capitalism", "centralized-communism"]
)
def test_random_games_under_government_ownership_end_and_replay(scenario: str) -> None:
    options = {
        "landlords": "government-ownership",
        "landlords_government_paths": 4,
        "scenario": scenario,
    }
    match = play(2, options, BOTS)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


@pytest.mark.parametrize("variant", ["modern", "modern-rent-control"])
def test_an_owners_sealed_lease_reaches_nobody_until_all_have_written(variant: str) -> None:
    """The owners write their Leases at once (ruling 87); the rent ballot is sealed too: while
    the step is open no other seat is told anything of an order sealed."""
    from tests.games.crusoe.bot_games import seal_watching_the_others

    options = resolve_options(GAME.options, {"landlords": variant, "scenario": "hobbesian"})
    seal_watching_the_others(
        7, options, "random", orders=400, stop=lambda order: order.word == "eat"
    )


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("offer ben ant for apple 2", "offer ben ant 1 for apple 2"),
        ("offer ben sand_crab water 1 for nothing", "offer ben water 1 sand_crab 1 for nothing"),
        ("offer ben apple for spider ant 1", "offer ben apple 1 for ant 1 spider 1"),
        ("offer ben water 1 for apple 2", "offer ben water 1 for apple 2"),
    ],
)
def test_a_path_in_a_barter_offer_round_trips(text: str, canonical: str) -> None:
    """Ruling 182: a path is named in an offer as a good is, whole (count 1), after the goods
    in board order."""
    order = parse_order(text)
    assert format_order(order) == canonical
    assert parse_order(canonical) == order


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("offer ben ant 2 for nothing", "a path is given whole"),
        ("offer ben ant ant for nothing", "named twice"),
        ("offer ben crab for nothing", "is not one of"),
    ],
)
def test_bad_paths_in_offers_are_refused(text: str, message: str) -> None:
    with pytest.raises(OrderSyntaxError, match=message):
        parse_order(text)


@given(
    st.lists(
        st.sampled_from(
            [
                "ant",
                "spider",
                "water",
                "apple",
                "1",
                "2",
                "for",
                "nothing",
                "x",
                "0",
                "sand_crab",
                "ants",
            ]
        ),
        max_size=8,
    )
)
@settings(max_examples=300, deadline=None)
def test_the_offer_parser_reads_or_refuses_any_words(words: list[str]) -> None:
    """Fuzz: an offer of any words either parses to an order that prints and reads back the
    same, a path's count never above one, or is refused with an OrderSyntaxError."""
    try:
        order = parse_order("offer ben " + " ".join(words))
    except OrderSyntaxError:
        return
    assert parse_order(format_order(order)) == order
    assert all(n == 1 for g, n in (*order.goods, *order.wants) if g in landlords.PATHS)


@settings(max_examples=40, deadline=None)
@given(
    given_path=st.sampled_from(["ant", "spider", ""]),
    asked_path=st.sampled_from(["ant", "spider", ""]),
    water=st.integers(0, 3),
    apples=st.integers(0, 3),
    deeded=st.booleans(),
)
def test_a_path_offered_moves_with_the_trade_or_nothing_moves(
    given_path: str, asked_path: str, water: int, apples: int, deeded: bool
) -> None:
    """Ruling 182: an offer with paths is refused naming the rule when the giver does not own
    what he gives or the taker what is asked; accepted, the paths and goods change hands
    together, or (a path deeded away meanwhile, goods lacking) nothing moves at all."""
    options = resolve_options(
        GAME.options, {"landlords": "homestead", "scenario": "tribal-capitalism"}
    )
    match: Match[Any, Any, Any] = Match.new(GAME, ["ana", "ben"], options, seed=1)
    state: CrusoeState = match.state
    state.phase, state.ask, state.waiting = "trade", "trade", ("ana", "ben")
    state.land.owners = {"ant": "ana", "spider": "ben"}
    state.players["ana"].goods.update(water=2, apple=0)
    state.players["ben"].goods.update(water=0, apple=2)
    give = " ".join(x for x in (given_path, f"water {water}" if water else "") if x)
    want = " ".join(x for x in (asked_path, f"apple {apples}" if apples else "") if x)
    text = f"offer ben {give or 'nothing'} for {want or 'nothing'}"
    try:
        match.seal("ana", text)
    except OrderError as refused:
        owns = given_path in ("", "ant") and asked_path in ("", "spider")
        assert not owns or not (give or want) or water > 2, (text, refused)
        return
    match.seal("ben", "deed ana spider" if deeded and asked_path == "spider" else "wait")
    before: CrusoeState = match.state.copy()
    match.seal("ben", "accept ana")
    match.seal("ana", "wait")
    after: CrusoeState = match.state
    trade = next(e for e in match.steps[-1].events if e.kind == "trade")
    moved = {p: o for p, o in after.land.owners.items() if before.land.owners.get(p) != o}
    if trade.data["made"]:
        assert moved == {
            **({given_path: "ben"} if given_path else {}),
            **({asked_path: "ana"} if asked_path else {}),
        }
        assert after.players["ana"].goods["water"] == 2 - water
        assert after.players["ben"].goods["apple"] == 2 - apples
    else:
        assert not moved and after.players["ana"].goods == before.players["ana"].goods


def test_a_standing_offer_names_a_path_as_the_path_not_as_one_unit() -> None:
    """Ruling 182: a path in an offer is shown as 'the ant' (as the trade event says it), not
    '1 ant' as if it were a count of a good."""
    options = resolve_options(
        GAME.options, {"landlords": "homestead", "scenario": "tribal-capitalism"}
    )
    match: Match[Any, Any, Any] = Match.new(GAME, ["ana", "ben"], options, seed=1)
    state: CrusoeState = match.state
    state.phase, state.ask, state.waiting = "trade", "trade", ("ana", "ben")
    state.land.owners = {"ant": "ana", "spider": "ben"}
    state.players["ana"].goods.update(water=2)
    state.players["ben"].goods.update(apple=2)
    match.seal("ana", "offer ben ant water 1 for apple 2 spider")
    match.seal("ben", "wait")  # the round is over: the offer stands
    for seat in ("ana", "ben"):
        text = GAME.render(GAME.view(match.state, seat))
        assert "Offer standing: ana gives 1 water, the ant to ben for 2 apple, the spider" in text
        assert "1 ant" not in text and "1 spider" not in text


@pytest.mark.parametrize("text", ["offer ben ant for apple 1", "offer ben water 1 for ant"])
def test_a_path_in_an_offer_without_landlords_is_refused_naming_the_module(text: str) -> None:
    """Ruling 182: without Landlords nobody owns a path, so an offer naming one is refused with
    the module's name, not with 'you do not own'."""
    options = resolve_options(GAME.options, {"scenario": "tribal-capitalism"})
    match: Match[Any, Any, Any] = Match.new(GAME, ["ana", "ben"], options, seed=1)
    state: CrusoeState = match.state
    state.phase, state.ask, state.waiting = "trade", "trade", ("ana", "ben")
    state.players["ana"].goods.update(water=2)
    state.players["ben"].goods.update(apple=2)
    with pytest.raises(OrderError, match="Landlords is not in play"):
        match.seal("ana", text)
