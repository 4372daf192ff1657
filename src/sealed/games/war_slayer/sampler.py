"""Whole states a seat could be in, drawn from its view alone (for search bots).

Everything the view shows is copied: the mission, the phase, the seat's own
hand, rows and takings, the opponent's flipped operatives and takings, both
HQ sizes. Every card the view does not place (52 less those it shows) is
shuffled with the given random source and dealt into the places the view
hides: the opponent's face-down row cards, the three cards they are placing,
both HQs. The view keeps no history, so each unseen card is equally likely
anywhere hidden (a sampler with memory of past missions could do better).

The seat order is the one the options imply: the ``dealer`` option names
which seat (first or second) the view's dealer sits in.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from sealed.core.errors import SealedError
from sealed.core.game import Options
from sealed.games.war_slayer.state import (
    BY_CODE,
    DECK,
    Card,
    Phase,
    Settings,
    Side,
    WarSlayerState,
)
from sealed.games.war_slayer.views import HIDDEN, TAKEN, WarSlayerView


def sample_state(view: WarSlayerView, options: Options, rng: random.Random) -> WarSlayerState:
    """A state whose view for ``view.seat`` is ``view``; hidden cards drawn from ``rng``."""
    settings = Settings.from_options(options)
    me, them = view.seat, view.opponent.seat
    other = them if view.dealer == me else me
    seats = (view.dealer, other) if settings.dealer == 0 else (other, view.dealer)
    phase = Phase(view.phase)
    placing = phase is Phase.PLACE_FIRST or phase is Phase.PLACE_SECOND
    unseen = _unseen(view)
    rng.shuffle(unseen)
    deal = iter(unseen)
    opponent = _opponent_side(view, placing, deal)
    own = Side(
        [_card(code) for code in view.you.hand] + [next(deal) for _ in range(view.you.hq_count)],
        [None if code == TAKEN else _card(code) for code in view.you.dossier],
        [_card(code) for code in view.you.theater],
        [_card(code) for code in view.you.claimed],
    )
    if next(deal, None) is not None:
        raise SealedError(f"war-slayer: the view of {me} hides more cards than it has places for")
    sides = (own, opponent) if seats[0] == me else (opponent, own)
    return WarSlayerState(
        seats=seats,
        sides=sides,
        dealer=seats.index(view.dealer),
        defeated=seats.index(view.defeated),
        mission=view.mission,
        phase=phase,
        operation=view.operations_done,
        decider=None if view.deciding is None else seats.index(view.deciding),
        vip_out=phase is Phase.DECIDE and _vip_seen(view),
        # The view does not say why a game ended; "vip" is the usual reason.
        end="vip" if phase is Phase.OVER else None,
        settings=settings,
    )


def _opponent_side(view: WarSlayerView, placing: bool, deal: Iterator[Card]) -> Side:
    them = view.opponent
    hq = [next(deal) for _ in range(them.hq_count + (3 if placing else 0))]
    dossier: list[Card | None] = [
        None if code == TAKEN else next(deal) if code == HIDDEN else _card(code)
        for code in them.dossier
    ]
    theater = [next(deal) if code == HIDDEN else _card(code) for code in them.theater]
    return Side(hq, dossier, theater, [_card(code) for code in them.claimed])


def _unseen(view: WarSlayerView) -> list[Card]:
    """The cards the view does not place anywhere, in deck order."""
    you, them = view.you, view.opponent
    shown = {
        code
        for row in (you.hand, you.dossier, you.theater, you.claimed, them.theater, them.claimed)
        for code in row
        if code not in (HIDDEN, TAKEN)
    }
    return [card for card in DECK if card.code not in shown]


def _vip_seen(view: WarSlayerView) -> bool:
    """The VIP was flipped or taken this mission (both are in plain sight)."""
    you, them = view.you, view.opponent
    flipped = you.theater[: view.operations_done] + them.theater[: view.operations_done]
    return "AS" in flipped or "AS" in you.claimed or "AS" in them.claimed


def _card(code: str) -> Card:
    return BY_CODE[code]
