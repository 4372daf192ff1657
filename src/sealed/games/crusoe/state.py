"""Crusoe's Planet values: the settings, the board, the players, the state and its JSON.

The state is mutable (the rules change it in place, :meth:`CrusoeState.copy`
gives ``resolve`` its own copy). Everything a table writes down is here: each
player's goods, Leisure and Radio Signal markers, Experience numbers per
path, VP and score sheet, privation and wounds; the common pool of recorded
Radio Signals; the cycle, the turn order and whose decision is open.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from sealed.core import setup
from sealed.core.errors import OptionError
from sealed.core.game import JsonDict, Options
from sealed.games.crusoe import hybrid, rulers
from sealed.games.crusoe.modules import (
    church,
    corporations,
    diamonds,
    disability,
    feudalism,
    gender,
    landlords,
    libertarianism,
    objectivist,
    paternalistic,
    punishments,
    race,
    roles,
    slavery,
    third_world,
    vegetarians,
)
from sealed.games.crusoe.modules.race import Race

GOODS = ("water", "banana", "apple", "grape", "egg", "fish", "spear", "diamond")
FRUITS = ("banana", "apple", "grape")
PROTEINS = ("egg", "fish")
FOODS = (*FRUITS, *PROTEINS)
FREQUENCIES = ("cb", "military", "top40")
FREQUENCY_NAMES = {"cb": "Citizen Band", "military": "Military", "top40": "Top 40"}
ICONS = (*GOODS, "leisure", "speared_fish", *FREQUENCIES)
SUPPLY_KEYS = (*GOODS, "leisure", *FREQUENCIES)
PATHS = ("ant", "dung_beetle", "spider", "sand_crab", "firefly", "bookworm", "grasshopper")
PATH_NAMES = {
    "ant": "Ant",
    "dung_beetle": "Dung Beetle",
    "spider": "Spider",
    "sand_crab": "Sand Crab",
    "firefly": "Firefly",
    "bookworm": "Bookworm",
    "grasshopper": "Grasshopper",
}
KEEPS_ON = {"apple": 5, "banana": 1, "egg": 5, "fish": 1, "grape": 3}
"""Preservation Rolls: a unit keeps on a die roll of 1..N (the seed's table)."""
RANKS = ("dung_beetle", "spider", "sand_crab", "ant", "bookworm", "grasshopper", "firefly")
"""Traditional Economy: social rank by path, lowest first."""
CLASSES = {
    "fish": 0,
    "water": 0,
    "banana": 0,
    "spear": 1,
    "apple": 1,
    "egg": 1,
    "grape": 2,
    "diamond": 2,
}
"""Traditional Economy: Cheap 0, Moderate 1, Luxury 2."""
PENALTY = (0, -1, -1, -2, -3, -5, -8, -13, -21)
"""The score sheet's penalty row, cycles 1-9."""
LAST_CYCLE = 9
FOOD_STATES = ("fed", "hungry", "starving", "dying")
ELASTICITY = ("water", "fish", "apple", "egg", "banana", "grape", "spear", "diamond")
"""Monetary Markets: the goods in order of elasticity, the order of every subphase."""
CONDITIONS = ("altruistic", "self-interested", "cutthroat")
"""Variant Victory Conditions (victory.py)."""
OPENING_MONEY = 100
"""Monetary Markets: the money available the first cycle a commodity is produced."""
GOVERNMENTS = ("athenian", "dictatorship", "representative", "bureaucracy", "hybrid")

ADVANCED_SCENARIOS = (
    "national-capitalism",
    "welfare-capitalism",
    "class-warfare-capitalism",
    "state-capitalism",
    "market-socialism",
    "governmental-socialism",
    "centralized-communism",
)
"""The seven Advanced Scenarios (the names Mad Jack's tables use)."""
MONETARY_SCENARIOS = (
    "national-capitalism",
    "welfare-capitalism",
    "class-warfare-capitalism",
    "state-capitalism",
    "centralized-communism",
)
"""The advanced scenarios that use the Monetary Market rules (Market Socialism has its own)."""
POLICY_SCENARIOS = ("national-capitalism", "welfare-capitalism", "class-warfare-capitalism")
"""National Capitalism and its expansions: the government sets the Radio Signal reward and
the tax burdens each cycle, before the turn order."""
SCENARIOS = (
    "crusoes-economy",
    "hobbesian",
    "tribal-capitalism",
    "tribal-communism",
    "tribal-socialism",
    "traditional",
    *ADVANCED_SCENARIOS,
)


@dataclass(frozen=True, slots=True)
class Settings:
    """The rule variant in force, read once from the options."""

    scenario: str = "crusoes-economy"
    utopian: bool = False
    relaxed_commons: bool = False
    single_winner: bool = False
    government: str = "athenian"
    government_strength: str = "stable"  # a Dictatorship: stable, unstable or fanatic
    government_dice: int = 1  # an unstable ruler's dice in battle
    president_strength: str = ""  # a hybrid with two rulers: the President's (ruling 196)
    president_dice: int = 1  # ... and an unstable President's dice
    government_chart: str = ""  # a Bureaucracy's flow chart as given (hybrid.py)
    government_branches: tuple[tuple[str, str], ...] = ()  # task -> form (a hybrid)
    government_chart_history: bool = False  # the chart reads every cycle's paths (ruling 188)
    victory: str = "off"  # Variant Victory Conditions: off, secret, random or public
    minimum_wage: str = "package"  # Welfare Capitalism: the seed's package, or the government's
    wage_package: tuple[tuple[tuple[str, ...], int], ...] = ()  # another package (welfare.py)
    bots_path_limits: bool = False  # Market Socialism: the bots' plans limit by path (228)
    bots_corporate_experience: bool = False  # Corporations: bots weigh a path's Experience (229)
    bots_path_offers: bool = False  # Landlords: bots weigh a path in a barter offer (182)
    diamonds: str = "standard"  # Variable Values for Diamonds (modules/diamonds.py)
    diamonds_seats: int = 0  # Small Boat: the seats (0: half the players)
    vegetarians: str = "none"  # Vegetarians: none, eat, make-or-eat (modules/vegetarians.py)
    vegetarians_players: int = 1
    race: Race = field(default_factory=Race)  # the Race module's numbers (modules/race.py)
    disabled_players: int = 0  # the Disability module: how many (0: not in play)
    guild_oligarchy: bool = False  # the Guild Oligarchy module (modules/guilds.py)
    disability_rows: tuple[int, ...] = ()  # Disability chosen and assigned: the rows (2d6 sums)
    gender: bool = False  # the Gender module's Basic Disempowerment (modules/gender.py)
    gender_variant: str = "none"  # none, base, no-suffrage, dolls-house, matriarchal-golden-age
    mens_work_paths: int = 0  # Gender, Men's Work: paths denied to the 2nd class (0: not in play)
    pink_collar: bool = False  # Men's Work: one more path denied to the 1st class
    gender_limits: tuple[str, ...] = ()  # No Suffrage's additional limitations (ruling 198)
    gender_feeding: bool = False  # Doll's House: a husband may feed his wife more (ruling 200)
    estate_shares: bool = False  # a dead player's goods in unequal shares (ruling 201)
    early_feudalism: str = "none"  # Early Feudalism: none, strong or weak (modules/feudalism.py)
    warlord_dice: int = 0  # a Weak Warlord's dice at the start
    warlord_women_only: bool = False  # only women may be the Warlord (Mad Jack's row 10)
    objectivist: bool = False  # the Objectivist Model: John Galt (modules/objectivist.py)
    libertarianism: bool = False  # Libertarianism: defaults, limited violence, no taxes
    punishments: tuple[str, ...] = ()  # Alternate Punishments added (modules/punishments.py)
    slavery_rules: tuple[str, ...] = ()  # Slavery's added rules: permission, any-time (168, 169)
    church: str = "none"  # The Church: none, more-devout, less-devout (modules/church.py)
    paternalistic: bool = False  # Paternalistic Economy: the government assigns the paths
    third_world: bool = False  # Third World Country: the Agent, the BR, NPLs, imports
    third_world_returns: bool = False  # the Agent chooses the goods he returns (ruling 199)
    landlords: str = "none"  # Landlords: none, homestead, modern ... (modules/landlords.py)
    landlords_paths: int = 0  # Government Ownership: the paths the government owns
    corporations: bool = False  # Corporations (modules/corporations.py)
    corporations_dividend: bool = False  # Corporations: the dividend (ruling 180)
    corporations_exchange: bool = False  # Corporations: shares and money exchanged (181)
    version: int = 4  # the rules' version the game began under (versions.py: CrusoeV1-V3)

    @classmethod
    def from_options(cls, options: Options) -> Settings:
        """:raises OptionError: a value or a combination the seed rules out or that is not
        built yet, in one line."""
        scenario = str(options.get("scenario", "crusoes-economy"))
        if scenario not in SCENARIOS:
            raise OptionError(f"scenario {scenario}: unknown (one of {', '.join(SCENARIOS)})")
        minimum_wage = str(options.get("minimum_wage", "package"))
        if minimum_wage != "package" and scenario != "welfare-capitalism":
            raise OptionError(
                f"minimum_wage {minimum_wage}: only Welfare Capitalism has a minimum wage"
            )
        government = str(options.get("government", "athenian"))
        if government not in GOVERNMENTS:
            raise OptionError(f"government {government}: unknown (one of {', '.join(GOVERNMENTS)})")
        strength, dice = rulers.read_options(options, scenario, government)
        forms: dict[str, Any] = {"government_strength": strength, "government_dice": dice}
        forms |= hybrid.read_options(options, scenario, government)  # Bureaucracy, hybrid
        return cls(
            scenario=scenario,
            utopian=bool(options.get("utopian", False)),
            relaxed_commons=bool(options.get("relaxed_commons", False)),
            single_winner=bool(options.get("single_winner", False)),
            government=government,
            **forms,
            victory=str(options.get("victory", "off")),
            minimum_wage=minimum_wage,
            wage_package=_wage_package(options, scenario),
            bots_path_limits=_bots_path_limits(options, scenario),
            bots_corporate_experience=_bots_corporate_experience(options),
            bots_path_offers=_bots_path_offers(options),
            diamonds=diamonds.read_options(options),
            estate_shares=_estate_shares(options),
            **_module_settings(options),
        )

    @property
    def roles_drawn(self) -> bool:
        """A tack-on module draws roles before the game (modules/roles.py)."""
        return (
            self.vegetarians != "none"
            or self.race.variant != "none"
            or self.disabled_players > 0
            or self.guild_oligarchy
            or self.gender
            or self.early_feudalism != "none"
            or self.objectivist
        )

    @property
    def monetary(self) -> bool:
        """The advanced scenarios with the Monetary Market rules."""
        return self.scenario in MONETARY_SCENARIOS

    @property
    def planned(self) -> bool:
        """Market Socialism: the government's plan before the turn order, wages, the vault."""
        return self.scenario == "market-socialism"

    @property
    def retail(self) -> bool:
        """Barter only with the neighbours in turn order: the Retail Subphase of a monetary
        market, and Market Socialism's black market ("like the retail subphase")."""
        return self.monetary or self.planned

    @property
    def common_pool(self) -> bool:
        """Tribal and Governmental Socialism: the goods go into a common pool, divided by the
        government (in Tribal Socialism and under an Athenian Democracy, by majority vote)."""
        return self.scenario in ("tribal-socialism", "governmental-socialism")

    @property
    def government_policy(self) -> bool:
        """The government sets the Radio Signal reward and the tax burdens before the turn order
        (National Capitalism and its expansions)."""
        return self.scenario in POLICY_SCENARIOS

    @property
    def violence(self) -> bool:
        """Crusoe's Economy and the Utopian module forbid violence (Introductory Scenarios);
        so does the More Devout Church ("the government phase is skipped": ruling 101)."""
        if church.forbids_violence(self.church):
            return False
        return self.scenario != "crusoes-economy" and not self.utopian

    @property
    def trade(self) -> bool:
        """The minimalist scenarios forbid trade; the tribal economies trade at the Market."""
        return self.scenario not in ("crusoes-economy", "hobbesian")

    @property
    def commons(self) -> bool:
        """Crusoe's Economy: 'Overburdening of paths does not occur.'"""
        return self.scenario != "crusoes-economy"

    @property
    def shares_goods_of_the_dead(self) -> bool:
        """In Crusoe's Economy the players cannot reach each other (ruling 9)."""
        return self.scenario != "crusoes-economy"


def _estate_shares(options: Options) -> bool:
    from sealed.games.crusoe import estate_shares  # it imports this module

    return estate_shares.read_option(options)


def _wage_package(options: Options, scenario: str) -> tuple[tuple[tuple[str, ...], int], ...]:
    """Welfare Capitalism's other package of goods (option ``minimum_wage_package``); empty:
    the seed's (ruling 83)."""
    from sealed.games.crusoe import welfare  # it imports this module

    if not str(options.get("minimum_wage_package", "") or "").strip():
        return ()
    return welfare.read_package(options, scenario)


def _bots_path_limits(options: Options, scenario: str) -> bool:
    """Option ``bots_path_limits`` (ruling 228): only Market Socialism has purchase limits."""
    on = bool(options.get("bots_path_limits", False))
    if on and scenario != "market-socialism":
        raise OptionError("bots_path_limits: only Market Socialism's plan has purchase limits")
    return on


def _bots_corporate_experience(options: Options) -> bool:
    """Option ``bots_corporate_experience`` (ruling 229): only Corporations buy Experience."""
    on = bool(options.get("bots_corporate_experience", False))
    if on and not options.get("corporations", False):
        raise OptionError("bots_corporate_experience: only Corporations hold Experience numbers")
    return on


def _bots_path_offers(options: Options) -> bool:
    """Option ``bots_path_offers`` (ruling 182): only Landlords puts paths in barter offers."""
    on = bool(options.get("bots_path_offers", False))
    if on and str(options.get("landlords", "none")) == "none":
        raise OptionError("bots_path_offers: only Landlords puts paths in barter offers")
    return on


def _module_settings(options: Options) -> dict[str, Any]:
    """The tack-on modules' settings, each read by its module (modules/)."""
    variant, players = vegetarians.read_options(options)
    return {
        "vegetarians": variant,
        "vegetarians_players": players,
        "race": race.read_options(options),
        **disability.settings(options),
        "guild_oligarchy": bool(options.get("guild_oligarchy", False)),
        **gender.settings(options),
        **feudalism.settings(options),
        "objectivist": objectivist.read_options(options),
        "libertarianism": libertarianism.read_options(options),
        "punishments": punishments.read_options(options),
        "slavery_rules": slavery.read_options(options),
        "church": church.read_options(options),
        "paternalistic": paternalistic.read_options(options),
        "third_world": third_world.read_options(options),
        "third_world_returns": third_world.read_returns(options),
        **landlords.settings(options),
        **corporations.settings(options),
        "diamonds_seats": diamonds.read_seats(options, diamonds.read_options(options)),
    }


Space = tuple[tuple[str, int], ...]
"""The icons of one space, in the order written, each with its count; () is blank."""


@dataclass(frozen=True, slots=True)
class Board:
    """The paths (spaces from the Crash Site to the Market) and the token supply."""

    paths: Mapping[str, tuple[Space, ...]]
    supply: Mapping[str, int]


def parse_space(value: object, path: setup.Path) -> Space:
    """``"water 2, banana"`` -> ``(("water", 2), ("banana", 1))``; ``"-"`` is blank."""
    text = setup.text(value, path).strip()
    if text in ("-", ""):
        return ()
    icons: list[tuple[str, int]] = []
    for part in text.split(","):
        words = part.split()
        if not words or len(words) > 2:
            raise setup.fail(path, f"{part.strip()!r}: write an icon and a count (water 2)")
        icon = setup.text(words[0].lower(), path, ICONS)
        count = 1
        if len(words) == 2:
            if not (words[1].isascii() and words[1].isdigit()) or not 1 <= int(words[1]) <= 9:
                raise setup.fail(path, f"{part.strip()!r}: the count is a number from 1 to 9")
            count = int(words[1])
        if any(icon == seen for seen, _ in icons):
            raise setup.fail(path, f"{icon} is written twice in one space")
        icons.append((icon, count))
    return tuple(icons)


def format_space(space: Space) -> str:
    if not space:
        return "-"
    return ", ".join(icon if n == 1 else f"{icon} {n}" for icon, n in space)


def board_from_json(data: object, path: setup.Path = ("map",)) -> Board:
    """Read a board strictly (a table's own map file, or the shipped one).

    :raises SetupError: with the path of the offending value.
    """
    keys = ("paths", "supply")
    raw = setup.mapping(data, path, keys, required=keys)
    paths_raw = setup.mapping(raw["paths"], (*path, "paths"), PATHS, required=PATHS)
    paths: dict[str, tuple[Space, ...]] = {}
    for name in PATHS:
        where = (*path, "paths", name)
        spaces = setup.sequence(paths_raw[name], where)
        if not 1 <= len(spaces) <= 60:
            raise setup.fail(where, "a path has 1 to 60 spaces")
        paths[name] = tuple(parse_space(s, (*where, str(i))) for i, s in enumerate(spaces))
    supply_raw = setup.mapping(raw["supply"], (*path, "supply"), SUPPLY_KEYS, SUPPLY_KEYS)
    supply = {
        key: setup.integer(supply_raw[key], (*path, "supply", key), 0, 999) for key in SUPPLY_KEYS
    }
    return Board(paths, supply)


def board_to_json(board: Board) -> JsonDict:
    return {
        "paths": {name: [format_space(s) for s in spaces] for name, spaces in board.paths.items()},
        "supply": dict(board.supply),
    }


@cache
def standard_board() -> Board:
    """The shipped board (``board.yaml`` beside this file)."""
    text = (Path(__file__).parent / "board.yaml").read_text(encoding="utf-8")
    return board_from_json(yaml.safe_load(text)["map"])


@dataclass(slots=True, eq=False)
class Player:
    """One castaway, as the score sheet and the tokens in front of them show."""

    goods: dict[str, int] = field(default_factory=lambda: dict.fromkeys(GOODS, 0))
    leisure: int = 0
    radio: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FREQUENCIES, 0))
    experience: dict[str, list[int]] = field(default_factory=dict)
    vp: int = 0
    alive: bool = True
    path: str | None = None
    position: int = 0  # 0: the Crash Site; 1..len: a space; len+1: the Market
    thirst: bool = False  # Dying of Thirst since the last consumption
    food: str = "fed"  # fed, hungry, starving or dying (of Starvation)
    malnourished: bool = False
    wounded: bool = False
    death_cycle: int | None = None
    death_cause: str | None = None  # thirst, starvation or violence
    sheet: list[dict[str, int]] = field(default_factory=list)  # the score sheet, per cycle
    track: str | None = None  # Traditional Economy: the path kept from cycle to cycle
    produced: dict[str, int] = field(default_factory=dict)  # goods produced this cycle (tax)
    money: int = 0  # Monetary Markets: dollars held (only during the trade phase)
    roles: tuple[str, ...] = ()  # tack-on modules' public qualities (vegetarian): modules/

    @property
    def dying(self) -> bool:
        return self.thirst or self.food == "dying"

    @property
    def deprived(self) -> bool:
        """Thirst, Starvation, Starving: 2d6 take the greater, odd results only (Privation)."""
        return self.thirst or self.food in ("starving", "dying")

    @property
    def no_leisure(self) -> bool:
        """Thirsty, Starving or Hungry players may not gain Leisure (Privation)."""
        return self.thirst or self.food != "fed"

    @property
    def may_use_experience(self) -> bool:
        if roles.no_experience(self.roles):  # Disability, 7: "cannot gain or use Experience"
            return False
        return not (self.thirst or self.food != "fed" or self.wounded)

    @property
    def may_gain_experience(self) -> bool:
        if roles.no_experience(self.roles):
            return False
        return not (self.thirst or self.food != "fed" or self.malnourished)

    def copy(self) -> Player:
        return Player(
            dict(self.goods),
            self.leisure,
            dict(self.radio),
            {k: list(v) for k, v in self.experience.items()},
            self.vp,
            self.alive,
            self.path,
            self.position,
            self.thirst,
            self.food,
            self.malnourished,
            self.wounded,
            self.death_cycle,
            self.death_cause,
            [dict(row) for row in self.sheet],
            self.track,
            dict(self.produced),
            self.money,
            self.roles,
        )


