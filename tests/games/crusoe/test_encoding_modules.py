"""The research encoding of the tack-on modules' decisions (encoding_modules.py): Landlords.

- Agents that follow the masks play whole games under each Landlords variant (barter and
  money economies, several seeds) and never write an order the rules refuse; where the rules
  list the choices, the masks spell exactly those;
- the Leases, deeds and offers naming a path round-trip; a rent for one named player and a
  rent off the levels cannot be spelled; the government's proposal may not forbid a path;
- the existing ids are unchanged (the Landlords' part is appended);
- what a seat cannot see (offers between others) reaches neither its observation nor mask.
"""

from __future__ import annotations

import random

import pytest
from pettingzoo.test import api_test, parallel_api_test  # type: ignore[import-untyped]
from tests.games.crusoe.test_encoding import (
    SEATS,
    agent_action,
    hidden_changed,
    play,
    same_for_each_seat,
    table_for,
)

from sealed.adapters.pettingzoo import env, parallel_env
from sealed.adapters.table import Table
from sealed.core.chance import SeededChance
from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.games.crusoe.encoding import CrusoeEncoding, encoding_for
from sealed.games.crusoe.encoding_modules import ModuleEncoding
from sealed.games.crusoe.game import CrusoeGame
from sealed.games.crusoe.orders import parse_order
from sealed.games.crusoe.state import PATHS

GAME = CrusoeGame()

LANDLORDS: list[dict[str, object]] = [
    {"scenario": "hobbesian", "landlords": "homestead"},
    {"scenario": "tribal-capitalism", "landlords": "modern"},
    {"scenario": "tribal-communism", "landlords": "modern-fair-housing"},
    {"scenario": "tribal-capitalism", "landlords": "modern-rent-control"},
    {"scenario": "national-capitalism", "landlords": "modern"},
    {"scenario": "national-capitalism", "landlords": "government-ownership"},
    {
        "scenario": "welfare-capitalism",
        "landlords": "government-ownership",
        "landlords_government_paths": 3,
        "government": "dictatorship",
    },
]


def reach(table: Table, decide: str, seed: int) -> str:
    """Play on with mask-following agents until a seat is asked ``decide``; that seat."""
    rng, chance = random.Random(seed), SeededChance(f"{seed}/reach")
    for _ in range(5000):
        for seat in table.deciding():
            if table.view(seat).decide == decide and not table.drafts.get(seat):
                return seat
        assert not table.over, f"no {decide} in this game"
        orders = table.act({s: agent_action(table, s, rng) for s in table.deciding()})
        if orders is not None:
            table.moved_to(GAME.advance(table.state, orders, chance))
    raise AssertionError(f"no {decide} within the steps")


@pytest.mark.parametrize("chosen", LANDLORDS, ids=lambda o: "-".join(map(str, o.values())))
@pytest.mark.parametrize("seed", [1, 2])
def test_mask_following_agents_play_whole_games_under_landlords(
    chosen: dict[str, object], seed: int
) -> None:
    """Leases, the government's rents and their ballot, deeds and offers naming a path:
    every completed order is checked by the rules, and the listed masks are the rules'."""
    table, steps = play(chosen, seed=seed, check_masks=True)
    assert table.result() is not None and steps > 10


def test_the_catalogue_keeps_its_ids() -> None:
    """The Landlords' part is appended: an agent's ids without the module are unchanged."""
    options = resolve_options(GAME.options, LANDLORDS[4])
    encoding = encoding_for(SEATS, options)
    assert isinstance(encoding, ModuleEncoding)
    plain = encoding_for(SEATS, resolve_options(GAME.options, {"scenario": "national-capitalism"}))
    assert plain is not None
    assert encoding.actions[: len(plain.actions)] == plain.actions
    assert len(set(encoding.actions)) == len(encoding.actions)


def _owner_table(chosen: dict[str, object]) -> tuple[Table, str]:
    """A table where p1 owns the ant and the spider and is asked for his Leases."""
    table = table_for(chosen, 3)
    state = table.state
    state.land.owners = {"ant": "p1", "spider": "p1", "firefly": "p2"}
    state.land.lawmaking = False
    state.ask, state.waiting = "rent", ("p1",)
    return table, "p1"


