"""Variant victory conditions (Optional Rules): Altruistic, Self-Interested, Cutthroat.

Seed: "before play of a given game begins, each player secretly records
whether he is going to be Altruistic, Self-Interested, or Cutthroat.
Self-Interested players earn their scores normally, but Altruistic players get
the average of their score and the scores for the two worst-off players other
than themselves, and Cutthroat players get the difference between their scores
and the median for the group. If this option is employed players make their
decisions before any random player qualities (such as disabilities, who is the
Dictator, etc.) are rolled up. Or the roles could be assigned randomly, either
secretly or publicly".

Pure functions, not yet wired into the game (docs/games/crusoe.md, Variant
victory conditions, says how): reading a seat's choice, assigning them by
chance, what each seat may see of them (its own only, until the game ends),
and the scores and winners they give (ruling 45).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from statistics import median

from sealed.core.chance import Chance
from sealed.core.errors import IllegalOrderError, OrderSyntaxError
from sealed.core.suggest import did_you_mean

CONDITIONS = ("altruistic", "self-interested", "cutthroat")
WORST_OFF = 2  # "the two worst-off players other than themselves"

Score = int | Fraction


def parse_condition(text: str) -> str:
    """``victory cutthroat`` (or the word alone; any case; ``selfish`` is not a condition).

    :raises OrderSyntaxError: not one of the three, with a suggestion.
    """
    words = text.lower().replace("_", "-").split()
    if words[:1] == ["victory"]:
        words = words[1:]
    if len(words) != 1:
        raise OrderSyntaxError(
            "a victory condition is one word: " + ", ".join(CONDITIONS) + f" (not {text!r})"
        )
    word = {"self": "self-interested", "selfinterested": "self-interested"}.get(words[0], words[0])
    if word not in CONDITIONS:
        choices = ", ".join(CONDITIONS)
        raise OrderSyntaxError(
            f"unknown victory condition {word!r}{did_you_mean(word, CONDITIONS)} ({choices})"
        )
    return word


def record(conditions: Mapping[str, str], seat: str, condition: str) -> dict[str, str]:
    """The conditions with ``seat``'s recorded; once recorded it does not change.

    :raises IllegalOrderError: the seat has recorded one already.
    """
    if seat in conditions:
        raise IllegalOrderError(
            "Variant Victory Conditions: each player secretly records his condition once, "
            "before play begins"
        )
    return {**conditions, seat: parse_condition(condition)}


def assign_randomly(seats: Sequence[str], chance: Chance) -> dict[str, str]:
    """Seed: "Or the roles could be assigned randomly": one die per seat, in seat order,
    1-2 Altruistic, 3-4 Self-Interested, 5-6 Cutthroat (recorded through ``chance``)."""
    dice = chance.dice(
        "victory conditions (one die per seat: 1-2 altruistic, 3-4 self-interested, 5-6 cutthroat)",
        len(seats),
    )
    return {seat: CONDITIONS[(die - 1) // 2] for seat, die in zip(seats, dice, strict=True)}


def visible_conditions(
    conditions: Mapping[str, str], seat: str, over: bool, public: bool = False
) -> dict[str, str]:
    """What ``seat`` may know of the conditions: its own; everyone's once the game is over
    (the scores show them) or when the table assigned them publicly. Built from what the
    seat may see, never a copy of everything with the others deleted."""
    if over or public:
        return dict(conditions)
    return {seat: conditions[seat]} if seat in conditions else {}


def variant_score(seat: str, condition: str, scores: Mapping[str, Score]) -> Fraction:
    """``seat``'s score under ``condition``, from everyone's ordinary final scores."""
    own = Fraction(scores[seat])
    if condition == "self-interested":
        return own
    if condition == "altruistic":
        others = sorted(Fraction(v) for s, v in scores.items() if s != seat)[:WORST_OFF]
        return sum(others, own) / (1 + len(others))
    if condition == "cutthroat":
        return own - Fraction(median(Fraction(v) for v in scores.values()))
    raise OrderSyntaxError(f"unknown victory condition {condition!r}")


def variant_scores(
    scores: Mapping[str, Score], conditions: Mapping[str, str]
) -> dict[str, Fraction]:
    """Every seat's variant score; a seat without a condition is Self-Interested (ruling 45)."""
    return {
        seat: variant_score(seat, conditions.get(seat, "self-interested"), scores)
        for seat in scores
    }


def variant_winners(
    scores: Mapping[str, Score],
    conditions: Mapping[str, str],
    rescued: bool,
    alive: Mapping[str, bool],
) -> tuple[str, ...]:
    """The winners: rescued survivors whose variant score is positive; nobody without rescue
    ("if they are not rescued by the end of cycle 9 then all players lose, regardless of other
    victory conditions")."""
    if not rescued:
        return ()
    final = variant_scores(scores, conditions)
    return tuple(seat for seat in scores if alive.get(seat, False) and final[seat] > 0)
