"""Steps I, III, V and VI of the cycle: turn order, the Market, consumption with the VP chart,
privation and death, Preservation Rolls, a dead player's goods, and the rescue roll.

Applied in place like :mod:`~sealed.games.crusoe.rules`; narration only when
``events`` is a list.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from functools import lru_cache

from sealed.core.chance import Chance
from sealed.core.events import Event
from sealed.games.crusoe import bureaucracy, classwar, rulers, trade
from sealed.games.crusoe.modules import (
    church,
    corporations,
    diamonds,
    gender,
    punishments,
    roles,
    slavery,
    third_world,
)
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.state import (
    FOODS,
    FREQUENCIES,
    FREQUENCY_NAMES,
    FRUITS,
    GOODS,
    KEEPS_ON,
    LAST_CYCLE,
    PENALTY,
    PROTEINS,
    CrusoeState,
    Player,
)

Events = list[Event] | None

MAX_WATER = 2
MAX_OF_A_FOOD = 3
MAX_FOOD = 10
FOOD_VP = {0: -10, 1: -10, 2: -10, 3: -5, 4: -4, 5: -2, 6: 0, 7: 1, 8: 2, 9: 3, 10: 4}
"""The VP Chart, Food Eaten."""


# -- step I -----------------------------------------------------------------------------


def start_cycle(state: CrusoeState, chance: Chance, events: Events) -> None:
    """Everyone at the Crash Site; the Turn Order Cards are shuffled and dealt to the living.

    National Capitalism and its expansions: first the government sets the Radio Signal reward
    and the tax burdens, "before the turn order is determined" (``government.policy_phase``).
    """
    if corporations.next_cost(state):  # "before the order of play is determined" (142)
        state.phase = "costs"
        return
    if state.settings.government_policy:
        state.phase, state.turn, state.order = "policy", 0, []
        return
    if state.settings.planned:  # Market Socialism: the plan, "prior to turn order determination"
        state.phase, state.turn, state.order = "plan", 0, []
        return
    deal_turn_order(state, chance, events)


def deal_turn_order(state: CrusoeState, chance: Chance, events: Events) -> None:
    """The Turn Order Cards shuffled and dealt to the living; paths are chosen next."""
    living = state.living()
    # The label says who gets which card: at a real table the cards are dealt top first to
    # the living in seat order, and the person typing them must know that order.
    cards = chance.shuffle(
        f"cycle {state.cycle}: turn order cards, dealt top first to {', '.join(living)}",
        [str(i + 1) for i in range(len(living))],
    )
    by_card = sorted(zip(cards, living, strict=True), key=lambda pair: int(pair[0]))
    state.order = [seat for _, seat in by_card]
    slavery.new_cycle(state)  # a master's group is one person again (ruling 316)
    for seat in living:
        player = state.players[seat]
        player.path, player.position, player.produced = None, 0, {}
        fixed = state.settings.scenario == "traditional" and state.cycle > 1
        fixed = fixed and not punishments.keeps_track(state, seat)  # an exile walks any (173)
        if fixed and state.settings.landlords == "none":  # Landlords: he declares it (155)
            player.path = player.track  # "each player must go down the same path"
    # Paternalistic Economy: the government assigns the paths first
    assigned = state.settings.paternalistic or roles.men_assigned(state)  # the men's (113)
    state.phase, state.turn = "assign" if assigned else "path", 0
    if bureaucracy.amends_at_the_deal(state):  # the chart's amendment first (ruling 190)
        state.phase = "amend"
    if events is not None:
        events.append(
            Event(
                "cycle",
                f"Cycle {state.cycle} begins. Turn order: {', '.join(state.order)}.",
                data={"cycle": state.cycle, "order": list(state.order)},
            )
        )


# -- step III: the Market ------------------------------------------------------------------


def market_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    """Wounds heal just before trade; then the scenario's trade (``trade.py``), or none.

    Without trade everyone returns to the Crash Site at once; government may
    then be invoked where violence is permitted.
    """
    for seat in state.order:
        _heal(state, seat, events)
    if church.in_play(state):  # "Just before the trade phase each player must donate 10%"
        state.phase = "donate"
        return
    begin_trade(state, chance, events)


def begin_trade(state: CrusoeState, chance: Chance, events: Events) -> None:
    """The scenario's trade, or none (then home, and the government phase if any); first
    the Agent's imports (Third World Country), once."""
    if third_world.import_due(state) and state.phase != "imported":
        state.phase = "import"
        return
    if state.settings.trade or punishments.exiles_trade(state):  # the exiles' own Market
        trade.begin(state, events)
        return
    for seat in state.living():
        state.players[seat].position = 0
    state.phase = trade.after_trade(state)


