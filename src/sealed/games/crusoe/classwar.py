"""Class Warfare Capitalism (Advanced Scenarios), an expansion of National Capitalism: social
classes by Diamonds, the CEOs' blocks of industries and their transfers, the CEO's share of a
sale, the tax shares by class, votes and battle dice by Diamonds and the call for government.

Seed (Class Warfare Capitalism): "At the beginning of the game one player is selected at random
to be a Capitalist, and he is given four Diamonds and loses 12 VP. Of the remaining players 1/3
(round off, min 1) are selected to be Working Class and the remaining are Middle Class; Middle
Class players receive one Diamond and lose 3 VP." "Any given Capitalist is the CEO of a block
of industries in elasticity order ... When a new Capitalist comes into being he takes half
(round up) of the tail end Capitalist's industries ... If a Capitalist falls to the Middle
Class then half his industries are taken by the CEO to either side, with the odd industry
going to the one behind. If more than one player becomes a CEO at the same time, they should
be processed one at a time in turn order, and all CEOs who fall to the middle class should be
processed before any new CEOs are." "If the player is Middle Class the CEO takes 1/3 (round
off), and if the player is Working Class the CEO takes 2/3." "If a player has at least three
Diamonds he is a Capitalist, if he has one or two he is Middle Class, and otherwise he is
Working Class." "Capitalists are automatically immune to paying taxes to support Radio
Signals, while all members of the middle class pay two shares and those of the working class
pay one share." "each player has a number of votes equal to the number of Diamonds he
possesses (minimum zero)." "When engaging in violence a player rolls one die for each Diamond
he has, with a minimum of one." The call for government: :func:`settle_call` (ruling 78).

The state keeps each seat's class (``classes``) and the CEOs in line with their industries
(``ceos``); both are public. The game's steps call the functions below; each does nothing
outside this scenario.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from sealed.core.events import Event
from sealed.games.crusoe.modules import punishments
from sealed.games.crusoe.state import ELASTICITY

if TYPE_CHECKING:
    from sealed.core.chance import Chance
    from sealed.games.crusoe.state import CrusoeState

SCENARIO = "class-warfare-capitalism"

CAPITALIST, MIDDLE, WORKING = "capitalist", "middle", "working"
Blocks = tuple[tuple[str, tuple[str, ...]], ...]
"""The CEOs in line, each with his block of industries (goods in order of elasticity)."""
TAX_SHARES = {CAPITALIST: 0, MIDDLE: 2, WORKING: 1}
"""Each class's tax burden in shares (Capitalists are immune)."""


def social_class(diamonds: int) -> str:
    """At least three Diamonds: Capitalist; one or two: Middle Class; none: Working Class."""
    if diamonds >= 3:
        return CAPITALIST
    return MIDDLE if diamonds >= 1 else WORKING


def round_off(value: Fraction) -> int:
    """ "round off": to the nearest whole number, a half up."""
    return int(value + Fraction(1, 2)) if value >= 0 else -round_off(-value)


def ceo_share(sales: int, klass: str) -> int:
    """The CEO's portion of one player's block of sales of his goods: 1/3 of a Middle Class
    player's (round off), 2/3 of a Working Class player's; nothing of a Capitalist's."""
    portion = {MIDDLE: Fraction(1, 3), WORKING: Fraction(2, 3)}.get(klass, Fraction(0))
    return round_off(sales * portion)


def ceo_of(blocks: Blocks, good: str) -> str | None:
    return next((ceo for ceo, goods in blocks if good in goods), None)


def ceo_shares(sales: Mapping[str, int], klass: str, blocks: Blocks, seller: str) -> dict[str, int]:
    """What each CEO takes from ``seller``'s sales (dollars per good): the sales of each CEO's
    goods are one block, and the share is taken of each block (the seed's Ted: (20+50)/3)."""
    per_ceo: dict[str, int] = {}
    for good, dollars in sales.items():
        ceo = ceo_of(blocks, good)
        if ceo is not None and ceo != seller:
            per_ceo[ceo] = per_ceo.get(ceo, 0) + dollars
    return {ceo: ceo_share(total, klass) for ceo, total in per_ceo.items()}