@dataclass(frozen=True, slots=True)
class Offer:
    """A standing barter offer at the Market: ``giver`` gives ``give`` to ``taker`` for ``want``."""

    giver: str
    taker: str
    give: tuple[tuple[str, int], ...]
    want: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Deal:
    """State Capitalism: ``holder`` offers ``units`` of the good on the market to ``seller``, one
    of those allowed to sell it, for ``dollars`` in all (``status`` open, agreed or refused);
    ``destroyed`` records a holder who destroyed his units instead (``seller`` empty)."""

    holder: str
    seller: str
    units: int
    dollars: int
    status: str


DEAL_STATUSES = ("open", "agreed", "refused", "destroyed")


@dataclass(slots=True, eq=False)
class Battle:
    """One fight: the side that started it and the side attacked."""

    attackers: list[str]
    defenders: list[str]

    @property
    def members(self) -> list[str]:
        return [*self.attackers, *self.defenders]


@dataclass(slots=True, eq=False)
class CrusoeState:
    """A game in progress. Mutable: the rules change it in place.

    ``phase`` is the step of the cycle; ``ask`` names the decision that is
    open and ``waiting`` the seats that must make it (one seat for the
    sequential decisions, several for the sealed ones); ``offer`` holds what
    the open decision may choose from (the move range, the icon types).
    """

    settings: Settings
    seats: tuple[str, ...]
    board: Board
    players: dict[str, Player]
    cycle: int = 1
    phase: str = "path"
    order: list[str] = field(default_factory=list)  # this cycle's turn order (the living)
    turn: int = 0  # index in ``order`` of the player whose turn it is
    ask: str | None = None
    waiting: tuple[str, ...] = ()
    offer: tuple[Any, ...] = ()
    roll: int = 0  # the die of the open move decision
    pool: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FREQUENCIES, 0))
    invoker: str | None = None
    speakers: list[str] = field(default_factory=list)  # speeches still to make, in order
    passes: int = 0  # consecutive passes in the round of initiating violence
    battles: list[Battle] = field(default_factory=list)
    spears: dict[str, bool] = field(default_factory=dict)  # battle spear decisions
    votes: dict[str, str] = field(default_factory=dict)  # ballots of an open vote
    battle: int = 0  # the battle whose verdict is being voted
    estates: list[str] = field(default_factory=list)  # the dead whose goods await the vote
    rescued: bool = False
    over: bool = False
    last_rescue: dict[str, Any] = field(default_factory=dict)
    home: list[str] = field(default_factory=list)  # done trading, back at the Crash Site
    offers: list[Offer] = field(default_factory=list)  # standing barter offers
    pile: dict[str, int] = field(default_factory=dict)  # the central pile / Socialism's pool
    proposal: dict[str, dict[str, int]] = field(default_factory=dict)  # a division under vote
    funds: dict[str, int] = field(default_factory=dict)  # money available per commodity market
    prices: dict[str, dict[str, int]] = field(default_factory=dict)  # this cycle's, per good
    policy: dict[str, dict[str, int]] = field(default_factory=lambda: default_policy())
    motion: dict[str, dict[str, int]] = field(default_factory=dict)  # a policy under vote
    good: str | None = None  # Monetary Markets: the good whose subphase step is open
    putback: dict[str, int] = field(default_factory=dict)  # older units put back, this good
    deals: list[Deal] = field(default_factory=list)  # State Capitalism, this good's deals
    plan: dict[str, dict[str, int]] = field(default_factory=dict)  # Market Socialism's plan
    plan_motion: dict[str, dict[str, int]] = field(default_factory=dict)  # a plan under vote
    vault: dict[str, int] = field(default_factory=dict)  # Market Socialism: the government's
    bought: dict[str, dict[str, int]] = field(default_factory=dict)  # from the vault, per seat
    done: list[str] = field(default_factory=list)  # Market Socialism: done buying this cycle
    wage: int | None = None  # Welfare Capitalism: the government's minimum wage in force
    wage_motion: int | None = None  # a minimum wage under vote
    ruler: str | None = None  # a Dictatorship: the Dictator (rulers.py)
    president: str | None = None  # a hybrid with two rulers: the President (ruling 196)
    successions: list[tuple[str, list[str]]] = field(default_factory=list)  # office, electors
    electors: list[str] = field(default_factory=list)  # winners who must elect a new ruler
    candidates: list[str] = field(default_factory=list)  # who campaigns for President
    elected: int = 0  # the cycle of the last President's election
    chart: str = ""  # a Bureaucracy's chart once amended or extended (bureaucracy.py)
    chart_motion: str = ""  # an amendment to the chart under vote
    branch: int = 0  # a hybrid's policy: the part being decided (hybrid.policy_parts)
    walked: dict[str, list[str]] = field(default_factory=dict)  # paths per cycle (ruling 188)
    conditions: dict[str, str] = field(default_factory=dict)  # variant victory, per seat
    land: landlords.Land = field(default_factory=landlords.Land)  # Landlords: owners, Leases
    corp: corporations.Corporations = field(default_factory=corporations.Corporations)  # shares
    classes: dict[str, str] = field(default_factory=dict)  # Class Warfare: class per seat
    ceos: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)  # the CEOs in line
    sales: dict[str, dict[str, int]] = field(default_factory=dict)  # commodity sales, per seat
    church: dict[str, int] = field(default_factory=dict)  # The Church's goods
    banned: list[str] = field(default_factory=list)  # The Church (less devout): no charity
    assignment: dict[str, str] = field(default_factory=dict)  # Paternalistic: paths under vote
    resource: str = ""  # Third World Country: the Basic Resource
    npl: dict[str, int] = field(default_factory=dict)  # Third World: National Production Limits
    imported: list[str] = field(default_factory=list)  # Third World: goods imported this cycle
    owed: int = 0  # Third World: units of the BR the Agent owes the MNCs this cycle
    mncs_gone: bool = False  # Third World: the MNCs have left the country

    def copy(self) -> CrusoeState:
        clone = copy.copy(self)
        clone.players = {seat: p.copy() for seat, p in self.players.items()}
        clone.order = list(self.order)
        clone.pool = dict(self.pool)
        clone.speakers = list(self.speakers)
        clone.battles = [Battle(list(b.attackers), list(b.defenders)) for b in self.battles]
        clone.spears = dict(self.spears)
        clone.votes = dict(self.votes)
        clone.estates = list(self.estates)
        clone.last_rescue = copy.deepcopy(self.last_rescue)
        clone.home = list(self.home)
        clone.offers = list(self.offers)
        clone.pile = dict(self.pile)
        clone.proposal = {seat: dict(goods) for seat, goods in self.proposal.items()}
        clone.funds = dict(self.funds)
        clone.prices = {good: dict(row) for good, row in self.prices.items()}
        clone.policy = {key: dict(terms) for key, terms in self.policy.items()}
        clone.motion = {key: dict(terms) for key, terms in self.motion.items()}
        clone.putback = dict(self.putback)
        clone.deals = list(self.deals)
        clone.plan = {k: dict(v) for k, v in self.plan.items()}
        clone.plan_motion = {k: dict(v) for k, v in self.plan_motion.items()}
        clone.vault = dict(self.vault)
        clone.bought = {s: dict(v) for s, v in self.bought.items()}
        clone.done = list(self.done)
        clone.electors = list(self.electors)
        clone.successions = [(office, list(e)) for office, e in self.successions]
        clone.candidates = list(self.candidates)
        clone.conditions = dict(self.conditions)
        clone.walked = {seat: list(paths) for seat, paths in self.walked.items()}
        clone.land = self.land.copy()
        clone.corp = self.corp.copy()
        clone.classes = dict(self.classes)
        clone.ceos = list(self.ceos)
        clone.sales = {s: dict(v) for s, v in self.sales.items()}
        clone.church = dict(self.church)
        clone.banned = list(self.banned)
        clone.assignment = dict(self.assignment)
        clone.npl = dict(self.npl)
        clone.imported = list(self.imported)
        return clone

    def money(self) -> int:
        """Every dollar on the table: held by players, available in a commodity market, or in
        a corporation's coffers or owed as a dividend (Corporations)."""
        held = sum(p.money for p in self.players.values()) + sum(self.funds.values())
        return held + sum(self.corp.coffers.values()) + corporations.owed_total(self)

    def living(self) -> list[str]:
        return [seat for seat in self.seats if self.players[seat].alive]

    def in_play(self, token: str) -> int:
        """How many of a token are on the table: held, or in the central pile (not the bank's)."""
        if token == "leisure":
            return sum(p.leisure for p in self.players.values())
        if token in FREQUENCIES:
            return sum(p.radio[token] for p in self.players.values())
        held = sum(p.goods[token] for p in self.players.values())
        held += self.church.get(token, 0)  # The Church's goods stay on the table
        return held + self.pile.get(token, 0) + self.vault.get(token, 0)

    def bank(self, token: str) -> int:
        return max(0, self.board.supply[token] - self.in_play(token))


