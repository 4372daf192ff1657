"""The research encoding under the Alternate Punishments Exile and Crippling.

:class:`PunishedEncoding` is :class:`~sealed.games.crusoe.encoding_modules.ModuleEncoding`
(the introductory catalogue, with the money economies' catalogue, the tack-ons' and the
modules' parts where they are in play) with its catalogue extended at the end, so every id
without the punishments keeps its number:

- under Exile: the verdict ``exile``, and the exiles' vote ``establish tribal-capitalism``,
  ``establish tribal-communism``, ``establish tribal-socialism``, ``return`` (``pass`` is
  already spelled). The vote's choices are the rules' list, so its mask is that list;
- under Crippling: the verdict ``cripple ROW`` on every loser, for each row the table allows
  (2-5, 9-12); or some of the losers, ``cripple ROW SEAT ...``: ``cripple ROW of`` opens it,
  then ``cripple seat+k`` adds one loser (in the viewer's seat order, never going back, so
  a verdict has one spelling), ``cripple done`` seals it after one loser at least.

The verdicts' masks are the rules' checks on a state drawn from the view (who lost and who
is in default are public). A Socialist division (the central pile, Governmental Socialism's
pot) is spelled to the seats of the divider's own side only (the exiles' pool, or the main
encampment's: ``punishments.sharers``), and an exiled winner is not offered the Traditional
Economy's track swap (ruling 173). Under Exile the observation gives each seat four more
values: in exile, and the exiles' economy established (barter, share, pool).

Exile is spelled wherever the rules build it but with Corporations (:data:`SPELLED_EXILE`:
the introductory economies with violence and the seven money economies, under every
government, with every Landlords variant and the other modules and tack-ons). What Exile adds
there is decided by the rules' own checks, which the masks already are: an exile is asked
no class, plan, wage, purchase, election or box (rulings 264-270, 278-284), and his Leases,
rents and deeds are refused across by the rules (rulings 272-276), so the catalogue's Leases,
deeds, ballots and boxes need no new name. A combination with Corporations (refused by the
rules with Exile) is refused by :func:`spelled` (no encoding): an exile's shares, fees and
votes as a stockholder are not decided.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from sealed.core.game import Options
from sealed.games.crusoe.bot_values import apart
from sealed.games.crusoe.encoding import _allowed
from sealed.games.crusoe.encoding_modules import ModuleEncoding
from sealed.games.crusoe.modules import punishments
from sealed.games.crusoe.orders import Order, parse_order
from sealed.games.crusoe.sampler import sample_state
from sealed.games.crusoe.state import GOODS, CrusoeState
from sealed.games.crusoe.views import CrusoeView, PlayerView

EXILE_NAMES = ("exile", *(f"establish {e}" for e in punishments.TRIBAL), "return")
CRIPPLE_NAMES = tuple(f"cripple {row}" for row in punishments.CRIPPLING_ROWS)
SOME_NAMES = tuple(f"cripple {row} of" for row in punishments.CRIPPLING_ROWS)
"""The openers of a verdict on some of the losers."""
EXILE_ROLES = (punishments.EXILE, punishments.BARTER, punishments.SHARE, punishments.POOL)
SPELLED_EXILE = (
    "hobbesian",
    "tribal-capitalism",
    "tribal-communism",
    "tribal-socialism",
    "traditional",  # ruling 173
    "national-capitalism",  # rulings 210-215: the exile leaves the money economy ...
    "welfare-capitalism",
    "centralized-communism",
    "state-capitalism",
    "governmental-socialism",  # ... and the pot's division (the divider's side only)
    "class-warfare-capitalism",  # rulings 264-267, 270: no class, CEO, call or vote of his
    "market-socialism",  # rulings 268, 269: no wage, purchase or plan of his
)
"""The scenarios whose decisions under Exile this catalogue spells (every one with violence:
Exile is refused by the rules in Crusoe's Economy), under every government (rulings 176, 179,
210, 278-284: an exile is asked nothing of the main encampment's government)."""
EXILE_UNSPELLED: dict[str, object] = {}
"""Modules with which Exile is not spelled (each option and its value when not in play): none
since Exile with Corporations (rulings 324-329): the rules ask an exile no corporate question
and refuse a gift to him, so the masks, being the rules' checks, follow them
(test_optional_exile_corporations.py plays mask-following agents with exiled stockholders)."""


def spelled(options: Options) -> bool:
    """Whether this catalogue spells the game's decisions under its punishments. Exile is
    spelled in :data:`SPELLED_EXILE`, under every government and with every module but those
    of :data:`EXILE_UNSPELLED` (Class Warfare and Market Socialism, Landlords, a President,
    a chart or a hybrid add no decision of an exile's: the rules ask him none, and refuse a
    Lease, a deed or a vote across, so the masks, being the rules' checks, follow them; with
    Slavery too, where a master in exile chooses for his slave in exile: rulings 300, 301,
    305). Crippling adds only its verdict, spelled in every economy the catalogue covers."""
    if "exile" not in str(options.get("punishments", "none")):
        return True
    if str(options.get("scenario", "crusoes-economy")) not in SPELLED_EXILE:
        return False
    return all(options.get(module, off) == off for module, off in EXILE_UNSPELLED.items())


class PunishedEncoding(ModuleEncoding):
    """The catalogue with the verdicts and votes of Exile and Crippling (module docstring)."""

    def __init__(
        self,
        seats: Sequence[str],
        options: Options,
        advanced: bool = False,
        tack_ons: bool = False,
    ) -> None:
        chosen = punishments.read_options(options)
        self.exile = "exile" in chosen
        self.crippling = "crippling" in chosen
        super().__init__(seats, options, advanced, tack_ons)  # seat_size reads the flags
        extra = (*(EXILE_NAMES if self.exile else ()), *(CRIPPLE_NAMES if self.crippling else ()))
        if self.crippling:  # after the introductory games' ids: theirs keep their numbers
            extra += (*SOME_NAMES, *(f"cripple seat+{k}" for k in range(len(seats))))
            extra += ("cripple done",)
        self._append(extra)

    # -- spelling -------------------------------------------------------------------------
    def tokens(self, view: CrusoeView, order: Order) -> tuple[int, ...]:
        if order.word == "cripple" and order.name:
            named = order.name.split()
            ring = [self._relative(view, s) for s in named]
            ordered = sorted(ring, key=lambda r: int(r[len("seat+") :]))
            spelled_seats = (self._id(f"cripple {r}") for r in ordered)
            opener = self._id(f"cripple {order.number} of")
            return (opener, *spelled_seats, self._id("cripple done"))
        return super().tokens(view, order)

    def order(self, view: CrusoeView, draft: tuple[int, ...]) -> Order | None:
        if not draft:
            return None
        names = [self.actions[t] for t in draft]
        if names[0] in SOME_NAMES:
            if names[-1] != "cripple done":
                return None
            row = int(names[0].split()[1])
            seats = sorted(self._absolute(view, n.split()[1]) for n in names[1:-1])
            return Order("cripple", number=row, name=" ".join(seats))
        return super().order(view, draft)

    def next_tokens(
        self, view: CrusoeView, legal_orders: Sequence[Order] | None, draft: tuple[int, ...]
    ) -> list[int]:
        if view.decide == "verdict":
            return self._punished_verdict_mask(view, draft)
        if view.decide == "divide":
            return self._side_divide_mask(view, draft)
        return super().next_tokens(view, legal_orders, draft)

    def _punished_verdict_mask(self, view: CrusoeView, draft: tuple[int, ...]) -> list[int]:
        names = [self.actions[t] for t in draft]
        if names and names[0] in SOME_NAMES:
            return self._some_mask(view, names)
        mask = set(self._verdict_mask(view, draft))
        if draft:  # a fine being spelled unit by unit
            return sorted(mask)
        if self.exile and "exile" in self._me(view).roles:  # no track swap in exile (173)
            mask.discard(self.index_of["swap"])
        state = sample_state(view, self.options, random.Random(0))  # losers, defaults: public
        extra = (*(("exile",) if self.exile else ()), *(CRIPPLE_NAMES if self.crippling else ()))
        mask |= {self._id(n) for n in extra if _allowed(state, view.seat, parse_order(n))}
        for row in punishments.CRIPPLING_ROWS if self.crippling else ():
            if self._some_candidates(view, state, row, []):
                mask.add(self._id(f"cripple {row} of"))
        return sorted(mask)

    def _some_mask(self, view: CrusoeView, names: list[str]) -> list[int]:
        """After ``cripple ROW of`` and the losers named so far: a later loser whose naming
        the rules accept, and ``cripple done`` once one is named."""
        row = int(names[0].split()[1])
        named = [n.split()[1] for n in names[1:]]
        state = sample_state(view, self.options, random.Random(0))
        allowed = [self._id(f"cripple {r}") for r in self._some_candidates(view, state, row, named)]
        return sorted(allowed + ([self._id("cripple done")] if named else []))

    def _some_candidates(
        self, view: CrusoeView, state: CrusoeState, row: int, named: list[str]
    ) -> list[str]:
        """The losers (relative) after the last one named whose naming the rules accept."""
        losers = [self._relative(view, s) for s in self._losers(view)]
        last = int(named[-1][len("seat+") :]) if named else -1
        later = [r for r in losers if int(r[len("seat+") :]) > last]
        fine = []
        for rel in later:
            seats = sorted(self._absolute(view, r) for r in (*named, rel))
            order = Order("cripple", number=row, name=" ".join(seats))
            if _allowed(state, view.seat, order):
                fine.append(rel)
        return fine

    @staticmethod
    def _losers(view: CrusoeView) -> list[str]:
        """The living losers of the battle under verdict (public: who fought is in the open)."""
        alive = {p.seat for p in view.players if p.alive}
        battle = view.battles[view.battle] if view.battle < len(view.battles) else {}
        return [s for s in battle.get("defenders", []) if s in alive]

    def _side(self, view: CrusoeView) -> list[str]:
        """The living of the viewer's side: who shares the pool he divides (Exile)."""
        return [p.seat for p in view.players if p.alive and not apart(view, view.seat, p.seat)]

    def _side_divide_mask(self, view: CrusoeView, draft: tuple[int, ...]) -> list[int]:
        if len(draft) >= sum(view.pile.values()):
            return [self.index_of["divide done"]]
        side = self._side(view)
        return sorted(self.index_of[f"divide to {self._relative(view, s)}"] for s in side)

    def _division(self, view: CrusoeView, names: list[str]) -> Order:
        """The division spelled, listing the seats of the divider's side only (a seat of the
        other side named even with nothing is refused: ruling 122)."""
        units = [good for good in GOODS for _ in range(view.pile.get(good, 0))]
        shares: dict[str, dict[str, int]] = {seat: {} for seat in self._side(view)}
        for good, name in zip(units, names, strict=False):
            seat = self._absolute(view, name.split()[-1])
            shares.setdefault(seat, {})
            shares[seat][good] = shares[seat].get(good, 0) + 1
        text = " ".join(
            f"{seat} " + (" ".join(f"{g} {n}" for g, n in goods.items()) or "nothing")
            for seat, goods in shares.items()
        )
        return parse_order(f"divide {text}")

    def seat_size(self) -> int:
        return super().seat_size() + (len(EXILE_ROLES) if self.exile else 0)

    def _seat(self, view: CrusoeView, p: PlayerView) -> list[float]:
        vector = super()._seat(view, p)
        if self.exile:
            vector += [float(role in p.roles) for role in EXILE_ROLES]
        return vector

    @staticmethod
    def _me(view: CrusoeView) -> PlayerView:
        return next(p for p in view.players if p.seat == view.seat)
