"""The research encoding of the Corporations' decisions (rulings 136-145, 180, 181, 183).

:class:`~sealed.games.crusoe.encoding_modules.ModuleEncoding` appends these names to the
catalogue when ``corporations=true``; amounts are spelled from fixed levels, so an order off
them cannot be spelled (``ValueError``):

- **an investment** share by share: ``invest +PATH`` adds one share ($10) in the path's
  corporation (paths in the board's order, never going back, so an investment has one
  spelling; at most :data:`MAX_SHARES` shares), ``invest done`` seals it (alone: ``invest
  none``). The mask allows a share while the money held pays for it (ruling 137);
- **the cost to traverse a path** (ruling 142): ``fee $N`` or ``salary $N`` (N in
  :data:`TOLLS`);
- **the Experience rolls bought** (ruling 145): ``experience N`` (0 to :data:`MAX_ROLLS`,
  what the coffers pay for); with ``corporations_dividend`` then ``dividend $D`` (D in
  :data:`DIVIDENDS`, the rolls and the dividend on every living share within the coffers:
  ruling 180); the corporation's new number is ``learn N`` (1-6);
- **the exchange** (rulings 181, 183): ``exchange none``, or one gift to one player:
  ``exchange seat+k PATH`` (one share) or ``exchange seat+k $D`` (D in :data:`GIFTS`); or
  several gifts, to one player or several: ``exchange gifts``, then the gifts in the
  viewer's seat order, each player's shares one by one in the board's order and then at
  most one ``$D``, then ``exchange done`` after two gifts at least (one gift is the single
  token above, so an exchange has one spelling; its players are read back in the viewer's
  seat order). The mask is the rules' check of the gifts drafted with each one more, and a
  first gift is offered only when a second may follow it. The two names are appended after
  every module's (:func:`late_names`), so the Church's and the MNCs' ids stay.

Observation (the ledger is public): per path the coffers, this cycle's cost (fee or salary
and dollars), the corporation's Experience numbers, whether its holders decide now, and the
rolls still to make; per seat its shares of each path, its rents owed to the corporations and
the dividends owed to it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from sealed.core.encoding import one_hot
from sealed.games.crusoe.modules import corporations
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.state import PATHS
from sealed.games.crusoe.views import CrusoeView

MAX_SHARES = 20
"""The most shares one investment spells."""
TOLLS = (0, 1, 2, 3, 5, 8, 10, 15, 20, 30, 40, 50, 60, 80, 100)
"""The dollars a fee or salary vote may name."""
MAX_ROLLS = 10
"""The most Experience rolls a vote spells."""
DIVIDENDS = (0, 1, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 50)
"""The dollars a share a dividend vote may name."""
GIFTS = (1, 2, 3, 5, 10, 15, 20, 30, 50, 100)
"""The dollars one gift of the exchange may name."""
ASKS = ("invest", "toll", "spend", "dividend", "corp-learn", "exchange")
SCALE = 100.0

Relative = Callable[[CrusoeView, str], str]


def action_names(seats: int) -> list[str]:
    names = [f"invest +{p}" for p in PATHS] + ["invest done"]
    names += [f"{kind} ${n}" for kind in ("fee", "salary") for n in TOLLS]
    names += [f"experience {n}" for n in range(MAX_ROLLS + 1)]
    names += [f"dividend ${d}" for d in DIVIDENDS]
    names += [f"learn {n}" for n in range(1, 7)] + ["exchange none"]
    for k in range(1, seats):
        names += [f"exchange seat+{k} {p}" for p in PATHS]
        names += [f"exchange seat+{k} ${d}" for d in GIFTS]
    return names


GIFTS_OPEN, GIFTS_DONE = "exchange gifts", "exchange done"


def late_names() -> list[str]:
    """The several gifts' opener and seal, appended after every module's names."""
    return [GIFTS_OPEN, GIFTS_DONE]


def is_corporate(name: str) -> bool:
    """A first token that opens a Corporations order (read by :func:`read`)."""
    return name.startswith(("invest ", "fee $", "salary $", "experience ", "exchange "))


# -- spelling -------------------------------------------------------------------------


def spell(view: CrusoeView, order: Order, relative: Relative) -> list[str]:
    word = order.word
    if word == "invest":
        return _invest_names(order)
    if word in ("fee", "salary"):
        return [f"{word} ${_level(order.number, TOLLS, word)}"]
    if word == "experience":
        if order.number > MAX_ROLLS:
            raise ValueError(f"the Crusoe catalogue spells at most {MAX_ROLLS} rolls")
        names = [f"experience {order.number}"]
        if view.decide == "dividend":
            names.append(f"dividend ${_level(order.dollars, DIVIDENDS, 'dividend')}")
        return names
    if word == "exchange":
        names = _gift_names(view, order, relative)
        return names if len(names) == 1 else [GIFTS_OPEN, *names, GIFTS_DONE]
    raise ValueError(f"the Crusoe catalogue has no Corporations order {word!r}")


def _level(value: int, levels: tuple[int, ...], what: str) -> int:
    if value not in levels:
        raise ValueError(f"the Crusoe catalogue spells a {what} of {levels}, not {value}")
    return value


def _invest_names(order: Order) -> list[str]:
    shares = dict(order.terms)
    if any(n % corporations.SHARE for n in shares.values()):
        raise ValueError("the Crusoe catalogue spells whole shares ($10 each)")
    units = [p for p in PATHS for _ in range(shares.get(p, 0) // corporations.SHARE)]
    if len(units) > MAX_SHARES:
        raise ValueError(f"the Crusoe catalogue spells at most {MAX_SHARES} shares")
    return [f"invest +{p}" for p in units] + ["invest done"]


def _gift_names(view: CrusoeView, order: Order, relative: Relative) -> list[str]:
    """Each gift's tokens, players in the viewer's seat order: one a share, then ``$D``."""
    if not order.name:
        return ["exchange none"]
    given = sorted(corporations.gifts(order), key=lambda g: _ring(relative(view, g[0])))
    names: list[str] = []
    for seat, terms, dollars in given:
        to = relative(view, seat)
        counts = dict(terms)
        names += [f"exchange {to} {p}" for p in PATHS for _ in range(counts.get(p, 0))]
        names += [f"exchange {to} ${_level(dollars, GIFTS, 'gift')}"] if dollars else []
    return names


def _ring(relative_seat: str) -> int:
    return int(relative_seat.split("+")[1])


def gift_key(name: str) -> tuple[int, int, int]:
    """Where a gift's token stands in the spelling: the player, his shares, his dollars."""
    words = name.split()
    if words[2].startswith("$"):
        return (_ring(words[1]), 1, 0)
    return (_ring(words[1]), 0, PATHS.index(words[2]))


