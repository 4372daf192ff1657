"""Corporations (Advanced Tack-on Modules, Economic Modules): shares in the paths.

"This tack-on explores the accumulation of capital as a means of economic growth, and it can
only be added to economies that use money ... An investment subphase is added to the trade
phase just before excess money is discarded (between the wholesale and retail phases in a
monetary market economy). During this subphase players may invest any remaining money they
have in one or more paths, with each $10 invested in a given path providing one share of that
corporation to the player. Such money goes into the corporate coffers."

Option: ``corporations=true`` (Mad Jack adds the two options below, ruling 184), with every
economy that uses money (``MONEY_SCENARIOS``; in Market Socialism the subphase follows the
purchases from the vault and the costs are paid from the wages, ruling 160). Built (rulings
136-145): the investment subphase (``invest ant 20 sand_crab 10`` or ``invest none``, written by
all at once), the coffers, the shares added to the violence roll, the shares taken like goods
after a lost fight, no personal Experience; each cycle before the order of play the cost to
traverse each path, voted by its stockholders weighted by shares (``fee 10`` or ``salary 60``),
paid when the player first holds money; at the end of the investment subphase the Experience
rolls each corporation buys (``experience 2``, then ``learn 4``), used by anyone on its path.
Without ``corporations_dividend`` no dividend is paid (ruling 139); with it the holders vote the
rolls and a dividend a share in one ballot (``experience 1 dividend 3``), the dividend owed to
each living holder and paid when he next holds money (ruling 180). With
``corporations_exchange`` the subphase opens with the players' gifts of shares and money
(``exchange ben ant 2 $15 cy $5``, rulings 181, 183). The bots read the public ledger through
``cost_in_view`` and ``dividend_vote``. Everything here is public.

Under Exile (rulings 324-329, ``abroad``) the corporations are the main encampment's economy: an
exile keeps his shares, but while away they carry no vote, dividend or violence bonus and the
exiles' battles take none; he walks any path free, his fees and the dividends owed him are void
at the next collection; he gains his own Experience, not the corporation's; he neither invests
nor exchanges, and nothing is given him.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sealed.core import setup
from sealed.core.errors import OptionError
from sealed.core.events import Event
from sealed.core.game import JsonDict, Options
from sealed.games.crusoe.modules import gender, slavery

if TYPE_CHECKING:
    from sealed.core.chance import Chance
    from sealed.games.crusoe.orders import Order
    from sealed.games.crusoe.state import CrusoeState

PATHS = ("ant", "dung_beetle", "spider", "sand_crab", "firefly", "bookworm", "grasshopper")
SHARE = 10
"""Dollars a share: "each $10 invested in a given path providing one share"."""
MONEY_SCENARIOS = (
    "national-capitalism",
    "welfare-capitalism",
    "class-warfare-capitalism",
    "state-capitalism",
    "centralized-communism",
    "market-socialism",
)
"""The economies that use money (the Monetary Market rules, and Market Socialism's wages)."""
MONETARY = MONEY_SCENARIOS[:-1]
"""The monetary market economies: their wholesale subphase ends by discarding the money."""


@dataclass(slots=True, eq=False)
class Corporations:
    """The public ledger: each path's shares per seat and its coffers."""

    shares: dict[str, dict[str, int]] = field(default_factory=dict)  # path -> seat -> shares
    coffers: dict[str, int] = field(default_factory=dict)  # path -> dollars
    invested: int = 0  # the cycle whose investment subphase is over (0: none yet)
    costs: dict[str, list[Any]] = field(default_factory=dict)  # path -> [fee|salary, dollars]
    costed: int = 0  # the cycle whose costs to traverse are all set (0: none yet)
    deciding: str = ""  # the path whose stockholders are voting its cost now
    debts: dict[str, dict[str, int]] = field(default_factory=dict)  # seat -> path -> $ owed
    experience: dict[str, list[int]] = field(default_factory=dict)  # path -> numbers (145)
    spent: int = 0  # the cycle whose experience purchases are over (0: none yet)
    rolls: int = 0  # the rolls still to make for the corporation ``deciding`` (ruling 145)
    dividends: dict[str, dict[str, int]] = field(default_factory=dict)  # seat -> path -> $ (180)
    exchanged: int = 0  # the cycle whose exchange of shares and money is over (ruling 181)

    def copy(self) -> Corporations:
        return Corporations(
            {p: dict(h) for p, h in self.shares.items()},
            dict(self.coffers),
            self.invested,
            {p: list(c) for p, c in self.costs.items()},
            self.costed,
            self.deciding,
            {s: dict(d) for s, d in self.debts.items()},
            {p: list(n) for p, n in self.experience.items()},
            self.spent,
            self.rolls,
            {s: dict(d) for s, d in self.dividends.items()},
            self.exchanged,
        )

    def to_json(self) -> JsonDict:
        return {
            "shares": {p: dict(h) for p, h in self.shares.items()},
            "coffers": dict(self.coffers),
            "invested": self.invested,
            "costs": {p: list(c) for p, c in self.costs.items()},
            "costed": self.costed,
            "deciding": self.deciding,
            "debts": {s: dict(d) for s, d in self.debts.items()},
            "experience": {p: list(n) for p, n in self.experience.items()},
            "spent": self.spent,
            "rolls": self.rolls,
            # Written only once used (rulings 180, 181), so the states of games without the
            # dividend or the exchange keep their digests.
            **(
                {"dividends": {s: dict(d) for s, d in self.dividends.items()}}
                if self.dividends
                else {}
            ),
            **({"exchanged": self.exchanged} if self.exchanged else {}),
        }


LEDGER_KEYS = (
    "shares",
    "coffers",
    "invested",
    "costs",
    "costed",
    "deciding",
    "debts",
    "experience",
    "spent",
    "rolls",
    "dividends",
    "exchanged",
)


def from_json(value: object, seats: Sequence[str]) -> Corporations:
    """:raises SetupError: an unknown path or seat, or a negative number."""
    keys = LEDGER_KEYS
    data = setup.mapping(value, ("corporations",), keys)
    shares = setup.mapping(data.get("shares") or {}, ("corporations", "shares"), PATHS)
    coffers = setup.mapping(data.get("coffers") or {}, ("corporations", "coffers"), PATHS)
    ledger = Corporations(invested=setup.integer(data.get("invested", 0), ("invested",), 0, 999))
    for path, holders in shares.items():
        where = ("corporations", "shares", str(path))
        held = setup.mapping(holders, where, seats)
        ledger.shares[str(path)] = {
            str(s): setup.integer(n, (*where, str(s)), 0, 99999) for s, n in held.items()
        }
    for path, n in coffers.items():
        ledger.coffers[str(path)] = setup.integer(n, ("corporations", "coffers"), 0, 10**7)
    costs = setup.mapping(data.get("costs") or {}, ("corporations", "costs"), PATHS)
    for path, cost in costs.items():
        where = ("corporations", "costs", str(path))
        if not isinstance(cost, list) or len(cost) != 2:
            raise setup.fail(where, "expected [fee|salary, dollars]")
        kind = setup.text(cost[0], where, COSTS)
        ledger.costs[str(path)] = [kind, setup.integer(cost[1], where, 0, 99999)]
    ledger.costed = setup.integer(data.get("costed", 0), ("corporations", "costed"), 0, 999)
    deciding = data.get("deciding") or ""
    ledger.deciding = setup.text(deciding, ("deciding",), PATHS) if deciding else ""
    debts = setup.mapping(data.get("debts") or {}, ("corporations", "debts"), seats)
    for seat, owed in debts.items():
        where = ("corporations", "debts", str(seat))
        held = setup.mapping(owed, where, PATHS)
        ledger.debts[str(seat)] = {
            str(p): setup.integer(n, (*where, str(p)), 0, 99999) for p, n in held.items()
        }
    numbers = setup.mapping(data.get("experience") or {}, ("corporations", "experience"), PATHS)
    for path, held in numbers.items():
        where = ("corporations", "experience", str(path))
        if not isinstance(held, list):
            raise setup.fail(where, "expected a list of numbers 1-6")
        ledger.experience[str(path)] = [setup.integer(n, where, 1, 6) for n in held]
    ledger.spent = setup.integer(data.get("spent", 0), ("corporations", "spent"), 0, 999)
    ledger.rolls = setup.integer(data.get("rolls", 0), ("corporations", "rolls"), 0, 99999)
    owed = setup.mapping(data.get("dividends") or {}, ("corporations", "dividends"), seats)
    for seat, due in owed.items():
        where = ("corporations", "dividends", str(seat))
        held = setup.mapping(due, where, PATHS)
        ledger.dividends[str(seat)] = {
            str(p): setup.integer(n, (*where, str(p)), 0, 10**7) for p, n in held.items()
        }
    exchanged = data.get("exchanged", 0)
    ledger.exchanged = setup.integer(exchanged, ("corporations", "exchanged"), 0, 999)
    return ledger


def read_options(options: Options) -> bool:
    """:raises OptionError: with a barter economy (the seed rules it out)."""
    if not options.get("corporations", False):
        return False
    scenario = str(options.get("scenario", "crusoes-economy"))
    if scenario not in MONEY_SCENARIOS:
        raise OptionError(
            f"corporations with {scenario}: Corporations can only be added to economies that "
            "use money"
        )
    return True


def settings(options: Options) -> dict[str, bool]:
    """``corporations``, ``corporations_dividend`` and ``corporations_exchange`` for
    ``Settings``.

    :raises OptionError: the dividend or the exchange without Corporations."""
    playing = read_options(options)
    chosen = {
        "corporations_dividend": bool(options.get("corporations_dividend", False)),
        "corporations_exchange": bool(options.get("corporations_exchange", False)),
    }
    for name, wanted in chosen.items():
        if wanted and not playing:
            raise OptionError(f"{name}: a rule of the Corporations module (corporations=true)")
    return {"corporations": playing, **chosen}


def on(state: CrusoeState) -> bool:
    return state.settings.corporations


def abroad(state: CrusoeState, seat: str) -> bool:
    """``seat`` is in exile: "the rules of the economy he has left no longer effect him", and the
    corporations are the main encampment's economy (Exile with Corporations, rulings 324-329)."""
    from sealed.games.crusoe.modules import punishments  # it imports slavery, which imports gender

    return not punishments.in_market(state, seat)


def shares_of(state: CrusoeState, seat: str) -> int:
    """ "each player adds the number of shares he owns in all corporations to his die roll";
    an exile's shares add nothing while he is away (ruling 327)."""
    if not on(state) or abroad(state, seat):
        return 0
    return sum(holders.get(seat, 0) for holders in state.corp.shares.values())


def personal_experience(state: CrusoeState, seat: str | None = None) -> bool:
    """ "Experience is not accrued by players in the normal way for completing paths"; an exile,
    whom that rule of the economy no longer affects, accrues his own (ruling 326)."""
    return not on(state) or (seat is not None and abroad(state, seat))


def investing(state: CrusoeState) -> bool:
    """Whether this cycle's investment subphase has opened, its exchange included (Market
    Socialism: the purchases from the vault are then over, ruling 160)."""
    opened = state.cycle in (state.corp.invested, state.corp.exchanged)
    return on(state) and opened


def ask_investment(state: CrusoeState, traders: Sequence[str]) -> bool:
    """Open the investment subphase (once a cycle): first the exchange of shares and money
    (option ``corporations_exchange``, ruling 181), then the investments of the traders with a
    share's money; True while it is open. Nobody with $10: it is over at once."""
    if not on(state) or state.corp.invested == state.cycle:
        return False
    if ask_exchange(state, traders):
        return True
    state.corp.invested = state.cycle
    traders = [s for s in traders if not abroad(state, s)]  # an exile invests nothing (328)
    able = tuple(s for s in traders if state.players[s].money >= SHARE)
    if not able:
        return False
    state.ask, state.waiting = "invest", able
    return True


# -- the exchange of shares and money (ruling 181) ---------------------------------------------


def ask_exchange(state: CrusoeState, traders: Sequence[str]) -> bool:
    """ "At the beginning of the investment subphase players may freely exchange shares and/or
    money with each other": once a cycle, every trader holding money or shares writes at once
    what he gives (``exchange ben ant 2 $15`` or ``exchange none``; ruling 181). Fewer than two
    traders, or nobody holding anything: nothing is asked."""
    if not state.settings.corporations_exchange or state.corp.exchanged == state.cycle:
        return False
    state.corp.exchanged = state.cycle
    traders = [s for s in traders if not abroad(state, s)]  # no exchange across (ruling 328)
    givers = tuple(s for s in traders if state.players[s].money or shares_of(state, s))
    if len(traders) < 2 or not givers:
        return False
    state.ask, state.waiting = "exchange", givers
    return True


Gift = tuple[str, tuple[tuple[str, int], ...], int]
"""One gift of an exchange: to whom, the shares of each path, the dollars."""


def gifts(order: Order) -> tuple[Gift, ...]:
    """The gifts an ``exchange`` order makes, one a player named (rulings 181, 183)."""
    if not order.name:
        return ()  # exchange none
    further = (
        (seat, tuple(i for i in items if i[0] != "$"), sum(n for k, n in items if k == "$"))
        for seat, items in order.shares
    )
    return ((order.name, order.terms, order.dollars), *further)


def exchange_problem(state: CrusoeState, seat: str, order: Order) -> str | None:
    """Gifts to other living traders, in all no more shares or money than the giver holds (181,
    183)."""
    for to, _, _ in gifts(order):
        if to == seat or to not in state.players or not state.players[to].alive:
            return f"exchange {to[:40]}: not another living player (Corporations)"
        if not gender.in_market(state, to):  # Doll's House: a wife takes no part (ruling 161)
            return f"exchange {to}: a wife does not participate in the market (Doll's House)"
        if not slavery.in_market(state, to):
            return (
                f"exchange {to}: a slave does not participate in trade in a money economy "
                "(Slavery, ruling 251)"
            )
        if abroad(state, to):
            return (
                f"exchange {to}: he is in exile, and exiles may not interact with non-exiles in "
                "any way (Exile, ruling 328)"
            )
    given: dict[str, int] = {}
    for _, terms, _ in gifts(order):
        for path, n in terms:
            given[path] = given.get(path, 0) + n
    for path, n in given.items():
        held = state.corp.shares.get(path, {}).get(seat, 0)
        if n > held:
            return f"exchange {path} {n} in all: you hold {held} {path} share(s) (Corporations)"
    dollars, money = sum(d for _, _, d in gifts(order)), state.players[seat].money
    if dollars > money:
        return f"exchange ${dollars} in all: you hold ${money} (Corporations)"
    return None


def on_exchange(
    state: CrusoeState, orders: Mapping[str, Order], events: list[Event] | None
) -> None:
    """Every gift at once, each giver's checked against what he held before any (one public
    event): a sale is two gifts the table agreed, one each way."""
    made = {s: gifts(orders[s]) for s in state.order if s in orders and orders[s].name}
    for seat, given in made.items():
        for to, terms, dollars in given:
            for path, n in terms:
                held = state.corp.shares.setdefault(path, {})
                held[seat] = held.get(seat, 0) - n
                held[to] = held.get(to, 0) + n
                if not held[seat]:
                    del held[seat]
            state.players[seat].money -= dollars
            state.players[to].money += dollars
    if events is None:
        return
    text = "; ".join(
        f"{s} gives " + " and ".join(f"{to} {_gift_text(t, d)}" for to, t, d in given)
        for s, given in made.items()
    )
    data = {
        s: [{"to": to, "shares": dict(t), "dollars": d} for to, t, d in given]
        for s, given in made.items()
    }
    events.append(
        Event(
            "exchange",
            f"Corporations: {text or 'nobody exchanges shares or money'}.",
            data={"gifts": data},
        )
    )


def _gift_text(terms: tuple[tuple[str, int], ...], dollars: int) -> str:
    parts = [f"{n} {p} share(s)" for p, n in terms]
    return ", ".join(parts + ([f"${dollars}"] if dollars else [])) or "nothing"


COSTS = ("fee", "salary")
"""The two costs to traverse: a fee paid, or a salary kept (the corporation takes the rest)."""
DECIDING_ORDER = ("sand_crab", "dung_beetle", "spider", "firefly", "bookworm", "grasshopper", "ant")
""""in order from Sandcrab to Ant" (ruling 142): the Sand Crab first, the Ant last, the others
in board order between."""


def holders(state: CrusoeState, path: str) -> dict[str, int]:
    """The living stockholders of ``path``'s corporation and their shares (votes), but those in
    exile: their shares stay theirs but carry no vote or dividend while away (ruling 324)."""
    held = state.corp.shares.get(path, {})
    return {
        s: n for s, n in held.items() if n > 0 and state.players[s].alive and not abroad(state, s)
    }


def next_cost(state: CrusoeState) -> bool:
    """Ask the stockholders of the next corporation (Sandcrab to Ant) to set this cycle's cost to
    traverse its path; False when every corporation has decided (ruling 142)."""
    if not on(state) or state.corp.costed == state.cycle:
        return False
    start = DECIDING_ORDER.index(state.corp.deciding) + 1 if state.corp.deciding else 0
    for path in DECIDING_ORDER[start:]:
        voters = holders(state, path)
        state.corp.costs.pop(path, None)  # last cycle's cost is not this cycle's
        if voters:
            state.corp.deciding = path
            state.ask, state.waiting = "toll", tuple(s for s in state.seats if s in voters)
            return True
    state.corp.costed, state.corp.deciding = state.cycle, ""
    return False


def on_toll(state: CrusoeState, orders: Mapping[str, Order], events: list[Event] | None) -> None:
    """The proposal backed by the most shares carries; a tie between proposals sets no cost
    (ruling 142). A sole or majority holder thus decides alone."""
    path = state.corp.deciding
    votes = holders(state, path)
    backing: dict[tuple[str, int], int] = {}
    for seat, order in orders.items():
        key = (order.word, order.number)
        backing[key] = backing.get(key, 0) + votes.get(seat, 0)
    best = max(backing.values(), default=0)
    winners = [k for k, n in backing.items() if n == best]
    kind, dollars = winners[0] if len(winners) == 1 else ("fee", 0)
    if kind == "salary" or dollars:
        state.corp.costs[path] = [kind, dollars]
    if events is not None:
        ballots = ", ".join(f"{s} {o.word} {o.number}" for s, o in orders.items())
        text = f"a {kind} of ${dollars}" if kind == "salary" or dollars else "no cost"
        events.append(
            Event(
                "toll",
                f"Corporations: the {path}'s stockholders set {text} to traverse it ({ballots}).",
                data={"path": path, "cost": [kind, dollars], "votes": votes},
            )
        )


def collect(state: CrusoeState, events: list[Event] | None) -> None:
    """The costs to traverse, when the player first holds money (between the commodity markets
    and the tax subphase): a salary keeps at most that much of his money, the corporation takes
    the rest (ruling 144); then a fee, as far as his money goes, the rest owed on (ruling 143)."""
    if not on(state):
        return
    _void_dividends(state, events)
    _settle_exiles(state, events)
    for seat in (s for s in state.order if state.players[s].alive and not abroad(state, s)):
        player = state.players[seat]
        cost = state.corp.costs.get(player.path or "")
        if cost is not None and player.path:  # once a cycle: the tax subphase, or the pot
            if cost[0] == "fee":  # a wife's fee her husband owes (163), a slave's his master (252)
                debts = state.corp.debts.setdefault(_debtor(state, seat), {})
                debts[player.path] = debts.get(player.path, 0) + int(cost[1])
            elif player.money > int(cost[1]):
                _pay(state, seat, player.path, player.money - int(cost[1]), 0, "salary", events)
        _pay_dividends(state, seat, events)  # after the salary: a dividend is not his wage
        debtor = _debtor(state, seat)  # a wife's fees are her husband's (163)
        for path, owed in list(state.corp.debts.get(debtor, {}).items()):
            paid = min(owed, state.players[debtor].money)
            if paid:
                _pay(state, debtor, path, paid, owed - paid, "fee", events)
    for seat in list(state.corp.debts):
        state.corp.debts[seat] = {p: n for p, n in state.corp.debts[seat].items() if n}
        if not state.corp.debts[seat] or not state.players[seat].alive:
            del state.corp.debts[seat]  # a dead player's debts are void


def _settle_exiles(state: CrusoeState, events: list[Event] | None) -> None:
    """An exile walks any path free and pays or is paid nothing across (rulings 325, 329): the
    fees he owes are void, the dividends owed him go back to the coffers, as a dead man's."""
    for seat in [s for s in state.order if state.players[s].alive and abroad(state, s)]:
        fees = state.corp.debts.pop(seat, {})
        dividends = state.corp.dividends.pop(seat, {})
        for path, dollars in dividends.items():
            state.corp.coffers[path] = state.corp.coffers.get(path, 0) + dollars
        if events is None or not (fees or dividends):
            continue
        parts = [f"his fee of ${n} to the {p} is void" for p, n in fees.items() if n]
        parts += [
            f"his dividend of ${n} goes back to the {p}'s coffers" for p, n in dividends.items()
        ]
        events.append(
            Event(
                "dividend-void",
                f"Corporations: {seat} is in exile; {'; '.join(parts)} (rulings 325, 329).",
                data={"seat": seat, "fees": fees, "dividends": dividends},
            )
        )


def _debtor(state: CrusoeState, seat: str) -> str:
    """Who owes ``seat``'s fee: a wife's husband (Doll's House, ruling 163), a slave's master
    (Slavery, ruling 252: a slave holds no money), anyone else himself."""
    return slavery.holder(state, gender.household(state, seat))


def _pay(
    state: CrusoeState,
    seat: str,
    path: str,
    paid: int,
    owed: int,
    kind: str,
    events: list[Event] | None,
) -> None:
    state.players[seat].money -= paid
    state.corp.coffers[path] = state.corp.coffers.get(path, 0) + paid
    if kind == "fee":
        state.corp.debts.setdefault(seat, {})[path] = owed
    if events is not None:
        why = "his fee" if kind == "fee" else "what he made above his salary"
        events.append(
            Event(
                "corporate",
                f"Corporations: {seat} pays the {path} ${paid}, {why} (${owed} still owed).",
                data={"seat": seat, "path": path, "dollars": paid, "kind": kind, "owed": owed},
            )
        )


def invest_problem(state: CrusoeState, seat: str, terms: Sequence[tuple[str, int]]) -> str | None:
    """Whole shares only (ruling 137), and no more than the money held."""
    odd = [f"{p} {n}" for p, n in terms if n % SHARE]
    if odd:
        return (
            f"invest {', '.join(odd)}: each $10 buys one share; invest a multiple of $10 "
            "(Corporations)"
        )
    total, money = sum(n for _, n in terms), state.players[seat].money
    if total > money:
        return f"invest ${total}: you hold ${money} (Corporations)"
    return None


def on_invest(state: CrusoeState, orders: Mapping[str, Order], events: list[Event] | None) -> None:
    """Every investor's money goes into the coffers, a share for each $10 (one event)."""
    bought: dict[str, dict[str, int]] = {}
    for seat in (s for s in state.order if s in orders):
        for path, dollars in orders[seat].terms:
            if dollars <= 0:
                continue
            state.players[seat].money -= dollars
            state.corp.coffers[path] = state.corp.coffers.get(path, 0) + dollars
            holders = state.corp.shares.setdefault(path, {})
            holders[seat] = holders.get(seat, 0) + dollars // SHARE
            bought.setdefault(seat, {})[path] = dollars
    if events is None:
        return
    text = "; ".join(
        f"{s} " + ", ".join(f"${n} in {p}" for p, n in paid.items()) for s, paid in bought.items()
    )
    events.append(
        Event(
            "invest",
            f"Corporations: {text or 'nobody invests'}. Coffers: {coffers_text(state.corp)}.",
            data={"invested": bought, "coffers": dict(state.corp.coffers)},
        )
    )


def coffers_text(ledger: Corporations) -> str:
    return ", ".join(f"{p} ${ledger.coffers[p]}" for p in PATHS if p in ledger.coffers) or "none"


def take_shares(
    state: CrusoeState, losers: Sequence[str], winners: Sequence[str], events: list[Event] | None
) -> None:
    """ "If a player loses a fight his shares may be transferred to the players that beat him
    exactly as though they were goods" (ruling 140: with all his goods, fine all or kill, one
    share at a time to the winners in turn order, path by path). The exiles' battles move no
    share: the corporations are the main encampment's economy (ruling 327)."""
    if not on(state) or not winners or all(abroad(state, s) for s in winners):
        return
    dealt = 0
    moved: dict[str, dict[str, int]] = {}
    for loser in losers:
        for path in PATHS:
            holders = state.corp.shares.get(path, {})
            for _ in range(holders.pop(loser, 0)):
                winner = winners[dealt % len(winners)]
                dealt += 1
                holders[winner] = holders.get(winner, 0) + 1
                got = moved.setdefault(winner, {})
                got[path] = got.get(path, 0) + 1
    if events is not None and moved:
        text = "; ".join(
            f"{s} " + ", ".join(f"{n} {p}" for p, n in got.items()) for s, got in moved.items()
        )
        events.append(
            Event("shares", f"Corporations: the losers' shares go: {text}.", data={"to": moved})
        )


def money_total(state: CrusoeState) -> int:
    """The coffers' dollars (the ledger's audit counts them with the players' money)."""
    return sum(state.corp.coffers.values()) if on(state) else 0


def view_lines(ledger: Mapping[str, object]) -> list[str]:
    """The public ledger as the table shows it."""
    shares = ledger.get("shares")
    coffers = ledger.get("coffers")
    if not isinstance(shares, dict) or not isinstance(coffers, dict):
        return []
    costs = ledger.get("costs")
    costs = costs if isinstance(costs, dict) else {}
    numbers = ledger.get("experience")
    numbers = numbers if isinstance(numbers, dict) else {}
    lines = []
    for path in PATHS:
        holders = shares.get(path) or {}
        if holders or coffers.get(path):
            held = ", ".join(f"{s} {n}" for s, n in holders.items() if n) or "no shares"
            cost = costs.get(path)
            toll = f"; a {cost[0]} of ${cost[1]} to traverse" if cost else ""
            known = numbers.get(path)  # anyone on the path may use them (ruling 145)
            learnt = f"; Experience {' '.join(map(str, known))}" if known else ""
            lines.append(f"Corporation {path}: ${coffers.get(path, 0)} ({held}{toll}{learnt})")
    debts = ledger.get("debts")
    for seat, owed in (debts if isinstance(debts, dict) else {}).items():
        text = ", ".join(f"${n} to the {p}" for p, n in owed.items())
        lines.append(f"{seat} owes {text}")
    dividends = ledger.get("dividends")  # paid when he next holds money (ruling 180)
    for seat, due in (dividends if isinstance(dividends, dict) else {}).items():
        text = ", ".join(f"${n} by the {p}" for p, n in due.items())
        lines.append(f"{seat} is owed a dividend of {text}")
    return lines


# -- corporate experience (ruling 145) ------------------------------------------------------


def experience_times(state: CrusoeState, path: str | None, roll: int, seat: str = "") -> int:
    """How often a roll on ``path`` may be modified by its corporation's experience ("used by any
    player traversing that company's path"); not by an exile's (ruling 326)."""
    if not on(state) or not path or (seat and abroad(state, seat)):
        return 0
    return state.corp.experience.get(path, []).count(roll)


def next_spend(state: CrusoeState, chance: Chance, events: list[Event] | None) -> bool:
    """At the end of the investment subphase each corporation with $10 and living holders, Sand
    Crab to Ant, votes how many experience rolls to buy, then rolls them one at a time; True
    while a decision is open (ruling 145)."""
    if not on(state) or state.corp.spent == state.cycle:
        return False
    path = state.corp.deciding
    while path and state.corp.rolls > 0:
        if _roll(state, path, chance, events):
            return True
    start = DECIDING_ORDER.index(path) + 1 if path else 0
    for path in DECIDING_ORDER[start:]:
        voters = holders(state, path)
        if voters and _may_spend(state, path, sum(voters.values())):
            state.corp.deciding = path
            ask = "dividend" if state.settings.corporations_dividend else "spend"  # ruling 180
            state.ask, state.waiting = ask, tuple(s for s in state.seats if s in voters)
            return True
    state.corp.spent, state.corp.deciding = state.cycle, ""
    return False


def _may_spend(state: CrusoeState, path: str, shares: int) -> bool:
    """The coffers buy a roll, or (with the dividend, ruling 180) $1 on each living share."""
    coffers = state.corp.coffers.get(path, 0)
    return coffers >= SHARE or (state.settings.corporations_dividend and coffers >= shares)


def _roll(state: CrusoeState, path: str, chance: Chance, events: list[Event] | None) -> bool:
    """One roll bought for $10 (spent: the money leaves the game), made "in the normal way": a
    die per number held, no 1 among them gains a number, which the holders choose."""
    state.corp.rolls -= 1
    state.corp.coffers[path] -= SHARE
    numbers = state.corp.experience.get(path, [])
    label = f"cycle {state.cycle}: the {path} corporation's Experience roll"
    dice = chance.dice(label, len(numbers)) if numbers else []
    gained = 1 not in dice
    if events is not None:
        outcome = "a new Experience number" if gained else "no new Experience"
        events.append(
            Event(
                "lost",
                f"Corporations: the {path} spends ${SHARE} on an Experience roll "
                f"({' '.join(map(str, dice)) or 'no dice'}: {outcome}).",
                data={"amount": SHARE, "path": path, "dice": dice},
            )
        )
    if gained:
        voters = holders(state, path)
        state.ask, state.waiting = "corp-learn", tuple(s for s in state.seats if s in voters)
    return gained


def spend_problem(state: CrusoeState, rolls: int, dividend: int = 0) -> str | None:
    """No more rolls (and dividend, ruling 180) than the coffers pay for (ruling 145)."""
    path = state.corp.deciding
    coffers = state.corp.coffers.get(path, 0)
    if dividend and not state.settings.corporations_dividend:
        return (
            f"dividend {dividend}: no dividend is paid without the option "
            "corporations_dividend=true (ruling 139)"
        )
    shares = sum(holders(state, path).values())
    cost = rolls * SHARE + dividend * shares
    if cost > coffers and dividend:
        return (
            f"experience {rolls} dividend {dividend}: the {path}'s coffers hold ${coffers}; "
            f"${SHARE} a roll and ${dividend} on each of its {shares} living shares cost "
            f"${cost} (Corporations)"
        )
    if cost > coffers:
        return (
            f"experience {rolls}: the {path}'s coffers hold ${coffers}, ${SHARE} a roll "
            "(Corporations)"
        )
    return None


def _carried(state: CrusoeState, orders: Mapping[str, Order]) -> tuple[int, bool]:
    """The number the most shares wrote (ruling 142's count), and whether it was a tie."""
    votes = holders(state, state.corp.deciding)
    backing: dict[int, int] = {}
    for seat, order in orders.items():
        backing[order.number] = backing.get(order.number, 0) + votes.get(seat, 0)
    best = max(backing.values(), default=0)
    tied = sorted(n for n, v in backing.items() if v == best)
    return (tied[0] if tied else 0), len(tied) > 1


def on_dividend(
    state: CrusoeState, orders: Mapping[str, Order], events: list[Event] | None
) -> None:
    """Ruling 180: the rolls and the dividend a share the most shares voted for together (a
    tie: neither). The dividend leaves the coffers at once, owed to each living holder
    (``corporations.dividends``) and paid when he next holds money (``collect``)."""
    votes = holders(state, state.corp.deciding)
    backing: dict[tuple[int, int], int] = {}
    for seat, order in orders.items():
        key = (order.number, order.dollars)
        backing[key] = backing.get(key, 0) + votes.get(seat, 0)
    best = max(backing.values(), default=0)
    tied = [k for k, n in backing.items() if n == best]
    rolls, per_share = tied[0] if len(tied) == 1 else (0, 0)
    state.corp.rolls = rolls
    path = state.corp.deciding
    owed = {s: per_share * n for s, n in votes.items() if per_share}
    for seat, dollars in owed.items():
        state.corp.coffers[path] -= dollars
        due = state.corp.dividends.setdefault(seat, {})
        due[path] = due.get(path, 0) + dollars
    if events is not None:
        ballots = ", ".join(f"{s} {format_vote(o)}" for s, o in orders.items())
        each = ", ".join(f"{s} ${n}" for s, n in owed.items())
        paid = f"a dividend of ${per_share} a share ({each}), paid when each next holds money"
        events.append(
            Event(
                "dividend",
                f"Corporations: the {path}'s stockholders buy {rolls} Experience roll(s) and "
                f"declare {paid if owed else 'no dividend'} ({ballots}).",
                data={"path": path, "rolls": rolls, "per_share": per_share, "owed": owed},
            )
        )


def format_vote(order: Order) -> str:
    return f"{order.number}" + (f" + ${order.dollars} a share" if order.dollars else "")


def owed_total(state: CrusoeState) -> int:
    """The dividends declared and not yet paid (counted with every dollar on the table)."""
    return sum(n for due in state.corp.dividends.values() for n in due.values())


def _pay_dividends(state: CrusoeState, seat: str, events: list[Event] | None) -> None:
    """The dividends owed to a living holder, when he first holds money (ruling 180)."""
    for path, dollars in state.corp.dividends.pop(seat, {}).items():
        state.players[seat].money += dollars
        if events is not None:
            events.append(
                Event(
                    "dividend-paid",
                    f"Corporations: the {path} pays {seat} his dividend of ${dollars}.",
                    data={"seat": seat, "path": path, "dollars": dollars},
                )
            )


def _void_dividends(state: CrusoeState, events: list[Event] | None) -> None:
    """A dead holder's dividends go back to the coffers (the dead hold no money)."""
    for seat in [s for s in state.corp.dividends if not state.players[s].alive]:
        for path, dollars in state.corp.dividends.pop(seat).items():
            state.corp.coffers[path] = state.corp.coffers.get(path, 0) + dollars
            if events is not None:
                events.append(
                    Event(
                        "dividend-void",
                        f"Corporations: {seat} is dead; his dividend of ${dollars} goes back "
                        f"to the {path}'s coffers.",
                        data={"seat": seat, "path": path, "dollars": dollars},
                    )
                )


def on_spend(state: CrusoeState, orders: Mapping[str, Order], events: list[Event] | None) -> None:
    """The rolls the most shares voted for (a tie buys none)."""
    rolls, tie = _carried(state, orders)
    state.corp.rolls = 0 if tie else rolls
    if events is not None:
        ballots = ", ".join(f"{s} {o.number}" for s, o in orders.items())
        events.append(
            Event(
                "spend",
                f"Corporations: the {state.corp.deciding}'s stockholders buy {state.corp.rolls} "
                f"Experience roll(s) ({ballots}).",
                data={"path": state.corp.deciding, "rolls": state.corp.rolls},
            )
        )


def on_learn(state: CrusoeState, orders: Mapping[str, Order], events: list[Event] | None) -> None:
    """The number the most shares chose (a tie: the lowest of the tied)."""
    number, _ = _carried(state, orders)
    number = number or 1
    path = state.corp.deciding
    state.corp.experience.setdefault(path, []).append(number)
    if events is not None:
        events.append(
            Event(
                "corp-experience",
                f"Corporations: the {path} gains Experience {number}.",
                data={"path": path, "number": number},
            )
        )


# -- what the bots read off the public ledger --------------------------------------------------


def cost_in_view(ledger: Mapping[str, Any], path: str) -> tuple[str, int] | None:
    """This cycle's cost to traverse ``path`` as the table knows it (None: no cost)."""
    costs = ledger.get("costs")
    cost = costs.get(path) if isinstance(costs, dict) else None
    return (str(cost[0]), int(cost[1])) if cost else None


def living_shares_in_view(ledger: Mapping[str, Any], path: str, living: Sequence[str]) -> int:
    """The shares of ``path``'s corporation held by the living (a dividend is paid on these)."""
    shares = ledger.get("shares")
    held = shares.get(path, {}) if isinstance(shares, dict) else {}
    return sum(int(n) for s, n in held.items() if s in living)


def dividend_vote(ledger: Mapping[str, Any], living: Sequence[str], rolls: int) -> Order:
    """``rolls`` Experience rolls (as many as the coffers pay for), and the rest of the coffers
    paid out as a dividend, whole dollars a living share (ruling 180)."""
    from sealed.games.crusoe.orders import Order  # orders imports this module's PATHS

    path = str(ledger.get("deciding", ""))
    coffers = int(ledger.get("coffers", {}).get(path, 0))
    rolls = max(0, min(rolls, coffers // SHARE))
    shares = living_shares_in_view(ledger, path, living)
    per_share = (coffers - rolls * SHARE) // shares if shares else 0
    return Order("experience", number=rolls, dollars=per_share)