def _heal(state: CrusoeState, seat: str, events: Events) -> None:
    """Battles: throw away half the Leisure (rounded up) and recover; with none, no recovery."""
    player = state.players[seat]
    if not player.wounded or player.leisure == 0:
        return
    lost = (player.leisure + 1) // 2
    player.leisure -= lost
    player.wounded = False
    if events is not None:
        events.append(
            Event(
                "heal",
                f"{seat} throws away {lost} Leisure and recovers from the wound.",
                data={"seat": seat, "leisure": lost},
            )
        )


# -- step V: consumption ------------------------------------------------------------------


def consume_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    if slavery.feed_phase(state, events):  # Slavery: the masters feed their slaves first
        return
    if gender.feeding_phase(state):  # Doll's House: a husband may feed his wife more (200)
        return
    church.distribute(state, chance, events)  # The Church's charity, before anyone eats
    roles.before_consumption(state, events)  # Doll's House: a husband feeds his wife first
    state.ask, state.waiting = "eat", tuple(state.living())
    if not state.waiting:
        _end_game(state, events, "everyone is dead")


def eat_limits(player: Player, eaten: Mapping[str, int]) -> str | None:
    """Why this consumption is not allowed, or None (Meeting Survival Needs)."""
    for good, n in eaten.items():
        if n > player.goods[good]:
            return f"you hold {player.goods[good]} {good}, not {n}"
        refusal = roles.eat_refusal(player, good) if n else None
        if refusal:
            return refusal
    if eaten.get("water", 0) > MAX_WATER:
        return "a player may not consume more than two units of water"
    for food in FOODS:
        if eaten.get(food, 0) > MAX_OF_A_FOOD:
            return f"at most three units of a given type of food ({food})"
    if sum(eaten.get(f, 0) for f in FOODS) > MAX_FOOD:
        return "a maximum of ten units of food altogether"
    return None


def leisure_vp(leisure: int) -> int:
    """The VP Chart, Leisure Enjoyed: 0 -3, 1 0, 2 +2, 3 +3, 4-5 +4, 6-7 +5, +1 per 2 more."""
    if leisure <= 3:
        return (-3, 0, 2, 3)[leisure]
    return 4 + (leisure - 4) // 2


def cycle_score(water: int, food: Mapping[str, int], leisure: int) -> dict[str, int]:
    """One score sheet column (without the penalty): each row of the VP Chart."""
    total = sum(food.get(f, 0) for f in FOODS)
    fed = total >= 3
    types = sum(1 for f in FOODS if food.get(f, 0) > 0)
    balanced = any(food.get(f, 0) for f in FRUITS) and any(food.get(f, 0) for f in PROTEINS)
    water_vp = -10 if water == 0 else (1 if water >= 2 and fed else 0)
    types_vp = (types if balanced else types - 3) if fed else 0
    row = {
        "leisure": leisure_vp(leisure),
        "water": water_vp,
        "food": FOOD_VP[total],
        "types": types_vp,
    }
    row["satisfaction"] = sum(row.values())
    return row


