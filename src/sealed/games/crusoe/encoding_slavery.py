"""The research encoding under the Alternate Punishment Slavery.

:class:`SlaveryEncoding` is :class:`~sealed.games.crusoe.encoding_exile.PunishedEncoding` (the
introductory catalogue, the money economies', the tack-ons' and the modules' parts where they
are in play, and Exile's and Crippling's names when they are played with Slavery) with its
catalogue extended at the end, so every id without Slavery keeps its number:

- the verdict ``enslave`` (ruling 124) and a supervised slave's ``take nothing`` (ruling 134:
  his master may have him take nothing, to avoid a duplication); a master's choice of his
  slave's path and what his supervised slave takes are the ``path P`` and ``take ICON`` the
  catalogue spells, asked of the master (the rules list them: the mask is that list), and so
  are the master's ``yes``/``no`` to his slave's attack under ``slavery_permission`` (168);
- at the feeding (ruling 128), and under ``slavery_any_time`` when the master is asked for a
  path or to initiate violence (ruling 169): ``feed seat+k`` or ``free seat+k`` (the slave),
  then the goods given unit by unit, ``gift +GOOD`` (in the goods' order, never going back,
  so an order has one spelling; at most :data:`GIFT_UNITS` units), ``gift done`` seals it;
  or ``hand seat+k to seat+j`` (ruling 132: no goods go with him). ``feed`` is only at the
  feeding.

The masks are the rules' checks on a state drawn from the view (who is whose slave, who was
fed or handed over, and the viewer's own goods are in his view; the slave to feed is the open
decision's offer, shown to the master). The observation gives each seat, after its other
values, its master (one-hot, relative to the viewer, or none), the marks of the feeding and the
supervision on it (fed, handed over, handed aside, directed, duplicated, even roll) and whether
the open decision's offer names it (the slave whose path, take or feeding the master decides,
or who asks leave to attack). All of these are public roles, or the viewer's own decision.

Slavery is spelled wherever the rules build it, except where the catalogue beneath does not
spell a decision it adds: with Exile only where :func:`encoding_exile.spelled` spells Exile.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from sealed.core.encoding import one_hot
from sealed.core.game import Options
from sealed.games.crusoe import encoding_exile
from sealed.games.crusoe.encoding import _allowed
from sealed.games.crusoe.encoding_exile import PunishedEncoding
from sealed.games.crusoe.modules import slavery
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.sampler import sample_state
from sealed.games.crusoe.state import GOODS, CrusoeState
from sealed.games.crusoe.views import CrusoeView, PlayerView

GIFT_UNITS = 10
"""The most units a master gives a slave he feeds or frees in one order."""
GIFT_DONE = "gift done"
MARKS = (
    slavery.FED,
    slavery.HANDED,
    slavery.HANDED_ASIDE,
    slavery.DIRECTED,
    slavery.DUPLICATED,
    slavery.EVEN,
)
"""The public marks of the feeding and the supervision observed per seat."""
SLAVE_WORDS = ("feed", "free", "hand")


def action_names(seats: int) -> list[str]:
    """Slavery's part of the catalogue, for ``seats`` players (a slave is never seat+0)."""
    names = ["enslave", "take nothing"]
    names += [f"{word} seat+{k}" for word in ("feed", "free") for k in range(1, seats)]
    others = range(1, seats)
    names += [f"hand seat+{k} to seat+{j}" for k in others for j in others if j != k]
    return names + [f"gift +{good}" for good in GOODS] + [GIFT_DONE]


def spelled(options: Options) -> bool:
    """Whether this catalogue spells the game's decisions under its punishments: Slavery's
    everywhere the rules build it; Exile's only where :mod:`.encoding_exile` spells them."""
    return encoding_exile.spelled(options)


