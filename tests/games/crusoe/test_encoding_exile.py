"""The research encoding under Exile and Crippling (encoding_exile.py).

Mask-following agents play whole games under Exile (also with Crippling, also with exiles
from the start under their own pile) through the adapters' table, and never write an order
the rules refuse; where the rules list the choices (the exiles' vote) the masks spell exactly
those. So do they in the money economies under Exile (rulings 210-215, with exiles from the
start under each of their economies) and Crippling, and with the modules' and tack-ons'
decisions under either. The verdicts exile, cripple ROW and cripple ROW SEAT ... (loser by
loser) and the votes round-trip; the verdicts' masks are the rules' checks (Libertarianism);
a division is spelled to the divider's side only; the catalogue without the punishments keeps
its ids; Exile where this catalogue does not spell its decisions has no encoding; what a seat
cannot see reaches neither its observation nor its mask under Exile in a money economy.
This session's combinations (Class Warfare, Market Socialism, Landlords, a President, a chart
or a hybrid: rulings 264-284, 305) are spelled: agents play them (with exiles from the start
too), the ids are kept, a seat sees who is in exile and nothing hidden, no deed crosses.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from tests.adapters.play import spellings
from tests.games.crusoe.test_encoding import same_for_each_seat

from sealed.adapters.table import Table
from sealed.core.chance import SeededChance
from sealed.core.game import Options, resolve_options
from sealed.games.crusoe.encoding import CrusoeEncoding, encoding_for
from sealed.games.crusoe.encoding_exile import PunishedEncoding
from sealed.games.crusoe.game import CrusoeGame
from sealed.games.crusoe.orders import parse_order
from sealed.games.crusoe.state import Battle

GAME = CrusoeGame()
SEATS = ("p1", "p2", "p3", "p4")


def table_for(chosen: dict[str, object], seed: int) -> Table:
    options = resolve_options(GAME.options, chosen)
    encoding = encoding_for(SEATS, options)
    assert encoding is not None
    return Table(GAME, encoding, SEATS, GAME.initial_state(SEATS, options, SeededChance(seed)))


def agent_action(table: Table, seat: str, rng: random.Random) -> int:
    """A random legal action; at the Market it often goes home (random offers never end)."""
    if table.view(seat).decide == "trade" and rng.random() < 0.5:
        return table.encoding.actions.index("home")
    return rng.choice(table.legal_actions(seat))


def _play(
    chosen: dict[str, object],
    seed: int,
    exiles: tuple[str, ...] = (),
    own: str = "",
    bonds: dict[str, str] | None = None,
) -> Counter[str]:
    """A game of mask-following agents to its end (``exiles`` in exile from the start, under
    their economy ``own``; under Slavery, ``bonds`` added to the seats' roles); every mask
    where the rules list the choices is checked against that list. Returns the words of the
    orders written."""
    table = table_for(chosen, seed)
    for seat in exiles:
        table.state.players[seat].roles = ("exile", own)
    for seat, bond in (bonds or {}).items():
        table.state.players[seat].roles = (*table.state.players[seat].roles, bond)
    rng, chance, words = random.Random(seed), SeededChance(f"{seed}/play"), Counter[str]()
    while not table.over:
        for seat in table.deciding():
            legal = GAME.legal_orders(table.state, seat)
            if legal is not None and not table.drafts.get(seat):
                spelled = sorted(GAME.format(o) for o in spellings(table, seat))
                assert spelled == sorted(GAME.format(o) for o in legal)
        for seat in table.seats:
            assert len(table.observe(seat)) == table.observation_size
        actions = {seat: agent_action(table, seat, rng) for seat in table.deciding()}
        orders = table.act(actions)  # validates every completed order against the rules
        if orders is not None:
            words.update(order.word for order in orders.values())
            table.moved_to(GAME.advance(table.state, orders, chance))
    return words


@pytest.mark.parametrize(
    "chosen",
    [
        {"scenario": "hobbesian", "punishments": "exile"},
        {"scenario": "tribal-capitalism", "punishments": "exile+crippling"},
        {"scenario": "traditional", "punishments": "exile"},
        {"scenario": "hobbesian", "punishments": "crippling"},
    ],
    ids=lambda o: "-".join(map(str, o.values())),
)
def test_mask_following_agents_play_whole_games_with_legal_orders(
    chosen: dict[str, object],
) -> None:
    words: Counter[str] = Counter()
    for seed in range(3):
        words += _play(chosen, seed)
    assert words["eat"] > 0


MONEY_AND_MODULES: list[dict[str, object]] = [  # rulings 210-215; the modules under both
    {"scenario": "national-capitalism", "punishments": "exile"},
    {
        "scenario": "welfare-capitalism",
        "punishments": "exile+crippling",
        "minimum_wage": "government",
        "government": "dictatorship",
    },
    {"scenario": "centralized-communism", "punishments": "exile"},
    {"scenario": "state-capitalism", "punishments": "exile+crippling"},
    {"scenario": "governmental-socialism", "punishments": "exile", "estate_shares": True},
    {"scenario": "class-warfare-capitalism", "punishments": "crippling"},
    {"scenario": "market-socialism", "punishments": "crippling", "government": "representative"},
    {
        "scenario": "national-capitalism",
        "punishments": "crippling",
        "corporations": True,
        "corporations_exchange": True,
        "corporations_dividend": True,
        "landlords": "modern",
    },
    {"scenario": "tribal-capitalism", "punishments": "crippling", "landlords": "homestead"},
    {"scenario": "hobbesian", "punishments": "exile", "church": "less-devout"},
    {
        "scenario": "tribal-capitalism",
        "punishments": "exile+crippling",
        "third_world": True,
        "third_world_returns": True,
    },
    {
        "scenario": "hobbesian",
        "punishments": "exile",
        "gender": "dolls-house",
        "gender_feeding": True,
    },
    {"scenario": "hobbesian", "punishments": "exile", "early_feudalism": "weak"}
    | {"early_feudalism_dice": 2},
    {"scenario": "tribal-capitalism", "punishments": "exile+crippling", "libertarianism": True},
    {"scenario": "tribal-communism", "punishments": "exile", "gender": "matriarchal-golden-age"},
    {"scenario": "national-capitalism", "punishments": "exile", "paternalistic": True},
    {"scenario": "traditional", "punishments": "exile+crippling", "victory": "secret"},
]


@pytest.mark.parametrize("chosen", MONEY_AND_MODULES, ids=lambda o: "-".join(map(str, o.values())))
def test_mask_following_agents_play_the_money_economies_and_modules_under_exile_or_crippling(
    chosen: dict[str, object],
) -> None:
    """The money catalogue, the tack-ons' and the modules' parts with the punished verdicts:
    every completed order is checked by the rules, the listed masks are the rules' lists."""
    words: Counter[str] = Counter()
    for seed in range(3):
        words += _play(chosen, seed)
    assert words["eat"] > 0


@pytest.mark.parametrize(
    "scenario",
    [
        "national-capitalism",
        "welfare-capitalism",
        "centralized-communism",
        "state-capitalism",
        "governmental-socialism",
    ],
)
@pytest.mark.parametrize("own", ["exiles-barter", "exiles-share", "exiles-pool"])
def test_agents_play_the_money_economies_with_exiles_from_the_start(
    scenario: str, own: str
) -> None:
    """Two exiles from the start under their own economy in a money economy (rulings 210-215):
    they are asked nothing of the money economy and barter, draft or divide among themselves."""
    chosen: dict[str, object] = {"scenario": scenario, "punishments": "exile"}
    words: Counter[str] = Counter()
    for seed in range(2):
        words += _play(chosen, seed, exiles=("p2", "p4"), own=own)
    assert words["eat"] > 0


@pytest.mark.parametrize("scenario", ["tribal-communism", "tribal-socialism", "traditional"])
@pytest.mark.parametrize("own", ["exiles-share", "exiles-pool"])
def test_agents_share_the_exiles_own_pile(scenario: str, own: str) -> None:
    """Two exiles from the start under their own Communism or Socialism (ruling 172): their
    draft or their division and vote are spelled within their side."""
    chosen: dict[str, object] = {"scenario": scenario, "punishments": "exile"}
    words: Counter[str] = Counter()
    for seed in range(3):
        words += _play(chosen, seed, exiles=("p2", "p4"), own=own)
    assert words["draft" if own == "exiles-share" else "divide"] > 0


def test_the_verdicts_and_the_exiles_vote_round_trip() -> None:
    options = resolve_options(
        GAME.options, {"scenario": "hobbesian", "punishments": "exile+crippling"}
    )
    encoding = encoding_for(SEATS, options)
    assert isinstance(encoding, PunishedEncoding)
    view = GAME.view(GAME.initial_state(SEATS, options, SeededChance(1)), "p1")
    for text in ("exile", "cripple 9", "cripple 2", "establish tribal-socialism", "return"):
        order = parse_order(text)
        tokens = encoding.tokens(view, order)
        assert len(tokens) == 1 and encoding.order(view, tokens) == order


def test_the_introductory_catalogue_keeps_its_ids() -> None:
    options = resolve_options(GAME.options, {"scenario": "hobbesian", "punishments": "exile"})
    punished = encoding_for(SEATS, options)
    assert punished is not None
    plain = CrusoeEncoding(SEATS)
    assert punished.actions[: len(plain.actions)] == plain.actions
    assert "cripple 9" not in punished.actions  # Crippling is not in play


def test_a_division_is_spelled_to_the_dividers_side_only() -> None:
    options = resolve_options(
        GAME.options, {"scenario": "tribal-socialism", "punishments": "exile"}
    )
    table = table_for({"scenario": "tribal-socialism", "punishments": "exile"}, 2)
    state = table.state
    state.players["p2"].roles = ("exile",)
    state.pile = {"water": 2, "egg": 1}
    state.ask, state.waiting = "divide", ("p1",)
    encoding = encoding_for(SEATS, options)
    assert encoding is not None
    view = GAME.view(state, "p1")
    allowed = {encoding.actions[t] for t in encoding.next_tokens(view, None, ())}
    assert allowed == {"divide to seat+0", "divide to seat+2", "divide to seat+3"}
    to = [encoding.actions.index(f"divide to seat+{k}") for k in (0, 2, 3)]
    order = encoding.order(view, (*to, encoding.actions.index("divide done")))
    assert order == parse_order("divide p1 water 1 p3 water 1 p4 egg 1")
    GAME.validate(state, "p1", order)
    assert isinstance(Table(GAME, encoding, SEATS, state).observe("p1"), list)


def _verdict_table(chosen: dict[str, object]) -> Table:
    """p1 won a battle against p2, p3 and p4 (p4 dead): his verdict is open."""
    table = table_for(chosen, 3)
    state = table.state
    state.phase, state.ask, state.waiting = "battles", "verdict", ("p1",)
    state.battles, state.battle = [Battle(["p1"], ["p2", "p3", "p4"])], 0
    dead = state.players["p4"]
    dead.alive, dead.death_cycle, dead.death_cause = False, 1, "violence"
    return Table(GAME, table.encoding, SEATS, state)


def test_crippling_some_of_the_losers_is_spelled_loser_by_loser() -> None:
    """``cripple ROW of``, the living losers in seat order, ``cripple done``: the mask offers
    only living losers after the last one named, and done once one is named."""
    table = _verdict_table({"scenario": "national-capitalism", "punishments": "crippling"})
    encoding, view = table.encoding, table.view("p1")
    names = encoding.actions
    first = {names[t] for t in table.legal_actions("p1")}
    assert {"cripple 9", "cripple 9 of", "kill", "fine all"} <= first
    opener = names.index("cripple 9 of")
    after = {names[t] for t in encoding.next_tokens(view, None, (opener,))}
    assert after == {"cripple seat+1", "cripple seat+2"}  # p4 is dead, p1 is no loser
    second = (opener, names.index("cripple seat+1"))
    assert {names[t] for t in encoding.next_tokens(view, None, second)} == {
        "cripple seat+2",
        "cripple done",
    }
    done = (*second, names.index("cripple done"))
    order = encoding.order(view, done)
    assert order == parse_order("cripple 9 p2")
    GAME.validate(table.state, "p1", order)
    both = parse_order("cripple 12 p3 p2")
    assert encoding.order(view, encoding.tokens(view, both)) == both
    GAME.validate(table.state, "p1", both)


@pytest.mark.parametrize("viewer", ["p1", "p3"])
def test_a_cripple_verdict_round_trips_from_any_seat(viewer: str) -> None:
    table = _verdict_table({"scenario": "hobbesian", "punishments": "exile+crippling"})
    view = table.view(viewer)
    for text in ("cripple 2", "cripple 4 p2", "cripple 10 p2 p3", "cripple 11 p4 p1"):
        order = parse_order(text)
        assert table.encoding.order(view, table.encoding.tokens(view, order)) == order


def test_the_punished_verdicts_are_the_rules_checks() -> None:
    """Under Libertarianism losers none of whom is in default may only be spared or fined their
    Diamonds and Spears: the mask offers neither exile nor a cripple then."""
    chosen: dict[str, object] = {"scenario": "tribal-capitalism", "punishments": "exile+crippling"}
    table = _verdict_table(chosen | {"libertarianism": True})
    names = {table.encoding.actions[t] for t in table.legal_actions("p1")}
    assert "spare" in names and "exile" not in names
    assert not any(n.startswith("cripple") for n in names)
    free = _verdict_table(chosen)
    plain = {free.encoding.actions[t] for t in free.legal_actions("p1")}
    assert {"exile", "cripple 3", "cripple 3 of"} <= plain


def test_the_catalogue_without_the_punishments_keeps_its_ids() -> None:
    """Money, modules and tack-ons: the punished names are appended after them."""
    base: dict[str, object] = {"scenario": "national-capitalism", "corporations": True}
    plain = encoding_for(SEATS, resolve_options(GAME.options, base))
    punished = encoding_for(
        SEATS, resolve_options(GAME.options, base | {"punishments": "crippling"})
    )
    assert plain is not None and isinstance(punished, PunishedEncoding)
    assert punished.actions[: len(plain.actions)] == plain.actions
    assert punished.actions[len(plain.actions)] == "cripple 2"


NEW_EXILE: list[dict[str, object]] = [  # rulings 264-284, 305: spelled since
    {"scenario": "class-warfare-capitalism", "punishments": "exile"},
    {"scenario": "market-socialism", "punishments": "exile+crippling"},
    {"scenario": "class-warfare-capitalism", "punishments": "exile", "government": "dictatorship"},
    {"scenario": "market-socialism", "punishments": "exile", "government": "dictatorship"},
    {"scenario": "hobbesian", "punishments": "exile", "landlords": "homestead"},
    {"scenario": "tribal-capitalism", "punishments": "exile+crippling", "landlords": "modern"},
    {"scenario": "traditional", "punishments": "exile", "landlords": "modern"},
    {"scenario": "national-capitalism", "punishments": "exile", "landlords": "modern-fair-housing"},
    {"scenario": "welfare-capitalism", "punishments": "exile", "landlords": "modern-rent-control"},
    {
        "scenario": "national-capitalism",
        "punishments": "exile",
        "landlords": "government-ownership",
    },
    {"scenario": "market-socialism", "punishments": "exile", "landlords": "modern"},
    {"scenario": "national-capitalism", "punishments": "exile", "government": "representative"},
    {
        "scenario": "class-warfare-capitalism",
        "punishments": "exile",
        "government": "representative",
    },
    {"scenario": "national-capitalism", "punishments": "exile", "government": "bureaucracy"},
    {"scenario": "market-socialism", "punishments": "exile", "government": "bureaucracy"},
    {"scenario": "class-warfare-capitalism", "punishments": "exile", "government": "bureaucracy"},
    {
        "scenario": "welfare-capitalism",
        "punishments": "exile",
        "government": "hybrid",
        "government_tax_burden": "bureaucracy",
        "minimum_wage": "government",
    },
    {
        "scenario": "national-capitalism",
        "punishments": "exile",
        "government": "bureaucracy",
        "landlords": "government-ownership",
        "government_rents": "bureaucracy",
    },
    {
        "scenario": "national-capitalism",
        "punishments": "exile",
        "paternalistic": True,
        "government": "representative",
    },
    {
        "scenario": "governmental-socialism",
        "punishments": "exile",
        "paternalistic": True,
        "government": "bureaucracy",
    },
]
"""Exile in Class Warfare and Market Socialism (264-270), with Landlords (272-276, 305), under
a President, a chart or a hybrid, and with them choosing the paths (278-284)."""


@pytest.mark.parametrize("chosen", NEW_EXILE, ids=lambda o: "-".join(map(str, o.values())))
def test_mask_following_agents_play_this_sessions_exile_combinations(
    chosen: dict[str, object],
) -> None:
    """Each combination: games to their end, one with two exiles from the start under their
    own barter (so exiles meet the Leases, classes, plan and elections of the main
    encampment); every completed order is checked by the rules, the listed masks are the
    rules' lists."""
    words = _play(chosen, 0) + _play(chosen, 1, exiles=("p2", "p4"), own="exiles-barter")
    assert words["eat"] > 0


@pytest.mark.parametrize("chosen", NEW_EXILE, ids=lambda o: "-".join(map(str, o.values())))
def test_this_sessions_exile_combinations_keep_the_catalogues_ids(
    chosen: dict[str, object],
) -> None:
    """The catalogue without the punishments is the punished one's beginning (but Market
    Socialism's purchases of several units, the catalogue's last names in both), and the
    punished names follow it."""
    punished = encoding_for(SEATS, resolve_options(GAME.options, chosen))
    plain = encoding_for(SEATS, resolve_options(GAME.options, chosen | {"punishments": "none"}))
    assert isinstance(punished, PunishedEncoding) and plain is not None
    late = len(plain._late)
    head = len(plain.actions) - late
    assert punished.actions[:head] == plain.actions[:head]
    assert punished.actions[len(punished.actions) - late :] == plain.actions[head:]
    assert punished.actions[head] == "exile"


@pytest.mark.parametrize(
    "chosen",
    [
        {"scenario": "crusoes-economy", "punishments": "exile"},
    ],
    ids=lambda o: "-".join(map(str, o.values())),
)
def test_exile_where_its_decisions_are_not_spelled_has_no_encoding(chosen: Options) -> None:
    """Crusoe's Economy (no violence): no encoding. Corporations is spelled with Exile since
    rulings 324-329 (test_optional_exile_corporations.py)."""
    assert encoding_for(SEATS, chosen) is None


SLAVERY_EXILE: list[dict[str, object]] = [
    {"scenario": "class-warfare-capitalism"},
    {"scenario": "market-socialism"},
    {"scenario": "hobbesian", "landlords": "modern"},
    {"scenario": "national-capitalism", "landlords": "modern-rent-control"},
    {"scenario": "national-capitalism", "government": "representative"},
    {"scenario": "market-socialism", "government": "bureaucracy"},
    {"scenario": "national-capitalism", "government": "bureaucracy", "paternalistic": True},
]
"""Slavery with Exile in this session's combinations (rulings 300, 301, 305 with 264-284)."""
EXILED_BONDS = {"p2": "slave-of-0", "p4": "slave-of-2"}
"""p1's slave p2 (both in exile, ruling 300) and p3's slave p4 at the main encampment."""


@pytest.mark.parametrize("chosen", SLAVERY_EXILE, ids=lambda o: "-".join(map(str, o.values())))
@pytest.mark.parametrize("own", ["exiles-barter", "exiles-pool"])
def test_agents_play_slavery_with_exile_in_this_sessions_combinations(
    chosen: dict[str, object], own: str
) -> None:
    """A master and his slave in exile under their own economy, another pair at home: the
    slavery catalogue's feeding and the master's choices for a slave in exile, and a plain
    game besides, play to their end with only orders the rules accept."""
    chosen = chosen | {"punishments": "slavery+exile"}
    words = _play(chosen, 1)
    bound = Counter[str]()
    for seed in (0, 2):  # a slave may beat his master first: two games reach a feeding
        bound += _play(chosen, seed, exiles=("p1", "p2"), own=own, bonds=EXILED_BONDS)
    assert words["eat"] > 0 and bound["feed"] + bound["free"] > 0


@pytest.mark.parametrize(
    ("scenario", "own"),
    [("national-capitalism", "exiles-barter"), ("governmental-socialism", "exiles-pool")],
)
def test_what_a_seat_cannot_see_never_reaches_its_observation_or_mask(
    scenario: str, own: str
) -> None:
    """Exiles from the start in a money economy: the offers between others, the votes, the
    score sheets, another seat's draft or sealed order change no seat's observation or mask."""
    table = table_for({"scenario": scenario, "punishments": "exile+crippling"}, 4)
    for seat in ("p2", "p4"):
        table.state.players[seat].roles = ("exile", own)
    rng, chance, compared = random.Random(4), SeededChance("leak"), 0
    while not table.over and compared < 400:
        compared += same_for_each_seat(table)
        orders = table.act({s: agent_action(table, s, rng) for s in table.deciding()})
        if orders is not None:
            table.moved_to(GAME.advance(table.state, orders, chance))
    assert compared >= 40


@pytest.mark.parametrize(
    ("chosen", "own"),
    [
        ({"scenario": "class-warfare-capitalism"}, "exiles-barter"),
        ({"scenario": "market-socialism"}, "exiles-share"),
        ({"scenario": "national-capitalism", "landlords": "modern"}, "exiles-barter"),
        ({"scenario": "tribal-capitalism", "landlords": "homestead"}, "exiles-pool"),
        ({"scenario": "national-capitalism", "government": "representative"}, "exiles-barter"),
        ({"scenario": "market-socialism", "government": "bureaucracy"}, "exiles-barter"),
        ({"scenario": "class-warfare-capitalism", "punishments": "slavery+exile"}, "slaves"),
        (
            {"scenario": "hobbesian", "landlords": "modern", "punishments": "slavery+exile"},
            "slaves",
        ),
    ],
    ids=lambda o: "-".join(map(str, o.values())) if isinstance(o, dict) else str(o),
)
def test_what_a_seat_cannot_see_stays_hidden_in_this_sessions_combinations(
    chosen: dict[str, object], own: str
) -> None:
    """Exiles from the start in Class Warfare, Market Socialism, with Landlords, under a
    President or a chart (``slaves``: a master and his slave in exile, another pair at home,
    under Slavery too): no other seat's offers, votes, bids, boxes, drafts or sealed orders
    change a seat's observation or mask."""
    table = table_for({"punishments": "exile"} | chosen, 6)
    for seat in ("p2", "p4") if own != "slaves" else ("p1", "p2"):
        table.state.players[seat].roles = ("exile", "exiles-barter" if own == "slaves" else own)
    for seat, bond in EXILED_BONDS.items() if own == "slaves" else ():
        table.state.players[seat].roles = (*table.state.players[seat].roles, bond)
    rng, chance, compared = random.Random(6), SeededChance("leak"), 0
    while not table.over and compared < 300:
        compared += same_for_each_seat(table)
        orders = table.act({s: agent_action(table, s, rng) for s in table.deciding()})
        if orders is not None:
            table.moved_to(GAME.advance(table.state, orders, chance))
    assert compared >= 40


@pytest.mark.parametrize(
    "chosen",
    [
        {"scenario": "class-warfare-capitalism"},
        {"scenario": "market-socialism", "government": "bureaucracy"},
        {"scenario": "national-capitalism", "landlords": "modern"},
    ],
    ids=lambda o: "-".join(map(str, o.values())),
)
def test_the_observation_shows_who_is_in_exile(chosen: dict[str, object]) -> None:
    """Every seat sees p3's exile (public: the verdict is in the open) in its observation."""
    table = table_for(chosen | {"punishments": "exile"}, 2)
    encoding, state = table.encoding, table.state
    home = {seat: encoding.observe(GAME.view(state, seat)) for seat in SEATS}
    state.players["p3"].roles = ("exile",)
    for seat in SEATS:
        away = encoding.observe(GAME.view(state, seat))
        assert away != home[seat] and len(away) == len(home[seat])


def test_no_deed_is_offered_across_the_divide_of_exile() -> None:
    """Ruling 273: p1 may give the ant to p3, not to p2 in exile; p2 gives no path from exile.
    The masks are the rules' checks: each deed offered is accepted, each other refused."""
    chosen: dict[str, object] = {"landlords": "modern", "punishments": "exile"}
    table = table_for(chosen | {"scenario": "tribal-capitalism"}, 3)
    state = table.state
    state.land.owners = {"ant": "p1", "spider": "p2"}
    state.players["p2"].roles = ("exile", "exiles-barter")
    state.phase, state.ask, state.waiting = "trade", "trade", ("p1", "p2", "p3")
    names = table.encoding.actions
    deeds = {s: {names[t] for t in table.legal_actions(s)} for s in ("p1", "p2")}
    p1 = {n for n in deeds["p1"] if n.startswith("deed ")}
    assert "deed seat+2 ant" in p1 and not any(n.startswith("deed seat+1 ") for n in p1)
    assert not any(n.startswith("deed ") for n in deeds["p2"])
    GAME.validate(state, "p1", parse_order("deed p3 ant"))
