"""The encodings: masks are the legal orders, spellings round-trip, observations have their
size and never show what a seat may not know."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.adapters.play import CONFIG_IDS, CONFIGS, GAMES, random_actions, spellings

from sealed.adapters.table import Table, load
from sealed.core.chance import SeededChance
from sealed.games.crusoe.state import Deal as CrusoeDeal
from sealed.games.crusoe.state import Offer as CrusoeOffer
from sealed.games.factionrpg.encoding import own_slots
from sealed.games.factionrpg.orders import TurnOrders
from sealed.games.factionrpg.state import Asset as FactionAsset
from sealed.games.rex_furum.bots import desk_of
from sealed.games.rex_furum.orders import AcceptBribe, Bribe, Invest, RoundOrders
from sealed.games.rex_furum.rules import plain_orders

UNLISTED = ("rex-furum", "factionrpg")
"""Games whose orders the rules do not list: their masks are checked against the rules below."""


def new_table(name: str, players: int | None, options: dict[str, object], seed: int) -> Table:
    game, seats, checked, encoding = load(name, players, options)
    chance = SeededChance(seed)
    return Table(game, encoding, seats, game.initial_state(seats, checked, chance))


def tables_along_a_game(
    name: str, players: int | None, options: dict[str, object], seed: int, cap: int = 60
) -> list[Table]:
    """Copies of a table at each adapter step of a random game (at most ``cap`` of them)."""
    table, rng = new_table(name, players, options, seed), random.Random(seed)
    chance = SeededChance(f"{seed}/play")
    seen = []
    while not table.over and len(seen) < cap:
        seen.append(table.clone())
        orders = table.act(random_actions(table, rng))
        if orders is not None:
            table.moved_to(table.game.advance(table.state, orders, chance))
    return seen


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS, ids=CONFIG_IDS)
@settings(max_examples=3)
@given(seed=st.integers(0, 2**31))
def test_masks_spell_exactly_the_legal_orders(
    name: str, players: int | None, options: dict[str, object], seed: int
) -> None:
    """Following the masks spells every legal order once and nothing else; tokens round-trip."""
    checked = 0
    for table in tables_along_a_game(name, players, options, seed, cap=25):
        for seat in table.deciding():
            if table.drafts.get(seat):
                continue  # a fresh order only: the spelling starts here
            legal = table.game.legal_orders(table.state, seat)
            if legal is None or name in UNLISTED:
                continue  # orders the rules cannot list: the tests below
            spelled = [table.game.format(order) for order in spellings(table, seat)]
            assert len(spelled) == len(set(spelled)), "an order has two spellings"
            assert sorted(spelled) == sorted(table.game.format(order) for order in legal)
            assert len(spelled) == table.game.count_legal_orders(table.state, seat)
            view = table.view(seat)
            for order in legal[:40]:
                assert table.encoding.order(view, table.encoding.tokens(view, order)) == order
            checked += 1
    if name not in UNLISTED:
        assert checked, "no decision was checked"


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS, ids=CONFIG_IDS)
def test_observations_have_their_size_and_are_finite(
    name: str, players: int | None, options: dict[str, object]
) -> None:
    for table in tables_along_a_game(name, players, options, 11):
        for seat in table.seats:
            vector = table.observe(seat)
            assert len(vector) == table.observation_size
            assert all(math.isfinite(x) for x in vector)
            assert table.legal_actions(seat), f"{seat} has no legal action"


@pytest.mark.parametrize("seed", range(3))
def test_rex_furum_emails_of_plain_actions_are_the_rules_own_list(seed: int) -> None:
    """Without amounts, the emails of one or two actions the masks allow are exactly those
    the rules list (plain_orders), for the desk the round email gives."""
    for table in tables_along_a_game("rex-furum", 3, {}, seed, cap=12)[::4]:
        seat = table.deciding()[0] if table.deciding() else None
        if seat is None or table.drafts.get(seat):
            continue
        view, encoding = table.view(seat), table.encoding
        amounts = (Bribe, AcceptBribe, Invest)
        plain = {t for t, entry in enumerate(encoding.catalogue) if entry.kind not in amounts}
        spelled: set[frozenset[str]] = set()
        for first in encoding.next_tokens(view, None, ()):
            if first not in plain:
                continue
            spelled.add(frozenset(_texts(encoding.order(view, (first, encoding.send)))))
            for second in encoding.next_tokens(view, None, (first,)):
                if second in plain:
                    email = encoding.order(view, (first, second, encoding.send))
                    spelled.add(frozenset(_texts(email)))
        listed = {
            frozenset(a.to_text() for a in email.actions)
            for email in plain_orders(desk_of(view))
            if 1 <= len(email.actions) <= 2
        }
        assert spelled == listed


def _texts(email: RoundOrders | None) -> list[str]:
    assert email is not None
    return [action.to_text() for action in email.actions]


def test_rex_furum_amounts_off_the_ladder_are_not_in_the_catalogue() -> None:
    table = new_table("rex-furum", 3, {}, 1)
    seat = table.seats[0]
    view = table.view(seat)
    email = table.game.parse(table.state, seat, "bribe 1234 alpha")
    with pytest.raises(ValueError, match="'bribe 1234 alpha' is not in the catalogue"):
        table.encoding.tokens(view, email)
    written = table.game.parse(table.state, seat, f"invest 1000 {table.seats[1]}; protect self")
    spelled = table.encoding.order(view, table.encoding.tokens(view, written))
    assert spelled is not None and set(spelled.actions) == set(written.actions)


@pytest.mark.parametrize("players", [2, 4, 7])
@settings(max_examples=4)
@given(seed=st.integers(0, 2**31))
def test_factionrpg_every_order_the_masks_spell_is_legal_and_spelt_back(
    players: int, seed: int
) -> None:
    """Random walks along the masks give orders the rules accept as their own canonical form
    (Table validates each with the rules), spelt back by the same tokens; a complete order
    spelt from a prefix is always allowed (send is in every mask)."""
    rng = random.Random(seed)
    spelt = 0
    for table in tables_along_a_game("factionrpg", players, {"turns": 4}, seed, cap=40):
        for seat in table.deciding():
            if table.drafts.get(seat):
                continue
            view, encoding = table.view(seat), table.encoding
            for _ in range(4):
                draft: tuple[int, ...] = ()
                while True:
                    allowed = encoding.next_tokens(view, None, draft)
                    assert allowed and allowed[-1] == encoding.send
                    draft = (*draft, rng.choice(allowed))
                    order = encoding.order(view, draft)
                    if order is not None:
                        break
                table.game.validate(table.state, seat, order)
                assert encoding.tokens(view, order) == draft
                assert table.game.parse(table.state, seat, table.game.format(order)) == order
                spelt += 1
    assert spelt


@pytest.mark.parametrize("seed", range(3))
def test_factionrpg_bot_orders_are_in_the_catalogue(seed: int) -> None:
    """The steward's orders (its WITH is every faction but the target's owner: 'with all')
    and the random bot's without its single WITH, and every answer to one decision, are
    spelt and read back, so the catalogue covers what the bots play."""
    game = GAMES["factionrpg"]
    rng = random.Random(seed)
    covered = allied = 0
    for table in tables_along_a_game("factionrpg", 4, {}, seed, cap=60):
        for seat in table.deciding():
            if table.drafts.get(seat):
                continue
            view = table.view(seat)
            prompt = game.prompts(table.state)[seat]
            for bot in ("steward", "random"):
                order = game.bots[bot]().choose(view, prompt, rng)
                if isinstance(order, TurnOrders):
                    if order.shares or any(o.transfer_to for o in order.actions):
                        continue
                    slotted = {a.name for a in own_slots(view)}
                    order = TurnOrders(
                        tuple(
                            o if bot == "steward" else replace(o, with_factions=())
                            for o in order.actions
                            if o.asset in slotted
                        )
                    )
                    allied += sum(bool(o.with_factions) for o in order.actions)
                spelled = table.encoding.tokens(view, order)
                assert table.encoding.order(view, spelled) == order
                covered += 1
    assert covered and allied


# -- no leaks ---------------------------------------------------------------------


def _shuffled(items: list[Any], rng: random.Random) -> list[Any]:
    items = list(items)
    rng.shuffle(items)
    return items


def other_secrets_changed(
    table: Table, options: dict[str, Any], me: str, rng: random.Random
) -> Any | None:
    """A state that differs from ``table``'s only in what ``me`` may not know (None: nothing
    to change here). Made from the game master's JSON and read back by the game's own reader."""
    game, state = table.game, table.state
    if game.name == "factionrpg":  # its JSON reader starts only an Orders phase
        return _factionrpg_secrets_changed(state, me, rng)
    if game.name == "crusoe":
        return _crusoe_secrets_changed(state, me, rng)
    data = game.to_json(state)
    others = [s for s in table.seats if s != me]
    players = data["players"]
    if game.name == "goofspiel":
        turn = data["turn"]
        data["prizes"] = data["prizes"][: turn + 1] + _shuffled(data["prizes"][turn + 1 :], rng)
    elif game.name == "war-slayer":
        players[others[0]]["hq"] = _shuffled(players[others[0]]["hq"], rng)
        own = players[me]["hq"]
        players[me]["hq"] = own[:3] + _shuffled(own[3:], rng)  # the top three may be in hand
    elif game.name == "fixem":
        if not options.get("hidden_hands"):
            return None  # hands are public: nothing of another seat is secret between stages
        for other in others:
            size = len(players[other]["hand"])
            players[other]["hand"] = sorted(rng.randint(1, 6) for _ in range(size))
    elif game.name == "rex-furum":
        first, second = players[others[0]], players[others[1]]
        for key in ("companies", "salary", "crashing"):
            first[key], second[key] = second[key], first[key]
    else:
        return None
    changed = game.from_json(data, table.seats, options)
    return None if game.to_json(changed) == game.to_json(state) else changed


def _factionrpg_secrets_changed(state: Any, me: str, rng: random.Random) -> Any | None:
    """A copy whose unseen parts differ: other factions' hidden assets ``me`` cannot see get
    other values, one more such asset appears, others' profiles and beliefs change.
    (Changed on a copy: the JSON reader starts only an Orders phase.)"""
    changed = state.copy()
    others = [s for s in state.seats if s != me]
    for name, asset in changed.assets.items():
        if not state.sees(me, name):
            asset.value = rng.randint(1, 5)
    owner = rng.choice(others)
    changed.assets[f"{owner}-Secret{rng.randint(0, 99)}"] = FactionAsset(owner, 2, True)
    for other in others:
        hidden = [n for n, a in changed.assets.items() if a.hidden and a.owner != other]
        changed.profiles[other] = set(rng.sample(hidden, min(2, len(hidden))))
        changed.beliefs[other] = [f"a belief {rng.random()}"]
    return changed


def _crusoe_secrets_changed(state: Any, me: str, rng: random.Random) -> Any | None:
    """A copy whose barter offers and State Capitalism deals between other castaways differ
    (``me`` is told only its own): those are dropped and a new one between two others added."""
    others = [s for s in state.seats if s != me]
    if len(others) < 2:
        return None
    changed = state.copy()
    changed.offers = [o for o in changed.offers if me in (o.giver, o.taker)]
    giver, taker = rng.sample(others, 2)
    changed.offers.append(CrusoeOffer(giver, taker, (("water", 1),), (("apple", 1),)))
    # State Capitalism: a deal between two others is theirs alone (ruling 49)
    changed.deals = [d for d in changed.deals if me in (d.holder, d.seller)]
    changed.deals.append(CrusoeDeal(giver, taker, 2, 30, "refused"))
    return changed


LEAK_CONFIGS = [
    ("goofspiel", 3, {}),
    ("war-slayer", None, {}),
    ("fixem", 3, {"hidden_hands": True}),
    ("rex-furum", 4, {}),
    ("factionrpg", 4, {"turns": 4}),
    ("factionrpg", 3, {"starting_assets": "standard", "space": 40}),
    ("crusoe", 4, {}),
    ("crusoe", 4, {"scenario": "national-capitalism"}),
    ("crusoe", 3, {"scenario": "state-capitalism"}),  # deals are told to their two sides only
    ("crusoe", 4, {"scenario": "national-capitalism", "punishments": "exile+crippling"}),
    ("crusoe", 4, {"scenario": "hobbesian", "punishments": "slavery", "slavery_permission": True}),
]


@pytest.mark.parametrize(("name", "players", "options"), LEAK_CONFIGS)
@settings(max_examples=5)
@given(seed=st.integers(0, 2**31))
def test_another_seats_secrets_never_reach_an_observation_or_mask(
    name: str, players: int | None, options: dict[str, object], seed: int
) -> None:
    if name not in GAMES:
        pytest.fail(f"{name} implements the encoding hook")
    rng = random.Random(seed)
    changed_any = False
    checked = dict(load(name, players, options)[2])
    for table in tables_along_a_game(name, players, options, seed, cap=30):
        for me in table.seats:
            changed = other_secrets_changed(table, checked, me, rng)
            if changed is None:
                continue
            other = Table(table.game, table.encoding, table.seats, changed)
            other.drafts, other.sealed = dict(table.drafts), dict(table.sealed)
            assert other.observe(me) == table.observe(me)
            assert other.legal_actions(me) == table.legal_actions(me)
            changed_any = True
    assert changed_any


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS, ids=CONFIG_IDS)
@settings(max_examples=3)
@given(seed=st.integers(0, 2**31))
def test_another_seats_choices_in_a_step_never_reach_an_observation(
    name: str, players: int | None, options: dict[str, object], seed: int
) -> None:
    """While a step is open, what one seat has chosen (tokens of its order, or a sealed order)
    shows in no other seat's observation or mask."""
    rng = random.Random(seed)
    for table in tables_along_a_game(name, players, options, seed, cap=40):
        for chooser in table.deciding():
            choices = table.legal_actions(chooser)
            if len(choices) < 2:
                continue
            after = []
            for choice in rng.sample(choices, 2):
                copy = table.clone()
                actions = {seat: copy.legal_actions(seat)[0] for seat in copy.seats}
                actions[chooser] = choice
                if copy.act(actions) is not None:
                    break  # the step opened: the orders are now everyone's news
                after.append(copy)
            if len(after) == 2:
                for seat in table.seats:
                    if seat != chooser:
                        assert after[0].observe(seat) == after[1].observe(seat)
                        assert after[0].legal_actions(seat) == after[1].legal_actions(seat)
