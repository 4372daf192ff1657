"""'Mad Jack': the Random Scenario Tables of Crusoe's Planet, rolled in the open.

Seed (Advanced Scenario Selection): "Roll up a base scenario type, and a
specific scenario (and government type if needed), and then either play it or
roll on the complication table until it seems sufficiently interesting. If an
ownership tack-on is generated as a complication, the correct ownership
tack-on table is listed in parenthesis after the name of each scenario";
"some may contain redundant elements, but all are playable, at least with a
little tweaking."

The tables are data (``madjack.yaml`` beside this file, the seed's words
verbatim). Every die goes through a :class:`~sealed.core.chance.Chance`, so the
rolls are recorded (:attr:`Configuration.rolls`), replay exactly, and may be
entered from real dice (:class:`EnteredDice`). The result is a
:class:`Configuration`: scenario, government, tack-on modules, the numbers the
rows ask for, and the tweaks applied (each a ruling in docs/games/crusoe.md,
section Mad Jack). :meth:`Configuration.not_built` names every part the
program cannot play yet, so that nothing starts a broken game.

``python -m sealed.games.crusoe.madjack [--players N] [--complications N]
[--seed S | --dice "3 5 ..." | --table] [--json]`` prints the rolls and the configuration
(``--table`` asks for each roll as it comes).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any, NoReturn

import yaml

from sealed.core.chance import Chance, ChanceRequest, ChanceValue, SeededChance
from sealed.core.errors import ChanceError, OptionError, SealedError
from sealed.core.suggest import did_you_mean
from sealed.games.crusoe import hybrid

MIN_PLAYERS = 3  # an unstable government has 1 to players-2 dice; see the manual's Mad Jack
MAX_PLAYERS = 8
MAX_COMPLICATIONS = 12
MAX_REROLLS = 200  # a table rolled again this often is a bug or a joke, not a game


class MadJackError(SealedError):
    """A Mad Jack roll that cannot go on (bad player count, nothing new left to add)."""

    code = "crusoe/madjack"


# -- the tables ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """One row of a table: the results it covers, the seed's words, and what they mean."""

    low: int
    high: int
    text: str
    meaning: Mapping[str, Any]


@dataclass(frozen=True)
class Table:
    name: str
    title: str
    dice: int  # how many d6, read as their sum
    rows: tuple[Row, ...]
    notes: tuple[str, ...] = ()

    def row(self, total: int) -> Row:
        for row in self.rows:
            if row.low <= total <= row.high:
                return row
        raise MadJackError(f"{self.title}: no row for {total}")  # the data covers every sum


def _row(data: Mapping[str, Any]) -> Row:
    low, _, high = str(data["roll"]).partition("-")
    meaning = {k: v for k, v in data.items() if k not in ("roll", "text")}
    return Row(int(low), int(high or low), str(data["text"]), meaning)


@cache
def tables() -> Mapping[str, Table]:
    """The seed's tables, read from ``madjack.yaml``."""
    data = yaml.safe_load((Path(__file__).parent / "madjack.yaml").read_text(encoding="utf-8"))
    return {
        name: Table(
            name,
            str(t["title"]),
            int(str(t["dice"]).removesuffix("d6")),
            tuple(_row(r) for r in t["rows"]),
            tuple(t.get("notes", ())),
        )
        for name, t in data.items()
    }


# -- the configuration -------------------------------------------------------------------------

