"""The Traditional Economy, applied in place: paths kept for life, ranks, the Grasshopper's tax
and the Firefly's provision, trade limited by rank and class, and the track swap.

Ranks, lowest first: Dung Beetle, Spider, Sand Crab, Ant, Bookworm, Grasshopper,
Firefly. Classes: Cheap (Fish, Water, Bananas), Moderate (Spears, Apples, Eggs),
Luxury (Grapes, Diamonds).
"""

from __future__ import annotations

from collections.abc import Sequence

from sealed.core.chance import Chance
from sealed.core.events import Event
from sealed.games.crusoe.modules import gender, punishments, slavery
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.state import CLASSES, FOODS, GOODS, RANKS, CrusoeState, Player

Events = list[Event] | None
Goods = tuple[tuple[str, int], ...]


# -- choosing paths in the first cycle ---------------------------------------------------------


def allowed_paths(chosen: Sequence[str], still_to_choose: int) -> list[str]:
    """No doubling up except on the Dung Beetle; the last to choose takes the Grasshopper
    if nobody else has."""
    if still_to_choose == 1 and "grasshopper" not in chosen:
        return ["grasshopper"]
    return [p for p in RANKS if p == "dung_beetle" or p not in chosen]


def path_problem(state: CrusoeState, seat: str, path: str) -> str | None:
    if state.settings.scenario != "traditional" or punishments.keeps_track(state, seat):
        return None  # an exile walks any path (Exile, ruling 173)
    if state.cycle > 1:
        return _track_problem(state, seat, path)
    living = [state.players[s] for s in _ranked(state)]
    chosen = [p.path for p in living if p.path is not None]
    allowed = allowed_paths(chosen, len(living) - len(chosen))
    if path in allowed:
        return None
    if allowed == ["grasshopper"]:
        return "Traditional Economy: one player must choose the Grasshopper, and you choose last"
    return f"Traditional Economy: {path} is taken; no doubling up except on the Dung Beetle"


def _track_problem(state: CrusoeState, seat: str, path: str) -> str | None:
    """After the first cycle "each player must go down the same path": under Landlords he
    declares it (so that the Lease holds it) and may declare no other (ruling 155); without
    Landlords it is set for him at the start of the cycle."""
    track = state.players[seat].track
    if state.settings.landlords == "none" or path == track:
        return None
    mine = track or "you have none"
    return f"Traditional Economy: each player must go down the same path ({mine})"


def rank(player: Player) -> int:
    return RANKS.index(player.track) if player.track in RANKS else -1


# -- the Grasshopper's tax -----------------------------------------------------------------------


def _holder(state: CrusoeState, track: str) -> str | None:
    """The living holder of ``track`` at the main encampment (an exile left his rank: 173)."""
    return next(
        (s for s in _ranked(state) if state.players[s].track == track),
        None,
    )


def _ranked(state: CrusoeState) -> list[str]:
    """The living who hold a rank, in turn order: not the exiles (Exile, ruling 173)."""
    living = [s for s in state.order if state.players[s].alive]
    return [s for s in living if not punishments.exiled(state, s)]


def taxable(state: CrusoeState) -> list[str]:
    """Every other player but the Firefly, from the bottom of the social rank up."""
    top = ("grasshopper", "firefly")
    others = [s for s in _ranked(state) if state.players[s].track not in top]
    return sorted(others, key=lambda s: rank(state.players[s]))  # stable: turn order in a rank


def tax_choices(player: Player, payer: Player | None = None) -> list[str]:
    """A unit of goods produced this cycle, never leaving zero water or less than three food;
    ``payer`` holds the goods when not the producer (Doll's House: her husband, ruling 159)."""
    holder = payer or player
    choices = []
    for good in GOODS:
        if player.produced.get(good, 0) < 1 or holder.goods[good] < 1:
            continue
        water = holder.goods["water"] - (good == "water")
        food = sum(holder.goods[f] for f in FOODS) - (good in FOODS)
        if water >= 1 and food >= 3:
            choices.append(good)
    return choices


def _payer(state: CrusoeState, seat: str) -> str:
    """Who holds what ``seat`` produced: a wife's husband (Doll's House, ruling 159), a slave's
    master (Slavery, ruling 165), anyone else himself."""
    return slavery.holder(state, gender.household(state, seat))


def tax_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    grasshopper = _holder(state, "grasshopper")
    targets = taxable(state) if grasshopper else []
    while state.turn < len(targets):
        target = targets[state.turn]
        payer = _payer(state, target)  # Doll's House: her husband (159); Slavery: master (165)
        choices = tax_choices(state.players[target], state.players[payer])
        if grasshopper and payer == _payer(state, grasshopper):
            choices = []  # a household does not tax itself (159)
        if choices and grasshopper:
            state.ask, state.waiting = "tax", (grasshopper,)
            state.offer = (target, *choices)
            return
        state.turn += 1
    if state.settings.version < 2:
        _provide_v1(state, events)  # version 1 gave the food he holds most of, unasked
    elif _provide(state, events):
        return  # the Grasshopper chooses the food; the tax phase resumes here after it
    state.phase, state.turn = "trade", 0


def on_tax(state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events) -> None:
    target = str(state.offer[0])
    state.offer = ()
    state.turn += 1
    if order.name == "none":
        return
    state.players[_payer(state, target)].goods[order.name] -= 1  # Doll's House: husbands
    state.players[_payer(state, seat)].goods[order.name] += 1  # (159); Slavery: masters (165)
    if events is not None:
        events.append(
            Event(
                "tax",
                f"The Grasshopper {seat} taxes {target} 1 {order.name}.",
                data={"seat": seat, "target": target, "good": order.name},
            )
        )