def on_eat(state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events) -> None:
    """Every living player consumes at once; then preservation, and the dead are removed."""
    penalty = PENALTY[state.cycle - 1]
    dead: list[str] = []
    for seat in state.seats:
        if seat in orders and _consume(state, seat, dict(orders[seat].goods), penalty, events):
            dead.append(seat)
    roles.after_consumption(state, events)  # tack-on modules' scoring of this cycle (Race)
    third_world.after_consumption(state, events)  # the NPLs rise; a dead Agent's MNCs leave
    for seat in state.seats:
        _preserve(state, seat, chance, events)
        state.players[seat].leisure = 0  # all Leisure markers are lost
    if state.vault:  # Market Socialism: the vault's goods roll "to see if they keep normally"
        from sealed.games.crusoe.socialist_market import preserve_vault  # it imports this module

        preserve_vault(state, chance, events)
    church.preserve(state, chance, events)
    classwar.reassign_classes(state, events)  # Class Warfare: "social class is reassigned"
    slavery.leave_to_masters(state, dead, events)  # a slave dead at the meal (ruling 240)
    if state.settings.shares_goods_of_the_dead and state.living():
        state.estates = [s for s in dead if any(state.players[s].goods.values())]
    else:
        for seat in dead:
            state.players[seat].goods = dict.fromkeys(GOODS, 0)  # back to the bank
    state.phase = "estate"
    if state.settings.estate_shares:  # the proposers count from the first in turn order (201),
        state.turn = 0  # not from where the violence phase left the count (only with the option)


def _consume(
    state: CrusoeState, seat: str, eaten: dict[str, int], penalty: int, events: Events
) -> bool:
    """Score one player's consumption and update their state; True if they die."""
    player = state.players[seat]
    water = eaten.get("water", 0)
    food = {f: eaten.get(f, 0) for f in FOODS}
    total = sum(food.values())
    row = cycle_score(water, food, player.leisure)
    row["penalty"] = penalty
    row["total"] = row["satisfaction"] + penalty
    player.vp += row["total"]
    row["running"] = player.vp
    row["cycle"] = state.cycle
    player.sheet.append(row)
    for good, n in eaten.items():
        player.goods[good] -= n
    was_dying = player.dying
    dies = was_dying and (water == 0 or total < 3)
    player.thirst = water == 0
    player.food = ("dying", "starving", "hungry")[total] if total < 3 else "fed"
    balanced = any(food[f] for f in FRUITS) and any(food[f] for f in PROTEINS)
    player.malnourished = total >= 3 and not balanced
    if dies:
        _die(state, seat, "thirst" if water == 0 else "starvation")
    if events is not None:
        events.append(_eat_event(state, seat, eaten, row, dies))
    return dies


def _eat_event(
    state: CrusoeState, seat: str, eaten: Mapping[str, int], row: Mapping[str, int], dies: bool
) -> Event:
    player = state.players[seat]
    status = {"fed": "Fed", "hungry": "Hungry", "starving": "Starving"}.get(
        player.food, "Dying of Starvation"
    )
    if player.thirst:
        status += ", Dying of Thirst"
    if player.malnourished:
        status += ", Malnourished"
    fate = f"; {seat} dies of {player.death_cause}" if dies else ""
    return Event(
        "consume",
        f"{seat} consumes {_goods_text(eaten)}: {row['total']:+d} VP "
        f"(now {player.vp}); {status}{fate}.",
        data={"seat": seat, "eaten": dict(eaten), "score": dict(row), "dies": dies},
    )


def _die(state: CrusoeState, seat: str, cause: str) -> None:
    player = state.players[seat]
    player.alive, player.death_cycle, player.death_cause = False, state.cycle, cause
    player.leisure, player.wounded = 0, False  # his Radio Signals are still recorded (ruling 23)


def _preserve(state: CrusoeState, seat: str, chance: Chance, events: Events) -> None:
    """Preservation Rolls: one die per unit not consumed; water never keeps, spears always."""
    player = state.players[seat]
    player.goods["water"] = 0
    for food in FOODS:
        units = player.goods[food]
        if units == 0:
            continue
        dice = chance.dice(f"cycle {state.cycle}: {seat}'s preservation rolls, {food}", units)
        kept = sum(1 for die in dice if die <= KEEPS_ON[food])
        player.goods[food] = kept
        if events is not None:
            events.append(
                Event(
                    "preserve",
                    f"{seat}'s {units} {food}: rolls {' '.join(map(str, dice))}, {kept} kept.",
                    data={"seat": seat, "good": food, "dice": dice, "kept": kept},
                )
            )


