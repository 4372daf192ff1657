"""War Slayer V rules: the deal, placement, operations, the end of a mission.

The resolution changes a state in place. Its functions take ``events``: a
list to narrate into (``resolve``, on a clone), or ``None`` on the fast path
(``advance``, simulations), where no event or sentence is built. Every
sentence is built behind an ``if events is not None`` guard, so both paths
run the same rules code. Nothing here reads input, prints, or draws chance
except the deal.
Passages quoted in comments are from the seed rulebook (RULES, SCORING TABLE,
Summary of Operation Results); rulings are in docs/games/war-slayer.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import overload

from sealed.core.chance import Chance
from sealed.core.errors import IllegalOrderError
from sealed.core.events import EVERYONE, Event
from sealed.games.war_slayer.orders import Decide, Place, WarSlayerOrder, format_order, placed
from sealed.games.war_slayer.state import (
    BY_CODE,
    DECIDE,
    DECK,
    DOSSIER,
    OVER,
    PLACE_FIRST,
    PLACE_SECOND,
    THEATER,
    Card,
    Row,
    Settings,
    Side,
    WarSlayerState,
    normalise_code,
)

MISSION_CARDS = 6  # two rows of three

# Who gets a card on the board when a mission ends: (owner seat, row, position) -> seat.
# Each way a mission ends says it with such a function (the rule, with its quote); the
# resolution reads it as a table made once from it (see ``takers``).
Recipient = Callable[[int, Row, int], int]
Takers = tuple[tuple[int, ...], tuple[int, ...]]
"""For each owner, the seat that gets each board card: dossier positions 1-3, then theater."""


def takers(recipient: Recipient) -> Takers:
    """``recipient`` as a table: ``takers(r)[owner][slot]`` for the six slots of a board.

    A mission ends a few thousand times a second in a simulation; looking a
    slot up costs a fraction of calling the rule for it, and there are only
    a dozen ways a mission can end, so each table is made once, at import.
    """
    slots = [(DOSSIER, pos) for pos in range(3)] + [(THEATER, pos) for pos in range(3)]
    first, second = (tuple(recipient(owner, row, pos) for row, pos in slots) for owner in (0, 1))
    return first, second


DECK_CODES = tuple(card.code for card in DECK)


def codes(cards: Sequence[Card | None]) -> str:
    return " ".join(c.code for c in cards if c is not None)


# -- the deal ---------------------------------------------------------------


def deal(seats: tuple[str, str], settings: Settings, chance: Chance) -> WarSlayerState:
    """Shuffle, deal alternately starting with the non-dealer, and open mission 1.

    RULES: "the players each get one half of a standard 52 card deck".
    """
    shuffled = chance.shuffle("shuffle the deck", DECK_CODES, normalise_code)
    order = list(map(BY_CODE.__getitem__, shuffled))  # every simulated game deals: no Python loop
    dealer = settings.dealer
    first = 1 - dealer
    hqs: list[list[Card]] = [[], []]
    hqs[first] = order[0::2]
    hqs[dealer] = order[1::2]
    # RULES: "for the first turn, the person who did not deal is considered the 'defeated'"
    return WarSlayerState(
        seats=seats,
        sides=(Side(hqs[0]), Side(hqs[1])),
        dealer=dealer,
        defeated=1 - dealer,
        settings=settings,
    )


# -- checking orders --------------------------------------------------------


def check_order(state: WarSlayerState, index: int, order: WarSlayerOrder) -> None:
    """Raise :class:`IllegalOrderError` naming the rule if ``order`` is not allowed now."""
    if state.phase is DECIDE:
        if not isinstance(order, Decide):
            raise IllegalOrderError(
                f"illegal order {format_order(order)!r} in mission {state.mission}: you lost "
                f"operation {state.operation}, so answer 'continue' or 'withdraw' (RULES: \"The "
                "player who lost an Information Card in the Operation may then decide whether "
                'or not they wish to continue")'
            )
        return
    if not isinstance(order, Place):
        raise IllegalOrderError(
            f"illegal order {format_order(order)!r} in mission {state.mission}: nobody has "
            "lost an operation yet; place your three drawn cards ('dossier C1 C2 C3' or "
            "'theater C1 C2 C3')"
        )
    _check_cards(state, index, order)
    _check_row(state, index, order)


def _check_cards(state: WarSlayerState, index: int, order: Place) -> None:
    hand = state.hand(index)
    a, b, c = order.cards
    if a in hand and b in hand and c in hand and a != b != c != a:
        return
    drawn = " ".join(card.code for card in hand)
    text = format_order(order)
    for card in order.cards:
        if card not in hand:
            raise IllegalOrderError(
                f"illegal order {text!r}: {card.code} is not among the cards you drew "
                f'({drawn}); you place exactly the three cards drawn (RULES: "both '
                "players draw three cards from their HQ ... place these three cards "
                'facedown in a horizontal row")'
            )
        if order.cards.count(card) > 1:
            raise IllegalOrderError(
                f"illegal order {text!r}: {card.code} is named twice; place each of the "
                f"three drawn cards ({drawn}) once"
            )


def _check_row(state: WarSlayerState, index: int, order: Place) -> None:
    if state.phase is not PLACE_SECOND:
        return
    filled = DOSSIER if state.sides[index].dossier else THEATER
    if order.row is filled:
        raise IllegalOrderError(
            f"illegal order {format_order(order)!r}: your first three cards went to the "
            f'{filled.value}, so these go to the {filled.other.value} (RULES: "if the first '
            "three cards were placed in the Dossier, the next three MUST BE placed in the "
            'Operations Theater")'
        )


def default_order(state: WarSlayerState, index: int) -> WarSlayerOrder:
    """The documented default: theater first (the remaining row second), as drawn; continue."""
    if state.phase is DECIDE:
        return Decide(withdraw=False)
    hand = state.hand(index)
    row = THEATER
    if state.phase is PLACE_SECOND and state.sides[index].theater:
        row = DOSSIER
    return Place(row, (hand[0], hand[1], hand[2]))


# -- legal orders -------------------------------------------------------------

DECISIONS = (Decide(withdraw=False), Decide(withdraw=True))


BOTH_ROWS = (DOSSIER, THEATER)
THEATER_ONLY = (THEATER,)
DOSSIER_ONLY = (DOSSIER,)


def open_rows(state: WarSlayerState, index: int) -> tuple[Row, ...]:
    """The rows ``index`` may fill now: either at the first placement, the other at the second."""
    if state.phase is PLACE_FIRST:
        return BOTH_ROWS
    return THEATER_ONLY if state.sides[index].dossier else DOSSIER_ONLY


def legal_orders(state: WarSlayerState, index: int) -> Sequence[WarSlayerOrder]:
    """Every order ``index`` may seal now: each open row times each operation order of the
    three drawn cards (12 or 6), or continue/withdraw; none when it is not asked."""
    phase = state.phase
    if phase is PLACE_FIRST:
        hq = state.sides[index].hq
        return Placements((hq[0], hq[1], hq[2]), BOTH_ROWS)
    if phase is PLACE_SECOND:
        side = state.sides[index]
        hq = side.hq
        return Placements((hq[0], hq[1], hq[2]), THEATER_ONLY if side.dossier else DOSSIER_ONLY)
    if phase is DECIDE:
        return DECISIONS if state.decider == index else ()
    return ()


# The six operation orders of three drawn cards, as positions in the hand, in the
# order legal_orders lists them.
ORDERINGS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
# Placement n of a Placements: (which open row, then the ordering's three positions).
PICKS = tuple((row, *ordering) for row in (0, 1) for ordering in ORDERINGS)


class Placements(Sequence[Place]):
    """The placements of three drawn cards: each open row times each operation order.

    A sequence that builds an order when it is read: a random player reads one
    of the 12, and building all 12 at every step cost a third of a simulation.
    It holds the hand, not the state, so it stays right after the state moves on.
    ``hand`` and ``rows`` are read by the random bot (``choose_legal``), which
    builds the one placement it picks without an index (a call fewer a decision).
    """

    __slots__ = ("_size", "hand", "rows")

    def __init__(self, hand: tuple[Card, Card, Card], rows: tuple[Row, ...]) -> None:
        self.hand = hand
        self.rows = rows
        self._size = 6 * len(rows)

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> Place: ...

    @overload
    def __getitem__(self, index: slice) -> list[Place]: ...

    def __getitem__(self, index: int | slice) -> Place | list[Place]:
        if type(index) is not int or not 0 <= index < self._size:  # the usual case first
            return self._unusual(index)
        row, a, b, c = PICKS[index]
        hand = self.hand
        return placed(self.rows[row], (hand[a], hand[b], hand[c]))

    def _unusual(self, index: int | slice) -> Place | list[Place]:
        """A slice, a negative index, or one out of range (``IndexError``)."""
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._size))]
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("placement index out of range")
        return self[int(index)]  # an int subclass (bool) as the int it is

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Placements | list | tuple):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"Placements({list(self)!r})"


def count_legal_orders(state: WarSlayerState, index: int) -> int:
    """``len(legal_orders(state, index))`` without building the orders."""
    if state.phase is DECIDE:
        return 2 if state.decider == index else 0
    if state.phase is OVER:
        return 0
    return 6 * len(open_rows(state, index))


# -- placement ----------------------------------------------------------------

Events = list[Event] | None  # where to narrate; None: the fast path, no sentences


def place(state: WarSlayerState, orders: tuple[Place, Place], events: Events) -> None:
    """Both players put their drawn cards face down, then (second row) the mission begins."""
    first, second = state.sides
    for side, order in ((first, orders[0]), (second, orders[1])):
        del side.hq[:3]
        if order.row is DOSSIER:
            side.dossier = list(order.cards)
        else:
            side.theater = list(order.cards)
    if events is not None:
        # Ruling "rows are seen": which row a player fills is visible at the table.
        for seat, order in zip(state.seats, orders, strict=True):
            events.append(
                Event(
                    "place",
                    f"{seat} placed three cards face down in the {order.row.value}.",
                    EVERYONE,
                    {"seat": seat, "row": order.row.value},
                )
            )
    if state.phase is PLACE_FIRST:
        state.phase = PLACE_SECOND
    else:
        run_operations(state, events)


# -- operations ---------------------------------------------------------------


def run_operations(state: WarSlayerState, events: Events) -> None:
    """Flip operatives position by position until a decision is due or the mission ends."""
    first, second = state.sides
    while state.operation < 3:
        position = state.operation
        a, b = first.theater[position], second.theater[position]
        state.operation = position + 1
        if a.is_vip or b.is_vip:
            state.vip_out = True
        if events is not None:
            events.append(_reveal_event(state, position, a, b))
        if a.is_double_agent or b.is_double_agent:
            # "If a Double Agent (Royal Card) is revealed, the Mission ends immediately."
            _defection(state, position, (a, b), events)
            return
        if a.strength == b.strength:
            # "When an Operation ends in a draw: No cards exchange hands. Play goes on."
            if events is not None:
                events.append(Event("draw", f"Operation {position + 1} is a draw.", EVERYONE))
            continue
        winner = 0 if a.strength > b.strength else 1
        _take_information(state, winner, position, events)
        if state.operation < 3:
            # Ruling "last operation": after the third operation there is nothing to back out of.
            state.phase = DECIDE
            state.decider = 1 - winner
            return
    finish_mission(state, HOME, events)


def _reveal_event(state: WarSlayerState, position: int, x: Card, y: Card) -> Event:
    a, b = state.seats
    return Event(
        "operation",
        f"Operation {position + 1}: {a}'s {x.code} against {b}'s {y.code}.",
        EVERYONE,
        {"position": position + 1, "cards": {a: x.code, b: y.code}},
    )


def _take_information(state: WarSlayerState, winner: int, position: int, events: Events) -> None:
    """ "the winner takes the Information Card that the defeated Operative was protecting"."""
    loser = 1 - winner
    losing, winning = state.sides[loser], state.sides[winner]
    card = losing.dossier[position]
    assert card is not None, "an aligned information card is taken only once"
    losing.dossier[position] = None
    winning.claimed.append(card)
    losing.points -= card.points
    winning.points += card.points
    state.defeated = loser
    if card.is_vip:
        state.vip_out = True
    if events is not None:
        winner_seat, loser_seat = state.seats[winner], state.seats[loser]
        events.append(
            Event(
                "capture",
                f"{winner_seat} wins operation {position + 1} and takes {loser_seat}'s "
                f"information card {card.code}.",
                EVERYONE,
                {"winner": winner_seat, "card": card.code, "position": position + 1},
            )
        )


def _defection(
    state: WarSlayerState, position: int, cards: tuple[Card, Card], events: Events
) -> None:
    if cards[0].is_double_agent and cards[1].is_double_agent:
        _double_defection(state, position, events)
        return
    traitor = 0 if cards[0].is_double_agent else 1
    rival = 1 - traitor
    side = state.sides[traitor]
    if events is not None:
        traitor_seat, rival_seat = state.seats[traitor], state.seats[rival]
        dossier = codes(side.dossier) or "nothing"
        exposed = [s.theater[p] for s in state.sides for p in range(position + 1)]
        compromised = codes([c for c in exposed if c is not cards[traitor]]) or "none"
        events.append(
            Event(
                "defection",
                f"{traitor_seat}'s {cards[traitor].code} is a Double Agent and defects to "
                f"{rival_seat}, taking {traitor_seat}'s dossier ({dossier}). The exposed "
                f"operatives ({compromised}) are compromised and go to {traitor_seat}.",
                EVERYONE,
                {"traitor": traitor_seat, "agent": cards[traitor].code},
            )
        )
    state.defeated = traitor
    if _holds_vip(side.dossier):
        state.vip_out = True
    finish_mission(state, DEFECTION[traitor, position], events)


def defection_recipient(traitor: int, position: int) -> Recipient:
    """Who gets each card when ``traitor``'s Double Agent is revealed at ``position``.

    "The Double Agent defects and is claimed by the opposing player along with that
    player's entire Dossier. However, all remaining exposed cards are compromised and
    claimed by the losing player."  (Ruling "defection": "that player" is the agent's owner.)
    """
    rival = 1 - traitor

    def recipient(owner: int, row: Row, pos: int) -> int:
        if owner == traitor and (row is DOSSIER or pos == position):
            return rival
        if row is THEATER and pos <= position:
            return traitor
        return owner

    return recipient


def _holds_vip(dossier: list[Card | None]) -> bool:
    """The VIP is in this placed dossier: it surfaces when the dossier defects (its three
    slots read in turn: a generator under ``any`` costs a call per card in Python 3.11)."""
    a, b, c = dossier
    return (
        (a is not None and a.is_vip) or (b is not None and b.is_vip) or (c is not None and c.is_vip)
    )


def _double_defection(state: WarSlayerState, position: int, events: Events) -> None:
    """Ruling "two Double Agents": both defect with their owner's dossier; no loser, so the
    other exposed cards go back to their owners."""
    if events is not None:
        a, b = state.seats
        events.append(
            Event(
                "defection",
                f"Both operatives are Double Agents: each defects with its owner's dossier "
                f"({a}'s to {b}, {b}'s to {a}).",
                EVERYONE,
                {"traitor": [a, b]},
            )
        )
    if _holds_vip(state.sides[0].dossier) or _holds_vip(state.sides[1].dossier):
        state.vip_out = True
    finish_mission(state, DOUBLE_DEFECTION[position], events)


def double_defection_recipient(position: int) -> Recipient:
    """Ruling "two Double Agents": each dossier and each agent go to the other player."""

    def recipient(owner: int, row: Row, pos: int) -> int:
        if row is DOSSIER or pos == position:
            return 1 - owner
        return owner

    return recipient


def decide(state: WarSlayerState, order: Decide, events: Events) -> None:
    """The loser of an operation goes on, or backs out of the mission."""
    decider = state.decider
    assert decider is not None, "a decision is due only with a decider"
    state.decider = None
    if not order.withdraw:
        if events is not None:
            seat = state.seats[decider]
            events.append(Event("continue", f"{seat} continues the mission.", EVERYONE))
        run_operations(state, events)
        return
    winner = 1 - decider
    done = state.operation
    if events is not None:
        seat = state.seats[decider]
        exposed = [s.theater[p] for s in state.sides for p in range(done)]
        events.append(
            Event(
                "withdraw",
                f"{seat} backs out of mission {state.mission}; {state.seats[winner]} claims "
                f"the exposed operatives ({codes(exposed)}).",
                EVERYONE,
                {"seat": seat},
            )
        )
    finish_mission(state, BACK_OUT[winner, done], events)


def back_out_recipient(winner: int, done: int) -> Recipient:
    """Who gets each card when the loser backs out after ``done`` operations.

    "When a player backs out of a Mission: All exposed cards go to the winning player."
    """

    def recipient(owner: int, row: Row, pos: int) -> int:
        return winner if row is THEATER and pos < done else owner

    return recipient


# -- the end of a mission ------------------------------------------------------


def _owners(owner: int, row: Row, pos: int) -> int:
    # "All cards that did not exchange hands go back to their respective owners."
    return owner


# Every way a mission can end, as tables (made once: see ``takers``).
HOME = takers(_owners)
DEFECTION = {(t, p): takers(defection_recipient(t, p)) for t in (0, 1) for p in range(3)}
DOUBLE_DEFECTION = [takers(double_defection_recipient(p)) for p in range(3)]
BACK_OUT = {(w, d): takers(back_out_recipient(w, d)) for w in (0, 1) for d in range(4)}


def finish_mission(state: WarSlayerState, table: Takers, events: Events) -> None:
    """Send every card home (Ruling "order at the bottom"), then start the next mission.

    Each taker receives the cards it claimed, then its own board cards, then the
    opponent's, each group in board order (dossier positions 1-3, theater 1-3).
    """
    sides = state.sides
    # "Claimed cards are added to the bottom of each respective player's HQ decks"
    if table is HOME:
        # Every operation played and no defection: nothing changes hands, no points move.
        for side in sides:
            hq = side.hq
            hq += side.claimed
            hq += [card for card in side.dossier if card is not None]
            hq += side.theater
    else:
        kept: tuple[list[Card], list[Card]] = ([], [])
        won: tuple[list[Card], list[Card]] = ([], [])
        for owner in (0, 1):
            side = sides[owner]
            gone = 0
            for card, taker in zip([*side.dossier, *side.theater], table[owner], strict=True):
                if card is None:
                    continue
                if taker == owner:
                    kept[owner].append(card)
                else:
                    won[taker].append(card)
                    gone += card.points
            side.points -= gone
            sides[1 - owner].points += gone
        for taker in (0, 1):
            hq = sides[taker].hq
            hq += sides[taker].claimed
            hq += kept[taker]
            hq += won[taker]
    for side in sides:
        side.dossier, side.theater, side.claimed = [], [], []
    state.operation = 0
    state.decider = None
    state.phase = PLACE_FIRST
    if events is not None:
        counts = ", ".join(
            f"{seat} {len(s.hq)}" for seat, s in zip(state.seats, sides, strict=True)
        )
        events.append(
            Event("mission-end", f"Mission {state.mission} is over. HQ cards: {counts}.", EVERYONE)
        )
    _next_mission(state, events)


def _next_mission(state: WarSlayerState, events: Events) -> None:
    end = None
    if state.vip_out:
        # "The game ends when the VIP card (Ace of Spades), is revealed in Operations or
        # taken from a Dossier." ... "the game continues until the end of that Mission"
        end = "vip"
    elif len(state.sides[0].hq) < MISSION_CARDS or len(state.sides[1].hq) < MISSION_CARDS:
        end = "short"  # Ruling "short HQ"
    elif state.settings.mission_limit and state.mission >= state.settings.mission_limit:
        end = "limit"  # Ruling "mission limit"
    if end is None:
        state.mission += 1
        return
    state.phase = OVER
    state.end = end
    if events is not None:
        events.append(
            Event("game-over", f"The game is over: {END_REASONS[end]}.", EVERYONE, {"end": end})
        )


END_REASONS = {
    "vip": "the VIP has surfaced",
    "short": "an HQ holds fewer than six cards, too few for a mission",
    "limit": "the mission limit is reached",
}


def points(cards: list[Card] | tuple[Card, ...]) -> int:
    return sum(card.points for card in cards)
