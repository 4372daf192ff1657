"""The research encoding under the Alternate Punishments Exile and Crippling.

:class:`PunishedEncoding` is :class:`~sealed.games.crusoe.encoding.CrusoeEncoding` with its
catalogue extended at the end (the introductory ids are unchanged):

- under Exile: the verdict ``exile``, and the exiles' vote ``establish tribal-capitalism``,
  ``establish tribal-communism``, ``establish tribal-socialism``, ``return`` (``pass`` is
  already spelled). The vote's choices are the rules' list, so its mask is that list;
- under Crippling: the verdict ``cripple ROW`` on every loser, for each row the table allows
  (2-5, 9-12). ``cripple ROW SEAT ...`` (some of the losers) is not spelled, as an offer of
  more than one unit is not: the verdict on all of them is.

A Socialist division is spelled to the seats of the divider's own side only (the exiles'
pool, or the main encampment's: ``punishments.sharers``), and an exiled winner is not offered
the Traditional Economy's track swap (ruling 173). Under Exile the observation gives each
seat four more values: in exile, and the exiles' economy established (barter, share, pool).
"""

from __future__ import annotations

from collections.abc import Sequence

from sealed.core.game import Options
from sealed.games.crusoe.bot_values import apart
from sealed.games.crusoe.encoding import CrusoeEncoding
from sealed.games.crusoe.modules import punishments
from sealed.games.crusoe.orders import Order, parse_order
from sealed.games.crusoe.state import GOODS
from sealed.games.crusoe.views import CrusoeView, PlayerView

EXILE_NAMES = ("exile", *(f"establish {e}" for e in punishments.TRIBAL), "return")
CRIPPLE_NAMES = tuple(f"cripple {row}" for row in punishments.CRIPPLING_ROWS)
EXILE_ROLES = (punishments.EXILE, punishments.BARTER, punishments.SHARE, punishments.POOL)


class PunishedEncoding(CrusoeEncoding):
    """The introductory catalogue with the verdicts and votes of Exile and Crippling."""

    def __init__(self, seats: Sequence[str], options: Options) -> None:
        chosen = punishments.read_options(options)
        self.exile = "exile" in chosen
        self.crippling = "crippling" in chosen
        super().__init__(seats)  # its observation size reads seat_size, extended here
        self.options = dict(options)  # for the states drawn to check offers
        names = list(self.actions)
        extra = (*(EXILE_NAMES if self.exile else ()), *(CRIPPLE_NAMES if self.crippling else ()))
        for name in extra:
            self.index_of[name] = len(names)
            names.append(name)
        self.actions = tuple(names)

    def next_tokens(
        self, view: CrusoeView, legal_orders: Sequence[Order] | None, draft: tuple[int, ...]
    ) -> list[int]:
        if view.decide == "verdict":
            return self._punished_verdict_mask(view, draft)
        if view.decide == "divide":
            return self._side_divide_mask(view, draft)
        return super().next_tokens(view, legal_orders, draft)

    def _punished_verdict_mask(self, view: CrusoeView, draft: tuple[int, ...]) -> list[int]:
        mask = set(self._verdict_mask(view, draft))
        if draft:  # a fine being spelled unit by unit
            return sorted(mask)
        if self.exile and "exile" in self._me(view).roles:  # no track swap in exile (173)
            mask.discard(self.index_of["swap"])
        extra = (*(("exile",) if self.exile else ()), *(CRIPPLE_NAMES if self.crippling else ()))
        return sorted(mask | {self.index_of[name] for name in extra})

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
