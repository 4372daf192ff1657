"""The research encoding for the tack-on modules' own decisions.

:class:`ModuleEncoding` is :class:`~sealed.games.crusoe.encoding.CrusoeEncoding` (with the
money and tack-on catalogues it adds) with the modules' decisions appended at the end of the
catalogue, so every existing id keeps its number. In this order, each part only with its
module: the Landlords' (here), the Corporations'
(:mod:`~sealed.games.crusoe.encoding_corporations`), the Church's donation, the Agent's
imports and returns and a husband's gift under ``gender_feeding``
(:mod:`~sealed.games.crusoe.encoding_goods`). A dead player's goods in shares
(``estate_shares``, ruling 201) reuse the Socialist division's tokens: ``pass``, or each unit
of the estate in the goods' order handed ``divide to seat+k`` to an heir, then ``divide
done``. The Landlords':

- **the Leases** (``rent``, ruling 87), path by path: one token for each path the seat
  decides, in the board's order: ``lease N`` (N in :data:`RENTS`: dollars in a money
  economy, productions in barter) or ``lease forbid`` (no Lease); or ``rent none`` (every
  path forbidden) as the first token. A rent for one named player (``PATH@SEAT``) is not
  spelled. Under Rent Control and Government Ownership the government's proposal is spelled
  the same way over the paths it sets (``landlords.government_set``), or ``pass``; the mask
  follows the rules: no path forbidden, and Rent Control's rents at least 1 (rulings 94, 95);
- **a deed at the Market** (ruling 90): ``deed seat+k PATH``;
- **a path in a barter offer** (ruling 182): ``offer seat+k SIDE for SIDE`` where a side is a
  path, a good (one unit) or ``nothing`` and one side at least is a path.

The masks of the deeds and offers are the rules' checks on a state drawn from the view (the
ledger of the land is public and in every view). The observation adds the ledger: who owns
each path (relative to the viewer, the government, or nobody), the rent each path asks of the
viewer and whether it is open to him, the government's rents under vote, the viewer's
productions still owed; per seat, the dollars owed between it and the viewer, whether it is a
Landlord (Modern), and the paths in the standing offers between it and the viewer.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from sealed.core.encoding import one_hot, relative_seats
from sealed.core.game import Options
from sealed.games.crusoe import encoding_corporations as corp
from sealed.games.crusoe import encoding_goods as goods
from sealed.games.crusoe import estate_shares
from sealed.games.crusoe.encoding import CrusoeEncoding, _allowed
from sealed.games.crusoe.modules import landlords
from sealed.games.crusoe.orders import Order, parse_order
from sealed.games.crusoe.sampler import sample_state
from sealed.games.crusoe.state import GOODS, PATHS
from sealed.games.crusoe.views import CrusoeView

RENTS = (0, 1, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 50)
"""The rents a Lease may name for a path (dollars, or productions in barter)."""
FORBID = "lease forbid"
NONE = "rent none"
SCALE = 10.0
CORPORATE_WORDS = ("invest", "fee", "salary", "experience", "exchange")


def landlord_names(seats: int) -> list[str]:
    """The Landlords' part of the catalogue, for ``seats`` players."""
    names = [f"lease {n}" for n in RENTS] + [FORBID, NONE]
    names += [f"deed seat+{k} {p}" for k in range(1, seats) for p in PATHS]
    sides = (*GOODS, *PATHS, "nothing")
    for k in range(1, seats):
        for give in sides:
            for want in sides:
                if give in PATHS or want in PATHS:  # goods for goods are spelled already
                    names.append(f"offer seat+{k} {give} for {want}")
    return names


