"""OpenSpiel games for every game with an encoding (extra ``sealed-orders[openspiel]``).

Importing this module registers ``python_sealed_<game>`` (``python_sealed_war_slayer``,
...) with ``pyspiel``; load one with ``pyspiel.load_game("python_sealed_goofspiel",
{"players": 3, "num_cards": 6})``. The parameters are ``players`` and the game's options.

- Dynamics: simultaneous. Every decision node asks every player, as sealed
  orders are decided; a player the rules do not prompt (or whose order is
  complete) has the one legal action ``wait`` (the last action id).
- Chance: explicit chance nodes (:mod:`sealed.adapters.chance`). Each
  outcome the rules ask the core's Chance for (a shuffle, dice, a number)
  becomes uniform chance nodes before the rules go on, so OpenSpiel's
  algorithms see the true chance distribution and a history replays the
  game exactly; a seeded chance would hide it inside the state.
- Information: imperfect. The observation tensor is the game's encoding of
  the player's view (never the state); the observation string is the view
  as the game renders it for that player.
- Utility: general-sum, at the end only: each winner gets 1 / number of
  winners, everyone else 0 (a game nobody wins pays nobody).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]  # OpenSpiel ships no type information

from sealed.adapters.chance import KnownOutcomes, NeedOutcome, Pieces
from sealed.adapters.table import AnyEncoding, AnyGame, Table, encoded_games, load, payoffs
from sealed.core.chance import ChanceEntry, ChanceValue
from sealed.core.game import Options, OptionValue

PREFIX = "python_sealed_"


def short_name(game: AnyGame) -> str:
    """OpenSpiel's name of a ``sealed`` game: ``python_sealed_war_slayer``."""
    return PREFIX + game.name.replace("-", "_")


def game_type(game: AnyGame) -> Any:
    """The ``pyspiel.GameType`` of ``game``: its parameters are ``players`` and its options."""
    parameters: dict[str, Any] = {"players": game.usual_players}
    parameters.update({spec.name: spiel_value(spec.default) for spec in game.options})
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"sealed: {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=parameters,
    )


ESCAPES = {"%": "%25", ",": "%2C", "=": "%3D", "(": "%28", ")": "%29", "\n": "%0A", "\r": "%0D"}
"""Characters OpenSpiel's game string cannot hold in a value, and how they are spelled: it
splits parameters at ``,``, a value at ``=``, and reads parentheses as a nested game (a
Crusoe Bureaucracy chart, ``lowest player.vp, ties by dice``, or a Welfare package,
``water 2, fruit, fish``, would not load back from its own game string); a serialised game
and state is read line by line, blank and ``#`` lines skipped (a chart's blank lines and
comments would be lost)."""
ESCAPED = "%%"
"""How an escaped value begins, so that a text given as written (``100%``) is never read as
escapes."""


def spiel_value(value: OptionValue) -> OptionValue:
    """An option's value as an OpenSpiel parameter that reads back as the same text.

    OpenSpiel reads a value of digits and ``-`` as a number (Fix'em's
    ``card_order=3-2-1`` would fail to load from its own game string), so such
    a value is spelled with ``_`` (``3_2_1``); a text with a character of
    :data:`ESCAPES` is spelled ``%%`` and the text with its escapes (``%2C`` for
    ``,``; ``%`` itself as ``%25``). :func:`sealed_options` reads both back.
    """
    if isinstance(value, str) and value and set(value) <= set("0123456789-"):
        return value.replace("-", "_")
    if isinstance(value, str) and any(c in value for c in ESCAPES):
        return ESCAPED + "".join(ESCAPES.get(c, c) for c in value)
    return value


_UNESCAPE = re.compile("|".join(re.escape(e) for e in ESCAPES.values()))
_CHARACTER = {escape: character for character, escape in ESCAPES.items()}


def sealed_options(game: AnyGame, params: Mapping[str, Any]) -> dict[str, Any]:
    """OpenSpiel parameters (less ``players``) as the game's options (a text's escapes read
    back: :func:`spiel_value`)."""
    options = dict(params)
    for spec in game.options:
        value = options.get(spec.name)
        for choice in spec.choices:
            if value != choice and value == spiel_value(choice):
                options[spec.name] = choice
        if isinstance(value, str) and value.startswith(ESCAPED):
            text = value.removeprefix(ESCAPED)
            options[spec.name] = _UNESCAPE.sub(lambda m: _CHARACTER[m.group()], text)
    return options


class SealedGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """A ``sealed`` game for OpenSpiel (subclassed per game by :func:`register`)."""

    sealed_game: AnyGame

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.pop("players", self.sealed_game.usual_players))
        given = sealed_options(self.sealed_game, params)  # as written, escapes read back
        self.rules, self.seats, self.options, self.encoding = load(self.sealed_game, players, given)
        self.observation_size = Table(self.rules, self.encoding, self.seats, None).observation_size
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.encoding.actions) + 1,
            max_chance_outcomes=self.encoding.chance_outcomes,
            num_players=len(self.seats),
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.encoding.max_decisions,
        )
        spelled = {name: spiel_value(value) for name, value in given.items()}  # escaped once
        super().__init__(game_type(self.sealed_game), info, {"players": players, **spelled})

    def new_initial_state(self) -> SealedState:
        return SealedState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SealedObserver:
        return SealedObserver(self.observation_size, iig_obs_type, params)