# -- JSON ---------------------------------------------------------------------------

STATE_KEYS = (
    "cycle",
    "phase",
    "order",
    "turn",
    "ask",
    "waiting",
    "offer",
    "roll",
    "radio",
    "invoker",
    "speakers",
    "passes",
    "battles",
    "spears",
    "votes",
    "battle",
    "estates",
    "rescued",
    "over",
    "last_rescue",
    "home",
    "offers",
    "pile",
    "proposal",
    "market",
    "prices",
    "policy",
    "motion",
    "good",
    "putback",
    "deals",
    "ruler",
    "president",
    "successions",
    "electors",
    "candidates",
    "elected",
    "chart",
    "chart_motion",
    "branch",
    "walked",
    "conditions",
    "plan",
    "plan_motion",
    "vault",
    "bought",
    "done",
    "wage",
    "wage_motion",
    "classes",
    "ceos",
    "sales",
    "church",
    "assignment",
    "third_world",
    "land",
    "corporations",
    "players",
    "map",
)
OPTIONAL_KEYS = (
    "deals",
    "ruler",
    "president",
    "successions",
    "electors",
    "candidates",
    "elected",
    "chart",
    "chart_motion",
    "branch",
    "walked",
    "conditions",
    "plan",
    "plan_motion",
    "vault",
    "bought",
    "done",
    "wage",
    "wage_motion",
    "classes",
    "ceos",
    "sales",
    "church",
    "assignment",
    "third_world",
    "land",
    "corporations",
)
"""State keys a setup file may leave out (added after version 1's first records)."""
PLAN_KEYS = ("plan", "plan_motion", "vault", "bought", "done")
"""Market Socialism's state keys."""
PLAYER_KEYS = (
    "goods",
    "leisure",
    "radio",
    "experience",
    "vp",
    "alive",
    "path",
    "position",
    "thirst",
    "food",
    "malnourished",
    "wounded",
    "death_cycle",
    "death_cause",
    "sheet",
    "track",
    "produced",
    "money",
    "roles",
)
PLAYER_OPTIONAL_KEYS = ("roles",)  # older records have none
ROLES = roles.ALL_ROLES  # the tack-on modules' roles a player may have
PHASES = (
    "path",
    "move",
    "market",
    "draft",
    "divide",
    "tax",
    "trade",
    "government",
    "battles",
    "consume",
    "estate",
    "policy",
    "commodity",
    "taxes",
    "wholesale",
    "election",
    "warlord",
    "campaign",
    "amend",
    "plan",
    "buy",
    "wage",
    "victory",
    "donate",
    "donated",
    "assign",
    "import",
    "imported",
    "settle",
    "costs",
    "over",
)


