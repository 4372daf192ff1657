"""Crusoe's Planet for research adapters: a catalogue of actions, and an observation per view.

Built for the seven introductory economies and, with the money catalogue
of :mod:`~sealed.games.crusoe.encoding_money` appended (policies, wholesale
lists, wages, plans, purchases, State Capitalism's offers, elections), for the
advanced ones under every government; where a Bureaucracy's chart decides a task
(alone or as a hybrid's branch) the first player's box is spelled from fixed levels
and an amendment is not (``pass``): :mod:`~sealed.games.crusoe.encoding_bureaucracy`.
The tack-on modules' own decisions (Landlords, Corporations, The Church, Third
World Country, ``gender_feeding``, ``estate_shares``) are appended by
:class:`~sealed.games.crusoe.encoding_modules.ModuleEncoding`.
Seats are named relative to the viewer (``seat+0`` is the viewer, ``seat+1``
the next in seat order; :func:`~sealed.core.encoding.relative_seats`).

Actions, one token each for the decisions whose choices the rules list
(:func:`~sealed.games.crusoe.legal.legal_orders`; the mask is that list):
``path P``, ``move N`` (1 to 30), ``take ICON``, ``learn N``, ``invoke``,
``pass``, ``done``, ``fight seat+k``, ``join seat+k``, ``spear``, ``keep``,
``split``, ``give seat+k``, ``draft GOOD``, ``yes``, ``no``, ``tax GOOD``,
``tax none``, ``provide FOOD``; and for the decisions the rules cannot list:

- **consumption**, spelled unit by unit: ``eat +GOOD`` adds one unit (goods
  in the order water, banana, apple, grape, egg, fish, never going back, so an
  order has one spelling), ``eat done`` seals it. The mask allows exactly what
  the player holds within the limits (2 water, 3 of a food, 10 food);
- **the winners' verdict**: ``kill``, ``spare``, ``fine all``, ``swap`` (the
  Traditional Economy), or a fine unit by unit, ``fine +GOOD`` then ``fine
  done`` (at most :data:`MAX_FINE` units: a larger fine is ``fine all`` or
  cannot be spelled);
- **a Socialist division**, unit by unit: the pool's units in goods order,
  each handed by ``divide to seat+k`` to a living player, then ``divide
  done`` once every unit is handed out; the order lists the living in seat order;
- **barter**: ``accept seat+k``, ``wait``, ``home``, and one-unit offers
  ``offer seat+k GOOD for GOOD`` (either side may be ``nothing``: a gift or a
  request). Larger offers cannot be spelled: an agent barters one unit at a
  time. The mask is the offers the rules allow, checked on a state drawn
  from the view (:mod:`~sealed.games.crusoe.sampler`; the checks read only
  what the view shows: holdings, ranks, who is still at the Market).

Observation (from :class:`~sealed.games.crusoe.views.CrusoeView` only): the
cycle, the phase and the decision due (one-hot), the die of an open move,
the choices offered (a move range, icon types), the signals recorded and the
last rescue roll, the central pile or pool, the division under vote; then per
seat from the viewer on: alive, path and track (one-hot), position, at the
Market, gone home, place in the turn order, goods, Leisure, markers,
Experience numbers per path, VP, privation and wounds, produced goods, side
in a battle, share of a proposed division, and the standing offers between
the viewer and that seat (both ways). Offers between two other players are
not in the view, so not in the observation.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from sealed.core.encoding import Encoding, one_hot, relative_seats
from sealed.core.errors import IllegalOrderError, OptionError, SealedError
from sealed.core.game import Options
from sealed.games.crusoe import encoding_bureaucracy as chart
from sealed.games.crusoe import encoding_money as money
from sealed.games.crusoe import hybrid, legal
from sealed.games.crusoe.cycle import MAX_FOOD, MAX_OF_A_FOOD, MAX_WATER
from sealed.games.crusoe.modules import feudalism, gender, libertarianism, paternalistic
from sealed.games.crusoe.orders import GROUPS, Order, format_order, parse_order
from sealed.games.crusoe.sampler import sample_state
from sealed.games.crusoe.state import (
    CONDITIONS,
    FOOD_STATES,
    FOODS,
    FREQUENCIES,
    GOODS,
    LAST_CYCLE,
    PATHS,
    PHASES,
    CrusoeState,
)
from sealed.games.crusoe.stats import ECONOMIES
from sealed.games.crusoe.views import CrusoeView, PlayerView

MAX_MOVE = 30
"""The longest move spelled (a roll of 6, wounded, with many Experience numbers)."""
MAX_FINE = 10
"""The most units a fine spells unit by unit (``fine all`` takes everything)."""
EDIBLE = ("water", *FOODS)
SIMPLE: tuple[str, ...] = ("invoke", "pass", "done", "spear", "keep", "split", "yes", "no")
SIMPLE += ("kill", "spare", "swap", "wait", "home")
ASKS = tuple(legal.WORDS_DUE)
TACK_ON_ROLES = (*feudalism.ROLES, gender.ROLE, *libertarianism.ROLES)
"""The public roles the tack-ons' observation shows per seat: the Warlord, a deposed one, an
elector; a woman (the Matriarchal Golden Age); a player in default (Libertarianism)."""
MONEY_WORDS = ("policy", "bid", "plan", "buy", "consign", "wage", "elect")
"""Orders the money catalogue spells (:mod:`.encoding_money`)."""
SCALE = 10.0  # goods, Leisure and markers are read as counts / 10


class CrusoeEncoding(Encoding[Order, CrusoeView]):
    """The catalogue for ``seats`` (see the module docstring)."""

    needs_legal_orders = True

    def __init__(
        self,
        seats: Sequence[str],
        options: Options | None = None,
        advanced: bool = False,
        tack_ons: bool = False,
    ) -> None:
        self.seats = tuple(seats)
        self.options: Options = dict(options or {})  # for the states drawn to check offers
        self.advanced = advanced  # the money economies' catalogue and observation too
        self._trade_cache: dict[str, list[tuple[int, Order]]] = {}
        n = len(seats)
        names: list[str] = []
        self.index_of: dict[str, int] = {}

        def add(name: str) -> None:
            self.index_of[name] = len(names)
            names.append(name)

        for path in PATHS:
            add(f"path {path}")
        for number in range(1, MAX_MOVE + 1):
            add(f"move {number}")
        for group in GROUPS:
            add(f"take {group}")
        for number in range(1, 7):
            add(f"learn {number}")
        for word in SIMPLE:
            add(word)
        add("fine all")
        for word in ("fight", "join", "give", "accept"):
            for k in range(n):
                add(f"{word} seat+{k}")
        for good in GOODS:
            add(f"draft {good}")
        for good in (*GOODS, "none"):
            add(f"tax {good}")
        for food in FOODS:
            add(f"provide {food}")
        for good in EDIBLE:
            add(f"eat +{good}")
        add("eat done")
        for good in GOODS:
            add(f"fine +{good}")
        add("fine done")
        for k in range(n):
            add(f"divide to seat+{k}")
        add("divide done")
        sides = (*GOODS, "nothing")
        for k in range(1, n):
            for give in sides:
                for want in sides:
                    add(f"offer seat+{k} {give} for {want}")
        if advanced:  # appended: the introductory catalogue keeps its ids
            for name in money.action_names(n):
                if name not in self.index_of:
                    add(name)
        self.tack_ons = tack_ons  # a Warlord's election, defaults, the men's paths
        if tack_ons:
            for name in tack_on_names(n):
                if name not in self.index_of:
                    add(name)
        self.charts = _chart_decisions(self.options)  # a first player's box, an amendment
        if self.charts:
            for name in chart.action_names():
                add(name)
        # Last of all, whatever the modules and punishments append (``_append``): the
        # purchases of several units (Market Socialism's vault), so every earlier id stays.
        self._late = tuple(money.multi_buy_names()) if self._buys(options) else ()
        self.path_limits = self._buys(options)  # the plan's limits by path, observed
        for name in self._late:
            add(name)
        self.actions = tuple(names)
        # The longest spelling: a whole pool handed out unit by unit, then "divide done".
        self.max_tokens = 160 + 1
        self.chance_outcomes = max(6, n)  # a die; a turn order card dealt from n
        self.max_decisions = LAST_CYCLE * 4000  # steps of a cycle, generously, times tokens
        self.observation_size = sum(self.observe_header_sizes()) + n * self.seat_size()

    @staticmethod
    def _buys(options: Options | None) -> bool:
        """Whether purchases from the government's vault are asked (Market Socialism)."""
        return str((options or {}).get("scenario", "")) == "market-socialism"

    def _append(self, extra: Sequence[str]) -> None:
        """Add ``extra`` to the catalogue before its late part (the several units' purchases):
        a subclass's names follow the ones before them, so their ids stay."""
        late = set(self._late)
        head = [n for n in self.actions if n not in late]
        head += [n for n in dict.fromkeys(extra) if n not in self.index_of]
        self.actions = (*head, *self._late)
        self.index_of = {name: i for i, name in enumerate(self.actions)}
        self._trade_cache.clear()  # the offers' ids may have moved

    # -- spelling -------------------------------------------------------------
    def tokens(self, view: CrusoeView, order: Order) -> tuple[int, ...]:
        word = order.word
        if word == "eat":
            units = [g for g, count in order.goods for _ in range(count)]
            return (*(self._id(f"eat +{g}") for g in units), self._id("eat done"))
        if word == "fine" and not order.all_goods:
            units = [g for g, count in order.goods for _ in range(count)]
            return (*(self._id(f"fine +{g}") for g in units), self._id("fine done"))
        if word == "divide":
            return self._division_tokens(view, order)
        if word == "offer":
            give, want = _one_unit(order.goods), _one_unit(order.wants)
            return (self._id(f"offer {self._relative(view, order.name)} {give} for {want}"),)
        if self.advanced and word in MONEY_WORDS:
            return tuple(self._id(name) for name in money.spell(view, order, self._relative))
        if word == "assign":
            return self._assign_tokens(view, order)
        if self.charts and word == "box":
            return tuple(self._id(name) for name in chart.spell(view, order))
        if word == "default":
            return (self._id(self._default_name(view, order)),)
        return (self._id(self._one_token_name(view, order)),)

    def order(self, view: CrusoeView, draft: tuple[int, ...]) -> Order | None:
        if not draft:
            return None
        names = [self.actions[t] for t in draft]
        first = names[0]
        if first.startswith("eat "):
            if names[-1] != "eat done":
                return None
            return parse_order("eat " + _units_text([n[len("eat +") :] for n in names[:-1]]))
        if first.startswith("fine +") or first == "fine done":
            if names[-1] != "fine done":
                return None
            return parse_order("fine " + _units_text([n[len("fine +") :] for n in names[:-1]]))
        if first.startswith("divide "):
            if names[-1] != "divide done":
                return None
            return self._division(view, names[:-1])
        if self.advanced and money.is_money(first):
            return money.read(view, names, self._absolute)
        if first.startswith("assign path "):
            return self._assignment(view, names)
        if self.charts and chart.is_box(first):
            return chart.read(view, first)
        if first.startswith("default "):
            seat = first.split()[1]
            none = seat == "none"
            return Order("default", terms=() if none else ((self._absolute(view, seat), 1),))
        words = first.split()
        if first.startswith("offer "):
            seat, give, want = self._absolute(view, words[1]), words[2], words[4]
            return parse_order(f"offer {seat} {_side(give)} for {_side(want)}")
        if len(words) == 2 and words[1].startswith("seat+"):
            return parse_order(f"{words[0]} {self._absolute(view, words[1])}")
        return parse_order(first)

    def next_tokens(
        self, view: CrusoeView, legal_orders: Sequence[Order] | None, draft: tuple[int, ...]
    ) -> list[int]:
        ask = view.decide or ""
        if ask == "eat":
            return self._eat_mask(view, draft)
        if ask == "divide":
            return self._divide_mask(view, draft)
        if ask == "verdict":
            return self._verdict_mask(view, draft)
        if ask == "trade":
            return self._trade_mask(view)
        if self.advanced and ask == "buy":
            return self._buy_mask(view)
        if self.tack_ons and ask == "assign":
            return self._assign_mask(view, draft)
        if self.charts and ask in chart.ASKS:
            state = sample_state(view, self.options, random.Random(0))  # the chart is public

            def allowed(order: Order) -> bool:
                return _allowed(state, view.seat, order)

            return sorted(self._id(name) for name in chart.mask_names(view, allowed))
        if self.advanced and ask in money.ASKS:
            drafted = [self.actions[t] for t in draft]
            return sorted(self._id(n) for n in money.mask_names(view, drafted, self._relative))
        if legal_orders is None:
            raise SealedError(f"crusoe encoding: no catalogue for the decision {ask!r}")
        return sorted({self.tokens(view, order)[0] for order in legal_orders})

    # -- masks of the decisions the rules cannot list --------------------------------
    def _eat_mask(self, view: CrusoeView, draft: tuple[int, ...]) -> list[int]:
        eaten = [self.actions[t][len("eat +") :] for t in draft]
        held = _me(view).goods
        last = EDIBLE.index(eaten[-1]) if eaten else 0
        allowed = [self._id("eat done")]
        for good in EDIBLE[last:]:
            count = eaten.count(good) + 1
            limit = MAX_WATER if good == "water" else MAX_OF_A_FOOD
            food = sum(1 for g in eaten if g in FOODS) + (good in FOODS)
            if count <= min(held[good], limit) and food <= MAX_FOOD:
                allowed.append(self._id(f"eat +{good}"))
        return sorted(allowed)

    def _verdict_mask(self, view: CrusoeView, draft: tuple[int, ...]) -> list[int]:
        units = [self.actions[t][len("fine +") :] for t in draft]
        allowed = [self._id("fine done")]
        if len(units) < MAX_FINE:
            last = GOODS.index(units[-1]) if units else 0
            allowed += [self._id(f"fine +{good}") for good in GOODS[last:]]
        if not draft:
            allowed += [self._id(word) for word in ("kill", "spare", "fine all")]
            if view.scenario == "traditional":
                allowed.append(self._id("swap"))
        if self.options.get("libertarianism"):
            allowed = self._confiscation_only(view, allowed)
        return sorted(allowed)

    def _confiscation_only(self, view: CrusoeView, allowed: list[int]) -> list[int]:
        """Libertarianism: losers none of whom is in default are only spared or fined their
        Diamonds and Spears; each choice is checked by the rules on a state drawn from the
        view (who is in default is public)."""
        state = sample_state(view, self.options, random.Random(0))
        kept = []
        for token in allowed:
            name = self.actions[token]
            if name == "fine done":  # what is drafted was checked unit by unit
                kept.append(token)
                continue
            unit = name[len("fine +") :] if name.startswith("fine +") else ""
            order = Order("fine", goods=((unit, 1),)) if unit else parse_order(name)
            if _allowed(state, view.seat, order):
                kept.append(token)
        return kept

    def _divide_mask(self, view: CrusoeView, draft: tuple[int, ...]) -> list[int]:
        if len(draft) >= sum(view.pile.values()):
            return [self._id("divide done")]
        living = [p.seat for p in view.players if p.alive]
        return sorted(self._id(f"divide to {self._relative(view, s)}") for s in living)

    def _trade_mask(self, view: CrusoeView) -> list[int]:
        """Wait, home, accepting a standing offer, and every one-unit offer the rules allow."""
        # The checks read only what the view shows; the sampler's draws do not matter to them.
        state = sample_state(view, self.options, random.Random(0))
        allowed = [self._id("wait"), self._id("home")]
        for action, order in self._trade_orders(view):
            if _allowed(state, view.seat, order):
                allowed.append(action)
        return sorted(allowed)

    def _trade_orders(self, view: CrusoeView) -> list[tuple[int, Order]]:
        """Every offer and acceptance the catalogue spells for the viewer, read once per seat
        (a mask is asked at every step of the trade: reading them each time was most of it)."""
        known = self._trade_cache.get(view.seat)
        if known is None:
            known = []
            for action, name in enumerate(self.actions):
                if name.startswith(("offer ", "accept ")) and name.split()[1] != "seat+0":
                    order = self.order(view, (action,))
                    if order is not None:
                        known.append((action, order))
            self._trade_cache[view.seat] = known
        return known

    def _buy_mask(self, view: CrusoeView) -> list[int]:
        """Done buying, and one unit of every good the rules let the viewer buy now (the
        vault, his limit and money: checked on a state drawn from the view)."""
        state = sample_state(view, self.options, random.Random(0))
        allowed = [self._id("buy none")]
        most = money.MAX_BUY_UNITS if self._late else 1
        for good in GOODS:
            for units in range(1, most + 1):  # a limit, the vault and money only fall
                if not _allowed(state, view.seat, Order("buy", name=good, number=units)):
                    break
                allowed.append(self._id(money.buy_name(good, units)))
        return sorted(allowed)

    # -- the tack-ons: the men's paths (Matriarchal Golden Age), defaults (Libertarianism) --
    def _awaiting(self, view: CrusoeView) -> list[str]:
        """Who awaits a path from the government, in turn order (read on a state drawn from
        the view: the living men without a path, as the rules say)."""
        return paternalistic.unassigned(sample_state(view, self.options, random.Random(0)))

    def _assign_mask(self, view: CrusoeView, draft: tuple[int, ...]) -> list[int]:
        """Pass, or the path of the next man awaiting one, among those the rules offer him."""
        waiting = self._awaiting(view)
        seat = waiting[len(draft)]
        paths = [p for p in PATHS if f"{seat}:{p}" in view.offer]
        allowed = [self._id(f"assign path {p}") for p in paths]
        return sorted(allowed + ([self._id("pass")] if not draft else []))

    def _assign_tokens(self, view: CrusoeView, order: Order) -> tuple[int, ...]:
        assigned = paternalistic.decode(order.terms)
        waiting = self._awaiting(view)
        if sorted(assigned) != sorted(waiting):
            raise ValueError("the Crusoe catalogue spells an assignment of every player due")
        return tuple(self._id(f"assign path {assigned[s]}") for s in waiting)

    def _assignment(self, view: CrusoeView, names: list[str]) -> Order | None:
        waiting = self._awaiting(view)
        if len(names) < len(waiting):
            return None
        paths = [name.split()[-1] for name in names]
        terms = tuple((s, PATHS.index(p)) for s, p in zip(waiting, paths, strict=True))
        return Order("assign", terms=terms)

    def _default_name(self, view: CrusoeView, order: Order) -> str:
        if not order.terms:
            return "default none"
        if len(order.terms) > 1:
            raise ValueError("the Crusoe catalogue spells one player in default at a time")
        return f"default {self._relative(view, order.terms[0][0])}"

    # -- helpers ------------------------------------------------------------------
    def _id(self, name: str) -> int:
        try:
            return self.index_of[name]
        except KeyError:
            raise ValueError(f"the Crusoe catalogue has no action {name!r}") from None

    def _relative(self, view: CrusoeView, seat: str) -> str:
        return f"seat+{relative_seats(self.seats, view.seat).index(seat)}"

    def _absolute(self, view: CrusoeView, relative: str) -> str:
        return relative_seats(self.seats, view.seat)[int(relative[len("seat+") :])]

    def _one_token_name(self, view: CrusoeView, order: Order) -> str:
        if order.word in ("fight", "join", "give", "accept", "elect"):
            return f"{order.word} {self._relative(view, order.name)}"
        return format_order(order)

    def _division_tokens(self, view: CrusoeView, order: Order) -> tuple[int, ...]:
        """Each unit of the pool, in goods order, to the seat the division gives it."""
        receivers: dict[str, list[str]] = {good: [] for good in GOODS}
        for seat, goods in order.shares:
            for good, count in goods:
                receivers[good] += [seat] * count
        units = [seat for good in GOODS for seat in receivers[good]]
        spelled = (self._id(f"divide to {self._relative(view, s)}") for s in units)
        return (*spelled, self._id("divide done"))

    def _division(self, view: CrusoeView, names: list[str]) -> Order:
        units = [good for good in GOODS for _ in range(view.pile.get(good, 0))]
        shares: dict[str, dict[str, int]] = {p.seat: {} for p in view.players if p.alive}
        for good, name in zip(units, names, strict=False):
            seat = self._absolute(view, name.split()[-1])
            shares.setdefault(seat, {})
            shares[seat][good] = shares[seat].get(good, 0) + 1
        text = " ".join(
            f"{seat} {_units_text([g for g in GOODS for _ in range(goods.get(g, 0))])}"
            for seat, goods in shares.items()
        )
        return parse_order(f"divide {text}")

    # -- observing ------------------------------------------------------------
    def observe_header_sizes(self) -> list[int]:
        sizes = [1, len(PHASES), len(ASKS) + 1, 1, MAX_MOVE + len(GROUPS), 3, 4, len(GOODS)]
        sizes += [money.HEADER_SIZE] if self.advanced else []
        return sizes + ([money.PATH_LIMITS_SIZE] if self.path_limits else [])

    def seat_size(self) -> int:
        path_slots = len(PATHS) + 1
        return (
            1  # alive
            + 2 * path_slots  # path and track
            + 4  # position, at the Market, gone home, place in the turn order
            + len(GOODS)
            + 1
            + len(FREQUENCIES)
            + len(PATHS)  # Experience numbers held per path
            + 1  # VP
            + 1
            + len(FOOD_STATES)
            + 2  # thirst, food, malnourished, wounded
            + len(GOODS)  # produced
            + 2  # attacker, defender
            + len(GOODS)  # share of a proposed division
            + 4 * len(GOODS)  # offers: viewer to seat (give, want) and seat to viewer
            + (money.SEAT_SIZE if self.advanced else 0)
            + (len(TACK_ON_ROLES) if self.tack_ons else 0)
        )

    def observe(self, view: CrusoeView) -> list[float]:
        vector = [view.cycle / LAST_CYCLE]
        vector += one_hot(PHASES.index(view.phase) if view.phase in PHASES else -1, len(PHASES))
        decide = ASKS.index(view.decide) if view.decide in ASKS else len(ASKS)
        vector += one_hot(decide, len(ASKS) + 1)
        vector.append(view.roll / 12)
        offered = [0.0] * (MAX_MOVE + len(GROUPS))
        for choice in view.offer:
            if isinstance(choice, int) and 1 <= choice <= MAX_MOVE:
                offered[choice - 1] = 1.0
            elif choice in GROUPS:
                offered[MAX_MOVE + GROUPS.index(str(choice))] = 1.0
        vector += offered
        vector += [view.radio_pool.get(f, 0) / SCALE for f in FREQUENCIES]
        rescue = view.last_rescue
        vector += [
            float(bool(rescue)),
            float(_number(rescue.get("total"))) / 36,
            float(_number(rescue.get("signals"))) / SCALE,
            float(bool(rescue.get("rescued"))),
        ]
        vector += [view.pile.get(g, 0) / SCALE for g in GOODS]
        vector += money.observe_header(view) if self.advanced else []
        vector += money.observe_path_limits(view) if self.path_limits else []
        by_seat = {p.seat: p for p in view.players}
        for seat in relative_seats(self.seats, view.seat):
            vector += self._seat(view, by_seat[seat])
        return vector

    def _seat(self, view: CrusoeView, p: PlayerView) -> list[float]:
        slots = len(PATHS) + 1
        battle = [b for b in view.battles if p.seat in b["attackers"] + b["defenders"]]
        place = view.order.index(p.seat) + 1 if p.seat in view.order else 0
        length = len(view.board.get(p.path or "", [])) or 1
        vector = [float(p.alive)]
        vector += one_hot(PATHS.index(p.path) if p.path in PATHS else len(PATHS), slots)
        vector += one_hot(PATHS.index(p.track) if p.track in PATHS else len(PATHS), slots)
        vector += [
            p.position / (length + 1),
            float(p.position > length),
            float(p.seat in view.home),
            place / len(self.seats),
        ]
        vector += [p.goods.get(g, 0) / SCALE for g in GOODS]
        vector.append(p.leisure / SCALE)
        vector += [p.radio.get(f, 0) / SCALE for f in FREQUENCIES]
        vector += [len(p.experience.get(path, [])) / 6 for path in PATHS]
        vector.append(p.vp / 100)
        vector.append(float(p.thirst))
        vector += one_hot(FOOD_STATES.index(p.food), len(FOOD_STATES))
        vector += [float(p.malnourished), float(p.wounded)]
        vector += [p.produced.get(g, 0) / SCALE for g in GOODS]
        vector += [
            float(any(p.seat in b["attackers"] for b in battle)),
            float(any(p.seat in b["defenders"] for b in battle)),
        ]
        share = view.proposal.get(p.seat, {})
        vector += [share.get(g, 0) / SCALE for g in GOODS]
        vector += self._offers(view, view.seat, p.seat) + self._offers(view, p.seat, view.seat)
        vector += money.observe_seat(view, p) if self.advanced else []
        return vector + ([float(r in p.roles) for r in TACK_ON_ROLES] if self.tack_ons else [])

    def _offers(self, view: CrusoeView, giver: str, taker: str) -> list[float]:
        """The standing offer from ``giver`` to ``taker`` (the viewer is one of them)."""
        give, want = [0.0] * len(GOODS), [0.0] * len(GOODS)
        for offer in view.offers:
            if offer["giver"] == giver and offer["taker"] == taker and giver != taker:
                for good, n in _counts(offer["give"]).items():
                    if good in GOODS:  # a path in an offer (Landlords) is not spelled
                        give[GOODS.index(good)] = n / SCALE
                for good, n in _counts(offer["want"]).items():
                    if good in GOODS:
                        want[GOODS.index(good)] = n / SCALE
        return give + want