SCENARIO_NAMES = {
    "hobbesian": "Hobbesian State of Nature",
    "tribal-capitalism": "Tribal Capitalism",
    "traditional": "Traditional Economy",
    "tribal-socialism": "Tribal Socialism",
    "tribal-communism": "Tribal Communism",
    "welfare-capitalism": "Welfare Capitalism",
    "class-warfare-capitalism": "Class Warfare Capitalism",
    "state-capitalism": "State Capitalism",
    "national-capitalism": "National Capitalism",
    "market-socialism": "Market Socialism",
    "centralized-communism": "Centralized Communism",
    "governmental-socialism": "Governmental Socialism",
}
SCENARIO_TASKS: Mapping[str, tuple[str, ...]] = {
    "welfare-capitalism": ("radio_reward", "tax_burden", "estate"),
    "class-warfare-capitalism": ("radio_reward", "tax_burden", "estate"),
    "national-capitalism": ("radio_reward", "tax_burden", "estate"),
    "market-socialism": ("wages", "prices", "purchase_limits", "estate"),
    "governmental-socialism": ("distribution", "estate"),
}
"""What each scenario's government decides (its scenario text), and, whenever there is a
government, "how to distribute the goods of a player who dies of hunger or thirst"."""
TAX_TASKS = frozenset({"radio_reward", "tax_burden", "minimum_wage"})
MODULE_TASKS: Mapping[tuple[str, str], str] = {
    ("landlords", "modern-rent-control"): "rents",
    ("landlords", "government-ownership"): "rents",
    ("paternalistic", ""): "paths",
    ("gender", "matriarchal-golden-age"): "paths",
}
"""Tasks a tack-on gives the government (the crusoe option ``government_TASK``, ruling 150):
rents (Rent Control, Government Ownership), paths (Paternalistic Economy; the men's under the
Matriarchal Golden Age: one task when both are in play)."""
MODULE_TITLES = {
    "early-feudalism": "Early Feudalism",
    "libertarianism": "Libertarianism",
    "church": "The Church",
    "utopian": "Utopian Economy",
    "race": "Race",
    "vegetarians": "Vegetarians",
    "disability": "Disability",
    "gender": "Gender",
    "landlords": "Landlords",
    "objectivist": "Objectivist Model",
    "paternalistic": "Paternalistic Economy",
    "guild-oligarchy": "Guild Oligarchy",
    "third-world": "Third World Country",
    "corporations": "Corporations",
}
GOVERNMENT_OPTIONS = {
    "athenian-democracy": "athenian",
    "representative-democracy": "representative",
    "dictatorship": "dictatorship",
    "bureaucracy": "bureaucracy",
    "constitutional-hybrid": "hybrid",
}
"""The crusoe option ``government``'s value for each form."""
DEMOCRACIES = ("athenian-democracy", "representative-democracy")
RULED_FORMS = ("dictatorship", "representative-democracy")
TITLES = {"dictatorship": "Dictator", "representative-democracy": "President"}
"""The forms with a ruler (a Dictator, a President; a hybrid may have both: ruling 196)."""
CHART_TASKS = frozenset(hybrid.TASKS)
"""The tasks a chart can decide (``hybrid.TASKS``): every task since rulings 189-191
(Governmental Socialism's pool, a tack-on's paths and rents), so no roll is tweaked now."""
GOVERNMENT_NAMES = {
    "athenian-democracy": "Athenian Democracy",
    "representative-democracy": "Representative Democracy",
    "dictatorship": "Dictatorship",
    "bureaucracy": "Bureaucracy",
    "constitutional-hybrid": "Constitutional Hybrid",
}


@dataclass(frozen=True)
class Government:
    """A government type; a Constitutional Hybrid has one government per task (``functions``)."""

    form: str
    strength: str = ""
    dice: int | None = None  # an unstable government's dice in battle
    functions: tuple[tuple[str, Government], ...] = ()

    def describe(self) -> str:
        if self.functions:
            parts = ", ".join(f"{task}: {g.describe()}" for task, g in self.functions)
            return f"Constitutional Hybrid ({parts})"
        name = GOVERNMENT_NAMES[self.form]
        strength = f"{self.strength.capitalize()} " if self.strength else ""
        dice = f" with {self.dice} dice" if self.dice is not None else ""
        return f"{strength}{name}{dice}"

    def democratic(self) -> bool:
        if self.functions:
            return all(g.democratic() for _, g in self.functions)
        return self.form in DEMOCRACIES

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"form": self.form}
        if self.strength:
            data["strength"] = self.strength
        if self.dice is not None:
            data["dice"] = self.dice
        if self.functions:
            data["functions"] = {task: g.to_json() for task, g in self.functions}
        return data


@dataclass(frozen=True)
class Module:
    """A tack-on module, its variant, and the numbers its row asks for (``params``)."""

    name: str
    variant: str = ""
    params: tuple[tuple[str, int], ...] = ()

    def describe(self) -> str:
        """``Vegetarians (eat; players 2)``: the module, its variant and its numbers."""
        inside = [self.variant.replace("-", " ")] if self.variant else []
        inside += [", ".join(f"{k.replace('_', ' ')} {v}" for k, v in self.params)]
        details = "; ".join(i for i in inside if i)
        return MODULE_TITLES[self.name] + (f" ({details})" if details else "")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name}
        if self.variant:
            data["variant"] = self.variant
        data |= dict(self.params)
        return data


@dataclass(frozen=True)
class Roll:
    """One roll and what it gave: the table, the dice as rolled, and the row's words."""

    table: str
    dice: tuple[int, ...]
    text: str

    def describe(self) -> str:
        faces = " ".join(map(str, self.dice))
        total = f" = {sum(self.dice)}" if len(self.dice) > 1 else ""
        return f"{self.table}: {faces}{total} -> {self.text}"