def promote(blocks: Blocks, seat: str) -> Blocks:
    """A new Capitalist joins the end of the line and takes half (round up) of the tail end of
    the last CEO's industries; with no CEO in line he takes every industry (ruling 81: nobody
    else holds them)."""
    if not blocks:
        return ((seat, tuple(ELASTICITY)),)
    *front, (tail, goods) = blocks
    taken = (len(goods) + 1) // 2
    kept = goods[: len(goods) - taken]
    return (*front, (tail, kept), (seat, goods[len(goods) - taken :]))


def demote(blocks: Blocks, seat: str) -> Blocks:
    """A Capitalist who falls leaves the line; the CEO in front takes the front half of his
    industries, the one behind the back half and the odd one; with nobody on one side the
    other takes them all; with nobody on either, they are nobody's until a new Capitalist."""
    line = [ceo for ceo, _ in blocks]
    i = line.index(seat)
    goods = blocks[i][1]
    front = blocks[i - 1] if i > 0 else None
    behind = blocks[i + 1] if i + 1 < len(blocks) else None
    to_front = len(goods) // 2 if behind else len(goods)
    to_front = to_front if front else 0
    out = list(blocks)
    if front:
        out[i - 1] = (front[0], (*front[1], *goods[:to_front]))
    if behind:
        out[i + 1] = (behind[0], (*goods[to_front:], *behind[1]))
    del out[i]
    return tuple(out)


def reassign(
    blocks: Blocks, diamonds: Mapping[str, int], turn_order: Sequence[str]
) -> tuple[dict[str, str], Blocks]:
    """The consumption phase's reassignment: every player's class by his Diamonds; CEOs who
    fall are processed first, then the new ones, each group in turn order."""
    classes = {seat: social_class(diamonds.get(seat, 0)) for seat in turn_order}
    ceos = [ceo for ceo, _ in blocks]
    for seat in (s for s in turn_order if s in ceos and classes[s] != CAPITALIST):
        blocks = demote(blocks, seat)
    for seat in (s for s in turn_order if s not in ceos and classes[s] == CAPITALIST):
        blocks = promote(blocks, seat)
    return classes, blocks


def working_class_count(players: int) -> int:
    """ "Of the remaining players 1/3 (round off, min 1) are selected to be Working Class"."""
    return max(1, round_off(Fraction(players - 1, 3)))


# -- the scenario in play ---------------------------------------------------------------------

Events = list[Event] | None
START = {CAPITALIST: (4, -12), MIDDLE: (1, -3), WORKING: (0, 0)}
"""What each class is given before the game: (Diamonds, VP)."""
TITLES = {CAPITALIST: "Capitalist", MIDDLE: "Middle Class", WORKING: "Working Class"}


def playing(state: CrusoeState) -> bool:
    return state.settings.scenario == SCENARIO


def in_exile(state: CrusoeState, seat: str) -> bool:
    """An exile: "the rules of the economy he has left no longer effect him" (rulings 264-267)."""
    return not punishments.in_market(state, seat)


def begin(state: CrusoeState, chance: Chance, events: Events) -> None:
    """The first classes, drawn before the game in one public shuffle: the first drawn is the
    Capitalist (four Diamonds, -12 VP) and CEO of every industry, the next 1/3 of the others
    (round off, at least one) the Working Class, the rest the Middle Class (one Diamond, -3
    VP). The Diamonds come from the bank; when it runs short the last drawn get what is left,
    and keep their class and its VP (ruling 76)."""
    if not playing(state):
        return
    drawn = chance.shuffle(
        "Class Warfare Capitalism: the classes (the Capitalist first, then the Working Class)",
        list(state.seats),
    )
    working = set(drawn[1 : 1 + working_class_count(len(drawn))])
    for i, seat in enumerate(drawn):
        klass = CAPITALIST if i == 0 else WORKING if seat in working else MIDDLE
        diamonds, vp = START[klass]
        player = state.players[seat]
        player.goods["diamond"] += min(diamonds, state.bank("diamond"))
        player.vp += vp
        state.classes[seat] = klass
    state.ceos = [(drawn[0], tuple(ELASTICITY))]
    if events is not None:
        events.append(_classes_event(state, "The classes are drawn"))