@pytest.mark.parametrize(
    "text",
    ["rent ant 3 spider forbid", "rent none", "deed p3 ant", "offer p2 ant 1 for apple 1"],
)
def test_landlords_spellings_round_trip(text: str) -> None:
    table, seat = _owner_table(LANDLORDS[1])
    view = table.view(seat)
    encoding = table.encoding
    order = parse_order(text)
    assert encoding.order(view, encoding.tokens(view, order)) == order


def test_a_lease_for_every_path_is_spelled_path_by_path() -> None:
    """rent all 5 is the same Lease on each path the owner holds, one token per path."""
    table, seat = _owner_table(LANDLORDS[1])
    view, encoding = table.view(seat), table.encoding
    tokens = encoding.tokens(view, parse_order("rent all 5"))
    assert [encoding.actions[t] for t in tokens] == ["lease 5", "lease 5"]
    assert encoding.order(view, tokens) == parse_order("rent ant 5 spider 5")
    first = {encoding.actions[t] for t in encoding.next_tokens(view, None, ())}
    assert {"rent none", "lease forbid", "lease 0"} <= first and "pass" not in first
    GAME.validate(table.state, seat, parse_order("rent ant 5 spider 5"))


@pytest.mark.parametrize(
    ("text", "why"), [("rent ant@p2 3", "one named player"), ("rent all 7", "a rent of")]
)
def test_a_lease_off_the_catalogue_cannot_be_spelled(text: str, why: str) -> None:
    table, seat = _owner_table(LANDLORDS[1])
    with pytest.raises(ValueError, match=why):
        table.encoding.tokens(table.view(seat), parse_order(text))


def test_rent_control_mask_forbids_no_path_and_no_rent_below_one() -> None:
    """Rulings 94 and 95: the government's rents open every path it sets, under Rent
    Control at 1 at least; it may pass instead."""
    table = table_for(LANDLORDS[3], 2)
    seat = reach(table, "rent", 2)
    view, encoding = table.view(seat), table.encoding
    assert view.land.get("lawmaking")
    first = {encoding.actions[t] for t in encoding.next_tokens(view, None, ())}
    assert "pass" in first and "lease 1" in first
    assert not {"lease 0", "lease forbid", "rent none"} & first


def test_an_offer_between_others_naming_a_path_is_not_observed() -> None:
    """The ledger is public; the offers between two other seats are not in the view."""
    table = table_for(LANDLORDS[1], 5)
    reach(table, "trade", 5)
    for me in table.seats:
        changed = hidden_changed(table.state, me)
        other = Table(GAME, table.encoding, table.seats, changed)
        other.drafts, other.sealed = dict(table.drafts), dict(table.sealed)
        assert other.observe(me) == table.observe(me)
        assert other.legal_actions(me) == table.legal_actions(me)
        assert len(table.observe(me)) == table.observation_size


def test_the_plain_catalogue_is_kept_without_landlords() -> None:
    options = resolve_options(GAME.options, {"scenario": "hobbesian"})
    encoding = encoding_for(SEATS, options)
    assert type(encoding) is CrusoeEncoding


def test_landlords_with_exile_keeps_the_landlords_spellings() -> None:
    """The punished catalogue is this one with Exile's names after it (rulings 272-276: the
    rules refuse a Lease or deed across, and the masks are their checks)."""
    chosen = {"scenario": "hobbesian", "landlords": "modern"}
    plain = encoding_for(SEATS, resolve_options(GAME.options, chosen))
    punished = encoding_for(SEATS, resolve_options(GAME.options, chosen | {"punishments": "exile"}))
    assert plain is not None and punished is not None
    assert punished.actions[: len(plain.actions)] == plain.actions
    assert "lease 5" in punished.actions and punished.actions[len(plain.actions)] == "exile"


CORPORATIONS: list[dict[str, object]] = [
    {"scenario": "national-capitalism", "corporations": True},
    {"scenario": "welfare-capitalism", "corporations": True, "corporations_dividend": True},
    {"scenario": "national-capitalism", "corporations": True, "corporations_exchange": True},
    {
        "scenario": "market-socialism",
        "corporations": True,
        "corporations_dividend": True,
        "corporations_exchange": True,
    },
    {"scenario": "national-capitalism", "corporations": True, "landlords": "modern"},
]


@pytest.mark.parametrize("chosen", CORPORATIONS, ids=lambda o: "-".join(map(str, o.values())))
@pytest.mark.parametrize("seed", [1, 2])
def test_mask_following_agents_play_whole_games_under_corporations(
    chosen: dict[str, object], seed: int
) -> None:
    """Investments, the stockholders' votes of the cost, the rolls and the dividend, the
    corporation's number, the exchange: every completed order is checked by the rules."""
    table, steps = play(chosen, seed=seed, check_masks=True)
    assert table.result() is not None and steps > 10