@dataclass(frozen=True)
class Configuration:
    """What Mad Jack rolled up: everything a game needs to know to start."""

    players: int
    base: str
    scenario: str
    scenario_text: str
    ownership_table: str
    variant: str = ""
    government: Government | None = None
    tasks: tuple[str, ...] = ()
    modules: tuple[Module, ...] = ()
    tweaks: tuple[str, ...] = ()
    rolls: tuple[Roll, ...] = ()
    seed: str = ""
    chance: tuple[Mapping[str, Any], ...] = field(default=(), compare=False)
    """Every outcome as recorded (label and value), for replay."""

    def has(self, module: str) -> bool:
        return any(m.name == module for m in self.modules)

    def options(self) -> dict[str, Any]:
        """The crusoe game options this configuration would be started with."""
        options: dict[str, Any] = {"scenario": self.scenario}
        for part in self.parts():
            options |= part[1]
        return options

    def parts(self) -> list[tuple[str, dict[str, Any]]]:
        """Each part (the seed's name) with the options that would play it."""
        parts: list[tuple[str, dict[str, Any]]] = [
            (self.scenario_text, {"scenario": self.scenario})
        ]
        if self.variant:
            parts.append((f"{self.scenario_text}: {self.variant}", {"minimum_wage": "government"}))
        if self.government is not None:
            chosen = _government_options(self.government)
            if self.government.form == "bureaucracy" and "rents" in self.tasks:
                chosen["government_rents"] = "bureaucracy"  # the chart sets them (ruling 191)
            parts.append((self.government.describe(), chosen))
        for module in self.modules:
            parts.append((module.describe(), _module_options(module)))
        return parts

    def not_built(self) -> list[str]:
        """The parts the program cannot play yet (empty: the game can start)."""
        # Each part is asked with the scenario when that is built: a government is refused
        # with a scenario that has none (Government Types), and is built for one that has.
        built = _is_built({"scenario": self.scenario})
        base: dict[str, Any] = {"scenario": self.scenario} if built else {}
        if base and self.variant:  # the scenario's variant too: a hybrid may have its task
            base |= self.parts()[1][1]
        # a tack-on that brings a government (rulings 103, 149) is asked with each part
        for module in self.modules:
            brings = _module_options(module)
            gives_a_task = (module.name, module.variant) in MODULE_TASKS
            if base and gives_a_task and _is_built({**base, **brings}):
                base |= brings
        missing = [name for name, options in self.parts() if not _is_built({**base, **options})]
        if not missing and not _is_built(self.options()):
            missing.append("this combination of " + ", ".join(n for n, _ in self.parts()))
        return missing

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "seed": self.seed,
            "base": self.base,
            "scenario": self.scenario,
            "government": None if self.government is None else self.government.to_json(),
            "tasks": list(self.tasks),
            "modules": [m.to_json() for m in self.modules],
            "tweaks": list(self.tweaks),
            "rolls": [{"table": r.table, "dice": list(r.dice), "text": r.text} for r in self.rolls],
            "chance": [dict(c) for c in self.chance],
            "not_built": self.not_built(),
        }

    def to_text(self) -> str:
        source = f", seed {self.seed}" if self.seed else ""
        lines = [f"Mad Jack, {self.players} players{source}"]
        lines += ["  " + roll.describe() for roll in self.rolls]
        lines.append(
            f"Scenario: {self.scenario_text}" + (f" ({self.variant})" if self.variant else "")
        )
        government = "none" if self.government is None else self.government.describe()
        lines.append(f"Government: {government}")
        if self.government is not None:
            lines.append("  decides: " + ", ".join(self.tasks))
        modules = "; ".join(m.describe() for m in self.modules) or "none"
        lines.append(f"Tack-ons: {modules}")
        lines += [f"Tweak: {tweak}" for tweak in self.tweaks]
        missing = self.not_built()
        if missing:
            lines.append("Not built yet: " + "; ".join(missing))
        else:
            flags = " ".join(f"--option {k}={_option_text(v)}" for k, v in self.options().items())
            lines.append(f"Playable: sealed new crusoe --players NAMES {flags}")
        return "\n".join(lines)


def _government_options(government: Government) -> dict[str, Any]:
    """``government=FORM`` (``government_strength``, ``government_dice``); a Hybrid also
    ``government_TASK=FORM`` per task."""
    options: dict[str, Any] = {"government": GOVERNMENT_OPTIONS[government.form]}
    if government.strength:
        options["government_strength"] = government.strength
    if government.dice is not None:
        options["government_dice"] = government.dice
    for task, one in government.functions:
        options |= {
            k.replace("government", f"government_{task}", 1): v
            for k, v in _government_options(one).items()
        }
    return options


def _module_options(module: Module) -> dict[str, Any]:
    """``NAME=VARIANT`` (or ``true``), and ``NAME_PARAM=N`` for the numbers rolled."""
    name = module.name.replace("-", "_")
    options: dict[str, Any] = {name: module.variant or True}
    options |= {f"{name}_{param}": value for param, value in module.params}
    return options


