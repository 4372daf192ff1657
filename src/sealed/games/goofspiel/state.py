"""Goofspiel values: the settings in force, the state, and the state's JSON.

The state is a *mutable* object of plain lists and ints: the rules
(:mod:`sealed.games.goofspiel.rules`) change it in place, and
:meth:`GoofspielState.copy` makes the independent copy that ``resolve`` and
search bots work on. Per-seat data are lists in seat order (``hands[0]`` is
the first seat's hand), which is cheaper than a mapping by name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sealed.core import setup
from sealed.core.game import JsonDict, Options
from sealed.games.goofspiel.orders import BIDS, Bid

POINTS_ORDERS = ("random", "descending", "ascending")
MAX_CARDS = 50


@dataclass(frozen=True, slots=True)
class Settings:
    """The rule variant in force, read once from the options."""

    num_cards: int = 13
    points_order: str = "random"

    @classmethod
    def from_options(cls, options: Options) -> Settings:
        """Read the options of :data:`~sealed.games.goofspiel.game.OPTIONS` (missing: default)."""
        return cls(
            num_cards=int(options.get("num_cards", 13)),
            points_order=str(options.get("points_order", "random")),
        )

    def prize_order(self) -> list[int] | None:
        """The prize deck in the order it is revealed, or ``None`` when chance decides it."""
        cards = list(range(1, self.num_cards + 1))
        if self.points_order == "ascending":
            return cards
        if self.points_order == "descending":
            return cards[::-1]
        return None


@dataclass(slots=True, eq=False)
class GoofspielState:
    """A game in progress. Mutable: the rules change it in place.

    ``prizes`` is the whole prize deck in the order its cards are revealed
    (fixed at the deal, so a tuple that copies share); ``prizes[turn]`` is
    the prize up for bidding now, the ones after it are still face down.
    """

    settings: Settings
    seats: tuple[str, ...]
    prizes: tuple[int, ...]
    turn: int  # turns played so far, 0..num_cards (== len(history)); over at num_cards
    hands: list[list[Bid]]  # per seat, the cards not yet bid, ascending
    history: list[list[Bid]]  # per turn played, the bids in seat order
    points: list[int]  # per seat, the prizes won so far

    @property
    def over(self) -> bool:
        return self.turn >= len(self.prizes)

    @property
    def prize(self) -> int | None:
        """The prize up for bidding now (``None`` once the game is over)."""
        return None if self.over else self.prizes[self.turn]

    def copy(self) -> GoofspielState:
        """An independent copy: new lists, shared tuples and settings."""
        return GoofspielState(
            self.settings,
            self.seats,
            self.prizes,
            self.turn,
            [hand[:] for hand in self.hands],
            self.history[:],  # its turns are never changed once played: a shallow copy
            self.points[:],
        )


def state_to_json(state: GoofspielState) -> JsonDict:
    """The full state (the game master's view). ``turn``, ``prize`` and hands are derived."""
    return {
        "turn": state.turn,
        "prize": state.prize,
        "prizes": list(state.prizes),
        "players": {
            seat: {
                "hand": [int(card) for card in state.hands[i]],
                "bids": [int(bids[i]) for bids in state.history],
                "points": state.points[i],
            }
            for i, seat in enumerate(state.seats)
        },
    }


def state_from_json(
    data: Mapping[str, Any], seats: Sequence[str], settings: Settings
) -> GoofspielState:
    """Rebuild a state from :func:`state_to_json` output, strictly.

    ``prizes`` and each player's ``bids`` and ``points`` are read; ``turn``,
    ``prize`` and ``hand`` follow from them and are ignored if given.

    :raises SetupError: with the path of the offending value.
    """
    n = settings.num_cards
    keys = ("prizes", "players")
    setup.mapping(data, (), allowed=keys, required=keys, derived=("turn", "prize"))
    prizes = _cards(data["prizes"], ("prizes",), n)
    if sorted(prizes) != list(range(1, n + 1)):
        raise setup.fail(("prizes",), f"the prize deck holds each card 1..{n} once")
    fixed = settings.prize_order()
    if fixed is not None and prizes != fixed:
        raise setup.fail(
            ("prizes",), f"points_order {settings.points_order} reveals the prizes as {fixed}"
        )
    players = setup.mapping(data["players"], ("players",), allowed=seats, required=seats)
    bids: list[list[Bid]] = []
    points: list[int] = []
    for seat in seats:
        path = ("players", seat)
        keys = ("bids", "points")
        player = setup.mapping(players[seat], path, keys, required=keys, derived=("hand",))
        played = _cards(player["bids"], (*path, "bids"), n)
        if len(set(played)) != len(played):
            raise setup.fail((*path, "bids"), "a card can be bid only once")
        if bids and len(played) != len(bids[0]):
            raise setup.fail(
                (*path, "bids"),
                f"{seat} has bid on {len(played)} turns but {seats[0]} on {len(bids[0])}: "
                "every player bids on every turn",
            )
        bids.append([BIDS[card] for card in played])
        points.append(setup.integer(player["points"], (*path, "points"), low=0))
    hands = [[card for card in BIDS[1 : n + 1] if card not in played] for played in bids]
    history = [list(turn) for turn in zip(*bids, strict=True)]
    return GoofspielState(
        settings, tuple(seats), tuple(prizes), len(history), hands, history, points
    )


def _cards(value: object, path: setup.Path, n: int) -> list[int]:
    items = setup.sequence(value, path)
    return [setup.integer(card, (*path, str(i)), low=1, high=n) for i, card in enumerate(items)]