def state_to_json(state: CrusoeState) -> JsonDict:
    """The full state (the game master's view); the manual documents every key."""
    data = _state_json(state)
    if church.in_play(state):  # only then, so that the records of other games keep their digest
        data["church"] = church.to_json(state)
    if paternalistic.in_play(state):
        data["assignment"] = paternalistic.to_json(state)
    if third_world.in_play(state):
        data["third_world"] = third_world.to_json(state)
    return data


def _state_json(state: CrusoeState) -> JsonDict:
    return {
        "cycle": state.cycle,
        "phase": state.phase,
        "order": list(state.order),
        "turn": state.turn,
        "ask": state.ask,
        "waiting": list(state.waiting),
        "offer": list(state.offer),
        "roll": state.roll,
        "radio": dict(state.pool),
        "invoker": state.invoker,
        "speakers": list(state.speakers),
        "passes": state.passes,
        "battles": [{"attackers": b.attackers, "defenders": b.defenders} for b in state.battles],
        "spears": dict(state.spears),
        "votes": dict(state.votes),
        "battle": state.battle,
        "estates": list(state.estates),
        "rescued": state.rescued,
        "over": state.over,
        "last_rescue": copy.deepcopy(state.last_rescue),
        "home": list(state.home),
        "offers": [
            {"giver": o.giver, "taker": o.taker, "give": dict(o.give), "want": dict(o.want)}
            for o in state.offers
        ],
        "pile": dict(state.pile),
        "proposal": {seat: dict(goods) for seat, goods in state.proposal.items()},
        "market": dict(state.funds),
        "prices": {good: dict(row) for good, row in state.prices.items()},
        "policy": {key: dict(terms) for key, terms in state.policy.items()},
        "motion": {key: dict(terms) for key, terms in state.motion.items()},
        "good": state.good,
        "putback": dict(state.putback),
        "deals": [
            {
                "holder": d.holder,
                "seller": d.seller,
                "units": d.units,
                "dollars": d.dollars,
                "status": d.status,
            }
            for d in state.deals
        ],
        "plan": {k: dict(v) for k, v in state.plan.items()},
        "plan_motion": {k: dict(v) for k, v in state.plan_motion.items()},
        "vault": dict(state.vault),
        "bought": {s: dict(v) for s, v in state.bought.items()},
        "done": list(state.done),
        "wage": state.wage,
        "wage_motion": state.wage_motion,
        "ruler": state.ruler,
        "electors": list(state.electors),
        "candidates": list(state.candidates),
        "elected": state.elected,
        **_two_rulers_json(state),  # a hybrid with two rulers only: other digests unchanged
        **_chart_json(state),  # a Bureaucracy only: other games' digests unchanged
        "conditions": dict(state.conditions),
        # Landlords' ledger, only in a game with Landlords (other games' digests unchanged)
        **({"land": state.land.to_json()} if state.settings.landlords != "none" else {}),
        # Corporations' ledger, only in a game with Corporations (digests unchanged)
        **({"corporations": state.corp.to_json()} if state.settings.corporations else {}),
        # Class Warfare's classes, CEOs and sales, only in a Class Warfare game: release
        # 191b723 wrote none of these keys, so its records keep their digests
        **(_class_warfare_json(state) if state.settings.scenario == CLASS_WARFARE else {}),
        "players": {seat: _player_to_json(p) for seat, p in state.players.items()},
        "map": board_to_json(state.board),
    }