@lru_cache(maxsize=65536)
def best_meal(held: tuple[int, ...], leisure: int) -> tuple[tuple[str, int], ...]:
    """The consumption that scores the most VP this cycle from ``held`` (water, then FOODS).

    Among equal scores it eats what keeps worst (Preservation Rolls), so the
    rest is most likely to last.
    """
    water = min(MAX_WATER, held[0])
    best: tuple[int, int] | None = None
    choice: tuple[int, ...] = (0,) * len(FOODS)
    ranges = [range(min(MAX_OF_A_FOOD, n) + 1) for n in held[1:]]
    for counts in itertools.product(*ranges):
        if sum(counts) > MAX_FOOD:
            continue
        food = dict(zip(FOODS, counts, strict=True))
        score = cycle_score(water, food, leisure)["satisfaction"]
        keep_value = -sum(n * KEEPS_ON[f] for f, n in food.items())
        if best is None or (score, keep_value) > best:
            best, choice = (score, keep_value), counts
    meal = {"water": water, **dict(zip(FOODS, choice, strict=True))}
    return tuple((g, meal[g]) for g in GOODS if meal.get(g, 0) > 0)


def meal_for(player: Player) -> tuple[tuple[str, int], ...]:
    barred = roles.cannot_eat(player)
    held = (player.goods["water"], *(0 if f in barred else player.goods[f] for f in FOODS))
    return best_meal(held, player.leisure)


# -- a dead player's goods ------------------------------------------------------------------


def estate_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    """The living vote on a dead player's goods; under a Dictatorship the Dictator decides."""
    rulers.succeed(state, chance, events)  # a ruler who died of hunger or thirst
    punishments.abandon_estates(state, events)  # Exile: nobody left on the dead's side
    if state.estates and bureaucracy.decides_estate(state):  # not a dead exile's (279)
        heir = bureaucracy.estate_heir(state, chance)  # None: the first player is asked
        if heir is not None:
            _bequeath(state, heir, events)
        return
    if state.estates:
        ruler = rulers.ruler_for(state, "estate")  # a hybrid's estate branch may be another
        voters = punishments.heirs(state, state.estates[0], state.living())  # his side (Exile)
        from sealed.games.crusoe import estate_shares  # it imports this module's neighbours

        if not ruler and estate_shares.proposing(state, voters):  # unequal shares (201)
            return
        state.ask, state.waiting = "estate", (ruler,) if ruler else tuple(voters)
        return
    _record_and_rescue(state, chance, events)


def on_estate(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events
) -> None:
    """The living vote on the first dead player's goods: all to one of them, or shared (ruling 10).

    A majority (more than half the ballots) for giving them to one player
    does so; otherwise they are shared out one unit at a time in turn order.
    """
    decree = next((o for o in orders.values() if o.word == "divide"), None)
    if decree is not None:  # a ruler's division into shares, in force at once (ruling 201)
        from sealed.games.crusoe import estate_shares  # it imports this module's neighbours

        decider = str(rulers.ruler_for(state, "estate"))
        how = f"by the {rulers.title(state, decider)} {decider}'s decision"
        estate_shares.bequeath(state, {s: dict(g) for s, g in decree.shares}, how, events)
        return
    dead = state.estates.pop(0)
    # one vote each; in Class Warfare Capitalism a vote per Diamond held (ruling 79), unless
    # the ruler decides the estate alone: a hybrid's ruled branch elsewhere leaves it to a vote
    weighed = rulers.ruler_for(state, "estate") is None
    weights = {voter: classwar.votes(state, voter) if weighed else 1 for voter in orders}
    cast = sum(weights.values())
    ballots = {voter: o.name if o.word == "give" else "" for voter, o in orders.items()}
    heir = next(
        (
            s
            for s in sorted(set(ballots.values()))
            if s and sum(weights[v] for v, b in ballots.items() if b == s) * 2 > cast
        ),
        None,
    )
    living = [s for s in state.order if state.players[s].alive] or state.living()
    living = punishments.heirs(state, dead, living)  # Exile: only his side
    receivers = [heir] if heir else living
    shares = share_out(state, dead, receivers)
    if events is not None:
        how = f"all to {heir}" if heir else "shared in turn order"
        ruler = rulers.ruler_for(state, "estate")
        by = f"by the {rulers.title(state, ruler)} {ruler}'s decision" if ruler else "by vote"
        got = "; ".join(f"{s}: {_goods_text(g)}" for s, g in shares.items() if g)
        events.append(
            Event(
                "estate",
                f"{dead}'s goods, {by}, {how}: {got or 'nothing'}.",
                data={"dead": dead, "heir": heir, "shares": shares},
            )
        )


