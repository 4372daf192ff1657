"""The cycle of Crusoe's Planet, applied in place: steps I (turn order, paths) and II (moving,
producing, Leisure at the Market, Experience), then the hand-over to the later steps.

There is one implementation of the rules. :func:`apply` takes the orders of the
open decision and :func:`run` carries the cycle on until the next decision;
both narrate into ``events`` only when a list is given (play and replay), never
in simulation. Steps III-VI are in :mod:`~sealed.games.crusoe.cycle` (market,
consumption, preservation, death, rescue) and :mod:`~sealed.games.crusoe.violence`
(government and battles).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from sealed.core.chance import Chance
from sealed.core.events import Event
from sealed.games.crusoe import (
    bureaucracy,
    classwar,
    cycle,
    estate_shares,
    government,
    market,
    rulers,
    socialism,
    socialist_market,
    socialist_plan,
    statecap,
    trade,
    traditional,
    victory_play,
    violence,
    wage_vote,
)
from sealed.games.crusoe.modules import (
    church,
    corporations,
    crowd,
    feudalism,
    gender,
    landlords,
    paternalistic,
    punishments,
    roles,
    slavery,
    third_world,
)
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.state import (
    FREQUENCIES,
    FRUITS,
    PATH_NAMES,
    Board,
    CrusoeState,
    Player,
    Settings,
    Space,
)

Events = list[Event] | None


def new_state(
    seats: Sequence[str], settings: Settings, board: Board, chance: Chance
) -> CrusoeState:
    """Every castaway at the Crash Site with nothing; cycle 1's turn order is dealt."""
    state = CrusoeState(settings, tuple(seats), board, {seat: Player() for seat in seats})
    if victory_play.begin(state, chance):  # the conditions come before any random quality
        return state
    rulers.begin(state, chance, None)  # a Dictator, "randomly selected before the game begins"
    classwar.begin(state, chance, None)  # Class Warfare: the first classes, drawn at random
    roles.begin(state, chance, None)  # the tack-on modules' roles (vegetarians, ...)
    cycle.start_cycle(state, chance, None)
    run(state, chance, None)
    return state


def apply(state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events) -> None:
    """Open the orders of the decision that is open, then play on to the next one."""
    ask = state.ask
    state.ask, waiting = None, state.waiting
    state.waiting = ()
    HANDLERS[ask or ""](state, {s: orders[s] for s in waiting if s in orders}, chance, events)
    run(state, chance, events)
    slavery.sweep(state, events)  # a slave's acquisitions go to his master (Slavery)


def run(state: CrusoeState, chance: Chance, events: Events) -> None:
    """Carry the cycle on until someone must decide or the game is over."""
    _without_the_voiceless(state, chance, events)  # a handler may have asked a ballot
    _lost_by_all(state, events)
    roles.marry(state, chance, events)  # Doll's House: a widow marries again, if she can
    while not state.over and state.ask is None:
        PHASES[state.phase](state, chance, events)
        _without_the_voiceless(state, chance, events)
        _lost_by_all(state, events)
        roles.marry(state, chance, events)


def _lost_by_all(state: CrusoeState, events: Events) -> None:
    """The Objectivist Model: "If Galt dies then all the players lose": the game ends at once
    (ruling 110)."""
    reason = roles.everyone_loses(state)
    if reason is None or state.over:
        return
    state.over, state.phase, state.ask, state.waiting = True, "over", None, ()
    if events is not None:
        events.append(Event("over", reason + ".", data={"reason": reason}))