def _two_rulers_json(state: CrusoeState) -> JsonDict:
    """A hybrid with a Dictator and a President (ruling 196): the President, and the offices
    whose holders lost a battle, each with the winners who elect his successor."""
    if state.president is None and not state.successions:
        return {}
    return {
        "president": state.president,
        "successions": [{"office": o, "electors": list(e)} for o, e in state.successions],
    }


def _two_rulers_from_json(
    state: CrusoeState, data: Mapping[str, Any], seats: Sequence[str]
) -> None:
    state.president = _optional_seat(data.get("president"), ("president",), seats)
    state.successions = []
    for i, item in enumerate(data.get("successions") or []):
        where = ("successions", str(i))
        entry = setup.mapping(item, where, ("office", "electors"), ("office", "electors"))
        office = setup.text(entry["office"], (*where, "office"), rulers.RULED)
        electors = [
            _seat(s, (*where, "electors", str(j)), seats)
            for j, s in enumerate(setup.sequence(entry["electors"], (*where, "electors")))
        ]
        state.successions.append((office, electors))


CLASS_WARFARE = "class-warfare-capitalism"  # classwar.SCENARIO (that module imports this one)


def _class_warfare_json(state: CrusoeState) -> JsonDict:
    return {
        "classes": dict(state.classes),
        "ceos": [{"seat": ceo, "goods": list(goods)} for ceo, goods in state.ceos],
        "sales": {s: dict(v) for s, v in state.sales.items()},
    }