def _corporate_view(decide: str, coffers: int = 45) -> tuple[Table, str]:
    table = table_for(CORPORATIONS[3], 1)
    state = table.state
    state.players["p1"].money = 37
    state.corp.shares = {"ant": {"p1": 2, "p2": 1}}
    state.corp.coffers = {"ant": coffers}
    state.corp.deciding = "ant"
    state.ask, state.waiting = decide, ("p1",)
    return table, "p1"


@pytest.mark.parametrize(
    ("text", "decide"),
    [
        ("invest ant 20 sand_crab 10", "invest"),
        ("invest none", "invest"),
        ("fee 10", "toll"),
        ("salary 60", "toll"),
        ("experience 2", "spend"),
        ("experience 1 dividend 5", "dividend"),
        ("experience 0 dividend 0", "dividend"),
        ("learn 4", "corp-learn"),
        ("exchange p2 ant 1", "exchange"),
        ("exchange p3 $15", "exchange"),
        ("exchange none", "exchange"),
        ("exchange p2 ant 1 $5", "exchange"),
        ("exchange p2 $5 p3 $5", "exchange"),
        ("exchange p2 ant 2 p4 $1", "exchange"),
    ],
)
def test_corporations_spellings_round_trip(text: str, decide: str) -> None:
    table, seat = _corporate_view(decide)
    view, encoding = table.view(seat), table.encoding
    order = parse_order(text)
    assert encoding.order(view, encoding.tokens(view, order)) == order


@pytest.mark.parametrize(
    ("text", "decide", "why"),
    [
        ("invest ant 15", "invest", "whole shares"),
        ("fee 7", "toll", "a fee of"),
        ("exchange p2 ant 1 $7", "exchange", "a gift of"),
        ("exchange p3 $200", "exchange", "a gift of"),
        ("experience 1 dividend 7", "dividend", "a dividend of"),
    ],
)
def test_a_corporate_order_off_the_catalogue_cannot_be_spelled(
    text: str, decide: str, why: str
) -> None:
    table, seat = _corporate_view(decide)
    with pytest.raises(ValueError, match=why):
        table.encoding.tokens(table.view(seat), parse_order(text))


def test_the_corporate_masks_are_what_the_money_and_coffers_pay_for() -> None:
    """Ruling 137: a share while $10 of the money is left; ruling 145: the rolls the coffers
    pay for; ruling 180: the dividend on the 3 living shares within what is left."""
    table, seat = _corporate_view("invest")
    encoding = table.encoding
    names = [encoding.actions.index(f"invest +{p}") for p in ("ant", "ant", "spider")]
    mask = {encoding.actions[t] for t in encoding.next_tokens(table.view(seat), None, ())}
    assert "invest done" in mask and "invest +ant" in mask
    after = encoding.next_tokens(table.view(seat), None, tuple(names))
    assert [encoding.actions[t] for t in after] == ["invest done"]  # $30 of $37 spent
    table, seat = _corporate_view("dividend", coffers=45)
    view = table.view(seat)
    rolls = {encoding.actions[t] for t in encoding.next_tokens(view, None, ())}
    assert rolls == {f"experience {n}" for n in range(5)}
    two = (encoding.actions.index("experience 2"),)
    dividends = {encoding.actions[t] for t in encoding.next_tokens(view, None, two)}
    assert dividends == {f"dividend ${d}" for d in (0, 1, 2, 3, 4, 5, 6, 8)}  # $25 on 3 shares
    for name in dividends:
        GAME.validate(table.state, seat, encoding.order(view, (*two, encoding.actions.index(name))))