class ModuleEncoding(CrusoeEncoding):
    """The catalogue with the Landlords' Leases, deeds and paths in offers (module docstring)."""

    def __init__(
        self, seats: Sequence[str], options: Options, advanced: bool, tack_ons: bool
    ) -> None:
        self.landlords = str(options.get("landlords", "none")) != "none"
        self.corporations = bool(options.get("corporations", False))
        self.church = str(options.get("church", "none")) != "none"
        self.mncs = bool(options.get("third_world", False))
        returns = self.mncs and bool(options.get("third_world_returns", False))
        feeding = bool(options.get("gender_feeding", False))
        super().__init__(seats, options, advanced, tack_ons)  # sizes read the flags above
        extra = landlord_names(len(self.seats)) if self.landlords else []
        extra += corp.action_names(len(self.seats)) if self.corporations else []
        extra += goods.action_names(self.church, self.mncs, returns, feeding)
        extra += corp.late_names() if self.corporations else []  # after the others' ids
        self._append(extra)  # and the offers naming a path are in the trade's cache now

    # -- spelling -------------------------------------------------------------------------
    def tokens(self, view: CrusoeView, order: Order) -> tuple[int, ...]:
        if order.word == "rent":
            return tuple(self._id(name) for name in self._rent_names(view, order))
        if order.word == "deed":
            path = order.terms[0][0]
            return (self._id(f"deed {self._relative(view, order.name)} {path}"),)
        if self.corporations and order.word in CORPORATE_WORDS:
            return tuple(self._id(n) for n in corp.spell(view, order, self._relative))
        if order.word in ("donate", "import", "repay", "feed"):
            return tuple(self._id(n) for n in goods.spell(view, order))
        return super().tokens(view, order)

    def order(self, view: CrusoeView, draft: tuple[int, ...]) -> Order | None:
        if not draft:
            return None
        names = [self.actions[t] for t in draft]
        first = names[0]
        if first == NONE:
            return Order("rent")
        if first.startswith("lease "):
            due = self._rent_paths(view)
            if len(names) < len(due):
                return None
            values = [landlords.FORBID if n == FORBID else int(n.split()[1]) for n in names]
            return Order("rent", terms=tuple(zip(due, values, strict=True)))
        if first.startswith("deed "):
            _, seat, path = first.split()
            return parse_order(f"deed {self._absolute(view, seat)} {path}")
        if self.corporations and corp.is_corporate(first):
            return corp.read(view, names, self._absolute)
        if goods.is_collection(first):
            return goods.read(view, names)
        if view.decide == "estate-divide" and first.startswith("divide "):
            return self._estate_division(view, names)
        return super().order(view, draft)

    def _rent_paths(self, view: CrusoeView) -> list[str]:
        """The paths the viewer writes terms for: his own, or the government's (its rents)."""
        land = view.land
        if land.get("lawmaking"):
            return landlords.government_set(sample_state(view, self.options, random.Random(0)))
        owners = land.get("owners", {})
        return [p for p in PATHS if owners.get(p) == view.seat]

    def _rent_names(self, view: CrusoeView, order: Order) -> list[str]:
        terms = dict(order.terms)
        if any("@" in key for key in terms):
            raise ValueError("the Crusoe catalogue spells no rent for one named player")
        if not terms:
            return [NONE]
        due = self._rent_paths(view)
        if view.land.get("lawmaking"):
            state = sample_state(view, self.options, random.Random(0))
            values = landlords.law_terms(state, order.terms)  # what the proposal means
        else:
            values = {p: terms.get(p, terms.get(landlords.EVERY, landlords.FORBID)) for p in due}
        return [self._lease_name(values[p]) for p in due]

    @staticmethod
    def _lease_name(rent: int) -> str:
        if rent == landlords.FORBID:
            return FORBID
        if rent not in RENTS:
            raise ValueError(f"the Crusoe catalogue spells a rent of {RENTS}, not {rent}")
        return f"lease {rent}"

    # -- masks ----------------------------------------------------------------------------
    def next_tokens(
        self, view: CrusoeView, legal_orders: Sequence[Order] | None, draft: tuple[int, ...]
    ) -> list[int]:
        if view.decide == "rent":
            return sorted(self._id(name) for name in self._rent_mask(view, len(draft)))
        if view.decide == "exchange":
            return self._exchange_mask(view, [self.actions[t] for t in draft])
        if view.decide in goods.ASKS:
            drafted = [self.actions[t] for t in draft]
            state = sample_state(view, self.options, random.Random(0))  # the bank's tokens

            def allowed(order: Order) -> bool:
                return _allowed(state, view.seat, order)

            return sorted(self._id(n) for n in goods.mask_names(view, drafted, state, allowed))
        if view.decide == "estate-divide":
            return self._estate_mask(view, draft)
        if view.decide in corp.ASKS:
            drafted = [self.actions[t] for t in draft]
            return sorted(self._id(n) for n in corp.mask_names(view, drafted))
        return super().next_tokens(view, legal_orders, draft)

    # -- a dead player's goods in shares (estate_shares, ruling 201) ----------------------
    def _estate_units(self, view: CrusoeView) -> list[str]:
        """The first estate's units, in the goods' order (his goods are on the table)."""
        dead = next(p for p in view.players if p.seat == view.estates[0])
        return [g for g in GOODS for _ in range(dead.goods.get(g, 0))]

    def _heirs(self, view: CrusoeView) -> list[str]:
        """Who may be given a share: the living (under Exile, on the dead player's side)."""
        return estate_shares.heirs(sample_state(view, self.options, random.Random(0)))

    def _estate_mask(self, view: CrusoeView, draft: tuple[int, ...]) -> list[int]:
        """Pass, or each unit of the estate to a living heir, then ``divide done``."""
        if len(draft) >= len(self._estate_units(view)):
            return [self._id("divide done")]
        heirs = [self._id(f"divide to {self._relative(view, s)}") for s in self._heirs(view)]
        return sorted(heirs + ([self._id("pass")] if not draft else []))

    def _estate_division(self, view: CrusoeView, names: list[str]) -> Order | None:
        if names[-1] != "divide done":
            return None
        shares: dict[str, dict[str, int]] = {seat: {} for seat in self._heirs(view)}
        for good, name in zip(self._estate_units(view), names[:-1], strict=True):
            held = shares[self._absolute(view, name.split()[-1])]
            held[good] = held.get(good, 0) + 1
        return Order("divide", shares=tuple((s, tuple(g.items())) for s, g in shares.items()))

    def _exchange_mask(self, view: CrusoeView, draft: list[str]) -> list[int]:
        """Exchange none, every one-gift exchange the rules allow, and ``exchange gifts`` when
        two gifts at least may be made; then the gifts that may follow the ones drafted (the
        rules' check of them all) and, after two, ``exchange done`` (rulings 181, 183)."""
        state = sample_state(view, self.options, random.Random(0))

        def allowed(gifts: list[str]) -> bool:
            order = corp.read(view, [corp.GIFTS_OPEN, *gifts, corp.GIFTS_DONE], self._absolute)
            return order is not None and _allowed(state, view.seat, order)

        singles = [g for g in corp.gift_tokens(len(self.seats)) if allowed([g])]
        if draft:
            gifts = draft[1:]
            more = [g for g in singles if not gifts or corp.may_follow(gifts[-1], g)]
            more = [g for g in more if allowed([*gifts, g])]
            if not gifts:  # the first gift: only one a second may follow
                more = [g for g in more if self._second(singles, g, allowed)]
            done = [corp.GIFTS_DONE] if len(gifts) >= 2 else []
            return sorted(self._id(n) for n in [*more, *done])
        names = ["exchange none", *singles]
        if any(self._second(singles, g, allowed) for g in singles):
            names.append(corp.GIFTS_OPEN)
        return sorted(self._id(n) for n in names)

    @staticmethod
    def _second(singles: list[str], first: str, allowed: Callable[[list[str]], bool]) -> bool:
        """Whether some gift may follow ``first`` in an exchange of two gifts the rules allow."""
        return any(corp.may_follow(first, g) and allowed([first, g]) for g in singles)

    def _rent_mask(self, view: CrusoeView, chosen: int) -> list[str]:
        """The next path's terms. The owners may forbid a path or give no Lease at all; the
        government may not forbid its paths, and Rent Control's rents are at least 1 (rulings
        94, 95); it may pass instead (no proposal)."""
        lawmaking = bool(view.land.get("lawmaking"))
        first = [] if chosen else (["pass"] if lawmaking else [NONE])
        if chosen >= len(self._rent_paths(view)):
            return first  # nothing to write terms for (the ledger offers no path)
        control = self.options.get("landlords") == "modern-rent-control"
        least = 1 if lawmaking and control else 0
        leases = [f"lease {n}" for n in RENTS if n >= least]
        return first + leases + ([] if lawmaking else [FORBID])

    def _trade_orders(self, view: CrusoeView) -> list[tuple[int, Order]]:
        """The offers and acceptances spelled; in the Traditional Economy none naming a path:
        its trade limits rank goods by class and a path has none (the rules cannot judge such
        an offer there: a known gap, reported, not decided here)."""
        known = super()._trade_orders(view)
        if self.options.get("scenario") != "traditional":
            return known
        return [(a, o) for a, o in known if not _names_a_path(o)]

    def _trade_mask(self, view: CrusoeView) -> list[int]:
        """The barter's mask (offers naming a path among them) and every deed the rules allow."""
        allowed = super()._trade_mask(view)
        state = sample_state(view, self.options, random.Random(0))
        for k, seat in enumerate(relative_seats(self.seats, view.seat)[1:], start=1):
            for path in PATHS:
                if landlords.deed_problem(state, view.seat, seat, path) is None:
                    allowed.append(self._id(f"deed seat+{k} {path}"))
        return sorted(allowed)

    # -- observing ------------------------------------------------------------------------
    def observe_header_sizes(self) -> list[int]:
        owner_slots = len(self.seats) + 2  # a seat, the government, or nobody
        land = [len(PATHS) * (owner_slots + 3) + 1] if self.landlords else []
        corporate = [corp.HEADER_SIZE] if self.corporations else []
        collections = [goods.header_size(self.church, self.mncs)]
        return [*super().observe_header_sizes(), *land, *corporate, *collections]

    def seat_size(self) -> int:
        land = 3 + 4 * len(PATHS) if self.landlords else 0
        corporate = corp.SEAT_SIZE if self.corporations else 0
        return super().seat_size() + land + corporate + goods.seat_size(self.church, self.mncs)

    def observe(self, view: CrusoeView) -> list[float]:
        """The plain observation, with the ledger after the header and per seat (module
        docstring). Built from the view's public ledger only."""
        plain = super().observe(view)
        header = sum(CrusoeEncoding.observe_header_sizes(self))
        # each seat's plain part as built (a subclass may extend it: Exile's roles)
        seat_plain = (len(plain) - header) // len(self.seats)
        vector = plain[:header]
        vector += self._land_header(view) if self.landlords else []
        vector += corp.observe_header(view) if self.corporations else []
        vector += goods.observe_header(view, self.church, self.mncs)
        by_seat = {p.seat: p for p in view.players}
        for i, seat in enumerate(relative_seats(self.seats, view.seat)):
            start = header + i * seat_plain
            vector += plain[start : start + seat_plain]
            vector += self._land_seat(view, seat) if self.landlords else []
            vector += corp.observe_seat(view, seat) if self.corporations else []
            vector += goods.observe_seat(view, by_seat[seat], self.church, self.mncs)
        return vector

    def _land_header(self, view: CrusoeView) -> list[float]:
        land = view.land
        owners = land.get("owners", {})
        ring = relative_seats(self.seats, view.seat)
        slots = len(self.seats) + 2
        motion = land.get("motion", {})
        vector: list[float] = []
        for path in PATHS:
            owner = owners.get(path)
            index = ring.index(owner) if owner in ring else len(self.seats)
            index = index if owner is not None else len(self.seats) + 1
            index = len(self.seats) if owner == landlords.GOVERNMENT else index
            vector += one_hot(index, slots)
            open_to_me = path in landlords.allowed_in_view(land, view.seat, [path])
            vector.append(float(open_to_me))
            vector.append(landlords.rent_in_view(land, view.seat, path) / SCALE)
            vector.append(_int(motion.get(path)) / SCALE)
        leases = land.get("leases", {})
        return [*vector, _int(leases.get(view.seat)) / SCALE]

    def _land_seat(self, view: CrusoeView, seat: str) -> list[float]:
        debts = view.land.get("debts", {})
        owes = _int(debts.get(view.seat, {}).get(seat)) if seat != view.seat else 0
        owed = _int(debts.get(seat, {}).get(view.seat)) if seat != view.seat else 0
        vector = [owes / 100, owed / 100, float(seat in view.land.get("landlords", []))]
        return (
            vector
            + self._path_offers(view, view.seat, seat)
            + self._path_offers(view, seat, view.seat)
        )

    def _path_offers(self, view: CrusoeView, giver: str, taker: str) -> list[float]:
        """The paths given and asked in the standing offer from ``giver`` to ``taker``."""
        give, want = [0.0] * len(PATHS), [0.0] * len(PATHS)
        for offer in view.offers:
            if offer["giver"] == giver and offer["taker"] == taker and giver != taker:
                for side, flags in (("give", give), ("want", want)):
                    held = offer[side]
                    for path in held if isinstance(held, dict) else {}:
                        if path in PATHS:
                            flags[PATHS.index(str(path))] = 1.0
        return give + want


def _names_a_path(order: Order) -> bool:
    return any(good in PATHS for good, _ in (*order.goods, *order.wants))


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0