def _chart_json(state: CrusoeState) -> JsonDict:
    """A Bureaucracy's chart as amended or extended, an amendment under vote, a hybrid's part
    of the policy under way: each only when it is not empty."""
    data: JsonDict = {"chart": state.chart, "chart_motion": state.chart_motion}
    if state.settings.government_chart_history:  # only then: other games' digests unchanged
        data["walked"] = {seat: list(paths) for seat, paths in state.walked.items()}
    return {k: v for k, v in data.items() if v} | ({"branch": state.branch} if state.branch else {})


def _chart_from_json(state: CrusoeState, data: Mapping[str, Any]) -> None:
    """The chart is read when it is used (bureaucracy.chart), where a bad one names its line."""
    state.chart = setup.text(data.get("chart", ""), ("chart",))
    state.chart_motion = setup.text(data.get("chart_motion", ""), ("chart_motion",))
    state.branch = setup.integer(data.get("branch", 0), ("branch",), 0, 2)
    walked = setup.mapping(data.get("walked") or {}, ("walked",), state.seats)
    state.walked = {
        str(seat): [
            setup.text(p, ("walked", str(seat), str(i)), ("", *PATHS))
            for i, p in enumerate(setup.sequence(paths, ("walked", str(seat))))
        ]
        for seat, paths in walked.items()
    }


def _player_to_json(p: Player) -> JsonDict:
    return {
        "goods": dict(p.goods),
        "leisure": p.leisure,
        "radio": dict(p.radio),
        "experience": {k: list(v) for k, v in p.experience.items()},
        "vp": p.vp,
        "alive": p.alive,
        "path": p.path,
        "position": p.position,
        "thirst": p.thirst,
        "food": p.food,
        "malnourished": p.malnourished,
        "wounded": p.wounded,
        "death_cycle": p.death_cycle,
        "death_cause": p.death_cause,
        "sheet": [dict(row) for row in p.sheet],
        "track": p.track,
        "produced": dict(p.produced),
        "money": p.money,
        "roles": list(p.roles),
    }


def state_from_json(
    data: Mapping[str, Any], seats: Sequence[str], settings: Settings
) -> CrusoeState:
    """Rebuild a state from :func:`state_to_json` output (possibly edited), strictly.

    :raises SetupError: with the path of the offending value.
    """
    setup.mapping(
        data, (), STATE_KEYS, required=tuple(k for k in STATE_KEYS if k not in OPTIONAL_KEYS)
    )
    board = board_from_json(data["map"])
    players_raw = setup.mapping(data["players"], ("players",), seats, required=seats)
    players = {seat: _player_from_json(players_raw[seat], ("players", seat)) for seat in seats}
    state = CrusoeState(settings, tuple(seats), board, players)
    state.cycle = setup.integer(data["cycle"], ("cycle",), 1, LAST_CYCLE)
    state.phase = setup.text(data["phase"], ("phase",), PHASES)
    state.order = [_seat(s, ("order", str(i)), seats) for i, s in enumerate(_list(data, "order"))]
    state.turn = setup.integer(data["turn"], ("turn",), 0, len(seats))
    ask = data["ask"]
    state.ask = None if ask is None else setup.text(ask, ("ask",))
    state.waiting = tuple(
        _seat(s, ("waiting", str(i)), seats) for i, s in enumerate(_list(data, "waiting"))
    )
    state.offer = tuple(_offer(v, ("offer", str(i))) for i, v in enumerate(_list(data, "offer")))
    state.roll = setup.integer(data["roll"], ("roll",), 0, 12)
    state.pool = _counts(data["radio"], ("radio",), FREQUENCIES)
    state.invoker = _optional_seat(data["invoker"], ("invoker",), seats)
    state.speakers = [
        _seat(s, ("speakers", str(i)), seats) for i, s in enumerate(_list(data, "speakers"))
    ]
    state.passes = setup.integer(data["passes"], ("passes",), 0)
    state.battles = [
        _battle(b, ("battles", str(i)), seats) for i, b in enumerate(_list(data, "battles"))
    ]
    spears = setup.mapping(data["spears"], ("spears",), seats)
    state.spears = {s: setup.boolean(v, ("spears", s)) for s, v in spears.items()}
    votes = setup.mapping(data["votes"], ("votes",), seats)
    state.votes = {s: setup.text(v, ("votes", s)) for s, v in votes.items()}
    state.battle = setup.integer(data["battle"], ("battle",), 0)
    state.estates = [
        _seat(s, ("estates", str(i)), seats) for i, s in enumerate(_list(data, "estates"))
    ]
    state.rescued = setup.boolean(data["rescued"], ("rescued",))
    state.over = setup.boolean(data["over"], ("over",))
    state.last_rescue = dict(setup.mapping(data["last_rescue"], ("last_rescue",), _RESCUE_KEYS))
    state.home = [_seat(s, ("home", str(i)), seats) for i, s in enumerate(_list(data, "home"))]
    state.offers = [
        _offer_from_json(o, ("offers", str(i)), seats) for i, o in enumerate(_list(data, "offers"))
    ]
    state.pile = {g: n for g, n in _counts(data["pile"], ("pile",), GOODS).items() if n}
    proposal = setup.mapping(data["proposal"], ("proposal",), seats)
    state.proposal = {
        seat: {g: n for g, n in _counts(goods, ("proposal", seat), GOODS).items() if n}
        for seat, goods in proposal.items()
    }
    _market_from_json(state, data, seats)
    state.ruler = _optional_seat(data.get("ruler"), ("ruler",), seats)
    state.electors = [
        _seat(s, ("electors", str(i)), seats) for i, s in enumerate(data.get("electors") or [])
    ]
    state.candidates = [
        _seat(s, ("candidates", str(i)), seats) for i, s in enumerate(data.get("candidates") or [])
    ]
    state.elected = setup.integer(data.get("elected", 0), ("elected",), 0, LAST_CYCLE)
    _two_rulers_from_json(state, data, seats)
    _chart_from_json(state, data)
    conditions = setup.mapping(data.get("conditions") or {}, ("conditions",), seats)
    state.conditions = {
        s: setup.text(v, ("conditions", s), CONDITIONS) for s, v in conditions.items()
    }
    _classes_from_json(state, data, seats)
    if "land" in data:  # Landlords (modules/landlords.py)
        state.land = landlords.land_from_json(data["land"], seats)
    if "corporations" in data:  # Corporations (modules/corporations.py)
        state.corp = corporations.from_json(data["corporations"], seats)
    _church_from_json(state, data.get("church") or {}, seats)
    _third_world_from_json(state, data.get("third_world") or {})
    assignment = setup.mapping(data.get("assignment") or {}, ("assignment",), seats)
    state.assignment = {
        str(s): setup.text(p, ("assignment", str(s)), PATHS) for s, p in assignment.items()
    }
    return state