def may_follow(last: str, name: str) -> bool:
    """Whether gift token ``name`` may follow ``last`` (a share may repeat, dollars may not)."""
    before, after = gift_key(last), gift_key(name)
    return after > before or (after == before and after[1] == 0)


def gift_tokens(seats: int) -> list[str]:
    """Every gift token, in the spelling's order."""
    names: list[str] = []
    for k in range(1, seats):
        names += [f"exchange seat+{k} {p}" for p in PATHS]
        names += [f"exchange seat+{k} ${d}" for d in GIFTS]
    return names


def read(view: CrusoeView, names: list[str], absolute: Relative) -> Order | None:
    """The Corporations order ``names`` spell, or None while more are due."""
    first = names[0]
    if first.startswith("invest "):
        if names[-1] != "invest done":
            return None
        counts = {p: names.count(f"invest +{p}") * corporations.SHARE for p in PATHS}
        return Order("invest", terms=tuple((p, n) for p, n in counts.items() if n))
    words = first.split()
    if words[0] in ("fee", "salary"):
        return Order(words[0], number=int(words[1].lstrip("$")))
    if words[0] == "experience":
        if view.decide == "dividend":
            if len(names) < 2:
                return None
            return Order("experience", number=int(words[1]), dollars=_dollars(names[1]))
        return Order("experience", number=int(words[1]))
    if first == "exchange none":
        return Order("exchange")
    if first == GIFTS_OPEN:
        return _gifts(view, names, absolute) if names[-1] == GIFTS_DONE else None
    to = absolute(view, words[1])
    if words[2].startswith("$"):
        return Order("exchange", name=to, dollars=_dollars(first))
    return Order("exchange", name=to, terms=((words[2], 1),))


