"""The research encoding under Slavery (encoding_slavery.py).

Mask-following agents play whole games under Slavery (with Crippling and Exile, with
``slavery_permission`` and ``slavery_any_time``, in the introductory and the money economies,
with slaves from the start so the feeding, the supervision and the master's choices are
asked) through the adapters' table, and never write an order the rules refuse; where the rules
list the choices the masks spell exactly those. The verdict, the feeding, freeing and handing
over round-trip; the catalogue without Slavery keeps its ids; the observation shows who is
whose slave; what a seat cannot see reaches neither its observation nor its mask.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from tests.adapters.play import spellings
from tests.games.crusoe.test_encoding import same_for_each_seat
from tests.games.crusoe.test_encoding_exile import _verdict_table, agent_action, table_for

from sealed.adapters.table import Table
from sealed.core.chance import SeededChance
from sealed.core.game import Options, resolve_options
from sealed.games.crusoe import encoding_exile
from sealed.games.crusoe.encoding import encoding_for
from sealed.games.crusoe.encoding_slavery import SlaveryEncoding, action_names
from sealed.games.crusoe.game import CrusoeGame
from sealed.games.crusoe.orders import Order, parse_order
from sealed.games.crusoe.state import CrusoeState

GAME = CrusoeGame()
SEATS = ("p1", "p2", "p3", "p4")
BONDS = {"p2": "slave-of-0", "p4": "slave-of-2"}  # p1 owns p2, p3 owns p4


def _play(chosen: dict[str, object], seed: int, bonds: bool = True) -> Counter[str]:
    """A game of mask-following agents to its end (with :data:`BONDS` from the start); every
    mask where the rules list the choices is checked against that list, every observation's
    length against the size. Returns the words of the orders written."""
    table = table_for(chosen, seed)
    words = Counter(["bound"] if _bind(table, bonds) else [])
    rng, chance = random.Random(seed), SeededChance(f"{seed}/play")
    while not table.over:
        for seat in table.deciding():
            legal = GAME.legal_orders(table.state, seat)
            if legal is None or table.drafts.get(seat):
                continue
            if _aside(table, seat):
                _check_aside(table, seat, legal)
                continue
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


def _bind(table: Table, bonds: bool = True) -> bool:
    """:data:`BONDS` from the start, added to the seats' roles (a woman stays one), unless the
    first decision already lists whom a government assigns a path (the men awaiting one then
    were free: a bond now would contradict the decision open)."""
    state = table.state
    if not bonds or state.ask == "assign":
        return False
    for seat, role in BONDS.items():
        state.players[seat].roles = (*state.players[seat].roles, role)
    return True


def _check_aside(table: Table, seat: str, legal: list[Order]) -> None:
    """At a path or violence decision under ``slavery_any_time``: the one-token orders are the
    rules' list and the handings over the rules accept; ``free`` opens a gift (ruling 169)."""
    encoding, view = table.encoding, table.view(seat)
    listed = []
    for token in encoding.next_tokens(view, legal, ()):
        order = encoding.order(view, (token,))
        if order is None:
            assert encoding.actions[token].startswith("free seat+")
        elif order.word == "hand":
            GAME.validate(table.state, seat, order)  # raises if the rules refuse it
        else:
            listed.append(GAME.format(order))
    assert sorted(listed) == sorted(GAME.format(o) for o in legal)


def _aside(table: Table, seat: str) -> bool:
    """Under ``slavery_any_time`` a master asked for a path or to initiate violence may also
    free or hand a slave (ruling 169): the mask is the rules' list and those."""
    state = table.state
    assert isinstance(state, CrusoeState)
    return bool(state.settings.slavery_rules) and state.ask in ("path", "violence")