def encoding_for(seats: Sequence[str], options: Options) -> CrusoeEncoding | None:
    """The encoding for the introductory economies and, with the money catalogue
    (:mod:`.encoding_money`), the advanced ones, with a chart's boxes
    (:mod:`.encoding_bureaucracy`). A
    Weak Warlord, Libertarianism and the Matriarchal Golden Age add their spellings
    (``_tack_on_decisions``), Landlords, Corporations, The Church and Third World Country
    theirs (:mod:`.encoding_modules`); Exile and Crippling add their verdicts and the
    exiles' vote to all of these (:mod:`.encoding_exile`), Exile only where its decisions
    are spelled (``encoding_exile.spelled``); Slavery adds its verdict, feeding, freeing and
    handing over to all of these (:mod:`.encoding_slavery`)."""
    scenarios = {str(economy["scenario"]) for economy in ECONOMIES.values()}
    advanced = str(options.get("scenario", "crusoes-economy")) not in scenarios
    punished = str(options.get("punishments", "none"))
    if "slavery" in punished:
        from sealed.games.crusoe import encoding_slavery  # it imports this

        # enslave, feed/free/hand at the feeding (and aside, ruling 169), take nothing
        # (encoding_slavery.py), over Exile's and Crippling's names; None where Exile with it
        # meets decisions the catalogue does not spell (encoding_exile.spelled)
        if not encoding_slavery.spelled(options):
            return None
        tack_ons = _tack_on_decisions(options)
        return encoding_slavery.SlaveryEncoding(seats, options, advanced, tack_ons)
    if "exile" in punished or "crippling" in punished:
        from sealed.games.crusoe import encoding_exile  # it imports this

        # the verdicts exile and cripple ROW [SEAT ...], the exiles' vote (encoding_exile.py),
        # over the money, tack-ons' and modules' catalogues; None where Exile meets decisions
        # it does not spell (none since Exile with Corporations, rulings 324-329; Crusoe's
        # Economy the rules refuse)
        if not encoding_exile.spelled(options):
            return None
        tack_ons = _tack_on_decisions(options)
        return encoding_exile.PunishedEncoding(seats, options, advanced, tack_ons)
    if _module_decisions(
        options
    ):  # Leases, deeds, a path in an offer; investments, votes (encoding_modules.py)
        from sealed.games.crusoe.encoding_modules import ModuleEncoding  # it imports this

        return ModuleEncoding(seats, options, advanced, _tack_on_decisions(options))
    return CrusoeEncoding(seats, options, advanced, _tack_on_decisions(options))