def _classes_event(state: CrusoeState, opening: str) -> Event:
    """Every seat's class and the CEOs' industries, told to all."""
    classes = "; ".join(f"{s} {TITLES[k]}" for s, k in state.classes.items())
    ceos = "; ".join(f"{ceo} CEO of {', '.join(goods) or 'nothing'}" for ceo, goods in state.ceos)
    return Event(
        "classes",
        f"{opening}: {classes}. {ceos or 'No CEOs'}.",
        data={
            "classes": dict(state.classes),
            "ceos": [[ceo, list(goods)] for ceo, goods in state.ceos],
        },
    )


def record_sale(state: CrusoeState, seat: str, good: str, dollars: int) -> None:
    """A sale in the commodity markets, kept until the CEOs take their shares."""
    if playing(state) and dollars:
        state.sales.setdefault(seat, {})[good] = dollars


def take_shares(state: CrusoeState, events: Events) -> None:
    """At the end of the commodity markets subphase each non-Capitalist puts the money of his
    sales of each CEO's goods into one block and the CEO takes his share of it (1/3 of a
    Middle Class player's, 2/3 of a Working Class player's, round off; ruling 77: after the
    last good, so that a block spans the goods of the subphase)."""
    if not playing(state):
        return
    taken: dict[str, dict[str, int]] = {}
    for seat in state.order:
        klass = state.classes.get(seat, WORKING)
        shares = ceo_shares(state.sales.get(seat, {}), klass, tuple(state.ceos), seat)
        for ceo, share in shares.items():
            # never more than he holds (a tack-on may have taken some of it since: a rent)
            dollars = min(share, state.players[seat].money)
            # an exiled CEO takes nothing: exiles and the others never interact (ruling 264)
            if dollars and state.players[ceo].alive and not punishments.apart(state, seat, ceo):
                state.players[seat].money -= dollars
                state.players[ceo].money += dollars
                taken.setdefault(seat, {})[ceo] = dollars
    state.sales = {}
    if events is not None and taken:
        text = "; ".join(
            f"{seat} pays {', '.join(f'{ceo} ${n}' for ceo, n in paid.items())}"
            for seat, paid in taken.items()
        )
        events.append(Event("ceo-share", f"The CEOs' shares: {text}.", data={"paid": taken}))


def tax_burden(state: CrusoeState, seat: str, burden: int) -> int:
    """The Radio Signal tax in shares by class (Capitalists immune, Middle Class two, Working
    Class one) instead of the policy's burden by path (ruling 84)."""
    if not playing(state):
        return burden
    return TAX_SHARES[state.classes.get(seat, WORKING)]


def votes(state: CrusoeState, seat: str) -> int:
    """One vote each; in Class Warfare Capitalism as many as the Diamonds he holds (minimum
    zero), "regardless of the form" of government (ruling 79); an exile one, as in the economy
    he now lives in (ruling 267)."""
    if not playing(state) or in_exile(state, seat):
        return 1
    return max(0, state.players[seat].goods["diamond"])


def battle_dice(state: CrusoeState, seat: str, dice: int) -> int:
    """One die for each Diamond, at least one; a ruler rolls the more of that and his own
    dice (ruling 80). An exile rolls the dice he would anywhere else (ruling 266)."""
    if not playing(state) or in_exile(state, seat):
        return dice
    return max(dice, state.players[seat].goods["diamond"], 1)