class SlaveryEncoding(PunishedEncoding):
    """The catalogue with Slavery's verdict, feeding, freeing and handing over (module
    docstring)."""

    def __init__(
        self,
        seats: Sequence[str],
        options: Options,
        advanced: bool = False,
        tack_ons: bool = False,
    ) -> None:
        super().__init__(seats, options, advanced, tack_ons)  # seat_size adds Slavery's values
        self.any_time = bool(options.get("slavery_any_time", False))
        self._append(action_names(len(self.seats)))

    # -- spelling -------------------------------------------------------------------------
    def tokens(self, view: CrusoeView, order: Order) -> tuple[int, ...]:
        if order.word not in SLAVE_WORDS or view.decide == "husband":  # a wife's gift (200)
            return super().tokens(view, order)
        if order.word == "hand":
            slave, _, new = order.name.partition(" ")
            rel = self._relative
            return (self._id(f"hand {rel(view, slave)} to {rel(view, new)}"),)
        units = [good for good in GOODS for _ in range(dict(order.goods).get(good, 0))]
        if len(units) > GIFT_UNITS:
            raise ValueError(f"the Crusoe catalogue spells a gift of at most {GIFT_UNITS} units")
        opener = self._id(f"{order.word} {self._relative(view, order.name)}")
        return (opener, *(self._id(f"gift +{g}") for g in units), self._id(GIFT_DONE))

    def order(self, view: CrusoeView, draft: tuple[int, ...]) -> Order | None:
        if not draft:
            return None
        names = [self.actions[t] for t in draft]
        words = names[0].split()
        if words[0] == "hand" and len(words) == 4:
            slave, new = self._absolute(view, words[1]), self._absolute(view, words[3])
            return Order("hand", name=f"{slave} {new}")
        if words[0] in ("feed", "free") and len(words) == 2 and words[1].startswith("seat+"):
            if names[-1] != GIFT_DONE:
                return None
            counts: dict[str, int] = {}
            for name in names[1:-1]:
                good = name[len("gift +") :]
                counts[good] = counts.get(good, 0) + 1
            goods = tuple((g, counts[g]) for g in GOODS if g in counts)
            return Order(words[0], name=self._absolute(view, words[1]), goods=goods)
        return super().order(view, draft)

    # -- masks ----------------------------------------------------------------------------
    def next_tokens(
        self, view: CrusoeView, legal_orders: Sequence[Order] | None, draft: tuple[int, ...]
    ) -> list[int]:
        names = [self.actions[t] for t in draft]
        if names and names[0].split()[0] in ("feed", "free") and names[0][5:].startswith("seat+"):
            return self._gift_mask(view, names[1:])
        if view.decide == "feed":
            return self._feeding_mask(view)
        mask = super().next_tokens(view, legal_orders, draft)
        if draft:
            return mask
        aside = self.any_time and view.decide in slavery.ASIDE_ASKS  # ruling 169
        if view.decide != "verdict" and not aside:
            return mask
        state = sample_state(view, self.options, random.Random(0))  # the bonds are public
        if view.decide == "verdict" and _allowed(state, view.seat, Order("enslave")):
            mask = [*mask, self._id("enslave")]
        for slave in slavery.slaves_of(state, view.seat) if aside else []:
            mask += self._release_tokens(state, view, slave, "free")
        return sorted(set(mask))

    def _feeding_mask(self, view: CrusoeView) -> list[int]:
        """The slave the feeding names: fed or freed (goods follow), or handed over."""
        state = sample_state(view, self.options, random.Random(0))
        slave = str(view.offer[0])
        feed = Order("feed", name=slave)
        fed = [self._id(f"feed {self._relative(view, slave)}")]
        fed = fed if _allowed(state, view.seat, feed) else []
        return sorted(fed + self._release_tokens(state, view, slave, "free"))

    def _release_tokens(
        self, state: CrusoeState, view: CrusoeView, slave: str, word: str
    ) -> list[int]:
        """``free`` the slave (goods follow), and every ``hand`` of him the rules allow."""
        tokens = []
        if _allowed(state, view.seat, Order(word, name=slave)):
            tokens.append(self._id(f"{word} {self._relative(view, slave)}"))
        for new in self.seats:
            if new in (view.seat, slave):
                continue
            if _allowed(state, view.seat, Order("hand", name=f"{slave} {new}")):
                rel = self._relative
                tokens.append(self._id(f"hand {rel(view, slave)} to {rel(view, new)}"))
        return tokens

    def _gift_mask(self, view: CrusoeView, drafted: list[str]) -> list[int]:
        """The next unit of the gift (goods the master holds, in the goods' order, at most
        :data:`GIFT_UNITS`), or ``gift done``."""
        units = [name[len("gift +") :] for name in drafted]
        allowed = [self._id(GIFT_DONE)]
        if len(units) >= GIFT_UNITS:
            return allowed
        held = self._me(view).goods
        last = GOODS.index(units[-1]) if units else 0
        for good in GOODS[last:]:
            if units.count(good) < held.get(good, 0):
                allowed.append(self._id(f"gift +{good}"))
        return sorted(allowed)

    # -- observing ------------------------------------------------------------------------
    def seat_size(self) -> int:
        return super().seat_size() + len(self.seats) + 1 + len(MARKS) + 1

    def _seat(self, view: CrusoeView, p: PlayerView) -> list[float]:
        vector = super()._seat(view, p)
        table = [q.seat for q in view.players]  # slave-of-N: N is a place at the table
        role = next((r for r in p.roles if r.startswith(slavery.SLAVE)), None)
        master = table[int(role.removeprefix(slavery.SLAVE))] if role else None
        index = int(self._relative(view, master)[len("seat+") :]) if master else len(self.seats)
        vector += one_hot(index, len(self.seats) + 1)
        vector += [float(mark in p.roles) for mark in MARKS]
        named = bool(view.offer) and str(view.offer[0]) == p.seat
        return [*vector, float(named)]
