"""The rules of Goofspiel: the deal, the check of a bid, and a turn, applied in place.

There is one implementation of the rules, :func:`play`. It changes the
state it is given and narrates into ``events`` when a list is passed:
``Game.resolve`` copies the state and passes a list (play and replay need
the events), ``Game.advance`` passes ``None`` (simulation and search need
speed), so no sentence is ever built that nobody reads.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sealed.core.chance import Chance
from sealed.core.errors import IllegalOrderError
from sealed.core.events import Event
from sealed.games.goofspiel.orders import BIDS, Bid
from sealed.games.goofspiel.state import GoofspielState, Settings


def new_state(seats: Sequence[str], settings: Settings, chance: Chance) -> GoofspielState:
    """Every player holds 1..N; the prize deck is ordered by the option or shuffled by chance."""
    n = settings.num_cards
    prizes = settings.prize_order()
    if prizes is None:  # chance deals in text: "7", read back with a table, not int()
        prizes = [_CARD[name] for name in chance.shuffle("prize deck", _NAMES[1 : n + 1])]
    hands = [list(BIDS[1 : n + 1]) for _ in seats]
    return GoofspielState(settings, tuple(seats), tuple(prizes), 0, hands, [], [0] * len(seats))


_NAMES = tuple(str(card) for card in range(len(BIDS)))
_CARD = {name: card for card, name in enumerate(_NAMES)}


def check_bid(state: GoofspielState, seat: str, bid: Bid) -> None:
    """:raises IllegalOrderError: the card is not in the bidder's hand."""
    hand = state.hands[state.seats.index(seat)]
    if bid not in hand:
        raise IllegalOrderError(
            f"you do not hold a {int(bid)} (your hand: {' '.join(map(str, hand))})"
        )


def legal_bids(state: GoofspielState, seat: str) -> list[Bid]:
    """One bid per card in the seat's hand, lowest first (none once the game is over)."""
    return state.hands[state.seats.index(seat)][:]  # a hand holds Bids: a copy is the list


def play(state: GoofspielState, orders: Mapping[str, Bid], events: list[Event] | None) -> None:
    """Open one turn's bids, in place; narrate into ``events`` unless it is ``None``.

    As in OpenSpiel, when the turn leaves one card in every hand, that last
    turn plays itself at once: nobody is asked to bid a forced card.
    """
    _turn(state, [orders[seat] for seat in state.seats], events)
    if state.turn == len(state.prizes) - 1:
        _turn(state, [hand[0] for hand in state.hands], events, forced=True)
    if events is not None:
        if state.over:
            events.append(_game_over(state))
        else:
            prize = state.prize
            events.append(Event("prize", f"The next prize is {prize}.", data={"prize": prize}))


def _turn(
    state: GoofspielState, cards: list[Bid], events: list[Event] | None, forced: bool = False
) -> None:
    """Spend ``cards`` (one per seat, in seat order); the single highest bid wins the prize."""
    turn = state.turn
    prize = state.prizes[turn]
    for hand, card in zip(state.hands, cards, strict=True):
        hand.remove(card)
    state.history.append(cards)
    top = max(cards)
    winner = -1  # a tie: nobody, as in OpenSpiel
    if cards.count(top) == 1:
        winner = cards.index(top)
        state.points[winner] += prize
    state.turn = turn + 1
    if events is not None:
        events.append(_bids_opened(state, prize, cards, winner, forced))


def end_reason(state: GoofspielState) -> str:
    return f"all {len(state.prizes)} prizes have been bid for"


# -- narration: only ever called with narration on -------------------------------------


def _bids_opened(
    state: GoofspielState, prize: int, cards: list[Bid], winner: int, forced: bool
) -> Event:
    bids = ", ".join(f"{seat} {card}" for seat, card in zip(state.seats, cards, strict=True))
    if winner >= 0:
        outcome = f"{state.seats[winner]} wins the {prize}."
    else:
        outcome = f"A tie at {max(cards)}: nobody wins, the prize is discarded."
    how = " (the last cards play themselves)" if forced else ""
    return Event(
        "bids",
        f"Turn {state.turn}, prize {prize}{how}: bids {bids}. {outcome}",
        data={
            "turn": state.turn,
            "prize": prize,
            "bids": {seat: int(card) for seat, card in zip(state.seats, cards, strict=True)},
            "winner": state.seats[winner] if winner >= 0 else None,
        },
    )


def _game_over(state: GoofspielState) -> Event:
    points = ", ".join(f"{s} {p}" for s, p in zip(state.seats, state.points, strict=True))
    best = max(state.points)
    winners = [s for s, p in zip(state.seats, state.points, strict=True) if p == best]
    verdict = (
        f"{winners[0]} wins" if len(winners) == 1 else f"{' and '.join(winners)} share the win"
    )
    return Event(
        "game-over",
        f"Game over, {end_reason(state)}: {points}. {verdict}.",
        data={"points": dict(zip(state.seats, state.points, strict=True)), "winners": winners},
    )
