"""Step IV: Government & Violence and Battles, applied in place.

Invoking is a sealed decision of everyone who may invoke (the first in turn
order who does is the invoker, as the seed says); the speeches are a step the
table takes, one ``done`` per speaker (the words themselves are spoken aloud,
or sent as messages); initiating passes around in turn order until everyone
passes in the same round; the Spear decisions are sealed together before any
die is rolled; each battle's winners vote on the verdict.
"""

from __future__ import annotations

from collections.abc import Mapping

from sealed.core.chance import Chance
from sealed.core.events import Event
from sealed.games.crusoe import classwar, rulers
from sealed.games.crusoe.modules import (
    church,
    corporations,
    landlords,
    punishments,
    roles,
    slavery,
)
from sealed.games.crusoe.orders import Order, format_order
from sealed.games.crusoe.state import FOODS, GOODS, Battle, CrusoeState, Player
from sealed.games.crusoe.traditional import swap_tracks

Events = list[Event] | None


def indigent(player: Player) -> bool:
    """No water or less than three food; never a player with Leisure to spend."""
    if slavery.slave_player(player):  # "slaves are always considered to be Indigent"
        return True
    food = sum(player.goods[f] for f in FOODS)
    return player.leisure == 0 and (player.goods["water"] == 0 or food < 3)


def may_invoke(player: Player) -> bool:
    return player.alive and (player.leisure > 0 or indigent(player))


def government_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    if not rulers.election_held(state):  # a President is elected just before this phase
        rulers.begin_campaign(state)
        return
    able = tuple(
        s
        for s in state.order
        if may_invoke(state.players[s])
        or rulers.rules_free(state, s)
        or roles.free_violence(state, s)  # Early Feudalism's Warlord
        # "Any player may call" (Class Warfare); not an exile, who invokes as anywhere (265)
        or (classwar.playing(state) and state.players[s].alive and not classwar.in_exile(state, s))
    )
    able = tuple(s for s in able if not roles.voiceless(state, s))  # No Suffrage: no invoking
    if not able:
        state.phase = "consume"
        return
    state.ask, state.waiting = "invoke", able


def on_invoke(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events
) -> None:
    """The first in turn order who invokes pays one Leisure (free when Indigent)."""
    invoker = next((s for s in state.order if s in orders and orders[s].word == "invoke"), None)
    called = invoker is not None and classwar.playing(state)
    if called:
        invoker = _call(state, orders, events)  # Class Warfare Capitalism: the call (ruling 78)
        if invoker is None:  # Exile: the call is not the exiles', who invoke as anywhere (265)
            invoker, called = _exiles_invoker(state, orders), False
    if invoker is None:
        state.phase = "consume"
        return
    player = state.players[invoker]
    free = rulers.rules_free(state, invoker)
    warlord = roles.free_violence(state, invoker) and not free
    paid = player.leisure > 0 and not free and not warlord and not called
    paid = paid and not slavery.slave_player(player)  # always Indigent: free (ruling 129)
    if paid:
        player.leisure -= 1
    state.invoker = invoker
    start = state.order.index(invoker)
    state.speakers = [*state.order[start:], *state.order[:start], invoker]
    state.speakers = [
        s for s in state.speakers if state.players[s].alive and not roles.voiceless(state, s)
    ]  # No Suffrage: women "may not speak if government is invoked"
    if events is not None:
        how = "paying one Leisure" if paid else "free, being Indigent"
        if called:
            how = "by the call"
        if free:
            how = f"free, being the {rulers.title(state, invoker)}"
        if warlord:
            how = "free, being the Warlord"
        events.append(
            Event(
                "invoke",
                f"{invoker} invokes government ({how}); {_then(state, invoker)}.",
                data={"seat": invoker, "paid": paid},
            )
        )
    if punishments.exile_in_play(state):  # each side's government is its own (Exile)
        invokers = [s for s in state.order if s in orders and orders[s].word == "invoke"]
        if classwar.playing(state) and not called:  # the main encampment's call fell short
            invokers = [s for s in invokers if classwar.in_exile(state, s)]
        punishments.open_sessions(state, invoker, invokers, events)
    if roles.open_debate(state):  # Libertarianism: open debate, then who is in default
        return
    _next_speaker(state)