def _without_the_voiceless(state: CrusoeState, chance: Chance, events: Events) -> None:
    """No Suffrage (ruling 109): a ballot or an election is asked of those who may vote only;
    with nobody left it is counted with no ballots, and a turn to stand for President passes.
    Doll's House (ruling 112): a wife is not asked to trade; with only wives left they go home.
    The Matriarchal Golden Age (113): a man proposes no paths (his turn passes)."""
    while state.ask is not None and not state.over:
        ask = state.ask
        kept = tuple(
            s
            for s in state.waiting
            if roles.may_decide(state, s, ask) and slavery.may_decide(state, s, ask)
        )
        if len(kept) == len(state.waiting):
            return
        waiting, state.waiting = state.waiting, kept
        if kept:
            return
        state.ask = None
        stands = {"campaign": "pass", "trade": "home", "assign": "pass", "policy": "pass"}
        stands["wage"] = stands["plan"] = "pass"  # Slavery: a slave proposes no policy, no
        # wage, no plan (ruling 167)
        stand_in = stands.get(ask)
        passes = {s: Order(stand_in) for s in waiting} if stand_in else {}  # a wife goes home
        HANDLERS[ask](state, passes, chance, events)


# -- step I: paths --------------------------------------------------------------------


def _path_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    if landlords.before_paths(state, chance, events):  # the owners write this cycle's Leases
        return
    for seat in state.order:
        player = state.players[seat]
        if player.path is None and player.position == 0:  # not sent to the Market (Landlords)
            if landlords.no_path_for(state, seat, events):
                continue
            chooser, slave = slavery.path_chooser(state, seat)  # a slave's: his master's
            state.ask, state.waiting = "path", (chooser,)
            if slave:
                state.offer = slave
            return
    state.phase, state.turn = "move", 0


def _on_path(state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events) -> None:
    if slavery.aside(state, seat, order, events):  # Slavery: a master frees or hands a slave
        return  # (ruling 169); the path phase asks whoever chooses next
    seat = slavery.path_target(state, seat)  # a master chooses his slave's path (Slavery)
    state.players[seat].path = order.name
    if not punishments.keeps_track(state, seat):  # an exile's rank waits for his return (173)
        state.players[seat].track = order.name
    if events is not None:
        events.append(
            Event(
                "path",
                f"{seat} takes the {PATH_NAMES[order.name]} path.",
                data={"seat": seat, "path": order.name},
            )
        )
    landlords.on_enter(state, seat, order.name, events)  # a Lease taken up by declaring it


# -- step II: turns until everyone is at the Market ----------------------------------


def path_length(state: CrusoeState, player: Player) -> int:
    return len(state.board.paths[player.path or "ant"])


def at_market(state: CrusoeState, player: Player) -> bool:
    return player.position > path_length(state, player)


def _move_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    movers = [s for s in state.order if state.players[s].alive]
    if all(at_market(state, state.players[s]) for s in movers):
        state.phase = "market"
        return
    seat = state.order[state.turn]
    player = state.players[seat]
    roles.turn_begins(state, seat)  # Galt's next turn ends the others' idleness
    if at_market(state, player):
        _market_leisure(state, seat, events)
        _next_turn(state)
        return
    if slavery.supervised(state, seat):  # he moves with his master, not rolling on his own
        _next_turn(state)
        return
    _roll_to_move(state, seat, chance, events)


def _next_turn(state: CrusoeState) -> None:
    state.turn = (state.turn + 1) % len(state.order)


def _market_leisure(state: CrusoeState, seat: str, events: Events) -> None:
    """Sequence of Play II.A: waiting at the Market while others work earns one Leisure."""
    player = state.players[seat]
    if player.no_leisure or roles.idle(player):  # idle while Galt rests: no markers either
        return
    got = min(1, state.bank("leisure"))
    player.leisure += got
    if events is not None:
        events.append(
            Event(
                "leisure",
                f"{seat} rests at the Market: "
                + ("+1 Leisure." if got else "no Leisure left in the bank."),
                data={"seat": seat, "leisure": got},
            )
        )