def _option_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _is_built(options: Mapping[str, Any]) -> bool:
    """Whether the crusoe game accepts ``options`` (an unknown option or value is not built)."""
    from sealed.core.game import resolve_options  # the game is read, never changed
    from sealed.games.crusoe.game import OPTIONS
    from sealed.games.crusoe.state import Settings

    try:
        Settings.from_options(resolve_options(OPTIONS, options))
    except (OptionError, TypeError, ValueError):
        return False
    return True


# -- rolling -------------------------------------------------------------------------------------


class _Roller:
    """One Mad Jack roll in progress: the configuration so far and the chance it draws on."""

    def __init__(self, players: int, chance: Chance) -> None:
        self.players = players
        self.chance = chance
        self.rolls: list[Roll] = []
        self.config: Configuration | None = None
        self.violence_rolled = False

    @property
    def now(self) -> Configuration:
        if self.config is None:  # the scenario is the first thing rolled
            raise MadJackError("no scenario rolled yet")
        return self.config

    def table(self, name: str) -> Row:
        table = tables()[name]
        label = f"Mad Jack: {table.title} ({table.dice}d6)"
        dice = self.chance.dice(label, table.dice)
        row = table.row(sum(dice))
        self.rolls.append(Roll(table.title, tuple(dice), row.text))
        return row

    def number(self, what: str, low: int, high: int) -> int:
        """A random number the seed asks for; no roll when only one number is possible."""
        if low >= high:
            return low
        return self.chance.integer(f"Mad Jack: {what} ({low} to {high})", low, high)

    def half(self, what: str) -> bool:
        """The seed's 50/50 as a die: 4-6 is yes."""
        return self.chance.dice(f"Mad Jack: {what}? (1d6, 4-6 yes)", 1)[0] >= 4

    def note(self, text: str) -> None:
        """Say after the last roll why it is rolled again."""
        last = self.rolls[-1]
        self.rolls[-1] = replace(last, text=f"{last.text} ({text})")

    def tweak(self, text: str) -> None:
        self.config = replace(self.now, tweaks=(*self.now.tweaks, text))


def roll(players: int, chance: Chance, complications: int = 0) -> Configuration:
    """Roll a configuration for ``players`` players with ``complications`` complication rolls.

    :raises MadJackError: a player count or number of complications out of range, or no new
        tack-on left to roll.
    :raises ChanceError: an outcome that does not fit (entered dice: too few, or not a face).
    """
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise MadJackError(
            f"Mad Jack needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players} "
            "(the tables roll minorities, dictators and dice up to the players less two)"
        )
    if not 0 <= complications <= MAX_COMPLICATIONS:
        raise MadJackError(f"complications: 0 to {MAX_COMPLICATIONS}, not {complications}")
    roller = _Roller(players, chance)
    base = roller.table("base")
    row = roller.table(str(base.meaning["table"]))
    _scenario(roller, str(base.text), row)
    for _ in range(complications):
        _complication(roller)
    _chart_tweaks(roller)
    _one_ruler(roller)
    _standing_tweaks(roller)
    return replace(
        roller.now,
        rolls=tuple(roller.rolls),
        chance=tuple(entry.to_json() for entry in chance.log),
    )


def _scenario(roller: _Roller, base: str, row: Row) -> None:
    scenario = str(row.meaning["scenario"])
    variant = str(row.meaning.get("variant", ""))
    tasks = SCENARIO_TASKS.get(scenario, ())
    if variant:
        tasks = (*tasks[:-1], "minimum_wage", tasks[-1])
    roller.config = Configuration(
        players=roller.players,
        base=base.lower(),
        scenario=scenario,
        scenario_text=SCENARIO_NAMES[scenario],
        ownership_table=str(row.meaning["ownership"]),
        variant=variant.replace("-", " "),
        tasks=tasks if row.meaning.get("government") else (),
    )
    if row.meaning.get("government"):
        roller.config = replace(roller.now, government=_government(roller, tasks))


def _government(roller: _Roller, tasks: Sequence[str]) -> Government:
    """Roll on the Government Type table; a Hybrid rolls again for each task (ruling 35)."""
    row = roller.table("government")
    if row.meaning["form"] != "constitutional-hybrid":
        return _one_government(roller, row)
    functions = tuple((task, _one_government_for(roller, task)) for task in tasks)
    return Government("constitutional-hybrid", functions=functions)


def _one_government(roller: _Roller, row: Row, task: str = "") -> Government:
    strength = str(row.meaning.get("strength", ""))
    dice = None
    if strength == "unstable":
        # "Unstable gov'ts have a random number of dice between one and the # of players minus two."
        for_task = f" for {task}" if task else ""
        dice = roller.number(f"dice of the unstable government{for_task}", 1, roller.players - 2)
    return Government(str(row.meaning["form"]), strength, dice)