def _then(state: CrusoeState, invoker: str) -> str:
    """What follows invoking: the speeches, or Libertarianism's open debate."""
    if state.settings.libertarianism:
        return "open debate, then each names those in default (Libertarianism)"
    return f"speeches begin and end with {invoker}"


def _call(state: CrusoeState, orders: Mapping[str, Order], events: Events) -> str | None:
    """Class Warfare Capitalism's call for government (classwar.settle_call): a caller who
    invokes free (a ruler, the Warlord) invokes alone, the first in turn order; otherwise the
    callers' Diamonds and Leisure must reach the target. Returns the invoker, if any."""
    callers = [s for s in state.order if s in orders and orders[s].word == "invoke"]
    callers = [s for s in callers if not classwar.in_exile(state, s)]  # Exile (ruling 265)
    if not callers:
        return None
    free = [s for s in callers if rulers.rules_free(state, s) or roles.free_violence(state, s)]
    if free:
        return free[0]
    call = classwar.settle_call(state, callers)
    for seat, n in call.leisure.items():
        state.players[seat].leisure -= n
    if events is not None:
        events.append(classwar.call_event(call, classwar.target_holder(state)))
    return call.invoker


def _exiles_invoker(state: CrusoeState, orders: Mapping[str, Order]) -> str | None:
    """Class Warfare Capitalism under Exile: the first exile in turn order who invokes, paying
    one Leisure (free when Indigent) as in the Hobbesian State of Nature (ruling 265)."""
    invokers = (s for s in state.order if s in orders and orders[s].word == "invoke")
    return next((s for s in invokers if classwar.in_exile(state, s)), None)


def _next_speaker(state: CrusoeState) -> None:
    if state.speakers:
        state.ask, state.waiting = "speech", (state.speakers[0],)
        return
    state.passes, state.turn = 0, state.order.index(state.invoker or state.order[0])
    _next_initiator(state)


def on_speech(state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events) -> None:
    state.speakers.pop(0)
    _next_speaker(state)


def on_default(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events
) -> None:
    """Libertarianism: the debate's end, who is in default; then initiating as usual."""
    roles.declare_defaults(state, orders, events)
    _next_speaker(state)


def involved(state: CrusoeState, seat: str) -> bool:
    return any(seat in b.members for b in state.battles)


def _next_initiator(state: CrusoeState) -> None:
    """The option to initiate passes on in turn order; those in a battle must pass."""
    living = [s for s in state.order if state.players[s].alive]
    while state.passes < len(living):
        state.turn = (state.turn + 1) % len(state.order)
        seat = state.order[state.turn]
        if not state.players[seat].alive:
            continue
        if involved(state, seat) or not punishments.in_session(state, seat):
            state.passes += 1  # the other side's government was not invoked (Exile)
            continue
        state.ask, state.waiting = "violence", (seat,)
        return
    _after_initiating(state)


def on_violence(
    state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events
) -> None:
    if slavery.request(state, seat, order, events):  # a supervised slave asks his master (168)
        return
    if slavery.aside(state, seat, order, events):  # a master frees or hands a slave (169)
        state.ask, state.waiting = "violence", (seat,)  # and is asked again
        return
    if order.word == "pass":
        state.passes += 1
    elif order.word == "fight":
        if not rulers.rules_free(state, seat) and not roles.free_violence(state, seat):
            state.players[seat].leisure -= 1
        state.battles.append(Battle([seat], [order.name]))
        state.passes = 0
        church.ban(state, seat, events)  # the Less Devout Church: "anyone who initiates"
    else:
        battle = next(b for b in state.battles if order.name in b.members)
        side = battle.attackers if order.name in battle.attackers else battle.defenders
        side.append(seat)
        state.passes = 0
        if side is battle.attackers:  # "or who joins in with an initiator"
            church.ban(state, seat, events)
    if events is not None and order.word != "pass":
        what = "attacks" if order.word == "fight" else "joins the side of"
        events.append(
            Event(
                order.word,
                f"{seat} {what} {order.name}.",
                data={"seat": seat, "target": order.name},
            )
        )
    _next_initiator(state)


