"""Corporations (Advanced Tack-on Modules, Economic Modules): shares in the paths.

"This tack-on explores the accumulation of capital as a means of economic growth, and it can
only be added to economies that use money ... An investment subphase is added to the trade
phase just before excess money is discarded (between the wholesale and retail phases in a
monetary market economy). During this subphase players may invest any remaining money they
have in one or more paths, with each $10 invested in a given path providing one share of that
corporation to the player. Such money goes into the corporate coffers."

Option (as Mad Jack emits it): ``corporations=true``, with the monetary market economies
(``MONETARY``). Built (rulings 136-141): the investment subphase (``invest ant 20 sand_crab
10`` or ``invest none``, written by all at once), the coffers, the shares added to the
violence roll, the shares taken like goods after a lost fight, and no personal Experience.
Not built, ruled as the stockholders' null decision until their votes are built (ruling 139):
the cost to traverse is $0, no dividend is paid and no experience is bought; the coffers are
saved. The exchange of shares and money at the start of the subphase is not built either.
Everything here is public.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sealed.core import setup
from sealed.core.errors import OptionError
from sealed.core.events import Event
from sealed.core.game import JsonDict, Options

if TYPE_CHECKING:
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

    def copy(self) -> Corporations:
        return Corporations(
            {p: dict(h) for p, h in self.shares.items()}, dict(self.coffers), self.invested
        )

    def to_json(self) -> JsonDict:
        return {
            "shares": {p: dict(h) for p, h in self.shares.items()},
            "coffers": dict(self.coffers),
            "invested": self.invested,
        }


def from_json(value: object, seats: Sequence[str]) -> Corporations:
    """:raises SetupError: an unknown path or seat, or a negative number."""
    data = setup.mapping(value, ("corporations",), ("shares", "coffers", "invested"))
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
    return ledger


def read_options(options: Options) -> bool:
    """:raises OptionError: with a barter economy (the seed rules it out), or Market
    Socialism (not built: its purchases have no investment subphase yet)."""
    if not options.get("corporations", False):
        return False
    scenario = str(options.get("scenario", "crusoes-economy"))
    if scenario not in MONEY_SCENARIOS:
        raise OptionError(
            f"corporations with {scenario}: Corporations can only be added to economies that "
            "use money"
        )
    if scenario not in MONETARY:
        raise OptionError(
            "corporations with market-socialism: not built yet (its purchases have no "
            "investment subphase); see docs/games/crusoe.md"
        )
    return True


def on(state: CrusoeState) -> bool:
    return state.settings.corporations


def shares_of(state: CrusoeState, seat: str) -> int:
    """ "each player adds the number of shares he owns in all corporations to his die roll"."""
    if not on(state):
        return 0
    return sum(holders.get(seat, 0) for holders in state.corp.shares.values())


def personal_experience(state: CrusoeState) -> bool:
    """ "Experience is not accrued by players in the normal way for completing paths"."""
    return not on(state)


def ask_investment(state: CrusoeState, traders: Sequence[str]) -> bool:
    """Open the investment subphase (once a cycle) for the traders with a share's money; True
    if it is open. Nobody with $10: it is over at once."""
    if not on(state) or state.corp.invested == state.cycle:
        return False
    state.corp.invested = state.cycle
    able = tuple(s for s in traders if state.players[s].money >= SHARE)
    if not able:
        return False
    state.ask, state.waiting = "invest", able
    return True


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
    share at a time to the winners in turn order, path by path)."""
    if not on(state) or not winners:
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
    lines = []
    for path in PATHS:
        holders = shares.get(path) or {}
        if holders or coffers.get(path):
            held = ", ".join(f"{s} {n}" for s, n in holders.items() if n) or "no shares"
            lines.append(f"Corporation {path}: ${coffers.get(path, 0)} ({held})")
    return lines