def _gifts(view: CrusoeView, names: list[str], absolute: Relative) -> Order:
    """The exchange of several gifts spelled between ``exchange gifts`` and ``exchange done``."""
    given: dict[str, tuple[dict[str, int], int]] = {}
    for name in names[1:-1]:
        _, seat, item = name.split()
        shares, dollars = given.setdefault(absolute(view, seat), ({}, 0))
        if item.startswith("$"):
            given[absolute(view, seat)] = (shares, int(item[1:]))
        else:
            shares[item] = shares.get(item, 0) + 1
    items = [
        (seat, tuple((p, shares[p]) for p in PATHS if p in shares), dollars)
        for seat, (shares, dollars) in given.items()
    ]
    (name, terms, dollars), others = items[0], items[1:]
    further = tuple((seat, (*more, *((("$", d),) if d else ()))) for seat, more, d in others)
    return Order("exchange", name=name, terms=terms, dollars=dollars, shares=further)


def _dollars(name: str) -> int:
    return int(name.split()[-1].lstrip("$"))


# -- masks ----------------------------------------------------------------------------


def mask_names(view: CrusoeView, draft: list[str]) -> list[str]:
    """The names that may follow ``draft`` (the exchange's gifts are checked by the rules)."""
    ask = view.decide or ""
    if ask == "invest":
        return _invest_mask(view, draft)
    if ask == "toll":
        return [f"{kind} ${n}" for kind in ("fee", "salary") for n in TOLLS]
    if ask in ("spend", "dividend"):
        return _rolls_mask(view, draft)
    if ask == "corp-learn":
        return [f"learn {n}" for n in range(1, 7)]
    raise ValueError(f"no Corporations mask for the decision {ask!r}")


def _invest_mask(view: CrusoeView, draft: list[str]) -> list[str]:
    money = next(p.money for p in view.players if p.seat == view.seat)
    last = PATHS.index(draft[-1][len("invest +") :]) if draft else 0
    more = (len(draft) + 1) * corporations.SHARE <= money and len(draft) < MAX_SHARES
    return ["invest done", *([f"invest +{p}" for p in PATHS[last:]] if more else [])]


def _rolls_mask(view: CrusoeView, draft: list[str]) -> list[str]:
    """Rolls and (ruling 180) a dividend on each living share within the coffers (145)."""
    ledger = view.corporations
    path = str(ledger.get("deciding", ""))
    coffers = int(ledger.get("coffers", {}).get(path, 0))
    if not draft:
        top = min(MAX_ROLLS, coffers // corporations.SHARE)
        return [f"experience {n}" for n in range(top + 1)]
    living = [p.seat for p in view.players if p.alive]
    shares = corporations.living_shares_in_view(ledger, path, living)
    left = coffers - int(draft[0].split()[1]) * corporations.SHARE
    return [f"dividend ${d}" for d in DIVIDENDS if d * shares <= left]


# -- observing ------------------------------------------------------------------------

HEADER_SIZE = len(PATHS) * 5 + len(PATHS) + 1 + 1
"""Per path: coffers, fee, salary, dollars, Experience numbers; the path deciding; rolls."""
SEAT_SIZE = len(PATHS) + 2
"""Shares per path, rents owed to the corporations, dividends owed to the seat."""


def observe_header(view: CrusoeView) -> list[float]:
    ledger = view.corporations
    vector: list[float] = []
    for path in PATHS:
        cost = corporations.cost_in_view(ledger, path)
        kind, dollars = cost if cost else ("", 0)
        vector += [_get(ledger, "coffers", path) / SCALE, float(kind == "fee")]
        vector += [float(kind == "salary"), dollars / SCALE]
        vector.append(len(ledger.get("experience", {}).get(path, [])) / 6)
    deciding = str(ledger.get("deciding", ""))
    vector += one_hot(PATHS.index(deciding) if deciding in PATHS else len(PATHS), len(PATHS) + 1)
    return [*vector, int(ledger.get("rolls", 0)) / MAX_ROLLS]


def observe_seat(view: CrusoeView, seat: str) -> list[float]:
    ledger = view.corporations
    shares = ledger.get("shares", {})
    vector = [int(shares.get(p, {}).get(seat, 0)) / 10 for p in PATHS]
    debts = sum(int(n) for n in ledger.get("debts", {}).get(seat, {}).values())
    owed = sum(int(n) for n in ledger.get("dividends", {}).get(seat, {}).values())
    return [*vector, debts / SCALE, owed / SCALE]


def _get(ledger: Mapping[str, Any], key: str, path: str) -> int:
    table = ledger.get(key, {})
    return int(table.get(path, 0)) if isinstance(table, dict) else 0