class SealedState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A game in progress: the rules' state behind a :class:`Table`, and chance pending."""

    def __init__(self, game: SealedGame) -> None:
        super().__init__(game)
        # OpenSpiel clones a Python state by deep-copying each attribute: the rules and
        # the encoding are read from the game (properties below), the table copies
        # itself cheaply (Table.__deepcopy__).
        self.table: Table | None = None  # None until the deal is complete
        self.chance_log: list[ChanceEntry] = []  # every outcome, as the core records them
        self.opened: list[dict[str, Any]] = []  # each opened step's orders (the GM's record)
        self._orders: dict[str, Any] | None = None  # the step being opened (None: the deal)
        self._outcomes: list[ChanceValue] = []  # outcomes picked for that step so far
        self._pieces: Pieces | None = None  # the outcome being picked now, piece by piece
        self._run_rules()

    @property
    def _game(self) -> SealedGame:
        game: SealedGame = self.get_game()
        return game

    @property
    def rules(self) -> AnyGame:
        return self._game.rules

    @property
    def seats(self) -> tuple[str, ...]:
        return self._game.seats

    @property
    def options(self) -> Options:
        return self._game.options

    @property
    def encoding(self) -> AnyEncoding:
        return self._game.encoding

    # -- whose turn --------------------------------------------------------
    def current_player(self) -> int:
        if self._pieces is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if self._table().over:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(pyspiel.PlayerId.SIMULTANEOUS)

    def is_terminal(self) -> bool:
        return self._pieces is None and self._table().over

    def _legal_actions(self, player: int) -> list[int]:
        return self._table().legal_actions(self.seats[player])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._pieces is None:
            return []
        count = self._pieces.choices()
        return [(outcome, 1.0 / count) for outcome in range(count)]

    # -- acting ------------------------------------------------------------
    def _apply_action(self, action: int) -> None:
        """A chance outcome (the only kind of node that is not simultaneous)."""
        pieces = self._pieces
        if pieces is None or not 0 <= action < pieces.choices():
            raise ValueError(f"chance outcome {action} is not possible now")
        pieces.chosen.append(action)
        if pieces.complete:
            self._outcomes.append(pieces.value())
            self._pieces = None
            self._run_rules()

    def _apply_actions(self, actions: list[int]) -> None:
        orders = self._table().act(dict(zip(self.seats, actions, strict=True)))
        if orders is not None:
            self.opened.append(orders)
            self._orders, self._outcomes = orders, []
            self._run_rules()

    def _run_rules(self) -> None:
        """Deal or open the step with the outcomes picked so far; stop where one is missing."""
        while True:
            chance = KnownOutcomes(self._outcomes)
            try:
                state = self._rules_with(chance)
            except NeedOutcome as need:
                pieces = Pieces(need.request)
                if not pieces.complete:
                    self._pieces = pieces
                    return
                self._outcomes.append(pieces.value())  # only one possible outcome: no node
                continue
            self.chance_log += chance.log
            self._outcomes, self._orders = [], None
            if self.table is None:
                self.table = Table(self.rules, self.encoding, self.seats, state)
            else:
                self.table.moved_to(state)
            return

    def _rules_with(self, chance: KnownOutcomes) -> Any:
        if self.table is None:
            return self.rules.initial_state(self.seats, self.options, chance)
        assert self._orders is not None
        # On a copy: a run stopped for a missing outcome must leave the state as it was.
        return self.rules.advance(self.rules.clone(self.table.state), self._orders, chance)

    # -- reading -----------------------------------------------------------
    def _table(self) -> Table:
        if self.table is None:  # only while the deal waits for chance
            return Table(self.rules, self.encoding, self.seats, None)
        return self.table

    def returns(self) -> list[float]:
        result = None if self.table is None else self.table.result()
        if result is None:
            return [0.0] * len(self.seats)
        shares = payoffs(result, self.seats)
        return [shares[seat] for seat in self.seats]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return self._pieces.name(action) if self._pieces is not None else f"outcome {action}"
        return self._table().action_name(action)

    def __str__(self) -> str:
        """The game master's account (the whole state as JSON) and the orders in progress."""
        if self.table is None:
            return f"dealing: {len(self._outcomes)} outcomes picked"
        state = json.dumps(self.rules.to_json(self.table.state), sort_keys=True, default=str)
        return f"{state}\ndrafts {self.table.drafts}, sealed {sorted(self.table.sealed)}"


class SealedObserver:
    """OpenSpiel's observer: a player's view as a tensor (the encoding) and as text."""

    def __init__(self, size: int, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError("sealed games offer observations, not perfect-recall info states")
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SealedState, player: int) -> None:
        if state.table is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = state.table.observe(state.seats[player])

    def string_from(self, state: SealedState, player: int) -> str:
        if state.table is None:
            return "the cards are being dealt"
        table = state.table
        return str(table.game.render(table.view(state.seats[player])))


def register(game: AnyGame) -> str:
    """Register ``game`` with OpenSpiel (once); its OpenSpiel name."""
    name = short_name(game)
    if name not in pyspiel.registered_names():
        cls = type(f"Sealed_{game.name.replace('-', '_')}", (SealedGame,), {"sealed_game": game})
        pyspiel.register_game(game_type(game), cls)
    return name


def register_all() -> list[str]:
    """Register every game that offers an encoding; their OpenSpiel names."""
    return [register(game) for game in encoded_games().values()]


REGISTERED = register_all()
"""The OpenSpiel names registered when this module was imported."""