def _provide(state: CrusoeState, events: Events) -> bool:
    """The Grasshopper gives the Firefly a water if he has none, and food up to three, never
    leaving himself without water or below three food. Which food is his choice (ruling 18):
    True when he must be asked; a single kind of food is given without asking."""
    grasshopper, firefly = _holder(state, "grasshopper"), _holder(state, "firefly")
    if grasshopper is None or firefly is None or not slavery.provided_for(state, firefly):
        return False  # a slave Firefly is fed by his master alone (Slavery, ruling 165)
    giver = state.players[gender.household(state, grasshopper)]  # a wife's: her husband's (159)
    taker = state.players[firefly]
    if taker.goods["water"] == 0 and giver.goods["water"] >= 2:
        _hand_over(state, grasshopper, firefly, "water", events)
    while sum(taker.goods[f] for f in FOODS) < 3 and sum(giver.goods[f] for f in FOODS) > 3:
        kinds = tuple(f for f in FOODS if giver.goods[f] > 0)
        if len(kinds) > 1:
            state.ask, state.waiting, state.offer = "provide", (grasshopper,), kinds
            return True
        _hand_over(state, grasshopper, firefly, kinds[0], events)
    return False


def _provide_v1(state: CrusoeState, events: Events) -> None:
    """Version 1's provision (ruling 18 before its revision): the food he holds most of,
    without asking, in one event; kept so that version 1 games replay and go on alike."""
    grasshopper, firefly = _holder(state, "grasshopper"), _holder(state, "firefly")
    if grasshopper is None or firefly is None:
        return
    giver, taker = state.players[grasshopper], state.players[firefly]
    given: dict[str, int] = {}
    if taker.goods["water"] == 0 and giver.goods["water"] >= 2:
        _give_v1(giver, taker, "water", given)
    while sum(taker.goods[f] for f in FOODS) < 3 and sum(giver.goods[f] for f in FOODS) > 3:
        _give_v1(giver, taker, max(FOODS, key=lambda f: giver.goods[f]), given)
    if events is not None and given:
        what = ", ".join(f"{n} {g}" for g, n in given.items())
        events.append(
            Event(
                "provide",
                f"The Grasshopper {grasshopper} provides for the Firefly {firefly}: {what}.",
                data={"given": given},
            )
        )


def _give_v1(giver: Player, taker: Player, good: str, given: dict[str, int]) -> None:
    giver.goods[good] -= 1
    taker.goods[good] += 1
    given[good] = given.get(good, 0) + 1


def on_provide(state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events) -> None:
    """The Grasshopper's unit of food for the Firefly."""
    state.offer = ()
    firefly = _holder(state, "firefly")
    if firefly is not None:
        _hand_over(state, seat, firefly, order.name, events)


def _hand_over(
    state: CrusoeState, grasshopper: str, firefly: str, good: str, events: Events
) -> None:
    state.players[gender.household(state, grasshopper)].goods[good] -= 1  # Doll's House (159)
    state.players[firefly].goods[good] += 1
    if events is not None:
        events.append(
            Event(
                "provide",
                f"The Grasshopper {grasshopper} provides for the Firefly {firefly}: 1 {good}.",
                data={"seat": grasshopper, "firefly": firefly, "good": good},
            )
        )


# -- trade by rank and class -----------------------------------------------------------------


def trade_limit(giver_rank: int, taker_rank: int, give: Goods, want: Goods) -> str | None:
    """Why a barter breaks the Traditional Economy's limits, or None.

    One single type for one other single type; in the same class the higher ranked
    receives at least as many; across classes the higher ranked receives at least
    twice as many of the lower class good, or the lower ranked receives no more
    than twice as many.
    """
    if len(give) != 1 or len(want) != 1 or give[0][0] == want[0][0]:
        return "Traditional Economy: each trade is one single type of good for one other type"
    if giver_rank == taker_rank:
        return None
    (high_gets, high_n), (low_gets, low_n) = (
        (want[0], give[0]) if giver_rank > taker_rank else (give[0], want[0])
    )
    high_class, low_class = CLASSES[high_gets], CLASSES[low_gets]
    if high_class == low_class and high_n < low_n:
        return "Traditional Economy: in one class the higher ranked receives at least as many"
    if high_class < low_class and high_n < 2 * low_n:
        return (
            "Traditional Economy: the higher ranked must receive at least twice as many of "
            "the lower class good"
        )
    if high_class > low_class and low_n > 2 * high_n:
        return "Traditional Economy: the lower ranked may receive no more than twice as many"
    return None


def offer_problem(state: CrusoeState, seat: str, order: Order) -> str | None:
    if state.settings.scenario != "traditional" or punishments.exiled(state, seat):
        return None  # the exiles' own barter knows no ranks (Exile, ruling 173)
    if any(name not in CLASSES for name, _ in order.goods + order.wants):
        # A path (Landlords, ruling 182) belongs to no class, so no rank limit could weigh it.
        return (
            "Traditional Economy: each trade is one good for another, and a path is no good "
            "(give a path with deed: ruling 185)"
        )
    giver, taker = state.players[seat], state.players[order.name]
    return trade_limit(rank(giver), rank(taker), order.goods, order.wants)


# -- violence: the track swap ------------------------------------------------------------------


def swap_tracks(state: CrusoeState, winners: list[str], losers: list[str], events: Events) -> None:
    """Winners and losers, each in turn order, swap tracks pair by pair (ruling 19)."""
    pairs = list(zip(winners, losers, strict=False))
    for winner, loser in pairs:
        w, lo = state.players[winner], state.players[loser]
        w.track, lo.track = lo.track, w.track
    if events is not None and pairs:
        text = "; ".join(f"{w} takes {lo}'s track" for w, lo in pairs)
        events.append(Event("swap", f"Tracks swapped: {text}.", data={"pairs": pairs}))