# -- the call for government ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Call:
    """A call for government: the target, each caller's Diamonds and Leisure given, and the
    invoker (None: the call fell short and nobody pays)."""

    target: int
    diamonds: Mapping[str, int]
    leisure: Mapping[str, int]
    invoker: str | None


def target_holder(state: CrusoeState) -> str:
    """Whose Diamonds set the call's target, as the event and the prompt say it: anyone's, or
    under Exile with exiles alive the main encampment's only (ruling 265)."""
    away = any(in_exile(state, s) for s in state.living())
    return "anyone at the main encampment" if away else "anyone"


def call_target(state: CrusoeState) -> int:
    """ "units of Leisure equal to the number of Diamonds owned by the player with the most"
    (under Exile, the most at the main encampment: the call is not the exiles', ruling 265)."""
    callers = [s for s in state.living() if not in_exile(state, s)]
    return max((state.players[s].goods["diamond"] for s in callers), default=0)


def settle_call(state: CrusoeState, callers: Sequence[str]) -> Call:
    """Ruling 78. Each caller's Diamonds count toward the target first; then the callers give
    Leisure one unit at a time in turn order, round after round, until the call reaches the
    target. A call that cannot reach it invokes nothing and costs nothing. The biggest
    contribution (Diamonds and Leisure) makes the invoker, a tie going to the first in turn
    order."""
    target = call_target(state)
    diamonds = {s: state.players[s].goods["diamond"] for s in callers}
    leisure = dict.fromkeys(callers, 0)
    short = target - sum(diamonds.values())
    while short > 0 and any(state.players[s].leisure > leisure[s] for s in callers):
        for seat in callers:
            if short > 0 and state.players[seat].leisure > leisure[seat]:
                leisure[seat] += 1
                short -= 1
    if short > 0 or not callers:
        return Call(target, diamonds, dict.fromkeys(callers, 0), None)
    best = max(diamonds[s] + leisure[s] for s in callers)
    invoker = next(s for s in callers if diamonds[s] + leisure[s] == best)
    return Call(target, diamonds, leisure, invoker)


def call_event(call: Call, holder: str = "anyone") -> Event:
    """The call's event; ``holder``: :func:`target_holder` (the target's words)."""
    given = ", ".join(
        f"{s} {call.diamonds[s]} Diamonds" + (f" and {n} Leisure" if (n := call.leisure[s]) else "")
        for s in call.diamonds
    )
    outcome = (
        f"government is invoked; {call.invoker} gave the most and is the invoker"
        if call.invoker
        else "the call falls short: government is not invoked and nobody pays"
    )
    return Event(
        "call",
        f"A call for government (the target is {call.target}, the most Diamonds {holder} holds): "
        f"{given}; {outcome}.",
        data={
            "target": call.target,
            "diamonds": dict(call.diamonds),
            "leisure": dict(call.leisure),
            "invoker": call.invoker,
        },
    )


# -- the consumption phase's reassignment -------------------------------------------------------


def reassign_classes(state: CrusoeState, events: Events) -> None:
    """ "During the consumption phase social class is reassigned": by the Diamonds held after
    consumption; the dead are no longer in any class and a dead CEO leaves the line as one who
    falls (ruling 81); so are and does an exile, until he returns (ruling 264)."""
    if not playing(state):
        return
    living = [s for s in state.order if state.players[s].alive and not in_exile(state, s)]
    for seat in [s for s in state.seats if s not in living]:
        state.classes.pop(seat, None)
        if any(ceo == seat for ceo, _ in state.ceos):
            state.ceos = list(demote(tuple(state.ceos), seat))
    diamonds = {s: state.players[s].goods["diamond"] for s in living}
    before = dict(state.classes)
    classes, blocks = reassign(tuple(state.ceos), diamonds, living)
    state.classes, state.ceos = classes, list(blocks)
    if events is not None and classes != before:
        events.append(_classes_event(state, "Classes are reassigned"))