def test_every_exchange_the_mask_allows_is_legal_and_spelled_back() -> None:
    """Rulings 181, 183: one gift in one token; several between ``exchange gifts`` and
    ``exchange done``, within the shares and money held (here one ant share and $3), each
    player's shares then dollars, the players in the viewer's seat order."""
    table, seat = _corporate_view("exchange")
    state = table.state
    state.players[seat].money, state.corp.shares = 3, {"ant": {"p1": 1, "p2": 1}}
    view, encoding = table.view(seat), table.encoding
    found: list[tuple[int, ...]] = []

    def walk(draft: tuple[int, ...]) -> None:
        if encoding.order(view, draft) is not None:
            found.append(draft)
            return
        for token in encoding.next_tokens(view, None, draft):
            walk((*draft, token))

    walk(())
    texts = set()
    for draft in found:
        order = encoding.order(view, draft)
        assert order is not None
        GAME.validate(state, seat, order)
        assert encoding.tokens(view, order) == draft
        texts.add(GAME.format(order))
    assert len(texts) == len(found)  # one spelling each
    assert {"exchange p2 ant 1 $3", "exchange p2 $1 p3 $2", "exchange p4 ant 1"} <= texts
    assert "exchange p2 $2 p3 $2" not in texts  # $4 of $3
    assert not any(t.count("ant") > 1 for t in texts)  # one share held


COLLECTIONS: list[dict[str, object]] = [
    {"scenario": "hobbesian", "church": "more-devout"},
    {"scenario": "tribal-capitalism", "church": "less-devout"},
    {"scenario": "national-capitalism", "church": "less-devout"},
    {"scenario": "tribal-capitalism", "third_world": True},
    {"scenario": "tribal-communism", "third_world": True, "third_world_returns": True},
    {"scenario": "national-capitalism", "third_world": True, "third_world_returns": True},
    {"scenario": "hobbesian", "church": "less-devout", "third_world": True, "landlords": "modern"},
]


@pytest.mark.parametrize("chosen", COLLECTIONS, ids=lambda o: "-".join(map(str, o.values())))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_mask_following_agents_play_whole_games_with_the_church_and_the_mncs(
    chosen: dict[str, object], seed: int
) -> None:
    """Donations (the tithe or the penance), the Agent's imports and his returns: every
    completed order is checked by the rules."""
    table, steps = play(chosen, seed=seed, check_masks=True)
    assert table.result() is not None and steps > 10


def _collection_table(decide: str) -> tuple[Table, str]:
    table = table_for(COLLECTIONS[6] | {"third_world_returns": True}, 1)
    state = table.state
    state.players["p1"].goods.update({"banana": 2, "apple": 3, "diamond": 1, "water": 1})
    state.resource = "egg"  # the Basic Resource: the chart's row
    state.ask, state.waiting = decide, ("p1",)
    return table, "p1"


@pytest.mark.parametrize(
    ("text", "decide"),
    [
        ("donate water 1 apple 1", "donate"),
        ("donate leisure 1 cb 1", "donate"),
        ("import apple 2 fish 1", "import"),
        ("import nothing", "import"),
        ("repay dearest", "repay"),
    ],
)
def test_collections_round_trip(text: str, decide: str) -> None:
    table, seat = _collection_table(decide)
    view, encoding = table.view(seat), table.encoding
    order = parse_order(text)
    assert encoding.order(view, encoding.tokens(view, order)) == order


