"""Alternate Punishments (Optional Rules): "additional penalties that can be inflicted on the
losers of battles by the winners. They are optional because they add complexity."

Option ``punishments``: ``none`` (default: the basic verdicts kill, spare, fine), or the
rules added to the winners' choice, joined by ``+`` or ``,`` (``crippling``). Built:

- **Crippling**: "The winners may select one of the effects off the Disabilities table of the
  Disability Discrimination tack-on and inflict it on one or more of the losers. Disabilities
  6, 7, and 8 may not be selected, as they are not simple physical disabilities." The verdict
  ``cripple ROW`` (every loser of the battle) or ``cripple ROW SEAT`` (that loser only); the
  loser gets the public role ``disability-ROW``, replacing any row he had (ruling 117), and
  from then on the Disability module's hooks (``modules/roles.py``) apply it.

Slavery and Exile are refused by name: not built yet (the manual's gaps list what they need).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sealed.core.errors import OptionError
from sealed.core.game import Options
from sealed.core.suggest import did_you_mean
from sealed.games.crusoe.modules import disability

if TYPE_CHECKING:  # state.py reads this module's options: no import at run time
    from sealed.games.crusoe.orders import Order
    from sealed.games.crusoe.state import CrusoeState

PUNISHMENTS = ("crippling", "slavery", "exile")
BUILT_PUNISHMENTS = ("crippling",)
EXCLUDED_ROWS = (6, 7, 8)  # "not simple physical disabilities"
CRIPPLING_ROWS = tuple(row for row in disability.TABLE if row not in EXCLUDED_ROWS)


def read_options(options: Options) -> tuple[str, ...]:
    """The ``punishments`` option as a tuple in the seed's order (() for none).

    :raises OptionError: an unknown punishment, one named twice, or one not built yet.
    """
    text = str(options.get("punishments", "none")).strip().lower()
    if text in ("", "none"):
        return ()
    named = [word for word in text.replace(",", "+").split("+") if word.strip()]
    named = [word.strip() for word in named]
    for word in named:
        if word not in PUNISHMENTS:
            hint = did_you_mean(word, PUNISHMENTS) or f" (one of {', '.join(PUNISHMENTS)})"
            raise OptionError(f"punishments: {word[:24]!r} is not an alternate punishment{hint}")
        if named.count(word) > 1:
            raise OptionError(f"punishments: {word} is named twice")
        if word not in BUILT_PUNISHMENTS:
            raise OptionError(
                f"punishments {word}: not built yet (Alternate Punishments; built: "
                f"{', '.join(BUILT_PUNISHMENTS)}); see docs/games/crusoe.md"
            )
    return tuple(p for p in PUNISHMENTS if p in named)


def losers_under_verdict(state: CrusoeState) -> list[str]:
    """The living losers of the battle whose verdict is open."""
    battle = state.battles[state.battle]
    return [s for s in battle.defenders if state.players[s].alive]


def cripple_problem(state: CrusoeState, order: Order) -> str | None:
    """Why a ``cripple`` verdict may not be cast now, naming the rule; None if it may."""
    if "crippling" not in state.settings.punishments:
        return "Crippling is an optional rule not in play (option punishments=crippling)"
    if order.number not in CRIPPLING_ROWS:
        rows = " ".join(map(str, CRIPPLING_ROWS))
        return (
            f"cripple {order.number}: the winners select a row of the Disabilities table "
            f"({rows}); 6, 7 and 8 are not simple physical disabilities (Crippling)"
        )
    losers = losers_under_verdict(state)
    if order.name and order.name not in losers:
        return (
            f"cripple {order.number} {order.name}: only a loser of this battle may be crippled "
            f"({', '.join(losers)})"
        )
    return None


def cripple(state: CrusoeState, order: Order, losers: list[str]) -> list[str]:
    """Inflict the row chosen on the loser named, or on every loser; return who was crippled.

    A player holds one row of the table: the new row replaces any he had (ruling 117)."""
    crippled = [s for s in losers if not order.name or s == order.name]
    for seat in crippled:
        player = state.players[seat]
        kept = tuple(r for r in player.roles if not r.startswith("disability-"))
        player.roles = (*kept, f"disability-{order.number}")
    return crippled