def _third_world_from_json(state: CrusoeState, value: object) -> None:
    """Third World Country: the BR, the NPLs, this cycle's imports and debt, the MNCs gone."""
    keys = ("resource", "npl", "imported", "owed", "gone")
    raw = setup.mapping(value, ("third_world",), keys)
    resource = raw.get("resource") or ""
    state.resource = setup.text(resource, ("third_world", "resource"), ("", *GOODS[1:]))
    npl = setup.mapping(raw.get("npl") or {}, ("third_world", "npl"), GOODS)
    state.npl = {
        str(g): setup.integer(n, ("third_world", "npl", str(g)), 1, 999) for g, n in npl.items()
    }
    imported = setup.sequence(raw.get("imported") or [], ("third_world", "imported"))
    state.imported = [
        setup.text(g, ("third_world", "imported", str(i)), GOODS) for i, g in enumerate(imported)
    ]
    state.owed = setup.integer(raw.get("owed", 0), ("third_world", "owed"), 0, 9999)
    state.mncs_gone = setup.boolean(raw.get("gone", False), ("third_world", "gone"))


def _church_from_json(state: CrusoeState, value: object, seats: Sequence[str]) -> None:
    """The Church's goods and the banned (The Church; absent in other games)."""
    raw = setup.mapping(value, ("church",), ("goods", "banned"))
    goods = _counts(raw.get("goods") or {}, ("church", "goods"), GOODS)
    state.church = {g: n for g, n in goods.items() if n}
    banned = setup.sequence(raw.get("banned") or [], ("church", "banned"))
    state.banned = [_seat(s, ("church", "banned", str(i)), seats) for i, s in enumerate(banned)]


CLASS_NAMES = ("capitalist", "middle", "working")
"""Class Warfare Capitalism's classes (classwar.py)."""


def _classes_from_json(state: CrusoeState, data: Mapping[str, Any], seats: Sequence[str]) -> None:
    """Class Warfare Capitalism: each seat's class, the CEOs in line with their industries,
    and this cycle's commodity sales per seat (all optional)."""
    classes = setup.mapping(data.get("classes") or {}, ("classes",), seats)
    state.classes = {
        str(s): setup.text(v, ("classes", str(s)), CLASS_NAMES) for s, v in classes.items()
    }
    ceos = []
    for i, raw in enumerate(setup.sequence(data.get("ceos") or [], ("ceos",))):
        where = ("ceos", str(i))
        row = setup.mapping(raw, where, ("seat", "goods"), required=("seat", "goods"))
        goods = setup.sequence(row["goods"], (*where, "goods"))
        ceos.append(
            (
                _seat(row["seat"], (*where, "seat"), seats),
                tuple(setup.text(g, (*where, "goods", str(j)), GOODS) for j, g in enumerate(goods)),
            )
        )
    state.ceos = ceos
    sales = setup.mapping(data.get("sales") or {}, ("sales",), seats)
    state.sales = {
        str(s): {
            str(g): setup.integer(n, ("sales", str(s), str(g)), 0, 10**7)
            for g, n in setup.mapping(v, ("sales", str(s)), GOODS).items()
        }
        for s, v in sales.items()
    }


PRICE_KEYS = ("units", "money", "commodity", "wholesale", "pay_in")
"""A good's row of this cycle's market: units in the market, the money available, the
commodity price, the wholesale price and the money paid in."""


def default_policy() -> dict[str, dict[str, int]]:
    """No reward for Radio Signals; every path a tax burden of 1 (until the government decides)."""
    return {"reward": dict.fromkeys(FREQUENCIES, 0), "burden": dict.fromkeys(PATHS, 1)}


def _market_from_json(state: CrusoeState, data: Mapping[str, Any], seats: Sequence[str]) -> None:
    funds = setup.mapping(data["market"], ("market",), GOODS)
    state.funds = {str(g): setup.integer(n, ("market", str(g)), 0, 10**7) for g, n in funds.items()}
    prices = setup.mapping(data["prices"], ("prices",), GOODS)
    state.prices = {
        str(g): {
            str(k): setup.integer(v, ("prices", str(g), str(k)), 0, 10**7)
            for k, v in setup.mapping(row, ("prices", str(g)), PRICE_KEYS).items()
        }
        for g, row in prices.items()
    }
    state.policy = _policy(data["policy"], ("policy",), default_policy(), seats)
    state.motion = _policy(data["motion"], ("motion",), {}) if data["motion"] else {}
    good = data["good"]
    state.good = None if good is None else setup.text(good, ("good",), GOODS)
    putback = setup.mapping(data["putback"], ("putback",), seats)
    state.putback = {
        str(s): setup.integer(n, ("putback", str(s)), 0, 999) for s, n in putback.items()
    }
    deals = setup.sequence(data.get("deals", []), ("deals",))  # absent in older records
    state.deals = [_deal(d, ("deals", str(i)), seats) for i, d in enumerate(deals)]
    _plan_from_json(state, data, seats)


def _plan_from_json(state: CrusoeState, data: Mapping[str, Any], seats: Sequence[str]) -> None:
    """Market Socialism: the plan (``wage``, ``price``, ``limit`` per good), a plan under vote,
    the vault, what each seat bought this cycle and who is done buying (all optional)."""
    state.plan = _plan(data.get("plan", {}), ("plan",))
    state.plan_motion = _plan(data.get("plan_motion", {}), ("plan_motion",))
    state.vault = {g: n for g, n in _counts(data.get("vault", {}), ("vault",), GOODS).items() if n}
    bought = setup.mapping(data.get("bought", {}), ("bought",), seats)
    state.bought = {
        str(s): {g: n for g, n in _counts(v, ("bought", str(s)), GOODS).items() if n}
        for s, v in bought.items()
    }
    done = setup.sequence(data.get("done", []), ("done",))
    state.done = [_seat(s, ("done", str(i)), seats) for i, s in enumerate(done)]
    state.wage = _optional_dollars(data.get("wage"), ("wage",))
    state.wage_motion = _optional_dollars(data.get("wage_motion"), ("wage_motion",))


def _optional_dollars(value: object, path: setup.Path) -> int | None:
    """Welfare Capitalism's government minimum wage: dollars, or null before any."""
    return None if value is None else setup.integer(value, path, 0, 10**6)


def _plan(value: object, path: setup.Path) -> dict[str, dict[str, int]]:
    # Market Socialism's plan; ``limit.PATH``: the limits for whoever walks that path (ruling 82)
    raw = setup.mapping(value, path, ("wage", "price", "limit", *(f"limit.{p}" for p in PATHS)))
    return {
        str(kind): {
            str(g): setup.integer(n, (*path, str(kind), str(g)), 0, 999)
            for g, n in setup.mapping(terms, (*path, str(kind)), GOODS).items()
        }
        for kind, terms in raw.items()
    }


