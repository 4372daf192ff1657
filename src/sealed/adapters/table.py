"""One game driven by action ids: what both research adapters share.

A :class:`Table` holds a game in progress and turns the action ids of an
:class:`~sealed.core.encoding.Encoding` into the game's orders. Every seat
acts at every adapter step (PettingZoo's Parallel API and OpenSpiel's
simultaneous nodes both ask every player): a seat the rules prompt now
picks a token of its order, any other seat (or one whose order is complete)
has the single legal action :attr:`Table.wait`. When every prompted seat's
order is complete, the orders are the step's, and the adapter opens them
with the rules (:meth:`Game.advance`) and its chance.

Observations are built from :meth:`Game.view` only; masks from
:meth:`Game.legal_orders` (or, for a game that cannot list them, from the
encoding's reading of the view). The state is read for nothing else than
what the game master reads: who is prompted, the legal orders, the result.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from typing import Any, SupportsIndex

from sealed.core.encoding import Encoding
from sealed.core.errors import SealedError
from sealed.core.game import Game, Options, Result, Seat, resolve_options
from sealed.core.registry import all_games, get_game

AnyGame = Game[Any, Any, Any]
AnyEncoding = Encoding[Any, Any]


class IllegalActionError(SealedError, ValueError):
    """An action id that is not legal for the seat now (the mask did not allow it)."""

    code = "adapter/illegal_action"


def encoded_games() -> dict[str, AnyGame]:
    """Every registered game that offers an encoding for its usual seats and default options.

    A game still being built (no :meth:`Game.encoding`) is left out, so the
    adapters and their tests cover exactly the games that implement the hook.
    """
    found = {}
    for name, game in all_games().items():
        seats = default_seats(game.usual_players)
        if game.encoding(seats, resolve_options(game.options, {})) is not None:
            found[name] = game
    return found


def default_seats(count: int) -> tuple[Seat, ...]:
    """Seat names for adapters: ``player_0``, ``player_1``, ... (PettingZoo's style,
    numbered as OpenSpiel numbers players)."""
    return tuple(f"player_{i}" for i in range(count))


def load(
    game: str | AnyGame, players: int | None, options: Mapping[str, object] | None
) -> tuple[AnyGame, tuple[Seat, ...], Options, AnyEncoding]:
    """The game, its seats, its checked options and its encoding.

    :raises SealedError: an unknown game or option, a bad player count, or a
        game without an encoding.
    """
    found = get_game(game) if isinstance(game, str) else game
    count = players if players is not None else found.usual_players
    if not found.min_players <= count <= found.max_players:
        raise SealedError(f"{found.title} takes {found.player_range} players, not {count}")
    seats = default_seats(count)
    checked = resolve_options(found.options, options or {})
    encoding = found.encoding(seats, checked)
    if encoding is None:
        raise SealedError(f"{found.title} has no action encoding: the adapters cannot play it")
    return found, seats, checked, encoding


def payoffs(result: Result, seats: Sequence[Seat]) -> dict[Seat, float]:
    """Each winner gets 1 / number of winners (a shared win splits it), everyone else 0."""
    share = 1.0 / len(result.winners) if result.winners else 0.0
    return {seat: share if seat in result.winners else 0.0 for seat in seats}


class Table:
    """A game in progress, played one action id per seat per adapter step."""

    def __init__(
        self, game: AnyGame, encoding: AnyEncoding, seats: Sequence[Seat], state: Any
    ) -> None:
        self.game = game
        self.encoding = encoding
        self.seats = tuple(seats)
        self.state = state
        self.wait = len(encoding.actions)
        self.drafts: dict[Seat, tuple[int, ...]] = {}
        self.sealed: dict[Seat, Any] = {}
        self._views: dict[Seat, Any] = {}
        self._legal: dict[Seat, Sequence[Any] | None] = {}

    # -- reading --------------------------------------------------------------
    @property
    def num_actions(self) -> int:
        """The catalogue and the wait action."""
        return self.wait + 1

    @property
    def observation_size(self) -> int:
        """The view's numbers, the draft's tokens (several-token games) and "deciding now"."""
        draft = len(self.encoding.actions) if self.encoding.max_tokens > 1 else 0
        return self.encoding.observation_size + draft + 1

    @property
    def over(self) -> bool:
        return not self.game.prompted(self.state)

    def result(self) -> Result | None:
        return self.game.result(self.state)

    def deciding(self) -> tuple[Seat, ...]:
        """The prompted seats whose order for this step is not complete yet."""
        return tuple(s for s in self.game.prompted(self.state) if s not in self.sealed)

    def view(self, seat: Seat) -> Any:
        """``seat``'s view (built once per state)."""
        if seat not in self._views:
            self._views[seat] = self.game.view(self.state, seat)
        return self._views[seat]

    def legal_actions(self, seat: Seat) -> list[int]:
        """The action ids ``seat`` may take now, ascending: its next tokens, or only wait."""
        if seat not in self.deciding():
            return [self.wait]
        if seat not in self._legal:
            needed = self.encoding.needs_legal_orders
            self._legal[seat] = self.game.legal_orders(self.state, seat) if needed else None
        draft = self.drafts.get(seat, ())
        return self.encoding.next_tokens(self.view(seat), self._legal[seat], draft)

    def observe(self, seat: Seat) -> list[float]:
        """``seat``'s observation: built from its view (and its own draft), never the state."""
        vector = self.encoding.observe(self.view(seat))
        if self.encoding.max_tokens > 1:
            chosen = [0.0] * len(self.encoding.actions)
            for token in self.drafts.get(seat, ()):
                chosen[token] += 1.0
            vector += chosen
        vector.append(1.0 if seat in self.deciding() else 0.0)
        return vector

    def action_name(self, action: int) -> str:
        return "wait" if action == self.wait else self.encoding.actions[action]

    # -- acting ---------------------------------------------------------------
    def act(self, actions: Mapping[Seat, object]) -> dict[Seat, Any] | None:
        """Take one action id per seat; the step's orders once every prompted seat's is complete.

        A seat left out waits. Changes nothing if any action is illegal.

        :raises IllegalActionError: an action outside the seat's legal actions.
        """
        chosen = {seat: _action_id(actions.get(seat, self.wait)) for seat in self.seats}
        for seat, action in chosen.items():
            if seat not in actions and action not in self.legal_actions(seat):
                raise IllegalActionError(f"{seat}: no action given, and it must decide now")
            if action is None or action not in self.legal_actions(seat):
                name = "no such action" if action is None else self._name_or_number(action)
                raise IllegalActionError(
                    f"{seat}: action {actions.get(seat)!r} ({name}) is not legal now "
                    f"(legal: {self.legal_actions(seat)})"
                )
        for seat in self.deciding():
            action = chosen[seat]
            assert action is not None  # checked above
            self._take(seat, action)
        if self.deciding():
            return None
        orders, self.sealed, self.drafts = self.sealed, {}, {}
        return orders

    def _take(self, seat: Seat, action: int) -> None:
        draft = (*self.drafts.get(seat, ()), action)
        order = self.encoding.order(self.view(seat), draft)
        if order is None:
            self.drafts[seat] = draft
            return
        # The mask allowed every token, so the rules must accept the order: a refusal
        # here is a bug in the encoding, not a player's mistake.
        self.game.validate(self.state, seat, order)
        self.sealed[seat] = order
        self.drafts.pop(seat, None)

    def moved_to(self, state: Any) -> None:
        """The rules opened the step: ``state`` is the new state."""
        self.state = state
        self._views.clear()
        self._legal.clear()

    def _name_or_number(self, action: int) -> str:
        return self.action_name(action) if 0 <= action <= self.wait else "no such action"

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self.clone()

    def __getstate__(self) -> dict[str, Any]:
        """For pickling (OpenSpiel serialises Python states so): a fresh copy of the state,
        without the caches a game or this table keeps (they may hold unpicklable views)."""
        picklable = dict(self.__dict__)
        picklable.update(state=self.game.clone(self.state), _views={}, _legal={})
        return picklable

    def clone(self) -> Table:
        """An independent copy (the game and encoding are shared: they are stateless)."""
        copy = Table(self.game, self.encoding, self.seats, self.game.clone(self.state))
        copy.drafts = dict(self.drafts)
        copy.sealed = dict(self.sealed)
        return copy


def _action_id(value: object) -> int | None:
    """``value`` as an action id (ints, NumPy integers), or ``None`` if it is not a whole number."""
    return operator.index(value) if isinstance(value, SupportsIndex) else None
