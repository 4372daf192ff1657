"""The research encoding of a Bureaucracy's decisions for the players (rulings 69-75, 189-191).

A chart's boxes and amendments are free text, so no fixed catalogue spells them all. This
one spells a fixed set the rules accept, appended to the catalogue where a chart decides a
task (a Bureaucracy, or a hybrid with a Bureaucracy's branch):

- **the first player's box** when the chart cannot decide the case at hand (``box``): the
  box a bot or the deadline writes, ``if cycle == N: RESULT`` (this cycle's case only;
  a path's purchase limit for that path's walkers only, ruling 290), with RESULT a number
  from :data:`LEVELS` (``box N``), ``box no-limit`` for a purchase limit (no limit, as
  ruling 75's deadline), or ``box lowest-vp`` for an heir (the lowest VP, ties by dice).
  The text is ``bureaucracy.bot_box``'s, which brings a number into the task's range (a path
  0-7, a rent at least 1), so two levels may write the same box: the mask offers the first
  of them only, so a box has one spelling. The mask is the rules' check of each box on a
  state drawn from the view (the chart, its memory and the case are public);
- **an amendment** (``amend``): ``pass`` only. An amendment names a box of the chart by
  number and writes a new one: a fixed set of them would be tied to one chart's text, so it
  is not spelled (the agents never amend; they vote on another's amendment with the rules'
  ``yes``/``no``).

The observation does not read the chart's text: the decision due (``box``, ``amend``,
``amend-ballot``) is in the plain observation's one-hot.
"""

from __future__ import annotations

from collections.abc import Callable

from sealed.games.crusoe import bureaucracy
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.views import CrusoeView

LEVELS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 15, 20, 30, 50, 100)
"""The numbers a first player's box may decide a case with."""
NO_LIMIT, LOWEST_VP = "box no-limit", "box lowest-vp"
ASKS = ("box", "amend")


def action_names() -> list[str]:
    return [f"box {n}" for n in LEVELS] + [NO_LIMIT, LOWEST_VP]


def is_box(name: str) -> bool:
    return name.startswith("box ")


def _candidates(view: CrusoeView) -> dict[str, Order]:
    """Each spelled box for the case in the view, the first name of each distinct box."""
    case, cycle = view.chart_case, view.cycle
    if "(choose a player)" in case:
        return {LOWEST_VP: bureaucracy.bot_box(case, cycle, 0)}
    boxes: dict[str, Order] = {}
    seen: set[str] = set()
    numbers = [(f"box {n}", n) for n in LEVELS]
    if case.startswith("purchase_limits"):
        numbers.append((NO_LIMIT, bureaucracy.MAX_DOLLARS))
    for name, number in numbers:
        box = bureaucracy.bot_box(case, cycle, number)
        if box.name not in seen:
            seen.add(box.name)
            boxes[name] = box
    return boxes


def spell(view: CrusoeView, order: Order) -> list[str]:
    """The name of a box the catalogue spells (``ValueError``: another box)."""
    for name, box in _candidates(view).items():
        if box == order:
            return [name]
    raise ValueError(
        "the Crusoe catalogue spells a first player's box as bureaucracy.bot_box writes it "
        f"for this cycle's case with a number of {LEVELS} or no limit, not {order.name!r}"
    )


def read(view: CrusoeView, name: str) -> Order | None:
    return _candidates(view).get(name)


def mask_names(view: CrusoeView, allowed: Callable[[Order], bool]) -> list[str]:
    """The boxes the rules accept for the case at hand; an amendment: ``pass`` only."""
    if view.decide == "amend":
        return ["pass"]
    return [name for name, box in _candidates(view).items() if allowed(box)]