def _deal(value: object, path: setup.Path, seats: Sequence[str]) -> Deal:
    keys = ("holder", "seller", "units", "dollars", "status")
    raw = setup.mapping(value, path, keys, required=keys)
    seller = setup.text(raw["seller"], (*path, "seller"), (*seats, ""))
    return Deal(
        _seat(raw["holder"], (*path, "holder"), seats),
        seller,
        setup.integer(raw["units"], (*path, "units"), 0, 999),
        setup.integer(raw["dollars"], (*path, "dollars"), 0, 10**7),
        setup.text(raw["status"], (*path, "status"), DEAL_STATUSES),
    )


def _policy(
    value: object,
    path: setup.Path,
    base: Mapping[str, Mapping[str, int]],
    players: Sequence[str] = (),
) -> dict[str, dict[str, int]]:
    """A government's policy: ``reward`` per frequency and ``burden`` per path, in dollars
    (and a Bureaucracy's ``seats``, a burden per player)."""
    raw = setup.mapping(value, path, ("reward", "burden", "seats"))
    policy = default_policy() if not base else {k: dict(v) for k, v in base.items()}
    for key, names in (("reward", FREQUENCIES), ("burden", PATHS)):
        if key in raw:
            for name, n in setup.mapping(raw[key], (*path, key), names).items():
                policy[key][str(name)] = setup.integer(n, (*path, key, str(name)), 0, 999)
    if "seats" in raw:  # a Bureaucracy's chart sets a burden per player (bureaucracy.py)
        seats = setup.mapping(raw["seats"], (*path, "seats"), players)
        policy["seats"] = {
            str(s): setup.integer(n, (*path, "seats", str(s)), 0, 999) for s, n in seats.items()
        }
    return policy


def _offer_from_json(value: object, path: setup.Path, seats: Sequence[str]) -> Offer:
    keys = ("giver", "taker", "give", "want")
    raw = setup.mapping(value, path, keys, required=keys)
    give = _counts(raw["give"], (*path, "give"), (*GOODS, *PATHS))  # a path: Landlords, 182
    want = _counts(raw["want"], (*path, "want"), (*GOODS, *PATHS))
    return Offer(
        _seat(raw["giver"], (*path, "giver"), seats),
        _seat(raw["taker"], (*path, "taker"), seats),
        tuple((g, n) for g, n in give.items() if n),
        tuple((g, n) for g, n in want.items() if n),
    )


_RESCUE_KEYS = ("cycle", "frequency_die", "frequency", "dice", "total", "signals", "rescued")


def _player_from_json(value: object, path: setup.Path) -> Player:
    raw = setup.mapping(
        value,
        path,
        PLAYER_KEYS,
        required=tuple(k for k in PLAYER_KEYS if k not in PLAYER_OPTIONAL_KEYS),
    )
    experience_raw = setup.mapping(raw["experience"], (*path, "experience"), PATHS)
    experience = {}
    for name, numbers in experience_raw.items():
        where = (*path, "experience", name)
        items = setup.sequence(numbers, where)
        experience[name] = [setup.integer(n, (*where, str(i)), 1, 6) for i, n in enumerate(items)]
    path_value = raw["path"]
    cause = raw["death_cause"]
    death_cycle = raw["death_cycle"]
    return Player(
        goods=_counts(raw["goods"], (*path, "goods"), GOODS),
        leisure=setup.integer(raw["leisure"], (*path, "leisure"), 0),
        radio=_counts(raw["radio"], (*path, "radio"), FREQUENCIES),
        experience=experience,
        vp=setup.integer(raw["vp"], (*path, "vp")),
        alive=setup.boolean(raw["alive"], (*path, "alive")),
        path=None if path_value is None else setup.text(path_value, (*path, "path"), PATHS),
        position=setup.integer(raw["position"], (*path, "position"), 0, 61),
        thirst=setup.boolean(raw["thirst"], (*path, "thirst")),
        food=setup.text(raw["food"], (*path, "food"), FOOD_STATES),
        malnourished=setup.boolean(raw["malnourished"], (*path, "malnourished")),
        wounded=setup.boolean(raw["wounded"], (*path, "wounded")),
        death_cycle=None
        if death_cycle is None
        else setup.integer(death_cycle, (*path, "death_cycle"), 1, LAST_CYCLE),
        death_cause=None
        if cause is None
        else setup.text(cause, (*path, "death_cause"), ("thirst", "starvation", "violence")),
        sheet=[
            _sheet_row(row, (*path, "sheet", str(i)))
            for i, row in enumerate(setup.sequence(raw["sheet"], (*path, "sheet")))
        ],
        track=None if raw["track"] is None else setup.text(raw["track"], (*path, "track"), PATHS),
        produced={
            g: n for g, n in _counts(raw["produced"], (*path, "produced"), GOODS).items() if n
        },
        money=setup.integer(raw["money"], (*path, "money"), 0, 10**7),
        roles=tuple(
            setup.text(r, (*path, "roles", str(i)), ROLES)
            for i, r in enumerate(setup.sequence(raw.get("roles") or [], (*path, "roles")))
        ),
    )


SHEET_KEYS = (
    "cycle",
    "leisure",
    "water",
    "food",
    "types",
    "satisfaction",
    "penalty",
    "total",
    "running",
)


def _sheet_row(value: object, path: setup.Path) -> dict[str, int]:
    """One score sheet column: every row of the sheet, each a whole number."""
    row = setup.mapping(value, path, SHEET_KEYS, required=SHEET_KEYS)
    return {key: setup.integer(row[key], (*path, key)) for key in SHEET_KEYS}


def _counts(value: object, path: setup.Path, keys: Sequence[str]) -> dict[str, int]:
    """A count per key; keys left out are 0 (a setup may name only what it changes)."""
    raw = setup.mapping(value, path, keys)
    counts = dict.fromkeys(keys, 0)
    for key, n in raw.items():
        counts[str(key)] = setup.integer(n, (*path, str(key)), 0, 999)
    return counts


def _list(data: Mapping[str, Any], key: str) -> Sequence[Any]:
    return setup.sequence(data[key], (key,))


def _seat(value: object, path: setup.Path, seats: Sequence[str]) -> str:
    return setup.text(value, path, tuple(seats))


def _optional_seat(value: object, path: setup.Path, seats: Sequence[str]) -> str | None:
    return None if value is None else _seat(value, path, seats)


def _offer(value: object, path: setup.Path) -> Any:
    if isinstance(value, int | str) and not isinstance(value, bool):
        return value
    raise setup.fail(path, "an offered choice is a number or a word")


def _battle(value: object, path: setup.Path, seats: Sequence[str]) -> Battle:
    keys = ("attackers", "defenders")
    raw = setup.mapping(value, path, keys, required=keys)
    sides = [
        [
            _seat(s, (*path, key, str(i)), seats)
            for i, s in enumerate(setup.sequence(raw[key], (*path, key)))
        ]
        for key in keys
    ]
    return Battle(sides[0], sides[1])