def _after_initiating(state: CrusoeState) -> None:
    voters = punishments.voters(state)  # exiles who invoked and fight nobody may vote (Exile)
    if voters:
        state.ask, state.waiting = "exile-vote", voters
        return
    _to_battles(state)


def on_exile_vote(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events
) -> None:
    """The exiles' unanimous vote; after a return everyone may initiate again, in normal play
    order, the returned for free."""
    if punishments.settle_vote(state, dict(orders), events):
        state.passes, state.turn = 0, len(state.order) - 1  # the first player is asked first
        _next_initiator(state)
        return
    _to_battles(state)


def _to_battles(state: CrusoeState) -> None:
    if not state.battles:
        _end_government(state)
        return
    holders = tuple(
        s for b in state.battles for s in b.members if state.players[s].goods["spear"] > 0
    )
    if holders:
        state.ask, state.waiting = "spear", holders
        return
    state.phase = "battles"  # nobody holds a Spear: the dice are rolled at once


def _end_government(state: CrusoeState) -> None:
    punishments.end_government(state)
    roles.end_government(state)  # Libertarianism: the defaults noted lapse
    state.invoker, state.battles, state.spears, state.votes = None, [], {}, {}
    state.battle, state.passes = 0, 0
    state.phase = "election" if rulers.election_due(state) else "consume"
    if roles.warlord_election_due(state):  # then the ruler's, if due (modules/feudalism.py)
        state.phase = "warlord"


def on_spear(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events
) -> None:
    state.spears = {seat: order.word == "spear" for seat, order in orders.items()}
    _fight_all(state, chance, events)


def fight_battles(state: CrusoeState, chance: Chance, events: Events) -> None:
    _fight_all(state, chance, events)


def penalty(player: Player) -> int:
    """Privation and wounds on violence rolls: Thirst/Starvation -2, Hungry or Malnourished -1,
    wounded -2 (ruling 12: the wound and the privation add up)."""
    if player.deprived:
        loss = 2
    elif player.food == "hungry" or player.malnourished:
        loss = 1
    else:
        loss = 0
    return loss + (2 if player.wounded else 0) + roles.violence_penalty(player)  # Disability


def _fight_all(state: CrusoeState, chance: Chance, events: Events) -> None:
    """Every battle is rolled, in the order started; then the first verdict is asked."""
    state.battle = 0
    for number, battle in enumerate(state.battles):
        _fight(state, number, battle, chance, events)
    _next_verdict(state)


