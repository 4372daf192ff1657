"""Write game records with the code of a released commit, for tests/core/test_old_records.py.

Each record is a bot game with a fixed seed, finished or stopped after a few
steps (a game in progress, with one seat's order sealed and the others still
due), written exactly as ``sealed`` of that release saves a game file. The
index (``index.json``) names each file's bots, so the test can play the next
step of a game in progress with today's code.

Run it with the OLD code on the path (see README.md in the output folder); the
plan set is the release's, named by the output folder (or a second argument)::

    git archive c198585 src | tar -x -C /tmp/old
    PYTHONPATH=/tmp/old/src .venv/bin/python tests/records/make_records.py tests/records/c198585

    git archive 191b723 src | tar -x -C /tmp/old191
    PYTHONPATH=/tmp/old191/src .venv/bin/python tests/records/make_records.py tests/records/191b723

    git archive e3df240 src | tar -x -C /tmp/olde3
    PYTHONPATH=/tmp/olde3/src .venv/bin/python tests/records/make_records.py tests/records/e3df240

    git archive fe99ef9 src | tar -x -C /tmp/oldfe
    PYTHONPATH=/tmp/oldfe/src .venv/bin/python tests/records/make_records.py tests/records/fe99ef9

It uses only what each release had: ``Match``, ``get_game``,
``parse_option_pairs``, ``save_match`` and the games' bots (and, from 191b723 on,
Crusoe's Mad Jack, ``sealed.games.crusoe.madjack.roll``; from e3df240 on, the seed's
Example of Bureaucracy, ``sealed.games.crusoe.policy.SEED_EXAMPLE``).
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sealed.cli import parse_option_pairs
from sealed.core.match import Match
from sealed.core.registry import get_game
from sealed.storage import save_match


@dataclass(frozen=True)
class Plan:
    """One record to write: a game, its options and bots, a seed, and where to stop."""

    name: str
    game: str
    bots: tuple[str, ...]
    seed: int
    options: tuple[str, ...] = ()
    stop_after: int | None = None  # steps; None plays to the end
    setup: dict[str, Any] | None = None
    first_orders: tuple[tuple[str, str], ...] = ()  # (seat, text) sealed before the bots play
    narrate: bool = False  # FactionRPG: each bot's asset orders carry a narration (fieldsets)


SEATS = ("ana", "ben", "cy", "di", "ed", "flo", "gus", "hal", "ivy", "jo")

# FactionRPG with an Upgrade: ana's specialization is upgrade and her first orders
# are an exceptional Enhance (strength 12 on value 2); hidden Agents act covertly.
UPGRADE_SETUP: dict[str, Any] = {
    "factions": {
        "ana": {"specialization": "upgrade"},
        "ben": {"specialization": "tactics"},
        "cy": {"specialization": "tactics"},
    },
    "assets": {
        "ana-Bank": {"owner": "ana", "value": 6},
        "ana-Mint": {"owner": "ana", "value": 6},
        "ana-Fort": {"owner": "ana", "value": 2},
        "ana-Agents": {"owner": "ana", "value": 2, "hidden": True},
        "ben-Military": {"owner": "ben", "value": 3},
        "ben-Treasury": {"owner": "ben", "value": 3},
        "ben-Agents": {"owner": "ben", "value": 2, "hidden": True},
        "cy-Military": {"owner": "cy", "value": 3},
        "cy-Treasury": {"owner": "cy", "value": 3},
        "cy-Agents": {"owner": "cy", "value": 2, "hidden": True},
    },
}
UPGRADE_ORDERS = (
    ("ana", "ana-Bank enhance ana-Fort\nana-Mint enhance ana-Fort\nana-Agents damage ben-Military"),
    ("ben", "ben-Agents infiltrate cy"),
)

CRUSOE_ECONOMIES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("crusoes-economy", ("scenario=crusoes-economy",)),
    ("hobbesian", ("scenario=hobbesian",)),
    ("tribal-capitalism", ("scenario=tribal-capitalism",)),
    ("tribal-communism", ("scenario=tribal-communism",)),
    ("utopian-communism", ("scenario=tribal-communism", "utopian=true")),
    ("tribal-socialism", ("scenario=tribal-socialism",)),
    ("traditional", ("scenario=traditional",)),
)


def plans_c198585() -> list[Plan]:
    """Every game registered at c198585: finished games and games in progress."""
    result = [
        Plan("war-slayer-finished", "war-slayer", ("spymaster", "random"), 11),
        Plan("war-slayer-finished-2", "war-slayer", ("random", "random"), 12),
        Plan("war-slayer-in-progress", "war-slayer", ("spymaster", "random"), 13, stop_after=3),
        Plan("rex-furum-finished", "rex-furum", ("greedy", "crasher", "traitor", "loyal"), 21),
        Plan("rex-furum-finished-2", "rex-furum", ("random", "greedy", "loyal"), 22),
        Plan("rex-furum-in-progress", "rex-furum", ("greedy", "random", "traitor"), 23, (), 3),
        Plan("fixem-finished", "fixem", ("counter", "random"), 31),
        Plan("fixem-finished-2", "fixem", ("random", "counter", "random"), 32),
        Plan("fixem-in-progress", "fixem", ("counter", "random"), 33, stop_after=4),
        Plan("goofspiel-finished", "goofspiel", ("matching", "counter"), 41),
        Plan("goofspiel-finished-2", "goofspiel", ("random", "random", "counter"), 42),
        Plan("goofspiel-in-progress", "goofspiel", ("counter", "random"), 43, stop_after=4),
        # Random factions write covert actions (hidden Agents), Upgrades, WITH and
        # transfers, and answer Consequences Phases; the steward defends and strikes.
        Plan("factionrpg-finished", "factionrpg", ("random", "random", "steward"), 51),
        Plan("factionrpg-finished-2", "factionrpg", ("random",) * 4, 52, ("turns=6",)),
        Plan("factionrpg-in-progress", "factionrpg", ("random", "random", "steward"), 53, (), 5),
        Plan("factionrpg-in-progress-2", "factionrpg", ("random",) * 4, 54, (), 8),
    ]
    upgrade = ("random", "random", "steward")
    upgrade_options = ("starting_assets=setup", "space=100", "turns=6")
    for name, seed, stop in (("finished", 55, None), ("in-progress", 56, 3)):
        result.append(
            Plan(
                f"factionrpg-upgrade-{name}",
                "factionrpg",
                upgrade,
                seed,
                upgrade_options,
                stop,
                UPGRADE_SETUP,
                UPGRADE_ORDERS,
            )
        )
    for label, options in CRUSOE_ECONOMIES:
        bots = ("greedy", "random", "cooperative", "selfish")
        result.append(Plan(f"crusoe-{label}-finished", "crusoe", bots, 61, options))
        result.append(Plan(f"crusoe-{label}-in-progress", "crusoe", bots, 62, options, 6))
    # Seeds found with that release's code: the Grasshopper provides two kinds of food
    # (version 1 chose them itself), and a battle the defenders win (version 1 recorded
    # both sides as its winners).
    bots = ("greedy", "random", "cooperative", "selfish")
    traditional, hobbesian = ("scenario=traditional",), ("scenario=hobbesian",)
    result.append(Plan("crusoe-traditional-provision-finished", "crusoe", bots, 109, traditional))
    result.append(Plan("crusoe-hobbesian-defenders-win-finished", "crusoe", bots, 100, hobbesian))
    return result


# Release 191b723 (the head at the end of 2026-11-23): Crusoe's Planet version 2 with its
# advanced scenarios and governments, modules, victory conditions and Mad Jack; FactionRPG
# version 2 (narrations; an Upgrade raises a value by 3).
ADVANCED_GOVERNED = (
    "national-capitalism",
    "welfare-capitalism",
    "market-socialism",
    "governmental-socialism",
)
ADVANCED_UNGOVERNED = ("state-capitalism", "centralized-communism")
GOVERNMENTS_191 = ("athenian", "dictatorship", "representative")
CRUSOE_MODULES_191: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("vegetarians", ("scenario=tribal-capitalism", "vegetarians=make-or-eat")),
    (
        "race",
        (
            "scenario=hobbesian",
            "race=one-majority-prejudiced",
            "race_majority_prejudiced=2",
            "race_penalty=2",
        ),
    ),
    ("disability", ("scenario=hobbesian", "disability=true", "disability_players=2")),
    ("guilds", ("scenario=tribal-capitalism", "guild_oligarchy=true")),
    ("gender", ("scenario=hobbesian", "gender=base")),
    ("strong-warlord", ("scenario=hobbesian", "early_feudalism=strong")),
    ("diamonds-lottery", ("scenario=crusoes-economy", "diamonds=lottery")),
    ("diamonds-small-boat", ("scenario=tribal-socialism", "diamonds=small-boat")),
    ("victory-secret", ("scenario=traditional", "victory=secret")),
    (
        "dictatorship-unstable",
        (
            "scenario=national-capitalism",
            "government=dictatorship",
            "government_strength=unstable",
            "government_dice=2",
        ),
    ),
    ("welfare-minimum-wage", ("scenario=welfare-capitalism", "minimum_wage=government")),
)
CRUSOE_BOTS = ("greedy", "random", "cooperative", "selfish")


def plans_191b723() -> list[Plan]:
    """Every game registered at 191b723, finished and in progress, and what that release added."""
    result = [
        Plan("war-slayer-finished", "war-slayer", ("spymaster", "random"), 111),
        Plan("war-slayer-in-progress", "war-slayer", ("random", "spymaster"), 113, stop_after=5),
        Plan("rex-furum-finished", "rex-furum", ("greedy", "crasher", "traitor", "loyal"), 121),
        Plan("rex-furum-in-progress", "rex-furum", ("greedy", "random", "traitor"), 123, (), 4),
        Plan("fixem-finished", "fixem", ("counter", "random", "random"), 131),
        Plan("fixem-in-progress", "fixem", ("counter", "random"), 133, stop_after=5),
        Plan("goofspiel-finished", "goofspiel", ("matching", "counter", "random"), 141),
        Plan("goofspiel-in-progress", "goofspiel", ("counter", "random"), 143, stop_after=5),
        Plan(
            "factionrpg-finished", "factionrpg", ("random", "random", "steward"), 151, ("turns=4",)
        ),
        Plan("factionrpg-in-progress", "factionrpg", ("random",) * 4, 153, (), 5),
    ]
    # Version 2's narrations: every asset order in a fieldset with a narration, read at
    # resolution, and an Upgrade (version 2: +3 on an exceptional Enhance).
    narrated = ("random", "random", "steward")
    result.append(
        Plan(
            "factionrpg-narrated-finished", "factionrpg", narrated, 155, ("turns=4",), narrate=True
        )
    )
    result.append(
        Plan("factionrpg-narrated-in-progress", "factionrpg", narrated, 156, (), 3, narrate=True)
    )
    upgrade_options = ("starting_assets=setup", "space=100", "turns=4")
    for name, seed, stop in (("finished", 157, None), ("in-progress", 158, 3)):
        result.append(
            Plan(
                f"factionrpg-upgrade-{name}",
                "factionrpg",
                narrated,
                seed,
                upgrade_options,
                stop,
                UPGRADE_SETUP,
                UPGRADE_ORDERS,
            )
        )
    for label, options in CRUSOE_ECONOMIES:
        result.append(Plan(f"crusoe-{label}-finished", "crusoe", CRUSOE_BOTS, 161, options))
    result.append(
        Plan("crusoe-hobbesian-in-progress", "crusoe", CRUSOE_BOTS, 162, ("scenario=hobbesian",), 6)
    )
    seed = 170
    for scenario in ADVANCED_GOVERNED:
        for government in GOVERNMENTS_191:
            seed += 1
            options = (f"scenario={scenario}", f"government={government}")
            result.append(
                Plan(
                    f"crusoe-{scenario}-{government}-finished",
                    "crusoe",
                    CRUSOE_BOTS[:3],
                    seed,
                    options,
                )
            )  # three seats: smaller files
        result.append(
            Plan(
                f"crusoe-{scenario}-in-progress",
                "crusoe",
                CRUSOE_BOTS,
                seed + 50,
                (f"scenario={scenario}", "government=representative"),
                8,
            )
        )
    for scenario in ADVANCED_UNGOVERNED:
        seed += 1
        options = (f"scenario={scenario}",)
        result.append(Plan(f"crusoe-{scenario}-finished", "crusoe", CRUSOE_BOTS[:3], seed, options))
        result.append(
            Plan(f"crusoe-{scenario}-in-progress", "crusoe", CRUSOE_BOTS, seed + 50, options, 8)
        )
    for label, options in CRUSOE_MODULES_191:
        seed += 1
        result.append(Plan(f"crusoe-{label}-finished", "crusoe", CRUSOE_BOTS[:3], seed, options))
    result.append(
        Plan(
            "crusoe-strong-warlord-in-progress",
            "crusoe",
            CRUSOE_BOTS,
            199,
            ("scenario=hobbesian", "early_feudalism=strong"),
            6,
        )
    )
    # More Than Eight Players (the crowd module): nine seats, stopped early (files grow fast)
    result.append(
        Plan(
            "crusoe-crowd-in-progress",
            "crusoe",
            ("greedy", "random", "selfish") * 3,
            198,
            ("scenario=tribal-capitalism",),
            12,
        )
    )
    result.append(mad_jack_plan("crusoe-madjack-finished", 1, 0))
    result.append(mad_jack_plan("crusoe-madjack-modules-finished", 3, 3))
    # Longer games of the three whose speed changed since (same outcomes claimed).
    result.append(Plan("war-slayer-finished-2", "war-slayer", ("random", "random"), 114))
    result.append(Plan("rex-furum-finished-2", "rex-furum", ("random", "greedy", "loyal"), 122))
    result.append(Plan("fixem-finished-2", "fixem", ("random", "counter", "random", "random"), 132))
    return result


# Release e3df240 (the head at the start of 2026-11-25): Crusoe's Planet version 2 with what
# 191b723 did not build: Class Warfare Capitalism, the Bureaucracy and the Constitutional
# Hybrid, and the tack-on modules (Landlords, Corporations, The Church, Paternalistic Economy,
# Third World Country, the Gender variants, Libertarianism, Objectivist Model, Weak Warlord,
# Alternate Punishments). Three seats each, to keep the files small.
MONEY = ("scenario=national-capitalism", "government=representative")
CRUSOE_MODULES_E3: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("class-warfare", ("scenario=class-warfare-capitalism", "government=athenian")),
    (
        "hybrid",
        (
            "scenario=national-capitalism",
            "government=hybrid",
            "government_tax_burden=representative",
            "government_estate=representative",
        ),
    ),
    ("landlords-homestead", ("scenario=tribal-capitalism", "landlords=homestead")),
    ("landlords-modern", ("scenario=hobbesian", "landlords=modern")),
    ("landlords-fair-housing", ("scenario=tribal-capitalism", "landlords=modern-fair-housing")),
    ("landlords-rent-control", ("scenario=tribal-capitalism", "landlords=modern-rent-control")),
    ("landlords-homestead-money", (*MONEY, "landlords=homestead")),
    ("landlords-modern-money", (*MONEY, "landlords=modern")),
    ("landlords-fair-housing-money", (*MONEY, "landlords=modern-fair-housing")),
    ("landlords-rent-control-money", (*MONEY, "landlords=modern-rent-control")),
    (
        "landlords-government-money",
        (*MONEY, "landlords=government-ownership", "landlords_government_paths=3"),
    ),
    ("corporations", (*MONEY, "corporations=true")),
    ("church-more-devout", ("scenario=tribal-capitalism", "church=more-devout")),
    ("church-less-devout", ("scenario=hobbesian", "church=less-devout")),
    ("paternalistic", ("scenario=hobbesian", "paternalistic=true", "government=dictatorship")),
    ("third-world", ("scenario=tribal-capitalism", "third_world=true")),
    ("dolls-house", ("scenario=tribal-capitalism", "gender=dolls-house")),
    (
        "dolls-house-homestead",
        ("scenario=tribal-capitalism", "gender=dolls-house", "landlords=homestead"),
    ),
    (
        "mens-work",
        (
            "scenario=hobbesian",
            "gender=base",
            "gender_mens_work=1",
            "gender_paths_denied=2",
            "gender_pink_collar_path=1",
        ),
    ),
    ("no-suffrage", ("scenario=hobbesian", "gender=no-suffrage")),
    ("matriarchal", ("scenario=hobbesian", "gender=matriarchal-golden-age", "government=athenian")),
    ("libertarianism", ("scenario=hobbesian", "libertarianism=true")),
    ("objectivist", ("scenario=tribal-capitalism", "objectivist=true")),
    ("weak-warlord", ("scenario=hobbesian", "early_feudalism=weak", "early_feudalism_dice=2")),
    ("disability-rows", ("scenario=hobbesian", "disability=true", "disability_rows=5 8")),
    ("crippling", ("scenario=hobbesian", "punishments=crippling")),
    ("exile", ("scenario=hobbesian", "punishments=exile")),
    ("slavery-hobbesian", ("scenario=hobbesian", "punishments=slavery")),
    ("slavery-tribal-capitalism", ("scenario=tribal-capitalism", "punishments=slavery+crippling")),
)
CRUSOE_BOTS_E3 = ("greedy", "random", "cooperative")
# Seeds (and bots) found with that release's code so that the verdict the option adds is
# given: a loser crippled, enslaved in the Hobbesian game, exiled.
FOUND_E3: dict[str, tuple[int, tuple[str, ...]]] = {
    "crippling": (321, ("random", "random", "greedy")),
    "slavery-hobbesian": (327, CRUSOE_BOTS_E3),
    "exile": (303, CRUSOE_BOTS_E3),
}


def plans_e3df240() -> list[Plan]:
    """Every game registered at e3df240, finished and in progress, and what that release added."""
    from sealed.games.crusoe.policy import SEED_EXAMPLE  # the seed's Example of Bureaucracy

    result = [
        Plan("war-slayer-finished", "war-slayer", ("spymaster", "random"), 211),
        Plan("war-slayer-in-progress", "war-slayer", ("random", "spymaster"), 213, stop_after=5),
        Plan("rex-furum-finished", "rex-furum", ("greedy", "random", "traitor"), 221),
        Plan("rex-furum-in-progress", "rex-furum", ("greedy", "random", "loyal"), 223, (), 4),
        Plan("fixem-finished", "fixem", ("counter", "random", "random"), 231),
        Plan("fixem-in-progress", "fixem", ("counter", "random"), 233, stop_after=5),
        Plan("goofspiel-finished", "goofspiel", ("matching", "counter", "random"), 241),
        Plan("goofspiel-in-progress", "goofspiel", ("counter", "random"), 243, stop_after=5),
        Plan(
            "factionrpg-finished", "factionrpg", ("random", "random", "steward"), 251, ("turns=4",)
        ),
        Plan("factionrpg-in-progress", "factionrpg", ("random",) * 3, 253, (), 5),
        Plan("crusoe-hobbesian-finished", "crusoe", CRUSOE_BOTS_E3, 261, ("scenario=hobbesian",)),
        Plan(
            "crusoe-tribal-capitalism-finished",
            "crusoe",
            CRUSOE_BOTS_E3,
            262,
            ("scenario=tribal-capitalism",),
        ),
    ]
    bureaucracy = ("scenario=national-capitalism", "government=bureaucracy")
    result.append(
        Plan(
            "crusoe-bureaucracy-finished",
            "crusoe",
            CRUSOE_BOTS_E3,
            270,
            (*bureaucracy, f"government_chart={SEED_EXAMPLE}"),
        )
    )
    result.append(
        Plan("crusoe-bureaucracy-no-chart-finished", "crusoe", CRUSOE_BOTS_E3, 271, bureaucracy)
    )
    seed = 280
    for label, options in CRUSOE_MODULES_E3:
        seed += 1
        found_seed, bots = FOUND_E3.get(label, (seed, CRUSOE_BOTS_E3))
        result.append(Plan(f"crusoe-{label}-finished", "crusoe", bots, found_seed, options))
    # A few in progress (four seats), each stopped with one order sealed
    for label, options, stop in (
        ("class-warfare", CRUSOE_MODULES_E3[0][1], 8),
        ("landlords-modern-money", (*MONEY, "landlords=modern"), 8),
        ("slavery-hobbesian", ("scenario=hobbesian", "punishments=slavery"), 10),
        ("church-less-devout", ("scenario=hobbesian", "church=less-devout"), 6),
    ):
        seed += 1
        result.append(
            Plan(
                f"crusoe-{label}-in-progress",
                "crusoe",
                (*CRUSOE_BOTS_E3, "greedy"),
                seed,
                options,
                stop,
            )
        )
    for first in (1, 50, 200):  # Mad Jack: the first playable roll from each seed on
        result.append(mad_jack_plan(f"crusoe-madjack-{first}-finished", 2, 1, first))
    return result


# Release fe99ef9 (the head at 2026-11-25 21:40): Crusoe's Planet version 3, with what e3df240
# did not build or had no option for: Slavery with the Guild Oligarchy, the money economies
# and its two options, the Bureaucracy's chart for the pool, the paths and the rents and its
# memory, No Suffrage's limitations, Doll's House's feeding, the estate's shares, Third World
# Country's returns, Corporations' dividend and exchange, the bots' lab options. Three seats
# each, to keep the files small (with e3df240's modules, about 3 MB in all).
CRUSOE_MODULES_FE: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("class-warfare", ("scenario=class-warfare-capitalism", "government=athenian")),
    (
        "hybrid-bureaucracy",
        (
            "scenario=national-capitalism",
            "government=hybrid",
            "government_tax_burden=bureaucracy",
            "government_estate=athenian",
        ),
    ),
    ("landlords-homestead", ("scenario=tribal-capitalism", "landlords=homestead")),
    ("landlords-modern-money", (*MONEY, "landlords=modern")),
    (
        "landlords-government-money",
        (*MONEY, "landlords=government-ownership", "landlords_government_paths=3"),
    ),
    (
        "corporations-dividend-exchange",
        (*MONEY, "corporations=true", "corporations_dividend=true", "corporations_exchange=true"),
    ),
    ("paternalistic", ("scenario=hobbesian", "paternalistic=true", "government=dictatorship")),
    (
        "third-world-returns",
        ("scenario=tribal-capitalism", "third_world=true", "third_world_returns=true"),
    ),
    (
        "dolls-house-feeding",
        ("scenario=tribal-capitalism", "gender=dolls-house", "gender_feeding=true"),
    ),
    (
        "dolls-house-homestead",
        ("scenario=tribal-capitalism", "gender=dolls-house", "landlords=homestead"),
    ),
    (
        "mens-work",
        (
            "scenario=hobbesian",
            "gender=base",
            "gender_mens_work=1",
            "gender_paths_denied=2",
            "gender_pink_collar_path=1",
        ),
    ),
    (
        "no-suffrage-welfare",
        (
            "scenario=welfare-capitalism",
            "government=representative",
            "gender=no-suffrage",
            "gender_no_welfare=true",
        ),
    ),
    (
        "no-suffrage-no-land",
        (
            "scenario=tribal-capitalism",
            "gender=no-suffrage",
            "landlords=homestead",
            "gender_no_land=true",
        ),
    ),
    (
        "no-suffrage-two-rulers",
        (
            "scenario=national-capitalism",
            "government=hybrid",
            "government_radio_reward=dictatorship",
            "government_tax_burden=representative",
            "gender=no-suffrage",
        ),
    ),
    ("matriarchal", ("scenario=hobbesian", "gender=matriarchal-golden-age", "government=athenian")),
    ("libertarianism", ("scenario=hobbesian", "libertarianism=true")),
    ("weak-warlord", ("scenario=hobbesian", "early_feudalism=weak", "early_feudalism_dice=2")),
    ("estate-shares", ("scenario=hobbesian", "estate_shares=true")),
    ("crippling", ("scenario=hobbesian", "punishments=crippling")),
    ("exile", ("scenario=hobbesian", "punishments=exile+crippling")),
    (
        "slavery-permission-any-time",
        (
            "scenario=hobbesian",
            "punishments=slavery",
            "slavery_permission=true",
            "slavery_any_time=true",
        ),
    ),
    (
        "slavery-guilds",
        ("scenario=tribal-capitalism", "punishments=slavery", "guild_oligarchy=true"),
    ),
    ("slavery-money", (*MONEY, "punishments=slavery")),
    (
        "bureaucracy-history",
        ("scenario=national-capitalism", "government=bureaucracy", "government_chart_history=true"),
    ),
    ("bureaucracy-pool", ("scenario=governmental-socialism", "government=bureaucracy")),
    ("bureaucracy-paths", ("scenario=hobbesian", "paternalistic=true", "government=bureaucracy")),
    ("bureaucracy-rents", (*MONEY[:1], "government=bureaucracy", "landlords=modern")),
    (
        "bots-lab-options",
        (
            *MONEY,
            "corporations=true",
            "landlords=homestead",
            "bots_corporate_experience=true",
            "bots_path_offers=true",
        ),
    ),
    (
        "market-socialism-bots-limits",
        ("scenario=market-socialism", "government=representative", "bots_path_limits=true"),
    ),
)
# Seeds (and bots) found with that release's code so that the verdict the option adds is
# given (a loser crippled, exiled, enslaved), an estate divided, two rulers drawn (ruling 296).
FOUND_FE: dict[str, tuple[int, tuple[str, ...]]] = {
    "crippling": (511, ("random", "greedy", "random")),
    "exile": (506, ("random", "random", "random")),
    "estate-shares": (500, CRUSOE_BOTS_E3),  # a division in unequal shares carries
    "slavery-permission-any-time": (511, ("random", "random", "greedy")),
    "slavery-guilds": (503, ("greedy", "greedy", "random")),
    "slavery-money": (500, ("greedy", "random", "random")),
    "no-suffrage-two-rulers": (491, CRUSOE_BOTS_E3),  # a Dictator and a woman President
}


def plans_fe99ef9() -> list[Plan]:
    """Every game registered at fe99ef9, finished and in progress, and what that release added."""
    from sealed.games.crusoe.policy import SEED_EXAMPLE  # the seed's Example of Bureaucracy

    result = [
        Plan("war-slayer-finished", "war-slayer", ("spymaster", "random"), 411),
        Plan("war-slayer-in-progress", "war-slayer", ("random", "spymaster"), 413, stop_after=5),
        Plan("rex-furum-finished", "rex-furum", ("greedy", "random", "traitor"), 421),
        Plan("rex-furum-in-progress", "rex-furum", ("greedy", "random", "loyal"), 423, (), 4),
        Plan("fixem-finished", "fixem", ("counter", "random", "random"), 431),
        Plan("fixem-in-progress", "fixem", ("counter", "random"), 433, stop_after=5),
        Plan("goofspiel-finished", "goofspiel", ("matching", "counter", "random"), 441),
        Plan("goofspiel-in-progress", "goofspiel", ("counter", "random"), 443, stop_after=5),
        Plan(
            "factionrpg-finished", "factionrpg", ("random", "random", "steward"), 451, ("turns=4",)
        ),
        Plan("factionrpg-in-progress", "factionrpg", ("random",) * 3, 453, (), 5),
        Plan("crusoe-hobbesian-finished", "crusoe", CRUSOE_BOTS_E3, 461, ("scenario=hobbesian",)),
        Plan(
            "crusoe-bureaucracy-finished",
            "crusoe",
            CRUSOE_BOTS_E3,
            470,
            (
                "scenario=national-capitalism",
                "government=bureaucracy",
                f"government_chart={SEED_EXAMPLE}",
            ),
        ),
    ]
    seed = 480
    for label, options in CRUSOE_MODULES_FE:
        seed += 1
        found_seed, bots = FOUND_FE.get(label, (seed, CRUSOE_BOTS_E3))
        result.append(Plan(f"crusoe-{label}-finished", "crusoe", bots, found_seed, options))
    # A few in progress (four seats), each stopped with one order sealed
    for label, options, stop in (
        ("slavery-money", (*MONEY, "punishments=slavery"), 10),
        ("bureaucracy-pool", ("scenario=governmental-socialism", "government=bureaucracy"), 8),
        ("dolls-house-feeding", dict(CRUSOE_MODULES_FE)["dolls-house-feeding"], 8),
        (
            "corporations-dividend-exchange",
            dict(CRUSOE_MODULES_FE)["corporations-dividend-exchange"],
            8,
        ),
    ):
        seed += 1
        result.append(
            Plan(
                f"crusoe-{label}-in-progress",
                "crusoe",
                (*CRUSOE_BOTS_E3, "greedy"),
                seed,
                options,
                stop,
            )
        )
    for first in (1, 100, 300):  # Mad Jack: the first playable roll from each seed on
        result.append(mad_jack_plan(f"crusoe-madjack-{first}-finished", 2, 1, first))
    return result


def mad_jack_plan(name: str, complications: int, modules: int, first: int = 1) -> Plan:
    """The first Mad Jack configuration (4 players, seeds ``madjack/FIRST``, ...) rolled with
    ``complications`` that the release could play and has at least ``modules`` tack-ons."""
    from sealed.core.chance import SeededChance  # only 191b723 and later have Mad Jack
    from sealed.games.crusoe import madjack

    for seed in range(first, first + 400):
        config = madjack.roll(4, SeededChance(f"madjack/{seed}"), complications=complications)
        if config.not_built() or len(config.modules) < modules:
            continue
        options = tuple(
            f"{k}={str(v).lower() if isinstance(v, bool) else v}"
            for k, v in config.options().items()
        )
        return Plan(name, "crusoe", CRUSOE_BOTS, 190 + seed, options)
    raise RuntimeError("no Mad Jack configuration of this release is built")


PLAN_SETS = {
    "c198585": plans_c198585,
    "191b723": plans_191b723,
    "e3df240": plans_e3df240,
    "fe99ef9": plans_fe99ef9,
}


def narrated(order: Any, seat: str, step: int) -> Any:
    """FactionRPG asset orders, each in a fieldset with a narration (version 2)."""
    import dataclasses

    from sealed.games.factionrpg.orders import TurnOrders

    if not isinstance(order, TurnOrders):
        return order
    actions = tuple(
        dataclasses.replace(a, narration=f"{seat}'s {a.asset} moves at step {step}.")
        for a in order.actions
    )
    return dataclasses.replace(order, actions=actions)


def press(match: Match[Any, Any, Any]) -> None:
    """The game master narrates the open step to everyone, and the first seat whispers to the
    second (messages travel in the record, never in the rules); once per step."""
    if any(m.step == match.step for m in match.messages):
        return
    match.send("gm", None, f"Step {match.step}: the GM tells the tale so far.")
    match.send(match.seats[0], [match.seats[1]], f"Step {match.step}: keep our pact.")


def play(plan: Plan) -> Match[Any, Any, Any]:
    """The plan's game, played by its bots until it ends or ``stop_after`` steps are done.

    A stopped game also has its first due seat's order sealed, so the record
    holds a pending order as a game file in progress does.
    """
    game = get_game(plan.game)
    seats = SEATS[: len(plan.bots)]
    options = parse_option_pairs(game, plan.options)
    match = Match.new(game, seats, options, seed=plan.seed, setup=plan.setup)
    for seat, text in plan.first_orders:
        match.seal(seat, text)
    bots = {seat: game.bots[name]() for seat, name in zip(seats, plan.bots, strict=True)}
    rngs = {seat: random.Random(f"{plan.seed}/bot/{seat}") for seat in seats}

    if plan.narrate:  # the record says which bot plays each seat (its handovers)
        for seat, name in zip(seats, plan.bots, strict=True):
            match.hand_over(seat, name)

    def seal(seat: str) -> None:
        view = game.view(match.state, seat)
        order = bots[seat].choose(view, match.prompts()[seat], rngs[seat])
        if plan.narrate:
            order = narrated(order, seat, len(match.steps))
        match.seal_order(seat, order)

    while match.result() is None:
        if plan.narrate:
            press(match)
        if plan.stop_after is not None and len(match.steps) >= plan.stop_after:
            seal(match.waiting_for()[0])
            break
        due = match.waiting_for()
        if not due:
            match.close()  # a step that waits for its deadline, every order in
            continue
        for seat in due:
            seal(seat)
    return match


def main(folder: str, plan_set: str | None = None) -> None:
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    index: dict[str, dict[str, Any]] = {}
    for plan in PLAN_SETS[plan_set or out.name]():
        match = play(plan)
        path = out / f"{plan.name}.json"
        save_match(match, path)
        index[path.name] = {
            "game": plan.game,
            "bots": dict(zip(match.seats, plan.bots, strict=True)),
            "steps": len(match.steps),
            "finished": match.result() is not None,
        }
        print(f"{path.name}: {len(match.steps)} steps, finished {match.result() is not None}")
    (out / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(*sys.argv[1:3])