def _complication(roller: _Roller) -> None:
    """One roll on the Complication table, and on the tack-on table it names."""
    for _ in range(MAX_REROLLS):
        if not any(_new_rows(roller, t) for t in _complication_tables(roller)):
            raise MadJackError("every tack-on the complication tables offer is already in play")
        row = roller.table("complication")
        name = _table_for(roller, str(row.meaning["table"]))
        if name == "violence" and roller.violence_rolled:
            roller.note("a Violence Tack-on is in play already: roll the complication again")
            continue  # "roll here at most once" (ruling 36)
        if not _new_rows(roller, name):
            roller.note("every tack-on of that table is in play: roll the complication again")
            continue  # (ruling 36)
        _tack_on(roller, name)
        return
    raise MadJackError("the complication table gave nothing new in 200 rolls")


def _complication_tables(roller: _Roller) -> list[str]:
    names = [_table_for(roller, t) for t in ("personal", "ownership")]
    return names if roller.violence_rolled else [*names, "violence"]


def _table_for(roller: _Roller, table: str) -> str:
    return f"ownership-{roller.now.ownership_table}" if table == "ownership" else table


def _new_rows(roller: _Roller, table: str) -> list[Row]:
    """The rows of ``table`` whose tack-ons are not in play yet (a module once: ruling 36) nor
    ruled out with what is (ruling 151)."""
    return [
        row
        for row in tables()[table].rows
        if not any(roller.now.has(str(m["name"])) for m in row.meaning.get("modules", ()))
        and not _ruled_out(roller.now, row)
    ]


CLASHES = (
    (
        "objectivist",
        "landlords",
        "the Objectivist Model and Landlords both say who owns what is produced",
    ),
    (
        "objectivist",
        "dolls-house",
        "the Objectivist Model and the Doll's House both say who receives what a woman produces",
    ),
)
"""Tack-ons (a module or a variant) the game refuses together (rulings 110, 112): Mad Jack
rolls the second again (ruling 151)."""


def _ruled_out(config: Configuration, row: Row) -> str:
    """Why the game rules out a row's tack-on with what is in play ('' if it does not): the
    Traditional Economy keeps each player on his path for life, so no government assigns one
    (ruling 103); the ``CLASHES``. Such a row is rolled again (ruling 151)."""
    for data in row.meaning.get("modules", ()):
        name, variant = str(data["name"]), str(data.get("variant", ""))
        assigns = name == "paternalistic" or variant == "matriarchal-golden-age"
        if assigns and config.scenario == "traditional":
            return "the Traditional Economy keeps each player on his path"
        in_play = {m.name for m in config.modules} | {m.variant for m in config.modules}
        for one, other, why in CLASHES:
            for mine, rival in ((one, other), (other, one)):
                if mine in (name, variant) and rival in in_play:
                    return why
    return ""


def _tack_on(roller: _Roller, table: str) -> None:
    """Roll ``table`` until a row adds something new (ruling 36) that the game does not rule
    out with what is in play (ruling 151), and add it."""
    row = roller.table(table)
    for _ in range(MAX_REROLLS):
        why = _ruled_out(roller.now, row)
        if row in _new_rows(roller, table) and not why:
            break
        roller.note(f"ruled out: {why}; roll again" if why else "in play already: roll again")
        row = roller.table(table)
    else:
        raise MadJackError(f"{tables()[table].title}: nothing new in {MAX_REROLLS} rolls")
    if table == "violence":
        roller.violence_rolled = True
    for data in row.meaning["modules"]:
        module = Module(str(data["name"]), str(data.get("variant", "")))
        module = replace(module, params=_params(roller, module))
        roller.config = replace(roller.now, modules=(*roller.now.modules, module))
        _give_tasks(roller, module)
    if any(m["name"] == "libertarianism" for m in row.meaning["modules"]):
        _libertarian_government(roller)
    if any(m.get("variant") == "matriarchal-golden-age" for m in row.meaning["modules"]):
        if not roller.violence_rolled:
            _tack_on(roller, "violence")  # "roll a Violence Tack-on if one has not already been"
        if roller.now.has("early-feudalism"):
            _women_warlords(roller)


def _params(roller: _Roller, module: Module) -> tuple[tuple[str, int], ...]:
    """The numbers a row asks for ("roll random number ..."), rolled now (ruling 37)."""
    n = roller.players
    name, variant = module.name, module.variant
    if name == "vegetarians":
        return (("players", roller.number("how many vegetarians", 1, n - 1)),)
    if name == "disability":
        return (("players", roller.number("how many players are disabled", 1, n)),)
    if name == "early-feudalism" and variant == "weak":
        return (("dice", roller.number("dice of the weak Warlord", 2, n - 1)),)
    if name == "landlords" and variant == "government-ownership":
        return (
            (
                "government_paths",
                roller.chance.dice("Mad Jack: paths the government owns (1d6+1)", 1)[0] + 1,
            ),
        )
    if name == "corporations":  # the seed's module has both (ruling 184); no die is rolled
        return (("dividend", 1), ("exchange", 1))
    if name == "race":
        return _race(roller, variant)
    if name == "gender":
        return _gender(roller)
    return ()