def _chart_decisions(options: Options) -> bool:
    """A Bureaucracy, or a hybrid with a Bureaucracy's branch: the first player's box and the
    amendment are asked (:mod:`.encoding_bureaucracy` spells a fixed set of boxes)."""
    government = str(options.get("government", "athenian"))
    if government != "hybrid":
        return government == "bureaucracy"
    scenario = str(options.get("scenario", "crusoes-economy"))
    try:
        branches = hybrid.read_options(options, scenario, government)["government_branches"]
    except OptionError:
        return True  # a hybrid the rules refuse: no game, no encoding
    return any(form == "bureaucracy" for _, form in branches)


def _module_decisions(options: Options) -> bool:
    """Modules whose decisions :mod:`.encoding_modules` spells: Landlords, Corporations, The
    Church, Third World Country, ``gender_feeding``, ``estate_shares``."""
    return (
        str(options.get("landlords", "none")) != "none"
        or bool(options.get("corporations", False))
        or str(options.get("church", "none")) != "none"
        or bool(options.get("third_world", False))
        or bool(options.get("gender_feeding", False))
        or bool(options.get("estate_shares", False))
    )


def _tack_on_decisions(options: Options) -> bool:
    """Tack-ons whose decisions the catalogue spells with :func:`tack_on_names`: a Weak
    Warlord's election (elect SEAT), Libertarianism's defaults (default SEAT or none), the
    Matriarchal Golden Age's assignment of the men's paths and the Paternalistic Economy's
    of everyone's (assign ...), a Variant Victory condition (victory CONDITION)."""
    return (
        str(options.get("early_feudalism", "none")) == "weak"
        or bool(options.get("libertarianism", False))
        or str(options.get("gender", "none")) == "matriarchal-golden-age"
        or bool(options.get("paternalistic", False))  # the paths, as the men's
        or str(options.get("victory", "off")) != "off"  # victory CONDITION
    )


