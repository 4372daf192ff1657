"""Early Feudalism (Advanced Tack-on Modules, Other Modules): the Strong and the Weak Warlord.

"At the beginning of the game one player is selected at random to be the Warlord. The warlord
may be either Strong or Weak. In either case, the Warlord does not pay leisure to invoke
government or initiate violence. A Strong Warlord wins all battles in which he participates and
may never be wounded. A Weak Warlord has some number of dice greater than one but less than the
number of players in the game. He may be wounded normally. If the Warlord loses a fight then the
winning side must elect a new Warlord who will have one less die in combat than the previous
Warlord."

Options (as Mad Jack emits them): ``early_feudalism=strong`` or ``weak`` with
``early_feudalism_dice`` (2 to the players less one), and ``early_feudalism_women_only=1``
(Mad Jack's Matriarchal Golden Age row: "only women being eligible to be the Feudal Warlord";
it needs the Gender module). The Warlord is drawn before the game (role ``warlord``, public).

A Weak Warlord who loses a fight becomes ``deposed-warlord`` (public, kept: a deposed Warlord
is not elected again, and the number of them is how many dice the office has lost); the
winners get ``warlord-elector`` until they have voted (ask ``warlord``, after the verdicts,
ruling 106). Everything lives in the players' roles, so no state key is added.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from sealed.core.errors import OptionError
from sealed.core.game import Options

if TYPE_CHECKING:
    from sealed.core.chance import Chance
    from sealed.core.events import Event
    from sealed.games.crusoe.orders import Order
    from sealed.games.crusoe.state import CrusoeState

ROLE = "warlord"
DEPOSED = "deposed-warlord"
ELECTOR = "warlord-elector"
ROLES = (ROLE, DEPOSED, ELECTOR)
VARIANTS = ("none", "strong", "weak")
WOMAN = "woman"  # the Gender module's role (modules/gender.py imports nothing from here)


def read_options(options: Options) -> tuple[str, int, bool]:
    """The variant, a Weak Warlord's dice and whether only women may be Warlord.

    :raises OptionError: a value or combination the seed rules out.
    """
    variant = str(options.get("early_feudalism", "none"))
    if variant not in VARIANTS:
        raise OptionError(f"early_feudalism {variant}: one of {', '.join(VARIANTS)}")
    dice = int(str(options.get("early_feudalism_dice", 0)))
    women_only = bool(int(str(options.get("early_feudalism_women_only", 0))))
    if variant == "weak" and dice < 2:
        raise OptionError(
            "early_feudalism weak: set early_feudalism_dice, from 2 to the players less one "
            '("some number of dice greater than one but less than the number of players")'
        )
    if variant != "weak" and dice:
        raise OptionError(
            "early_feudalism_dice: only a Weak Warlord has dice (early_feudalism=weak)"
        )
    if women_only and variant == "none":
        raise OptionError("early_feudalism_women_only: set early_feudalism=strong or weak too")
    if women_only and str(options.get("gender", "none")) == "no-suffrage":
        raise OptionError(
            "early_feudalism_women_only 1: under No Suffrage (gender=no-suffrage) women may "
            "not hold the Warlord's dice"
        )
    return variant, dice, women_only


def settings(options: Options) -> dict[str, Any]:
    """The Settings fields this module reads (state.Settings)."""
    variant, dice, women_only = read_options(options)
    return {"early_feudalism": variant, "warlord_dice": dice, "warlord_women_only": women_only}


def begin(state: CrusoeState, chance: Chance, events: list[Event] | None) -> None:
    """One player drawn at random to be the Warlord (from the women, if only they may be).

    :raises OptionError: a Weak Warlord's dice not fewer than the players.
    """
    settings = state.settings
    if settings.early_feudalism == "none":
        return
    if settings.early_feudalism == "weak" and settings.warlord_dice >= len(state.seats):
        raise OptionError(
            f"early_feudalism_dice {settings.warlord_dice}: fewer than the {len(state.seats)} "
            "players (a Weak Warlord)"
        )
    if settings.warlord_women_only and not settings.gender:
        raise OptionError(  # checked here, with the others: Mad Jack asks of each part alone
            "early_feudalism_women_only 1: only women may be Warlord, so the Gender module "
            "(gender=...) must say who the women are"
        )
    eligible = [s for s in state.seats if may_be_warlord(state, s)]
    if not eligible:
        return
    why = "the Warlord, first" + (" (women only)" if settings.warlord_women_only else "")
    seat = chance.shuffle(f"Early Feudalism: {why}", eligible)[0]
    state.players[seat].roles = (*state.players[seat].roles, ROLE)
    if events is not None:
        from sealed.core.events import Event

        dice = f" with {settings.warlord_dice} dice" if settings.early_feudalism == "weak" else ""
        events.append(
            Event(
                "roles",
                f"Early Feudalism: {seat} is the Warlord{dice}.",
                data={"seat": seat, "dice": warlord_dice(state)},
            )
        )


def may_be_warlord(state: CrusoeState, seat: str) -> bool:
    """Anyone; only a woman with ``early_feudalism_women_only``; never a woman under No
    Suffrage if the Warlord is Weak (his dice: "Generally woman should be banned from any role
    that would give them more than one die for violence", ruling 109)."""
    settings, roles = state.settings, state.players[seat].roles
    if settings.warlord_women_only:
        return WOMAN in roles
    weak = settings.early_feudalism == "weak"
    if weak and settings.gender_variant == "matriarchal-golden-age":
        return WOMAN in roles  # the men are the disempowered (ruling 113)
    barred = weak and settings.gender_variant in ("no-suffrage", "dolls-house")
    return not (barred and WOMAN in roles)


def is_warlord(state: CrusoeState, seat: str) -> bool:
    return ROLE in state.players[seat].roles and state.players[seat].alive


def free_violence(state: CrusoeState, seat: str) -> bool:
    """The Warlord "does not pay leisure to invoke government or initiate violence"."""
    return is_warlord(state, seat)


def invincible(state: CrusoeState, seat: str) -> bool:
    """A Strong Warlord "wins all battles in which he participates and may never be wounded"."""
    return state.settings.early_feudalism == "strong" and is_warlord(state, seat)


def deposed(state: CrusoeState) -> int:
    """How many Weak Warlords have lost a fight: each took one die from the office."""
    return sum(p.roles.count(DEPOSED) for p in state.players.values())


def warlord_dice(state: CrusoeState) -> int:
    """The Weak Warlord's dice now: the option's, less one for each Warlord deposed, never
    fewer than one (ruling 106)."""
    return max(1, state.settings.warlord_dice - deposed(state))


def battle_dice(state: CrusoeState, seat: str) -> int:
    """A Weak Warlord's dice in a battle; one for everyone else (and a Strong Warlord)."""
    if state.settings.early_feudalism == "weak" and is_warlord(state, seat):
        return warlord_dice(state)
    return 1


def after_battle(
    state: CrusoeState, winners: list[str], losers: list[str], events: list[Event] | None
) -> None:
    """A Weak Warlord on the losing side is deposed; the winners will elect a new one."""
    if state.settings.early_feudalism != "weak" or not winners:
        return
    for seat in losers:
        if not is_warlord(state, seat):
            continue
        player = state.players[seat]
        player.roles = (*(r for r in player.roles if r != ROLE), DEPOSED)
        for winner in winners:
            if ELECTOR not in state.players[winner].roles:
                state.players[winner].roles = (*state.players[winner].roles, ELECTOR)
        if events is not None:
            from sealed.core.events import Event

            events.append(
                Event(
                    "warlord",
                    f"The Warlord {seat} loses the fight: {', '.join(winners)} must elect a "
                    f"new Warlord, with {warlord_dice(state)} dice.",
                    data={"deposed": seat, "electors": list(winners)},
                )
            )


def electors(state: CrusoeState) -> list[str]:
    return [s for s in state.order if ELECTOR in state.players[s].roles]


def election_due(state: CrusoeState) -> bool:
    return bool(electors(state))


def candidates(state: CrusoeState) -> list[str]:
    """Any living player who has not been deposed (and a woman, if only women may be); under
    Exile, since version 4, one of the winners' side only (ruling 307)."""
    return [
        s
        for s in state.seats
        if state.players[s].alive
        and DEPOSED not in state.players[s].roles
        and may_be_warlord(state, s)
        and not _across(state, s)
    ]


def _across(state: CrusoeState, seat: str) -> bool:
    """``seat`` is on the other side of an Exile from the electors: "Exiles may not interact
    with non-exiles in any way" (ruling 307; version 3 games let the winners elect an exile)."""
    from sealed.games.crusoe.modules import punishments  # it imports slavery, and so on

    if state.settings.version < 4 or not punishments.exile_in_play(state):
        return False
    return any(punishments.apart(state, voter, seat) for voter in electors(state))


def election_phase(state: CrusoeState, chance: Chance, events: list[Event] | None) -> None:
    """The living winners vote (ask ``warlord``); nobody to vote for ends the office."""
    voters = tuple(s for s in electors(state) if state.players[s].alive)
    running = candidates(state)
    if voters and running:
        state.ask, state.waiting, state.offer = "warlord", voters, tuple(running)
        return
    _close(state)
    if events is not None:
        from sealed.core.events import Event

        events.append(Event("warlord", "Nobody may be elected Warlord: there is none now."))
    _after_election(state)


def on_elect(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: list[Event] | None
) -> None:
    """The most votes elect; a tie is settled by a roll among the tied (as ruling 52)."""
    tally = {s: sum(1 for o in orders.values() if o.name == s) for s in state.offer}
    best = max(tally.values(), default=0)
    tied = [str(s) for s, n in tally.items() if n == best]
    if len(tied) > 1:
        names = ", ".join(f"{n} {s}" for n, s in enumerate(tied, 1))
        pick = chance.integer(f"cycle {state.cycle}: the tie for Warlord ({names})", 1, len(tied))
        tied = [tied[pick - 1]]
    seat = tied[0]
    _close(state)
    state.players[seat].roles = (*state.players[seat].roles, ROLE)
    if events is not None:
        from sealed.core.events import Event

        votes = ", ".join(f"{s} {n}" for s, n in tally.items() if n)
        events.append(
            Event(
                "warlord",
                f"The winners elect {seat} Warlord, with {warlord_dice(state)} dice ({votes}).",
                data={"seat": seat, "votes": tally, "dice": warlord_dice(state)},
            )
        )
    _after_election(state)


def _close(state: CrusoeState) -> None:
    for player in state.players.values():
        player.roles = tuple(r for r in player.roles if r != ELECTOR)
    state.offer = ()


def _after_election(state: CrusoeState) -> None:
    from sealed.games.crusoe import rulers  # a deposed ruler's election may follow

    state.phase = "election" if rulers.election_due(state) else "consume"