def _race(roller: _Roller, variant: str) -> tuple[tuple[str, int], ...]:
    n = roller.players
    minority = max(1, (n + 1) // 3) if variant.startswith("third") else 1
    params = [("minority", minority)]
    majority = n - minority
    if variant == "third-minority-prejudiced":
        return (*params, ("majority_prejudiced", 0), ("minority_prejudiced", 1))
    if variant == "one-portion-prejudiced":
        params.append(
            (
                "majority_prejudiced",
                roller.number("how many of the majority are prejudiced", 1, majority),
            )
        )
    else:
        params.append(("majority_prejudiced", majority))
    params.append(("minority_prejudiced", int(roller.half("is the minority prejudiced"))))
    return tuple(params)


def _gender(roller: _Roller) -> tuple[tuple[str, int], ...]:
    """The note under the Personal table: men's work at 50%, 1d6 paths, a pink-collar path 50%."""
    if not roller.half("men's work variant"):
        return (("mens_work", 0),)
    denied = roller.chance.dice("Mad Jack: paths denied to the 2nd class gender (1d6)", 1)[0]
    pink = roller.half("a path denied to the 1st class gender")
    return (("mens_work", 1), ("paths_denied", denied), ("pink_collar_path", int(pink)))


def _give_tasks(roller: _Roller, module: Module) -> None:
    """A tack-on's task goes to the government in play, or a government is rolled: a row's
    "[roll Gov't]" is met by the government already in play (ruling 38)."""
    task = MODULE_TASKS.get((module.name, module.variant))
    if task is None or task in roller.now.tasks:
        return  # the paths already (the Paternalistic Economy and the Matriarchal Golden Age)
    config = roller.now
    government = config.government
    tasks: tuple[str, ...]
    if government is None:
        tasks = (task, "estate")
        government = _government(roller, tasks)
    else:
        tasks = (*config.tasks[:-1], task, config.tasks[-1])
        if government.functions:
            added = _one_government_for(roller, task)
            *before, last = government.functions  # the estate stays last, as in the tasks
            government = replace(government, functions=(*before, (task, added), last))
    roller.config = replace(config, government=government, tasks=tasks)
    if config.has("libertarianism"):
        _libertarian_government(roller)


def _one_government_for(roller: _Roller, task: str) -> Government:
    """A Hybrid's government for ``task``: the table again, a Hybrid rolled again (ruling 35)."""
    for _ in range(MAX_REROLLS):
        row = roller.table("government")
        if row.meaning["form"] != "constitutional-hybrid":
            return _one_government(roller, row, task)
    raise MadJackError("the Government Type table gave Constitutional Hybrid every time")


def _libertarian_government(roller: _Roller) -> None:
    """Libertarianism: "If a government type is required merely for the collection of taxes it
    can be ignored; if one is required for other purposes ... use one of the forms of
    democracy" (ruling 39)."""
    config = roller.now
    if config.government is None:
        return
    if all(t in TAX_TASKS or t == "estate" for t in config.tasks):
        roller.config = replace(config, government=None, tasks=())
        roller.tweak(
            "Libertarianism: the government only collected taxes, so there is none; "
            "a dead player's goods are divided by the vote of the living"
        )
        return
    if not config.government.democratic():
        government = _democratic(roller, config.government, config.tasks)
        roller.config = replace(roller.now, government=government)
        roller.tweak("Libertarianism: the government is rolled again until it is a democracy")
    _one_democracy(roller)


def _one_democracy(roller: _Roller) -> None:
    """Libertarianism's "one of the forms of democracy" is one form: a hybrid's first branch
    decides every task (ruling 152)."""
    government = roller.now.government
    if government is None or not government.functions:
        return
    first = government.functions[0][1]
    roller.config = replace(roller.now, government=first)
    roller.tweak(
        f"Libertarianism: one form of democracy, the hybrid's first branch's ({first.describe()}) "
        "decides every task"
    )


def _democratic(roller: _Roller, government: Government, tasks: Sequence[str]) -> Government:
    if government.functions:
        return replace(
            government,
            functions=tuple(
                (t, g if g.democratic() else _democratic(roller, g, (t,)))
                for t, g in government.functions
            ),
        )
    for _ in range(MAX_REROLLS):
        row = roller.table("government")
        if row.meaning["form"] in DEMOCRACIES:
            return _one_government(roller, row, tasks[0] if len(tasks) == 1 else "")
    raise MadJackError("the Government Type table gave no democracy in 200 rolls")


def _chart_tweaks(roller: _Roller) -> None:
    """A Bureaucracy rolled for what its chart cannot decide (ruling 147): each such task goes
    to a government rolled again for it, the Bureaucracy keeping the rest as a Constitutional
    Hybrid's branches. Since rulings 189-191 a chart decides every task (``CHART_TASKS``), a
    scenario whose government a tack-on brings included, so nothing is tweaked today."""
    config = roller.now
    government = config.government
    if government is None or not _has_bureaucracy(government):
        return
    functions = government.functions or tuple((t, government) for t in config.tasks)
    stuck = [t for t, g in functions if g.form == "bureaucracy" and t not in CHART_TASKS]
    if not stuck:
        return
    changed = tuple(
        (t, _government_for(roller, t, hybrid=False) if t in stuck else g) for t, g in functions
    )
    roller.config = replace(
        config, government=Government("constitutional-hybrid", functions=changed)
    )
    roller.tweak(
        f"Bureaucracy: its chart cannot decide {', '.join(stuck)}; a government is rolled "
        "again for each, the chart keeps the other tasks (a Constitutional Hybrid)"
    )


def _has_bureaucracy(government: Government) -> bool:
    return government.form == "bureaucracy" or any(
        g.form == "bureaucracy" for _, g in government.functions
    )


def _government_for(roller: _Roller, task: str, hybrid: bool) -> Government:
    """The Government Type table again until it gives one form that is neither a Bureaucracy
    nor (unless ``hybrid``) a hybrid; a democracy under Libertarianism (ruling 39)."""
    libertarian = roller.now.has("libertarianism")
    for _ in range(MAX_REROLLS):
        row = roller.table("government")
        form = str(row.meaning["form"])
        if form == "bureaucracy" or (form == "constitutional-hybrid" and not hybrid):
            roller.note("no chart for this task: roll again")
        elif libertarian and form not in DEMOCRACIES:
            roller.note("Libertarianism: a democracy: roll again")
        else:
            return _one_government(roller, row, task)
    raise MadJackError("the Government Type table gave no government for the task in 200 rolls")


def _one_ruler(roller: _Roller) -> None:
    """A Constitutional Hybrid has one ruler per office (rulings 69, 196): every branch of a
    Dictatorship (or of a Representative Democracy) takes the strength and dice of the first
    such branch (ruling 148). A Dictator and a President together are played as rolled."""
    for form in RULED_FORMS:
        config = roller.now
        government = config.government
        if government is None or not government.functions:
            return
        ruled = [g for _, g in government.functions if g.form == form]
        if len(set(ruled)) <= 1:
            continue
        first = ruled[0]
        functions = tuple((t, first if g.form == form else g) for t, g in government.functions)
        roller.config = replace(config, government=replace(government, functions=functions))
        roller.tweak(
            f"one {TITLES[form]} (ruling 69): every branch of the {GOVERNMENT_NAMES[form]} is "
            f"the first one's, {first.describe()}"
        )


def _standing_tweaks(roller: _Roller) -> None:
    """Tweaks that follow from what is in play together (rulings 40 to 43)."""
    config = roller.now
    government = config.government
    variants = {(m.name, m.variant) for m in config.modules}
    if ("gender", "matriarchal-golden-age") in variants:
        roller.tweak(
            "Matriarchal Golden Age: no Utopian Economy is added; the table's Violence "
            "Tack-on is rolled instead, and only women may be the Warlord"
        )
    if ("church", "more-devout") in variants and government is not None:
        roller.tweak(
            "More Devout Church: the government phase (invoking, violence) is skipped; the "
            "government still decides its tasks at their own times"
        )
    fanatic = government is not None and (
        government.strength == "fanatic"
        or any(g.strength == "fanatic" for _, g in government.functions)
    )
    if fanatic and ("early-feudalism", "strong") in variants:
        roller.tweak(
            "a Fanatic ruler and a Strong Warlord each win every battle: a battle with both, "
            "on opposite sides, has no winner"
        )
    if ("landlords", "government-ownership") in variants:
        roller.tweak(
            "Government Ownership: the government owns the paths rolled (first in board "
            "order, ruling 350); the other paths are held as in Landlords Modern"
        )


def _women_warlords(roller: _Roller) -> None:
    modules = tuple(
        replace(m, params=(*m.params, ("women_only", 1))) if m.name == "early-feudalism" else m
        for m in roller.now.modules
    )
    roller.config = replace(roller.now, modules=modules)


# -- dice entered by a person ----------------------------------------------------------------------


class EnteredDice(Chance):
    """Outcomes from a list of numbers typed at once (``"3 5 6 1"``), taken in order: a roll of
    N dice takes N numbers, a random number takes one.

    :raises ChanceError: a word that is not a number, a number that does not fit the roll (named
        with its position), or too few numbers (naming the roll they ran out at).
    """

    def __init__(self, text: str) -> None:
        super().__init__()
        self.numbers: list[int] = []
        for position, word in enumerate(text.replace(",", " ").split(), start=1):
            if not (word.isascii() and word.isdigit() and len(word) <= 3):
                raise ChanceError(f"dice: {word[:20]!r} (number {position}) is not a die's face")
            self.numbers.append(int(word))
        self.used = 0

    def _draw(self, request: ChanceRequest) -> ChanceValue:
        wanted = request.count if request.kind == "dice" else 1
        left = len(self.numbers) - self.used
        if left < wanted:
            raise ChanceError(
                f"dice: the numbers ran out at '{request.describe()}' "
                f"({len(self.numbers)} given; give {wanted - left} more, or more for later rolls)"
            )
        taken = self.numbers[self.used : self.used + wanted]
        start = self.used + 1
        self.used += wanted
        value: ChanceValue = taken if request.kind == "dice" else taken[0]
        try:
            return request.check(value)
        except ChanceError as error:
            raise ChanceError(f"dice: number {start}: {error}") from None

    def check_all_used(self) -> None:
        """:raises ChanceError: numbers left over (a typo shifts every roll: refuse, not guess)."""
        extra = self.numbers[self.used :]
        if extra:
            raise ChanceError(
                f"dice: {len(extra)} number(s) left over after the last roll: "
                + " ".join(map(str, extra[:10]))
            )


def replay(config_json: Mapping[str, Any], complications: int) -> Configuration:
    """Roll again from a configuration's recorded outcomes (each checked against its label)."""
    from sealed.core.chance import ScriptedChance

    chance = ScriptedChance(list(config_json["chance"]))
    again = roll(int(config_json["players"]), chance, complications)
    if chance.remaining:
        raise ChanceError(f"{chance.remaining} recorded outcome(s) were not used")
    return again


# -- the command -----------------------------------------------------------------------------------


class SuggestingParser(argparse.ArgumentParser):
    """argparse that answers a mistyped flag with "did you mean" (3.11's argparse does not,
    and every ``sealed`` command does: ``--plyers 3`` gets ``did you mean '--players'?``)."""

    def error(self, message: str) -> NoReturn:
        prefix = "unrecognized arguments: "
        if message.startswith(prefix):
            flags = [word for word in self._option_string_actions if word.startswith("--")]
            unknown = [w for w in message[len(prefix) :].split() if w.startswith("--")]
            if unknown:
                message += did_you_mean(unknown[0].split("=", 1)[0], flags)
        super().error(message)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m sealed.games.crusoe.madjack``: roll, print, exit 0; a user error: one line, 1."""
    parser = SuggestingParser(
        prog="python -m sealed.games.crusoe.madjack",
        description="Roll a Crusoe's Planet scenario on the 'Mad Jack' tables.",
    )
    parser.add_argument("--players", type=int, default=4, help="how many players (3-8)")
    parser.add_argument("--complications", type=int, default=0, help="complication rolls")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--seed", default=None, help="roll from this seed (default: a new one)")
    source.add_argument("--dice", default=None, help='real dice, in the order asked: "3 5 6 1"')
    source.add_argument(
        "--table", action="store_true", help="real dice: ask for each roll as it comes"
    )
    parser.add_argument("--json", action="store_true", help="print the configuration as JSON")
    args = parser.parse_args(argv)
    try:
        if args.table:
            config = roll(args.players, _table_chance(), args.complications)
        else:
            config = _run(args.players, args.complications, args.seed, args.dice)
    except SealedError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(json.dumps(config.to_json(), indent=2) if args.json else config.to_text())
    return 0


def _table_chance() -> Chance:
    """Ask the person at the table for each roll, as the basic game's ``--table`` does."""
    from sealed.core.chance import TableChance

    def ask(request: ChanceRequest) -> str:
        try:
            return input(request.describe() + ": ")
        except EOFError:
            raise ChanceError(f"no answer for '{request.describe()}'") from None

    return TableChance(ask, tell=lambda text: print(text, file=sys.stderr))


def _run(players: int, complications: int, seed: str | None, dice: str | None) -> Configuration:
    if dice is not None:
        entered = EnteredDice(dice)
        config = roll(players, entered, complications)
        entered.check_all_used()
        return config
    if seed is None:
        import secrets

        seed = str(secrets.randbelow(10**9))
    config = roll(players, SeededChance(f"madjack/{seed}"), complications)
    return replace(config, seed=seed)


if __name__ == "__main__":
    sys.exit(main())