def _bequeath(state: CrusoeState, heir: str, events: Events) -> None:
    """A Bureaucracy's chart gives the first dead player's goods to one living player."""
    dead = state.estates.pop(0)
    shares = share_out(state, dead, [heir])
    if events is not None:
        events.append(
            Event(
                "estate",
                f"{dead}'s goods, by the Bureaucracy's chart, all to {heir}: "
                f"{_goods_text(shares[heir])}.",
                data={"dead": dead, "heir": heir, "shares": shares, "chart": True},
            )
        )


def share_out(state: CrusoeState, giver: str, receivers: list[str]) -> dict[str, dict[str, int]]:
    """Deal ``giver``'s goods one unit at a time to ``receivers`` in order, good by good."""
    shares: dict[str, dict[str, int]] = {seat: {} for seat in receivers}
    source = state.players[giver].goods
    turn = 0
    for good in GOODS:
        while source[good] > 0:
            seat = receivers[turn % len(receivers)]
            source[good] -= 1
            state.players[seat].goods[good] += 1
            shares[seat][good] = shares[seat].get(good, 0) + 1
            turn += 1
    return shares


def _goods_text(goods: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {g}" for g, n in goods.items() if n) or "nothing"


# -- step VI: rescue ---------------------------------------------------------------------------


def _record_and_rescue(state: CrusoeState, chance: Chance, events: Events) -> None:
    """Radio Signals go to the common pool; the frequency die, then every player's die."""
    bureaucracy.remember_paths(state)  # the paths walked, for the chart (ruling 188)
    for player in state.players.values():
        for freq in FREQUENCIES:
            state.pool[freq] += player.radio[freq]
            player.radio[freq] = 0
    if not state.living():
        _end_game(state, events, "everyone is dead")
        return
    die = chance.dice(f"cycle {state.cycle}: frequency monitored", 1)[0]
    freq = "cb" if die == 1 else "military" if die <= 3 else "top40"
    dice = chance.dice(f"cycle {state.cycle}: rescue dice, one per player", len(state.seats))
    total, signals = sum(dice), state.pool[freq]
    state.rescued = total <= signals
    state.last_rescue = {
        "cycle": state.cycle,
        "frequency_die": die,
        "frequency": freq,
        "dice": dice,
        "total": total,
        "signals": signals,
        "rescued": state.rescued,
    }
    if events is not None:
        verdict = "a spaceship arrives!" if state.rescued else "nobody hears."
        events.append(
            Event(
                "rescue",
                f"Cycle {state.cycle}: rescuers monitor {FREQUENCY_NAMES[freq]} (die {die}); "
                f"the players roll {total} against {signals} signals: {verdict}",
                data=dict(state.last_rescue),
            )
        )
    if state.rescued:
        _rescue(state, chance, events)
    elif state.cycle == LAST_CYCLE:
        _end_game(state, events, "not rescued by the end of cycle 9: everyone loses")
    else:
        state.cycle += 1
        start_cycle(state, chance, events)


def _rescue(state: CrusoeState, chance: Chance, events: Events) -> None:
    """Ending the Game: the rescued receive 3 VP for each Diamond they hold (or as the
    optional rule in force values them: modules/diamonds.py)."""
    for seat, vp in diamonds.diamond_vp(state, chance, events).items():
        state.players[seat].vp += vp
    _end_game(state, events, "rescued")


def _end_game(state: CrusoeState, events: Events, why: str) -> None:
    state.over, state.phase, state.ask, state.waiting = True, "over", None, ()
    if events is not None:
        scores = ", ".join(f"{s} {state.players[s].vp}" for s in state.seats)
        events.append(Event("game-over", f"Game over, {why}: {scores}.", data={"reason": why}))


def end_reason(state: CrusoeState) -> str:
    if state.rescued:
        return f"rescued in cycle {state.cycle}"
    if not state.living():
        return f"everyone died by cycle {state.cycle}"
    return "not rescued by the end of cycle 9: everyone loses"
