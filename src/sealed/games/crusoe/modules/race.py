"""Race (Advanced Tack-on Modules, Discrimination Modules).

"At the beginning of the game select exactly one player to be of a minority race (or some
small fraction of the total group). The majority race will be prejudiced against the
minority, and optionally the minority may be prejudiced against the majority. Prejudiced
individuals lose 1 VP for each target of their prejudice who earns as much or more VP on a
given cycle than they do. To simulate a stronger prejudice, increase the VP penalty.
Optionally only some portion of the majority should be prejudiced."

Options (as Mad Jack emits them): ``race=VARIANT`` (its row's name: one-majority-prejudiced,
one-portion-prejudiced, third-majority-prejudiced, third-minority-prejudiced), with the numbers
``race_minority`` (players of the minority), ``race_majority_prejudiced`` (how many of the
majority are prejudiced), ``race_minority_prejudiced`` (1: the whole minority is prejudiced
against the majority), and ``race_penalty`` (VP per target, default 1). Roles, drawn before
the game and public: ``minority``, ``prejudiced``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from sealed.core.errors import OptionError
from sealed.core.game import Options

if TYPE_CHECKING:
    from sealed.core.chance import Chance
    from sealed.core.events import Event
    from sealed.games.crusoe.state import CrusoeState

MINORITY, PREJUDICED = "minority", "prejudiced"
VARIANTS = (
    "none",
    "one-majority-prejudiced",
    "one-portion-prejudiced",
    "third-majority-prejudiced",
    "third-minority-prejudiced",
)


@dataclass(frozen=True, slots=True)
class Race:
    """The Race module's numbers (``variant`` none: not in play)."""

    variant: str = "none"
    minority: int = 1
    majority_prejudiced: int = 0
    minority_prejudiced: bool = False
    penalty: int = 1


def read_options(options: Options) -> Race:
    """:raises OptionError: an unknown variant, or numbers without the module."""
    variant = str(options.get("race", "none"))
    if variant not in VARIANTS:
        raise OptionError(f"race {variant}: one of {', '.join(VARIANTS)}")
    if variant == "none":
        defaults = Race()  # the resolved options hold every number: only a change is an error
        given = {
            "race_minority": defaults.minority,
            "race_majority_prejudiced": defaults.majority_prejudiced,
            "race_minority_prejudiced": int(defaults.minority_prejudiced),
            "race_penalty": defaults.penalty,
        }
        changed = [k for k, v in given.items() if int(str(options.get(k, v))) != v]
        if changed:
            raise OptionError(f"{changed[0]}: set race=VARIANT too (the Race module)")
        return defaults
    return Race(
        variant=variant,
        minority=int(str(options.get("race_minority", 1))),
        majority_prejudiced=int(str(options.get("race_majority_prejudiced", 0))),
        minority_prejudiced=bool(int(str(options.get("race_minority_prejudiced", 0)))),
        penalty=int(str(options.get("race_penalty", 1))),
    )


def begin(state: CrusoeState, chance: Chance, events: list[Event] | None) -> None:
    """Draw the minority, then the prejudiced of the majority, before the game.

    :raises OptionError: numbers that do not fit the table.
    """
    race, seats = state.settings.race, state.seats
    if race.variant == "none":
        return
    if not 1 <= race.minority <= len(seats) - 1:
        raise OptionError(
            f"race_minority {race.minority}: from one to all but one of the {len(seats)} players"
        )
    majority_count = len(seats) - race.minority
    if not 0 <= race.majority_prejudiced <= majority_count or race.penalty < 0:
        raise OptionError(
            f"race_majority_prejudiced {race.majority_prejudiced}: from none to the "
            f"{majority_count} players of the majority; race_penalty at least 0"
        )
    order = chance.shuffle("Race: the minority first, then the prejudiced", list(seats))
    minority, majority = order[: race.minority], order[race.minority :]
    prejudiced = majority[: race.majority_prejudiced]
    if race.minority_prejudiced:
        prejudiced += minority
    for seat in minority:
        state.players[seat].roles = (*state.players[seat].roles, MINORITY)
    for seat in prejudiced:
        state.players[seat].roles = (*state.players[seat].roles, PREJUDICED)
    if events is not None:
        from sealed.core.events import Event

        events.append(
            Event(
                "roles",
                f"Race: the minority {', '.join(minority)}; prejudiced "
                f"{', '.join(prejudiced) or 'nobody'}.",
                data={"minority": minority, "prejudiced": prejudiced},
            )
        )


def targets(state: CrusoeState, seat: str) -> list[str]:
    """Whom ``seat`` is prejudiced against: the other race."""
    roles = state.players[seat].roles
    if PREJUDICED not in roles:
        return []
    mine = MINORITY in roles
    return [s for s in state.seats if (MINORITY in state.players[s].roles) != mine]


def after_consumption(state: CrusoeState, events: list[Event] | None) -> None:
    """Each prejudiced player who scored this cycle loses the penalty for each target who
    scored as much or more this cycle (the score sheet's total for the cycle; ruling 59)."""
    if state.settings.race.variant == "none":
        return
    scored = {
        seat: p.sheet[-1]["total"]
        for seat, p in state.players.items()
        if p.sheet and p.sheet[-1].get("cycle") == state.cycle
    }
    for seat in state.seats:
        if seat not in scored:
            continue
        envied = [t for t in targets(state, seat) if t in scored and scored[t] >= scored[seat]]
        loss = state.settings.race.penalty * len(envied)
        if not envied or loss == 0:
            continue
        player = state.players[seat]
        player.vp -= loss
        player.sheet[-1]["running"] = player.vp
        if events is not None:
            from sealed.core.events import Event

            events.append(
                Event(
                    "prejudice",
                    f"{seat} loses {loss} VP to prejudice: {', '.join(envied)} scored as much "
                    f"or more this cycle (now {player.vp}).",
                    data={"seat": seat, "loss": loss, "targets": envied},
                )
            )
