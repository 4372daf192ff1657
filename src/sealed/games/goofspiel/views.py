"""What a seat may know in Goofspiel, built by allow-list, and its plain-text rendering.

Bids are opened after every turn (OpenSpiel's default ``imp_info=False``), so
everything a player has bid is public, and with it every hand: a hand is
1..N less the cards bid. A view therefore shows every player's bids, points
and remaining hand, the prizes revealed so far, the prize up now, and which
prize cards are still face down -- but not their order, which under
``points_order=random`` nobody may know (the state holds it; no view copies it).
"""

from __future__ import annotations

from dataclasses import dataclass

from sealed.games.goofspiel.state import GoofspielState


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player as everyone sees them."""

    seat: str
    points: int
    bids: tuple[int, ...]  # the card bid on each turn played, in turn order
    hand: tuple[int, ...]  # the cards not yet bid (public: 1..N less the bids)


@dataclass(frozen=True, slots=True)
class GoofspielView:
    """What ``seat`` may know now."""

    seat: str
    num_cards: int
    points_order: str
    turn: int  # turns played so far
    prize: int | None  # up for bidding now; None once the game is over
    revealed: tuple[int, ...]  # prizes of the turns played, in turn order
    face_down: tuple[int, ...]  # prize cards not revealed yet, sorted (their order is secret)
    hand: tuple[int, ...]  # the viewer's own hand
    players: tuple[PlayerView, ...]


def build_view(state: GoofspielState, seat: str) -> GoofspielView:
    """``seat``'s view, copying only the fields it may see."""
    turn = state.turn
    return GoofspielView(
        seat=seat,
        num_cards=state.settings.num_cards,
        points_order=state.settings.points_order,
        turn=turn,
        prize=state.prize,
        revealed=state.prizes[:turn],
        face_down=tuple(sorted(state.prizes[turn + 1 :])),
        hand=tuple(state.hands[state.seats.index(seat)]),
        players=tuple(
            PlayerView(
                s, state.points[i], tuple(bids[i] for bids in state.history), tuple(state.hands[i])
            )
            for i, s in enumerate(state.seats)
        ),
    )


def render(view: GoofspielView) -> str:
    """The view as plain text."""
    if view.prize is None:
        lines = [f"Goofspiel, game over after {view.turn} turns ({view.seat})"]
    else:
        lines = [
            f"Goofspiel, turn {view.turn + 1} of {view.num_cards} ({view.seat})",
            f"Prize up now: {view.prize}",
            f"Still face down ({view.points_order} order): {_cards(view.face_down)}",
        ]
    lines.append(f"Prizes so far: {_cards(view.revealed)}")
    lines.append("")
    for player in view.players:
        me = " (you)" if player.seat == view.seat else ""
        lines.append(
            f"{player.seat}{me}: {player.points} points, hand {_cards(player.hand)}, "
            f"bids {_cards(player.bids)}"
        )
    return "\n".join(lines)


def _cards(cards: tuple[int, ...]) -> str:
    return " ".join(map(str, cards)) or "none"