def test_a_donation_is_sealed_only_at_a_size_the_church_allows() -> None:
    """Ruling 97: the tithe (10% of goods and markers, rounded up) or, banned, the penance."""
    table, seat = _collection_table("donate")
    state = table.state
    encoding, me = table.encoding, state.players[seat]
    items = sum(me.goods.values()) + me.leisure + sum(me.radio.values())
    tithe = -(-items * 10 // 100)
    done = encoding.actions.index("donate done")
    water = encoding.actions.index("donate +water")
    draft: tuple[int, ...] = ()
    for size in range(tithe + 1):
        mask = encoding.next_tokens(table.view(seat), None, draft)
        assert (done in mask) == (size == tithe)
        if size < tithe:
            pick = water if water in mask else max(t for t in mask if t != done)
            draft = (*draft, pick)
    order = encoding.order(table.view(seat), (*draft, done))
    assert order is not None and sum(n for _, n in order.goods) == tithe
    GAME.validate(state, seat, order)


def test_the_returns_are_spelled_dearest_first_and_no_more_than_the_difference() -> None:
    """Rulings 199, 245: each return the mask allows makes up the difference and has no unit
    to spare; repay dearest is ruling 104's choice."""
    table, seat = _collection_table("repay")
    state = table.state
    state.owed = 6
    encoding = table.encoding
    view = table.view(seat)
    finished = 0

    def walk(draft: tuple[int, ...]) -> None:
        nonlocal finished
        order = encoding.order(view, draft) if draft else None
        if order is not None:
            GAME.validate(state, seat, order)
            finished += 1
            return
        for token in encoding.next_tokens(view, None, draft):
            walk((*draft, token))

    walk(())
    assert finished > 2


EVERY_MODULE: dict[str, object] = {
    "scenario": "national-capitalism",
    "landlords": "modern-rent-control",
    "corporations": True,
    "corporations_dividend": True,
    "corporations_exchange": True,
    "church": "less-devout",
    "third_world": True,
    "third_world_returns": True,
}


def test_every_encoded_module_at_once_plays_to_the_end() -> None:
    table, steps = play(EVERY_MODULE, seed=4, check_masks=True)
    assert table.result() is not None and steps > 10


def test_another_seats_sealed_choices_never_reach_an_observation_or_mask() -> None:
    """The modules' votes (rents, costs, rolls and dividends) and collections are sealed
    until all are in: another seat's draft or sealed order, the offers between others and the
    score sheets change neither the viewer's observation nor his mask."""
    table, rng = table_for(EVERY_MODULE, 6), random.Random(6)
    chance = SeededChance("leak")
    compared, asks = 0, set()
    while not table.over and compared < 1600:
        compared += same_for_each_seat(table)
        asks |= {table.view(s).decide for s in table.deciding()}
        orders = table.act({s: agent_action(table, s, rng) for s in table.deciding()})
        if orders is not None:
            table.moved_to(GAME.advance(table.state, orders, chance))
    assert {"rent", "rent-ballot", "donate", "import", "exchange", "invest", "toll"} <= asks


FEEDING_AND_ESTATES: list[dict[str, object]] = [
    {"scenario": "hobbesian", "gender": "dolls-house", "gender_feeding": True},
    {"scenario": "tribal-capitalism", "gender": "dolls-house", "gender_feeding": True},
    {"scenario": "hobbesian", "estate_shares": True},
    {"scenario": "tribal-socialism", "estate_shares": True},
    {"scenario": "national-capitalism", "estate_shares": True, "government": "dictatorship"},
]


@pytest.mark.parametrize(
    "chosen", FEEDING_AND_ESTATES, ids=lambda o: "-".join(map(str, o.values()))
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_mask_following_agents_play_whole_games_with_gifts_and_estates(
    chosen: dict[str, object], seed: int
) -> None:
    """A husband's gift to his wife (ruling 200) and a dead player's goods in shares, proposed
    and voted (ruling 201): every completed order is checked by the rules."""
    table, steps = play(chosen, seed=seed, check_masks=True)
    assert table.result() is not None and steps > 10


def test_every_gift_the_mask_allows_is_legal() -> None:
    """Ruling 200: water and food he holds, that she may eat, within her limits."""
    table = table_for(FEEDING_AND_ESTATES[0], 2)
    seat = reach(table, "husband", 2)
    view, encoding = table.view(seat), table.encoding
    gifts: list[tuple[int, ...]] = []

    def walk(draft: tuple[int, ...]) -> None:
        if draft and encoding.actions[draft[-1]] == "feed done":
            gifts.append(draft)
            return
        for token in encoding.next_tokens(view, None, draft):
            walk((*draft, token))

    walk(())
    for draft in gifts:
        order = encoding.order(view, draft)
        assert order is not None
        GAME.validate(table.state, seat, order)
        assert encoding.tokens(view, order) == draft


def test_an_estate_is_divided_unit_by_unit_to_the_heirs() -> None:
    """Ruling 201: pass, or every unit of the dead player's goods to a living heir."""
    table = table_for(FEEDING_AND_ESTATES[2], 1)
    state = table.state
    state.players["p4"].alive = False
    state.players["p4"].death_cycle, state.players["p4"].death_cause = 1, "thirst"
    state.players["p4"].goods = dict.fromkeys(state.players["p4"].goods, 0) | {
        "water": 1,
        "egg": 2,
    }
    state.estates = ["p4"]
    state.ask, state.waiting = "estate-divide", ("p1",)
    view, encoding = table.view("p1"), table.encoding
    first = {encoding.actions[t] for t in encoding.next_tokens(view, None, ())}
    assert first == {"pass", "divide to seat+0", "divide to seat+1", "divide to seat+2"}
    to = [encoding.actions.index(f"divide to seat+{k}") for k in (2, 0, 0)]
    done = encoding.actions.index("divide done")
    assert encoding.next_tokens(view, None, tuple(to)) == [done]
    order = encoding.order(view, (*to, done))
    assert order == parse_order("divide p1 egg 2 p2 nothing p3 water 1")
    GAME.validate(state, "p1", order)
    assert encoding.tokens(view, order) == (*to, done)


PETTINGZOO: list[dict[str, object]] = [
    {"scenario": "tribal-capitalism", "landlords": "modern"},
    {
        "scenario": "national-capitalism",
        "corporations": True,
        "corporations_dividend": True,
        "corporations_exchange": True,
    },
    {"scenario": "hobbesian", "church": "less-devout", "third_world": True},
    {"scenario": "tribal-socialism", "gender": "dolls-house", "gender_feeding": True},
    {"scenario": "tribal-socialism", "estate_shares": True},
    {"scenario": "governmental-socialism", "punishments": "exile+crippling"},
    {"scenario": "market-socialism", "government": "bureaucracy", "corporations": True},
]


@pytest.mark.filterwarnings("ignore::UserWarning")  # PettingZoo's advice on dict observations
@pytest.mark.parametrize("options", PETTINGZOO, ids=lambda o: "-".join(map(str, o.values())))
def test_pettingzoo_api_tests_pass_under_each_encoded_module(options: dict[str, object]) -> None:
    """PettingZoo's own API tests, parallel and AEC, on three seats under each module."""
    parallel_api_test(parallel_env("crusoe", 3, options), num_cycles=300)
    api_test(env("crusoe", 3, options), num_cycles=300, verbose_progress=False)


def test_no_path_is_offered_in_the_traditional_economys_barter() -> None:
    """The Traditional Economy's trade limits rank goods by class and a path has none: the
    rules refuse an offer naming a path there (ruling 185), so the mask offers none."""
    table = table_for({"scenario": "traditional", "landlords": "modern-rent-control"}, 109)
    seat = reach(table, "trade", 109)
    encoding = table.encoding
    names = {encoding.actions[t] for t in encoding.next_tokens(table.view(seat), None, ())}
    assert not [n for n in names if n.startswith("offer ") and any(p in n for p in PATHS)]
    assert any(n.startswith("offer ") for n in names)


SCENARIOS = (
    "hobbesian",
    "tribal-capitalism",
    "tribal-communism",
    "tribal-socialism",
    "traditional",
    "national-capitalism",
    "welfare-capitalism",
    "class-warfare-capitalism",
    "state-capitalism",
    "centralized-communism",
    "market-socialism",
    "governmental-socialism",
)
LANDLORD_VARIANTS = ("homestead", "modern", "modern-fair-housing", "modern-rent-control")


def random_configuration(rng: random.Random) -> dict[str, object]:
    """Modules drawn at random with a scenario and a government; drawn again until the rules
    accept the options and there is an encoding."""
    while True:
        chosen: dict[str, object] = {"scenario": rng.choice(SCENARIOS)}
        if rng.random() < 0.5:
            chosen["landlords"] = rng.choice((*LANDLORD_VARIANTS, "government-ownership"))
        if rng.random() < 0.4:
            chosen |= {"corporations": True, "corporations_dividend": rng.random() < 0.5}
            chosen["corporations_exchange"] = rng.random() < 0.5
        if rng.random() < 0.4:
            chosen["church"] = rng.choice(("more-devout", "less-devout"))
        if rng.random() < 0.4:
            chosen |= {"third_world": True, "third_world_returns": rng.random() < 0.5}
        if rng.random() < 0.3:
            chosen |= {"gender": "dolls-house", "gender_feeding": True}
        if rng.random() < 0.3:
            chosen["estate_shares"] = True
        if rng.random() < 0.4:
            governments = ("athenian", "dictatorship", "representative", "bureaucracy")
            chosen["government"] = rng.choice(governments)
        if rng.random() < 0.3:  # encoding_exile.py, encoding_for refuses what it cannot spell
            chosen["punishments"] = rng.choice(("exile", "crippling", "exile+crippling"))
        try:
            options = resolve_options(GAME.options, chosen)
            GAME.initial_state(SEATS, options, SeededChance(1))
        except OptionError:
            continue
        if len(chosen) > 1 and encoding_for(SEATS, options) is not None:
            return chosen


@pytest.mark.parametrize("seed", range(12))
def test_mask_following_agents_play_random_configurations_of_the_modules(seed: int) -> None:
    chosen = random_configuration(random.Random(seed))
    table, steps = play(chosen, seed=seed, check_masks=True)
    assert table.result() is not None and steps > 10, chosen