CONFIGS: list[dict[str, object]] = [
    {"scenario": "hobbesian", "punishments": "slavery"},
    {
        "scenario": "hobbesian",
        "punishments": "slavery",
        "slavery_permission": True,
        "slavery_any_time": True,
    },
    {"scenario": "tribal-capitalism", "punishments": "slavery+crippling"},
    {"scenario": "tribal-communism", "punishments": "slavery+exile"},
    {"scenario": "tribal-socialism", "punishments": "slavery", "slavery_any_time": True},
    {"scenario": "traditional", "punishments": "slavery"},
    {"scenario": "national-capitalism", "punishments": "slavery"},
    {"scenario": "governmental-socialism", "punishments": "slavery", "government": "dictatorship"},
    {"scenario": "state-capitalism", "punishments": "slavery", "slavery_permission": True},
    {"scenario": "hobbesian", "punishments": "slavery", "landlords": "homestead"},
    {"scenario": "welfare-capitalism", "punishments": "slavery", "minimum_wage": "government"},
    {"scenario": "centralized-communism", "punishments": "slavery"},
    {"scenario": "class-warfare-capitalism", "punishments": "slavery"},
    {"scenario": "market-socialism", "punishments": "slavery", "government": "representative"},
    {"scenario": "national-capitalism", "punishments": "slavery", "government": "bureaucracy"},
    {"scenario": "national-capitalism", "punishments": "slavery", "government": "hybrid"},
    {"scenario": "national-capitalism", "punishments": "slavery", "corporations": True}
    | {"landlords": "modern"},
    {"scenario": "tribal-capitalism", "punishments": "slavery", "landlords": "modern-rent-control"},
    {"scenario": "hobbesian", "punishments": "slavery", "church": "less-devout"},
    {"scenario": "tribal-capitalism", "punishments": "slavery", "third_world": True},
    {"scenario": "hobbesian", "punishments": "slavery", "guild_oligarchy": True},
    {"scenario": "national-capitalism", "punishments": "slavery", "paternalistic": True},
    {"scenario": "hobbesian", "punishments": "slavery", "gender": "dolls-house"}
    | {"gender_feeding": True},
    {"scenario": "tribal-communism", "punishments": "slavery", "gender": "matriarchal-golden-age"},
    {"scenario": "national-capitalism", "punishments": "slavery+exile+crippling"},
    {"scenario": "traditional", "punishments": "slavery", "victory": "secret"},
    {"scenario": "hobbesian", "punishments": "slavery", "early_feudalism": "weak"}
    | {"early_feudalism_dice": 2},
    {"scenario": "tribal-capitalism", "punishments": "slavery", "libertarianism": True},
    {"scenario": "hobbesian", "punishments": "slavery", "objectivist": True},
    {
        "scenario": "hobbesian",
        "punishments": "slavery",
        "gender": "base",
        "gender_mens_work": 1,
        "gender_paths_denied": 2,
    },
]


@pytest.mark.parametrize("chosen", CONFIGS, ids=lambda o: "-".join(map(str, o.values())))
def test_mask_following_agents_play_whole_games_with_legal_orders(
    chosen: dict[str, object],
) -> None:
    words: Counter[str] = Counter()
    for seed in range(2):
        words += _play(chosen, seed)
    assert words["eat"] > 0
    if words["bound"]:  # slaves from the start: the feeding was spelled
        assert words["feed"] + words["free"] + words["hand"] > 0


def test_agents_without_slaves_from_the_start_play_too() -> None:
    words: Counter[str] = Counter()
    for seed in range(3):
        words += _play({"scenario": "hobbesian", "punishments": "slavery"}, seed, bonds=False)
    assert words["eat"] > 0


@pytest.mark.parametrize(
    "chosen",
    [
        {"scenario": "hobbesian", "punishments": "slavery+exile", "slavery_any_time": True},
        {"scenario": "tribal-communism", "punishments": "slavery+exile"},
        {"scenario": "national-capitalism", "punishments": "slavery+exile+crippling"},
    ],
    ids=lambda o: "-".join(map(str, o.values())),
)
@pytest.mark.parametrize("own", ["exiles-barter", "exiles-share", "exiles-pool"])
def test_agents_play_with_a_master_and_his_slave_in_exile(chosen: Options, own: str) -> None:
    """p1 and his slave p2 in exile under their own economy, p4 p3's slave at the main
    encampment (rulings 258-260, 300): the feeding and handing over stay on each side."""
    words: Counter[str] = Counter()
    for seed in range(2):
        table = table_for(dict(chosen), seed)
        players = table.state.players
        players["p1"].roles = ("exile", own)
        players["p2"].roles = ("exile", own, "slave-of-0")
        players["p4"].roles = ("slave-of-2",)
        rng, chance = random.Random(seed), SeededChance(f"{seed}/exile")
        while not table.over:
            for seat in table.seats:
                assert len(table.observe(seat)) == table.observation_size
            orders = table.act({s: agent_action(table, s, rng) for s in table.deciding()})
            if orders is not None:  # every completed order validated by the rules
                words.update(order.word for order in orders.values())
                table.moved_to(GAME.advance(table.state, orders, chance))
    assert words["eat"] > 0 and words["feed"] + words["free"] + words["hand"] > 0


def _feeding(chosen: dict[str, object]) -> tuple[SlaveryEncoding, CrusoeState]:
    table = table_for(chosen, 5)
    state = table.state
    assert isinstance(state, CrusoeState)
    _bind(table)
    state.phase, state.ask, state.waiting, state.offer = "consumption", "feed", ("p1",), ("p2",)
    state.players["p1"].goods.update({"water": 2, "apple": 1, "diamond": 1})
    encoding = table.encoding
    assert isinstance(encoding, SlaveryEncoding)
    return encoding, state


def test_the_feeding_round_trips_and_its_mask_is_the_rules_checks() -> None:
    encoding, state = _feeding({"scenario": "hobbesian", "punishments": "slavery"})
    view = GAME.view(state, "p1")
    names = encoding.actions
    first = {names[t] for t in encoding.next_tokens(view, None, ())}
    # p2 to p3 (free) only: p4 is a slave and may own nobody (ruling 132)
    assert first == {"feed seat+1", "free seat+1", "hand seat+1 to seat+2"}
    opened = (names.index("free seat+1"), names.index("gift +water"))
    after = {names[t] for t in encoding.next_tokens(view, None, opened)}
    assert after == {"gift +water", "gift +apple", "gift +diamond", "gift done"}
    for text in ("feed p2 water 2 apple 1", "free p2 diamond 1", "feed p2 nothing", "hand p2 p3"):
        order = parse_order(text)
        assert encoding.order(view, encoding.tokens(view, order)) == order
        GAME.validate(state, "p1", order)