def _fight(state: CrusoeState, number: int, battle: Battle, chance: Chance, events: Events) -> None:
    members = battle.members
    # a ruler may roll several; in Class Warfare a die per Diamond
    # and a Weak Warlord his (Early Feudalism)
    own = [max(rulers.battle_dice(state, s), roles.battle_dice(state, s)) for s in members]
    counts = [classwar.battle_dice(state, s, n) for s, n in zip(members, own, strict=True)]
    counts = [n + landlords.extra_dice(state, s) for n, s in zip(counts, members, strict=True)]
    counts = [  # Slavery: a master of supervised slaves against slaves only (ruling 135)
        n + slavery.extra_dice(state, s, *_sides(battle, s))
        for n, s in zip(counts, members, strict=True)
    ]
    # The label names whose die is whose, in the order a table types them.
    label = f"cycle {state.cycle}: battle {number + 1}, one die each for {', '.join(members)}"
    if any(n > 1 for n in counts):
        label = f"cycle {state.cycle}: battle {number + 1}, dice for " + ", ".join(
            f"{s} {n}" for s, n in zip(members, counts, strict=True)
        )
    rolled = chance.dice(label, sum(counts))
    dice: list[int | list[int]] = []
    totals: dict[str, int] = {}
    for seat, n in zip(members, counts, strict=True):
        own, rolled = rolled[:n], rolled[n:]
        dice.append(own[0] if n == 1 else own)
        player = state.players[seat]
        bonus = 0
        if state.spears.get(seat) and player.goods["spear"] > 0:
            player.goods["spear"] -= 1
            bonus = 1
        variant = state.settings.gender_variant  # Gender halves it before the rest
        own_roll = roles.violence_roll(player, sum(own), variant)
        bonus += corporations.shares_of(state, seat)  # "adds the number of shares he owns"
        if slavery.die_penalty(state, seat):  # a supervised slave: one off, not below zero
            own_roll = max(0, own_roll - slavery.die_penalty(state, seat))
        totals[seat] = max(0, own_roll + bonus - penalty(player))
        never_wounded = rulers.fanatic(state, seat) or roles.invincible(state, seat)
        if all(d == 3 for d in own) and not never_wounded:
            player.wounded = True  # the next cycle is spent wounded (all his dice, if several)
    attack = sum(totals[s] for s in battle.attackers)
    defence = sum(totals[s] for s in battle.defenders)
    winners, losers = (
        (battle.attackers, battle.defenders)
        if attack > defence
        else (battle.defenders, battle.attackers)
    )
    if attack == defence:
        winners, losers = [], []
    for side, other in ((battle.attackers, battle.defenders), (battle.defenders, battle.attackers)):
        if any(rulers.fanatic(state, s) for s in side):  # "assumed to win any battle"
            winners, losers = side, other
    warlords = [side for side in (battle.attackers, battle.defenders) if _invincible(state, side)]
    if len(warlords) == 1:  # a Strong Warlord "wins all battles"
        side = warlords[0]
        winners = side
        losers = battle.defenders if side is battle.attackers else battle.attackers
    elif len(warlords) == 2:  # both sides "win all battles": the dice decide (ruling 65)
        by_dice = attack > defence
        winners = battle.attackers if by_dice else battle.defenders
        losers = battle.defenders if by_dice else battle.attackers
        if attack == defence:
            winners, losers = [], []
    rulers.after_battle(state, list(winners), list(losers))
    for seat in losers:
        lost = (state.players[seat].leisure + 1) // 2
        state.players[seat].leisure -= lost
    state.votes = {}
    battle_sides = {"winners": list(winners), "losers": list(losers)}
    if events is not None:
        rolls = ", ".join(
            f"{s} {'+'.join(map(str, d)) if isinstance(d, list) else d}->{totals[s]}"
            for s, d in zip(members, dice, strict=True)
        )
        verb = "wins" if len(winners) == 1 else "win"
        outcome = f"{' and '.join(winners)} {verb}" if winners else "a tie: no winner"
        fanatics = [s for s in members if rulers.fanatic(state, s)]
        if fanatics:  # with two rulers, the fanatic's own office (ruling 196)
            outcome += f" (a fanatic {rulers.title(state, fanatics[0])} wins any battle he fights)"
        if any(roles.invincible(state, s) for s in members):
            outcome += " (a Strong Warlord wins every battle he joins)"
        events.append(
            Event(
                "battle",
                f"Battle {number + 1}: {rolls}; "
                f"attackers {attack}, defenders {defence}: {outcome}.",
                data={
                    "battle": number + 1,
                    "dice": dict(zip(members, dice, strict=True)),
                    "totals": totals,
                    **battle_sides,
                },
            )
        )
    roles.after_battle(state, list(winners), list(losers), events)  # a Weak Warlord deposed
    slavery.after_battle(state, list(winners), list(losers), events)  # a slave beat his master
    # from now: winners, losers (copies: ``winners`` may be the very list being overwritten)
    if state.settings.version < 2:
        # Version 1 assigned through the aliased lists: when the defenders won, both sides
        # became the winners. Kept so that version 1 games replay and go on alike.
        battle.attackers[:], battle.defenders[:] = winners, losers
    else:
        battle.attackers[:], battle.defenders[:] = list(winners), list(losers)


def _sides(battle: Battle, seat: str) -> tuple[list[str], list[str]]:
    """``seat``'s side of the battle and the other."""
    if seat in battle.attackers:
        return battle.attackers, battle.defenders
    return battle.defenders, battle.attackers