def tack_on_names(seats: int) -> list[str]:
    """``elect seat+k`` (a new Warlord), ``default none`` and ``default seat+k`` (one player
    in default a turn: the rules' list), ``victory CONDITION``, ``assign path P`` (the path
    of the next player awaiting one)."""
    names = [f"elect seat+{k}" for k in range(seats)] + ["default none"]
    names += [f"default seat+{k}" for k in range(1, seats)]
    names += [f"victory {c}" for c in CONDITIONS]  # Variant Victory: the rules' list
    return names + [f"assign path {p}" for p in PATHS]


def _me(view: CrusoeView) -> PlayerView:
    return next(p for p in view.players if p.seat == view.seat)


def _allowed(state: CrusoeState, seat: str, order: Order) -> bool:
    try:
        legal.check(state, seat, order)
    except IllegalOrderError:
        return False
    return True


def _counts(goods: object) -> dict[str, int]:
    """A view's goods mapping (typed loosely in the view's offer records)."""
    if not isinstance(goods, dict):
        raise ValueError(f"a view's offer lists goods as a mapping, not {goods!r}")
    return {str(good): int(n) for good, n in goods.items()}


def _units_text(units: list[str]) -> str:
    counts: dict[str, int] = {}
    for good in units:
        counts[good] = counts.get(good, 0) + 1
    return " ".join(f"{g} {counts[g]}" for g in GOODS if g in counts) or "nothing"


def _one_unit(goods: tuple[tuple[str, int], ...]) -> str:
    """The one good of a one-unit side of an offer, or ``nothing``."""
    if not goods:
        return "nothing"
    if len(goods) == 1 and goods[0][1] == 1:
        return goods[0][0]
    raise ValueError("the Crusoe catalogue spells offers of one unit a side only")


def _side(good: str) -> str:
    return "nothing" if good == "nothing" else f"{good} 1"


def _number(value: object) -> int:
    return value if isinstance(value, int) else 0