def test_the_verdict_enslave_is_offered_when_a_winner_may_be_master() -> None:
    chosen: dict[str, object] = {"scenario": "hobbesian", "punishments": "slavery+crippling"}
    table = _verdict_table(chosen)
    names = {table.encoding.actions[t] for t in table.legal_actions("p1")}
    assert {"enslave", "kill", "cripple 9"} <= names
    bound = _verdict_table(chosen)
    bound.state.players["p1"].roles = ("slave-of-2",)  # the one winner is a slave: no master
    names = {bound.encoding.actions[t] for t in bound.legal_actions("p1")}
    assert "enslave" not in names and "kill" in names
    view = table.view("p1")
    for text in ("enslave", "take nothing"):
        order = parse_order(text)
        tokens = table.encoding.tokens(view, order)
        assert len(tokens) == 1 and table.encoding.order(view, tokens) == order


def test_freeing_and_handing_over_aside_are_offered_under_any_time() -> None:
    """Ruling 169: a master asked for a path may free or hand his slave instead."""
    chosen = {"scenario": "hobbesian", "punishments": "slavery", "slavery_any_time": True}
    table = table_for(chosen, 6)
    state = table.state
    _bind(table)
    state.ask, state.waiting, state.offer = "path", ("p1",), ()
    names = {table.encoding.actions[t] for t in table.legal_actions("p1")}
    assert {"free seat+1", "hand seat+1 to seat+2", "path spider"} <= names
    assert "feed seat+1" not in names  # feeding is at the feeding only


def test_the_catalogue_without_slavery_keeps_its_ids() -> None:
    for base in (
        {"scenario": "hobbesian", "punishments": "crippling"},
        {"scenario": "national-capitalism", "punishments": "exile", "landlords": "none"},
    ):
        plain = encoding_for(SEATS, resolve_options(GAME.options, base))
        slave = dict(base, punishments=f"{base['punishments']}+slavery")
        with_slavery = encoding_for(SEATS, resolve_options(GAME.options, slave))
        assert plain is not None and isinstance(with_slavery, SlaveryEncoding)
        assert with_slavery.actions[: len(plain.actions)] == plain.actions
        added = with_slavery.actions[len(plain.actions) :]
        assert list(added) == action_names(len(SEATS))  # every name new, in its order


def test_the_observation_shows_who_is_whose_slave() -> None:
    encoding, state = _feeding({"scenario": "hobbesian", "punishments": "slavery"})
    plain = encoding.observe(GAME.view(state, "p3"))
    state.players["p4"].roles = ()
    freed = encoding.observe(GAME.view(state, "p3"))
    assert plain != freed and len(plain) == len(freed) == encoding.observation_size


@pytest.mark.parametrize(
    "chosen",
    [
        {"scenario": "national-capitalism", "punishments": "slavery+exile"},
        {"scenario": "national-capitalism", "punishments": "slavery+exile", "corporations": True},
        {"scenario": "hobbesian", "punishments": "slavery+exile", "landlords": "modern"},
    ],
    ids=lambda o: "-".join(map(str, o.values())),
)
def test_slavery_with_exile_is_encoded_where_exile_is_spelled(chosen: Options) -> None:
    """Slavery adds no refusal of its own: with Exile the encoding is offered exactly where
    :func:`encoding_exile.spelled` spells Exile's decisions."""
    encoding = encoding_for(SEATS, chosen)
    assert (encoding is not None) == encoding_exile.spelled(chosen)
    assert encoding is None or isinstance(encoding, SlaveryEncoding)


@pytest.mark.parametrize(
    "chosen",
    [
        {"scenario": "tribal-capitalism", "punishments": "slavery", "slavery_any_time": True},
        {"scenario": "national-capitalism", "punishments": "slavery+crippling"},
    ],
    ids=lambda o: "-".join(map(str, o.values())),
)
def test_what_a_seat_cannot_see_never_reaches_its_observation_or_mask(
    chosen: dict[str, object],
) -> None:
    """With slaves from the start: the offers between others, another seat's draft or sealed
    order, the sampler's draws change no seat's observation or mask."""
    table = table_for(chosen, 4)
    _bind(table)
    rng, chance, compared = random.Random(4), SeededChance("leak"), 0
    while not table.over and compared < 300:
        compared += same_for_each_seat(table)
        orders = table.act({s: agent_action(table, s, rng) for s in table.deciding()})
        if orders is not None:
            table.moved_to(GAME.advance(table.state, orders, chance))
    assert compared >= 30