def _invincible(state: CrusoeState, side: list[str]) -> bool:
    """A side with a fanatic ruler or a Strong Warlord (Early Feudalism)."""
    return any(rulers.fanatic(state, s) or roles.invincible(state, s) for s in side)


def _next_verdict(state: CrusoeState) -> None:
    while state.battle < len(state.battles):
        battle = state.battles[state.battle]
        voters = tuple(s for s in battle.attackers if state.players[s].alive)
        losers = [s for s in battle.defenders if state.players[s].alive]
        if voters and losers:
            state.ask, state.waiting = "verdict", voters
            return
        state.battle += 1
    _end_government(state)


def on_verdict(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events
) -> None:
    """A majority of the winners decides; without one, the losers are spared (ruling 13)."""
    battle = state.battles[state.battle]
    ballots = [cycle_key(o) for o in orders.values()]
    chosen = next((b for b in ballots if ballots.count(b) * 2 > len(ballots)), "spare")
    order = next((o for o in orders.values() if cycle_key(o) == chosen), Order("spare"))
    winners = [s for s in state.order if s in battle.attackers]
    losers = [s for s in battle.defenders if state.players[s].alive]
    taken: dict[str, dict[str, int]] = {}
    crippled = punishments.cripple(state, order, losers) if order.word == "cripple" else []
    exiled = punishments.exile(state, losers) if order.word == "exile" else []
    master, enslaved = (
        slavery.enslave(state, losers, winners, events) if order.word == "enslave" else ("", [])
    )
    for seat in losers:
        if order.word == "kill":
            _take(state, seat, dict(state.players[seat].goods), winners, taken)
            _kill(state, seat)
        elif order.word in ("swap", "cripple", "exile", "enslave"):
            continue
        elif order.word == "fine":
            held = state.players[seat].goods
            wanted = dict(held) if order.all_goods else dict(order.goods)
            wanted = roles.confiscable(state, losers, wanted)  # Libertarianism
            _take(state, seat, {g: min(n, held[g]) for g, n in wanted.items()}, winners, taken)
    if order.word == "swap":
        swap_tracks(state, winners, [s for s in state.order if s in losers], events)
    if events is not None:
        data: dict[str, object] = {"verdict": chosen, "losers": losers, "taken": taken}
        if order.word == "cripple":  # only then: the events of earlier games stay as recorded
            data["crippled"] = crippled
        if order.word == "exile":
            data["exiled"] = exiled
        if order.word == "enslave":
            data["master"], data["enslaved"] = master, enslaved
        events.append(
            Event(
                "verdict",
                f"The winners of battle {state.battle + 1} vote: {chosen} ({', '.join(losers)}).",
                data=data,
            )
        )
    if order.word == "kill" or order.all_goods:  # paths go "just like they were goods"
        landlords.take_deeds(state, losers, winners, events)
        corporations.take_shares(state, losers, winners, events)  # "as though they were goods"
    state.battle += 1
    _next_verdict(state)


def cycle_key(order: Order) -> str:
    """A ballot's identity: two ballots are the same vote when their text is."""
    return format_order(order)


def _take(
    state: CrusoeState,
    loser: str,
    goods: dict[str, int],
    winners: list[str],
    taken: dict[str, dict[str, int]],
) -> None:
    """The goods taken from a loser go to the winners one unit at a time in turn order."""
    held = state.players[loser].goods
    turn = sum(sum(v.values()) for v in taken.values())
    for good in GOODS:
        for _ in range(goods.get(good, 0)):
            seat = winners[turn % len(winners)]
            held[good] -= 1
            state.players[seat].goods[good] += 1
            taken.setdefault(seat, {})[good] = taken.get(seat, {}).get(good, 0) + 1
            turn += 1


def _kill(state: CrusoeState, seat: str) -> None:
    player = state.players[seat]
    player.alive, player.death_cycle, player.death_cause = False, state.cycle, "violence"
    player.leisure, player.wounded = 0, False  # his Radio Signals are still recorded (ruling 23)