def _roll_to_move(state: CrusoeState, seat: str, chance: Chance, events: Events) -> None:
    """Roll (2d6 take the greater when deprived), then offer the Experience range if any."""
    church.spear_on_entering(state, seat, events)  # before his first move down the Sand Crab
    player = state.players[seat]
    label = f"cycle {state.cycle}: {seat} moves"
    if player.deprived or slavery.group_deprived(state, seat):  # a supervised slave's too
        dice = chance.dice(label + " (2d6, the greater)", 2)
        roll, may_interact = max(dice), max(dice) % 2 == 1
    else:
        roll, may_interact = chance.dice(label, 1)[0], True
    slavery.after_roll(state, seat, may_interact)  # a new landing for his supervised group
    times = roles.experience_count(state, player, roll)
    times += corporations.experience_times(state, player.path, roll, seat)  # the corporation's
    choices = _move_choices(player, roll, times)
    if len(choices) > 1:
        state.ask, state.waiting, state.offer, state.roll = "move", (seat,), tuple(choices), roll
        return
    _land(state, seat, roll, choices[0], may_interact, chance, events)


def _move_choices(player: Player, roll: int, times: int) -> list[int]:
    """Experience: modify the roll by up to the times it was chosen, never below 1 (Experience).

    A wounded player adds one to the roll and cannot use Experience (Battles).
    """
    if player.wounded:
        return [roll + 1]
    if not times or not player.may_use_experience:
        return [roll]
    return list(range(max(1, roll - times), roll + times + 1))


def _on_move(state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events) -> None:
    roll = state.roll
    state.offer, state.roll = (), 0
    _land(state, seat, roll, order.number, True, chance, events)


def _land(
    state: CrusoeState,
    seat: str,
    roll: int,
    distance: int,
    may_interact: bool,
    chance: Chance,
    events: Events,
) -> None:
    player = state.players[seat]
    player.position += distance
    length = path_length(state, player)
    if player.position > length:
        player.position = length + 1
        _narrate_move(state, seat, roll, distance, "reaches the Market", events)
        landlords.on_exit(state, seat, events)  # Homestead: the first to exit owns the path
        lengths = {p: len(spaces) for p, spaces in state.board.paths.items()}
        roles.reached_market(state, seat, lengths, events)  # Galt: the others to the Market
        _arrive(state, seat, chance, events)
        return
    space = state.board.paths[player.path or "ant"][player.position - 1]
    groups = space_groups(roles.allowed_space(state, player, space))
    groups = slavery.take_groups(state, seat, groups)  # a supervised slave may take nothing
    where = f"lands on space {player.position}"
    if not may_interact and groups:
        where += " (an even roll: no icon may be used)"
    _narrate_move(state, seat, roll, distance, where, events)
    if not may_interact or not groups:
        _continue(state, chance, events)
    elif len(groups) == 1:
        produce(state, seat, groups[0], chance, events)
        _continue(state, chance, events)
    else:
        chooser = slavery.take_chooser(state, seat)  # a supervised slave's: his master
        state.ask, state.waiting, state.offer = "take", (chooser,), tuple(groups)


def space_groups(space: Space) -> list[str]:
    """The icon types of a space, in the order written (all fruit is one type)."""
    groups: list[str] = []
    for icon, _ in space:
        group = "fruit" if icon in FRUITS else icon
        if group not in groups:
            groups.append(group)
    return groups


def _on_take(state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events) -> None:
    state.offer = ()
    seat = slavery.take_target(state, seat)  # what a master tells his supervised slave
    if order.name != slavery.NOTHING:
        produce(state, seat, order.name, chance, events)
    _continue(state, chance, events)


def _continue(state: CrusoeState, chance: Chance, events: Events) -> None:
    """The mover's landing is done; his supervised slaves land where he did, one by one
    (Slavery: "he moves with the master when the master rolls"), then the next turn."""
    mover = state.order[state.turn]
    follower = slavery.next_follower(state, mover)
    if follower is None:
        _next_turn(state)
        return
    distance = state.players[mover].position - state.players[follower].position
    may_interact = slavery.follower_interacts(state, follower)
    _land(state, follower, 0, distance, may_interact, chance, events)  # roll 0: his master's


# -- production -------------------------------------------------------------------------


def on_path(state: CrusoeState, path: str) -> int:
    return sum(1 for p in state.players.values() if p.alive and p.path == path)


def commons(state: CrusoeState, listed: int, players: int) -> int:
    """The Problem of the Commons: what one player gets of ``listed`` on a path of ``players``.

    One player too many: one less where two or more are listed; more: one less
    for each player too many, down to zero. Relaxed by agreement: one more
    player is needed to overburden a path.
    """
    if not state.settings.commons:
        return listed
    extra = players - (2 if state.settings.relaxed_commons else 1)
    extra -= crowd.commons_room(len(state.seats))  # More Than Eight Players
    if extra <= 0:
        return listed
    if extra == 1:
        return listed - 1 if listed >= 2 else listed
    return max(0, listed - extra)


def produce(state: CrusoeState, seat: str, group: str, chance: Chance, events: Events) -> None:
    """Interact with one icon type of the space ``seat`` is on (Path Icons)."""
    player = state.players[seat]
    space = state.board.paths[player.path or "ant"][player.position - 1]
    crowd = on_path(state, player.path or "ant")
    crowd = punishments.crowd(state, seat, player.path or "ant", crowd)  # Exile: his side only
    slavery.record_take(state, seat, group, events)  # a duplication parts a master's group
    crowd = slavery.crowd(state, seat, crowd)  # Slavery: a master's group as one person
    gained: dict[str, int] = {}
    for icon, listed in roles.allowed_space(state, player, space):
        if (icon in FRUITS and group == "fruit") or icon == group:
            here = roles.crowd(state, player.path or "ant", icon, crowd, seat)  # Exile: side
            here = slavery.guild_crowd(state, seat, icon, here)  # a master's group: one (217)
            amount = commons(state, listed, here)
            # the Basic Resource: three times, never overburdened (not in exile: ruling 178)
            if third_world.is_resource(state, icon, player.roles):
                amount = listed * third_world.TIMES
            _gain(state, seat, icon, amount, gained, chance, events)
    if events is not None:
        got = ", ".join(f"{n} {k}" for k, n in gained.items() if n) or "nothing"
        events.append(
            Event(
                "produce",
                f"{seat} takes {group.replace('_', ' ')}: {got}.",
                data={"seat": seat, "group": group, "gained": gained},
            )
        )
    paid = landlords.on_produce(state, seat, gained, events)  # a barter Lease: to the Landlord
    if paid and state.settings.version >= 3:  # the Landlord's is not handed on again (186)
        gained = {k: n - paid.get(k, 0) for k, n in gained.items()}
    roles.after_produce(state, seat, gained, events)  # the Objectivist Model: goods to Galt


def _gain(
    state: CrusoeState,
    seat: str,
    icon: str,
    amount: int,
    gained: dict[str, int],
    chance: Chance,
    events: Events,
) -> None:
    player = state.players[seat]
    if icon == "speared_fish":
        _speared_fish(state, seat, amount, gained, chance, events)
        return
    if icon == "leisure" and player.no_leisure:
        return
    got = min(amount, state.bank(icon))  # the token supply is a hard limit
    if icon == "leisure":
        player.leisure += got
    elif icon in FREQUENCIES:
        player.radio[icon] += got
    else:
        player.goods[icon] += got
        player.produced[icon] = player.produced.get(icon, 0) + got
    gained[icon] = gained.get(icon, 0) + got


def _speared_fish(
    state: CrusoeState,
    seat: str,
    amount: int,
    gained: dict[str, int],
    chance: Chance,
    events: Events,
) -> None:
    """Speared Fish: Fish only with a Spear; then a die, the Spear lost on 1 or 2."""
    player = state.players[seat]
    if player.goods["spear"] == 0:
        return
    got = min(amount, state.bank("fish"))
    player.goods["fish"] += got
    player.produced["fish"] = player.produced.get("fish", 0) + got
    gained["fish"] = gained.get("fish", 0) + got
    die = chance.dice(f"cycle {state.cycle}: {seat}'s spear roll", 1)[0]
    if die <= 2:
        player.goods["spear"] -= 1
    if events is not None:
        kept = "loses the Spear" if die <= 2 else "keeps the Spear"
        events.append(
            Event("spear", f"{seat} rolls {die} and {kept}.", data={"seat": seat, "die": die})
        )


# -- Experience at the end of a path ------------------------------------------------------


def _arrive(state: CrusoeState, seat: str, chance: Chance, events: Events) -> None:
    """Experience: one die per number already held on this path; no 1 among them: learn."""
    player = state.players[seat]
    personal = corporations.personal_experience(state, seat)  # Corporations: an exile's (326)
    if not player.may_gain_experience or not roles.may_learn(state, seat) or not personal:
        _continue(state, chance, events)
        return
    numbers = player.experience.get(player.path or "ant", [])
    dice = (
        chance.dice(f"cycle {state.cycle}: {seat}'s Experience roll", len(numbers))
        if numbers
        else []
    )
    if events is not None and numbers:
        outcome = "no new Experience" if 1 in dice else "a new Experience number"
        events.append(
            Event(
                "experience-roll",
                f"{seat} rolls {' '.join(map(str, dice))} for Experience: {outcome}.",
                data={"seat": seat, "dice": dice},
            )
        )
    if 1 in dice:
        _continue(state, chance, events)
        return
    state.ask, state.waiting, state.offer = "learn", (seat,), (1, 2, 3, 4, 5, 6)


def _on_learn(state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events) -> None:
    player = state.players[seat]
    numbers = player.experience.setdefault(player.path or "ant", [])
    numbers.append(order.number)
    numbers.sort()
    state.offer = ()
    if events is not None:
        events.append(
            Event(
                "experience",
                f"{seat} gains Experience {order.number} "
                f"on the {PATH_NAMES[player.path or 'ant']}.",
                data={"seat": seat, "number": order.number},
            )
        )
    _continue(state, chance, events)


def _narrate_move(
    state: CrusoeState, seat: str, roll: int, distance: int, where: str, events: Events
) -> None:
    if events is None:
        return
    moved = f"rolls {roll}" + (f", moves {distance}" if distance != roll else "")
    if not roll:  # Slavery: a supervised slave moves with his master, rolling nothing
        moved = f"moves {distance} with his master"
    events.append(
        Event(
            "move",
            f"{seat} {moved} and {where}.",
            data={"seat": seat, "roll": roll, "distance": distance},
        )
    )


def _on_donate(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events
) -> None:
    church.on_donate(state, {seat: order.goods for seat, order in orders.items()}, events)


def _on_assign(state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events) -> None:
    assigned = None if order.word == "pass" else paternalistic.decode(order.terms)
    paternalistic.on_assign(state, seat, assigned, events)


def _on_estate_divide(
    state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events
) -> None:
    estate_shares.on_divide(state, seat, order, events)  # ruling 201


def _on_estate_ballot(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events
) -> None:
    estate_shares.on_ballot(state, orders, events)  # ruling 201


def _on_husband(
    state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events
) -> None:
    gender.on_feed(state, seat, order.name, dict(order.goods), events)  # ruling 200


def _on_repay(state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events) -> None:
    third_world.on_repay(state, seat, dict(order.goods), events)  # ruling 199


def _on_import(state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events) -> None:
    third_world.on_import(state, seat, dict(order.goods), events)
    state.phase = "imported"


def _on_assign_ballot(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events
) -> None:
    ballots = {seat: order.word == "yes" for seat, order in orders.items()}
    paternalistic.on_ballot(state, ballots, events)


def _on_invest(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events
) -> None:
    corporations.on_invest(state, orders, events)


def _on_toll(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events
) -> None:
    corporations.on_toll(state, orders, events)


def _on_spend(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events
) -> None:
    corporations.on_spend(state, orders, events)


def _on_dividend(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events
) -> None:
    corporations.on_dividend(state, orders, events)


def _on_exchange(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events
) -> None:
    corporations.on_exchange(state, orders, events)


def _on_corp_learn(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events
) -> None:
    corporations.on_learn(state, orders, events)


def _costs_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    """Corporations: each corporation in turn sets the cost to traverse its path; then the
    cycle begins as it would have (ruling 142)."""
    if not corporations.next_cost(state):
        cycle.start_cycle(state, chance, events)


# -- dispatch ---------------------------------------------------------------------------

Handler = Callable[[CrusoeState, Mapping[str, Order], Chance, Events], None]
SeatHandler = Callable[[CrusoeState, str, Order, Chance, Events], None]


def _one(handler: SeatHandler) -> Handler:
    """A sequential decision: the one waiting seat's order."""

    def handle(
        state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events
    ) -> None:
        for seat, order in orders.items():
            handler(state, seat, order, chance, events)

    return handle


HANDLERS: dict[str, Handler] = {
    "path": _one(_on_path),
    "move": _one(_on_move),
    "take": _one(_on_take),
    "learn": _one(_on_learn),
    "draft": _one(trade.on_draft),
    "trade": trade.on_trade,
    "divide": _one(socialism.on_divide),
    "vote": socialism.on_vote,
    "tax": _one(traditional.on_tax),
    "provide": _one(traditional.on_provide),
    "eat": cycle.on_eat,
    "estate": cycle.on_estate,
    "invoke": violence.on_invoke,
    "speech": _one(violence.on_speech),
    "violence": _one(violence.on_violence),
    "spear": violence.on_spear,
    "verdict": violence.on_verdict,
    "exile-vote": violence.on_exile_vote,
    "policy": _one(government.on_policy),
    "ballot": government.on_ballot,
    "box": _one(bureaucracy.on_box),
    "amend": _one(bureaucracy.on_amend),
    "amend-ballot": bureaucracy.on_amend_ballot,
    "sell": _one(market.on_sell),
    "bid": market.on_bid,
    "consign": _one(statecap.on_consign),
    "elect": rulers.on_elect,
    "campaign": _one(rulers.on_campaign),
    "victory": victory_play.on_victory,
    "deal": _one(statecap.on_deal),
    "plan": _one(socialist_plan.on_plan),
    "plan-ballot": socialist_plan.on_plan_ballot,
    "buy": _one(socialist_market.on_buy),
    "wage": _one(wage_vote.on_wage),
    "wage-ballot": wage_vote.on_wage_ballot,
    "rent": landlords.on_rent,
    "rent-ballot": landlords.on_rent_ballot,
    "invest": _on_invest,
    "toll": _on_toll,
    "spend": _on_spend,
    "dividend": _on_dividend,
    "exchange": _on_exchange,
    "corp-learn": _on_corp_learn,
    "warlord": feudalism.on_elect,
    "default": violence.on_default,
    "donate": _on_donate,
    "assign": _one(_on_assign),
    "import": _one(_on_import),
    "repay": _one(_on_repay),
    "assign-ballot": _on_assign_ballot,
    "feed": slavery.on_feed,
    "husband": _one(_on_husband),
    "estate-divide": _one(_on_estate_divide),
    "estate-ballot": _on_estate_ballot,
    "permit": slavery.on_permit,  # a master's permission to attack (ruling 168)
}

PHASES: dict[str, Callable[[CrusoeState, Chance, Events], None]] = {
    "path": _path_phase,
    "move": _move_phase,
    "market": cycle.market_phase,
    "costs": _costs_phase,
    "draft": trade.draft_phase,
    "trade": trade.trade_phase,
    "divide": socialism.divide_phase,
    "tax": traditional.tax_phase,
    "government": violence.government_phase,
    "consume": cycle.consume_phase,
    "estate": cycle.estate_phase,
    "battles": violence.fight_battles,
    "policy": government.policy_phase,
    "amend": bureaucracy.amend_phase,
    "commodity": market.commodity_phase,
    "taxes": market.taxes_phase,
    "wholesale": market.wholesale_phase,
    "plan": socialist_plan.plan_phase,
    "buy": socialist_market.buy_phase,
    "wage": wage_vote.wage_phase,
    "donate": church.donate_phase,
    "assign": paternalistic.assign_phase,
    "import": third_world.import_phase,
    "imported": cycle.begin_trade,
    "settle": third_world.settle_phase,
    "donated": cycle.begin_trade,
    "election": rulers.election_phase,
    "warlord": feudalism.election_phase,
    "campaign": rulers.campaign_phase,
}
