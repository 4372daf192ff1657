"""Gender (Advanced Tack-on Modules, Discrimination Modules): Basic Disempowerment and its
optional variants.

"At the beginning of the game select exactly half the players to be women (round up for an odd
number of players). Women halve their die or dice rolls, rounding down, when engaging in
violence ... Any modifications to the violence roll due to other circumstances take place
after this halving. This rule (Basic Disempowerment) is the only rule required for this
tack-on, and all the others below are optional, but should be set as desired before it is
determined which players will be women."

Options (as Mad Jack emits them): ``gender=base|no-suffrage|dolls-house|matriarchal-golden-age``
(each includes Basic Disempowerment), and Men's Work with any of them: ``gender_mens_work=1``,
``gender_paths_denied=N`` (1 to 6, Mad Jack's 1d6), ``gender_pink_collar_path=0/1``. The women
are the first half of a shuffle; the role ``woman`` is public. Men's Work's paths are drawn
after them, one shuffle of the seven paths (ruling 108) and kept as the public role
``barred-PATH`` on each player denied that path. No Suffrage: ruling 109; its "additional
limitations" chosen before play, ``gender_no_land`` and ``gender_no_welfare``: ruling 198;
``gender_no_propose``: ruling 291 (what else its "etc." covers: ruling 292).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from sealed.core.errors import OptionError
from sealed.core.game import Options

if TYPE_CHECKING:
    from sealed.core.chance import Chance
    from sealed.core.events import Event
    from sealed.games.crusoe.state import CrusoeState

ROLE = "woman"
EXILE = "exile"  # Exile's public role (modules/punishments.py imports this module's neighbours)
SLAVE = "slave-of-"  # Slavery's public role: a slave neither marries nor is bound (ruling 256)
VARIANTS = ("none", "base", "no-suffrage", "dolls-house", "matriarchal-golden-age")
BUILT = VARIANTS
NOT_BUILT: dict[str, str] = {}
PATHS = ("ant", "dung_beetle", "spider", "sand_crab", "firefly", "bookworm", "grasshopper")
BARRED = tuple(f"barred-{p}" for p in PATHS)  # Men's Work: a path this player may not take
WIFE = "wife-of-"  # Doll's House: wife-of-N, married to the N-th seat (0 first) of the table
WIVES = tuple(f"{WIFE}{n}" for n in range(24))
FED_MORE = "fed-more"  # Doll's House with gender_feeding: her husband was asked (ruling 200)
ROLES = (ROLE, *BARRED, *WIVES, FED_MORE)
DOLLS_HOUSE_SCENARIOS = (
    "hobbesian",
    "tribal-capitalism",
    "tribal-communism",
    "tribal-socialism",
    "governmental-socialism",
    "traditional",
    "national-capitalism",
    "welfare-capitalism",
    "class-warfare-capitalism",
    "state-capitalism",
    "centralized-communism",
    "market-socialism",
)
"""Where Doll's House is built: no market, or barter only (ruling 112), Tribal Communism's
split, a wife's share to her husband (157), Socialism's division, likewise (158), and the
Traditional Economy, the household's dues from his goods (159), the monetary markets, a wife no
trader, her money his, the household one taxpayer (161), Market Socialism, her wage his, no
purchase of hers (162); not Crusoe's Economy, whose castaways cannot reach each other
(ruling 9)."""
FOODS = ("banana", "apple", "grape", "egg", "fish")
VOTES = (
    "vote",
    "ballot",
    "plan-ballot",
    "wage-ballot",
    "amend-ballot",
    "estate",
    "estate-ballot",
    "elect",
    "campaign",
    "warlord",
    "default",
    "assign-ballot",
)
"""The decisions No Suffrage takes from women: every ballot of the government and every
election, standing for President included, and Libertarianism's vote on defaults (ruling 109).
The battle's verdict is not a vote of government: it stays with the winners."""


def read_options(options: Options) -> bool:
    """Whether the Gender module (Basic Disempowerment) is in play.

    :raises OptionError: a variant not built, or Men's Work numbers that do not fit.
    """
    variant = str(options.get("gender", "none"))
    if variant not in VARIANTS:
        raise OptionError(f"gender {variant}: one of {', '.join(VARIANTS)}")
    if variant not in BUILT:
        raise OptionError(
            f"gender {variant}: {NOT_BUILT[variant]} is not built yet (built: "
            f"{', '.join(BUILT[1:])}, and Men's Work with any); see docs/games/crusoe.md"
        )
    scenario = str(options.get("scenario", "crusoes-economy"))
    if variant == "dolls-house" and scenario not in DOLLS_HOUSE_SCENARIOS:
        raise OptionError(
            f"gender dolls-house with scenario {scenario}: the castaways cannot reach each other "
            f"(ruling 9), so no husband collects what his wife produces (Doll's House; played "
            f"with {', '.join(DOLLS_HOUSE_SCENARIOS)})"
        )
    if variant == MATRIARCHAL:
        _check_matriarchy(options, scenario)
    if variant == "dolls-house" and bool(options.get("objectivist", False)):
        raise OptionError(
            "gender dolls-house with objectivist: both say who receives what a woman produces "
            "(her husband, John Galt)"
        )
    read_mens_work(options)
    return variant != "none"


def read_mens_work(options: Options) -> tuple[int, bool]:
    """Men's Work: the paths denied to women (0: not in play) and the pink-collar path.

    :raises OptionError: numbers without the module or the variant, or more paths than leave
        one open.
    """
    variant = str(options.get("gender", "none"))
    mens_work = int(str(options.get("gender_mens_work", 0)))
    denied = int(str(options.get("gender_paths_denied", 0)))
    pink = bool(int(str(options.get("gender_pink_collar_path", 0))))
    if variant == "none" and (mens_work or denied or pink):
        raise OptionError("gender_...: set gender=base too (the Gender module)")
    if not mens_work:
        if denied or pink:
            raise OptionError(
                "gender_paths_denied, gender_pink_collar_path: set gender_mens_work=1 too "
                "(the Men's Work variant)"
            )
        return 0, False
    if mens_work != 1:
        raise OptionError(f"gender_mens_work {mens_work}: 0 or 1")
    if not 1 <= denied <= len(PATHS) - 1:
        raise OptionError(
            f"gender_paths_denied {denied}: Men's Work denies women from 1 to {len(PATHS) - 1} "
            "of the seven paths (Mad Jack rolls 1d6)"
        )
    return denied, pink


def settings(options: Options) -> dict[str, Any]:
    """The Settings fields this module reads (state.Settings)."""
    on = read_options(options)
    denied, pink = read_mens_work(options)
    return {
        "gender": on,
        "gender_variant": str(options.get("gender", "none")),
        "mens_work_paths": denied,
        "pink_collar": pink,
        "gender_limits": read_limits(options),
        "gender_feeding": read_feeding(options),
    }


def read_feeding(options: Options) -> bool:
    """``gender_feeding``: a husband may feed his wife more than he owes her (ruling 200).

    :raises OptionError: without Doll's House.
    """
    chosen = bool(options.get("gender_feeding", False))
    if chosen and str(options.get("gender", "none")) != "dolls-house":
        raise OptionError(
            "gender_feeding: only under Doll's House (gender=dolls-house: a husband feeds his wife)"
        )
    return chosen


LIMITS = ("land", "welfare", "propose")
"""No Suffrage's "additional limitations ... (such as no right to own land, no right to collect
welfare, etc.)", each an option ``gender_no_LIMIT`` (rulings 198, 291)."""
PROPOSING_SCENARIOS = (
    "tribal-socialism",
    "governmental-socialism",
    "national-capitalism",
    "welfare-capitalism",
    "class-warfare-capitalism",
    "market-socialism",
)
"""Where the government takes proposals (a division, a policy, a plan, a minimum wage) or a
Bureaucracy's first player decides; elsewhere only the Paternalistic Economy's paths and the
government's rents (Rent Control, Government Ownership) are proposed (ruling 291)."""
PROPOSALS = ("policy", "plan", "wage", "assign")
"""The proposals of government whose turn passes for a woman under ``gender_no_propose`` (the
rules' stand-in ``pass``); the government's rents (``landlords.lawmakers``), a division of the
pool (:func:`proposers`) and the Bureaucracy's first player (``bureaucracy.first_player``) leave
her out where they are chosen (ruling 291)."""


def read_limits(options: Options) -> tuple[str, ...]:
    """The additional limitations chosen "at the option of the players before play begins".

    :raises OptionError: a limitation without No Suffrage (or Doll's House, which includes it),
        or where the economy has nothing it limits (no land without Landlords, no welfare
        outside Welfare Capitalism).
    """
    limits = tuple(limit for limit in LIMITS if bool(options.get(f"gender_no_{limit}", False)))
    if not limits:
        return ()
    variant = str(options.get("gender", "none"))
    if variant not in VOICELESS:
        raise OptionError(
            f"gender_no_{limits[0]}: one of No Suffrage's additional limitations; set "
            "gender=no-suffrage (or dolls-house, which includes it)"
        )
    if "land" in limits and str(options.get("landlords", "none")) == "none":
        raise OptionError(
            "gender_no_land: only Landlords has land to own (set landlords=homestead, modern ...)"
        )
    scenario = str(options.get("scenario", "crusoes-economy"))
    if "welfare" in limits and scenario != "welfare-capitalism":
        raise OptionError(
            f"gender_no_welfare: only Welfare Capitalism pays welfare (scenario {scenario})"
        )
    if "propose" in limits and not _takes_proposals(options, scenario):
        raise OptionError(
            f"gender_no_propose: the government of scenario {scenario} takes no proposal (set a "
            "scenario with a policy, a plan or a division, paternalistic, or landlords with "
            "government rents)"
        )
    return limits


def _takes_proposals(options: Options, scenario: str) -> bool:
    """Whether anyone proposes a measure of government in this game (ruling 291)."""
    rents = str(options.get("landlords", "none")) in ("modern-rent-control", "government-ownership")
    paths = bool(options.get("paternalistic", False))
    return scenario in PROPOSING_SCENARIOS or rents or paths


def may_propose(state: CrusoeState, seat: str) -> bool:
    """``gender_no_propose``: a woman proposes no measure of government and is never a
    Bureaucracy's first player, under No Suffrage (ruling 291)."""
    return "propose" not in state.settings.gender_limits or not voiceless(state, seat)


def may_own_land(state: CrusoeState, seat: str) -> bool:
    """``gender_no_land``: "no right to own land": a woman never owns a path (ruling 198)."""
    return "land" not in state.settings.gender_limits or ROLE not in state.players[seat].roles


def welfare_applicants(state: CrusoeState, relief: Mapping[str, int]) -> dict[str, int]:
    """``gender_no_welfare``: "no right to collect welfare": a woman is never an applicant, so
    she is taxed as anyone above the minimum wage (ruling 198)."""
    if "welfare" not in state.settings.gender_limits:
        return dict(relief)
    return {s: n for s, n in relief.items() if ROLE not in state.players[s].roles}


def begin(state: CrusoeState, chance: Chance, events: list[Event] | None) -> None:
    """Exactly half the players, rounded up, are drawn to be women; then Men's Work's paths."""
    if not state.settings.gender:
        return
    seats, count = list(state.seats), (len(state.seats) + 1) // 2
    if state.settings.gender_variant == "dolls-house":
        count = len(state.seats) // 2  # "if there is an odd player he should be male"
    # the Dictator, and a two-ruler hybrid's President (ruling 196)
    held = [s for s in (state.ruler, state.president) if s is not None]
    held = list(dict.fromkeys(held))
    if state.settings.gender_variant in VOICELESS:
        held = _one_ruler_for_few_men(state, held, count, events)  # ruling 296
        for seat in held:  # a ruler's dice are no woman's under No Suffrage (ruling 109)
            if seat == held[0] or len(seats) > count:  # half are women still (three seats)
                seats.remove(seat)
    ruler_first: list[str] = []
    if state.settings.gender_variant == MATRIARCHAL and held:
        for seat in held:  # the Matriarchal Golden Age: the ruler is a woman (113)
            seats.remove(seat)
        ruler_first, count = held, count - len(held)
    women = ruler_first + chance.shuffle("Gender: the women, first first", seats)[:count]
    for seat in women:
        state.players[seat].roles = (*state.players[seat].roles, ROLE)
    if events is not None:
        from sealed.core.events import Event

        events.append(
            Event("roles", f"Gender: the women {', '.join(women)}.", data={"women": women})
        )
    _mens_work(state, chance, events)
    if state.settings.gender_variant == "dolls-house":
        marry(state, chance, events)


def _one_ruler_for_few_men(
    state: CrusoeState, held: list[str], count: int, events: list[Event] | None
) -> list[str]:
    """Ruling 296 (version 4): where a Dictator and a different sitting President leave too few
    players to draw exactly half as women from the rest (two or three seats), the President's
    office goes to the Dictator, the one man left, so that no woman holds a ruler's dice
    (ruling 109). Version 3 made the President a woman there (the records of fe99ef9 keep it)."""
    if state.settings.version < 4 or len(held) < 2 or len(state.seats) - len(held) >= count:
        return held
    dictator = state.president = held[0]
    if events is not None:
        from sealed.core.events import Event

        text = (
            f"Gender, No Suffrage: {dictator} is also the President; exactly half the players "
            "are women and no woman holds a ruler's dice (ruling 296)."
        )
        data = {"ruler": dictator, "how": "no-suffrage", "office": "President"}
        events.append(Event("ruler", text, data=data))
    return [dictator]


def _mens_work(state: CrusoeState, chance: Chance, events: list[Event] | None) -> None:
    """One shuffle of the paths: the first N are denied to women, and, with a pink-collar
    path, the next one to men (ruling 108)."""
    denied = state.settings.mens_work_paths
    if not denied:
        return
    order = chance.shuffle("Gender, Men's Work: the paths, women's denied first", list(PATHS))
    to_women = order[:denied]
    to_men = order[denied : denied + 1] if state.settings.pink_collar else []
    for seat in state.seats:
        player = state.players[seat]
        second_class = second(state.settings.gender_variant, player.roles)
        paths = to_women if second_class else to_men
        player.roles = (*player.roles, *(f"barred-{p}" for p in paths))
    if events is not None:
        from sealed.core.events import Event

        pink = f"; the pink-collar path, denied to men: {to_men[0]}" if to_men else ""
        events.append(
            Event(
                "roles",
                f"Gender, Men's Work: women may not take {', '.join(to_women)}{pink}.",
                data={"women": to_women, "men": to_men},
            )
        )


def violence_roll(roles: tuple[str, ...], rolled: int, variant: str = "base") -> int:
    """Basic Disempowerment: a woman's die or dice halved, rounded down, before any modifier
    (a man's, in the Matriarchal Golden Age)."""
    if variant == "none":
        return rolled
    return rolled // 2 if second(variant, roles) else rolled


def second(variant: str, roles: tuple[str, ...]) -> bool:
    """Whether a player with these roles is of the disempowered ("2nd class") gender: the
    women, or the men in the Matriarchal Golden Age."""
    return (ROLE in roles) != (variant == MATRIARCHAL)


def barred_paths(roles: tuple[str, ...]) -> tuple[str, ...]:
    """Men's Work: the paths a player with these roles may not take (a view's roles will do);
    none in exile, where the encampment's Men's Work binds nobody (Exile, ruling 174)."""
    if EXILE in roles:
        return ()
    return tuple(p for p in PATHS if f"barred-{p}" in roles)


def voiceless(state: CrusoeState, seat: str) -> bool:
    """No Suffrage: "Women cannot vote or invoke government, and may not speak if government is
    invoked"."""
    variant = state.settings.gender_variant
    if EXILE in state.players[seat].roles:  # the encampment's rule, not the exiles' (174)
        return False
    if variant == MATRIARCHAL:  # "men may not vote" (Mad Jack's row 10; ruling 113)
        return ROLE not in state.players[seat].roles
    return variant in VOICELESS and ROLE in state.players[seat].roles


def may_decide(state: CrusoeState, seat: str, ask: str) -> bool:
    """Whether ``seat`` takes part in the decision ``ask`` (No Suffrage's ballots, and with
    ``gender_no_propose`` its proposals; a wife in Doll's House takes no part in the market)."""
    if ask == "trade" and husband_of(state, seat) is not None:
        return False
    if ask in PROPOSALS and not may_propose(state, seat):
        return False
    if ask == "assign" and state.settings.gender_variant == MATRIARCHAL:
        return ROLE in state.players[seat].roles  # the men's paths are the government's: women
    return not (_a_vote(state, ask) and voiceless(state, seat))


def _a_vote(state: CrusoeState, ask: str) -> bool:
    """A vote of government (ruling 109); the government's rents' ballot (Rent Control,
    Government Ownership) too since version 4 (ruling 293): version 3 asked women it."""
    return ask in VOTES or (ask == "rent-ballot" and state.settings.version >= 4)


def one_die_only(state: CrusoeState, seat: str) -> bool:
    """No Suffrage: "Generally woman should be banned from any role that would give them more
    than one die for violence": a woman is never a ruler, a President nor a Weak Warlord."""
    return voiceless(state, seat)


def path_problem(
    state: CrusoeState, seat: str, path: str, scenario_rule: Callable[[str], str | None]
) -> str | None:
    """Men's Work's refusal of a path, else the scenario's (``scenario_rule``), unless that rule
    would leave this player no open path (ruling 108: the Traditional Economy's last chooser,
    denied the Grasshopper, chooses among his open paths)."""
    barred = barred_paths(state.players[seat].roles)
    if path in barred:
        who = "women" if ROLE in state.players[seat].roles else "men"
        return f"{path}: Men's Work (Gender) denies this path to {who}"
    problem = scenario_rule(path)
    if problem and barred and all(scenario_rule(p) for p in PATHS if p not in barred):
        return _doubling_up(state, seat, path, [p for p in PATHS if p not in barred])
    return problem


def _doubling_up(state: CrusoeState, seat: str, path: str, open_paths: list[str]) -> str | None:
    """The Traditional Economy's other limit, kept when its last chooser is waived, unless
    every open path is taken (ruling 108)."""
    taken = {p.path for s, p in state.players.items() if s != seat and p.alive}
    free = [p for p in open_paths if p == "dung_beetle" or p not in taken]
    if free and path not in free:
        return f"Traditional Economy: {path} is taken; no doubling up except on the Dung Beetle"
    return None


# -- Doll's House (ruling 112) ------------------------------------------------------------------

VOICELESS = ("no-suffrage", "dolls-house")
"""The variants in which women neither vote, invoke nor speak: Doll's House "would normally
include the No Suffrage variant"."""


def husband_of(state: CrusoeState, seat: str) -> str | None:
    """A wife's living husband (Doll's House), or None; None too while either of them is in
    exile, where the marriage binds neither (Exile, ruling 174), or a slave, who owns nothing
    and eats what his master gives (Slavery, ruling 256)."""
    husband = _bound_to(state, seat)
    exiles = husband is not None and EXILE in (*state.players[seat].roles, *_roles(state, husband))
    bound = husband is not None and (_enslaved(state, seat) or _enslaved(state, husband))
    return None if exiles or bound else husband


def _enslaved(state: CrusoeState, seat: str) -> bool:
    """Slavery's public role (``modules/slavery.py`` reads this module: no import back)."""
    return any(r.startswith(SLAVE) for r in state.players[seat].roles)


def _bound_to(state: CrusoeState, seat: str) -> str | None:
    """A wife's living husband, exiled or not (a marriage outlasts an exile: ruling 174)."""
    for role in state.players[seat].roles:
        if role.startswith(WIFE):
            husband = state.seats[int(role.removeprefix(WIFE))]
            return husband if state.players[husband].alive else None
    return None


def _roles(state: CrusoeState, seat: str) -> tuple[str, ...]:
    return state.players[seat].roles


def _married_men(state: CrusoeState) -> set[str]:
    """The husbands of living wives (a widower is unattached; an exile's marriage stands)."""
    living = [s for s in state.seats if state.players[s].alive]
    return {h for s in living if (h := _bound_to(state, s)) is not None}


def marry(state: CrusoeState, chance: Chance, events: list[Event] | None) -> None:
    """Every living woman without a living husband marries an unattached living man, drawn at
    random (one shuffle of them, women in seat order); with none left she stays unmarried
    and keeps her own goods."""
    if state.settings.gender_variant != "dolls-house":
        return
    single = [
        s
        for s in state.seats
        if state.players[s].alive
        and ROLE in state.players[s].roles
        and _bound_to(state, s) is None
        and EXILE not in state.players[s].roles  # nobody marries in exile (ruling 174)
        and not _enslaved(state, s)  # nor as a slave (ruling 256)
    ]
    taken = _married_men(state)
    men = [
        s
        for s in state.seats
        if state.players[s].alive
        and ROLE not in state.players[s].roles
        and s not in taken
        and EXILE not in state.players[s].roles
        and not _enslaved(state, s)
    ]
    if not single or not men:
        return
    drawn = chance.shuffle(f"Doll's House: husbands for {', '.join(single)}, first first", men)
    for wife, husband in zip(single, drawn, strict=False):
        player = state.players[wife]
        player.roles = (
            *(r for r in player.roles if not r.startswith(WIFE)),
            f"{WIFE}{state.seats.index(husband)}",
        )
        if events is not None:
            from sealed.core.events import Event

            events.append(
                Event(
                    "marriage",
                    f"Doll's House: {wife} marries {husband}.",
                    data={"wife": wife, "husband": husband},
                )
            )


def after_produce(
    state: CrusoeState, seat: str, gained: dict[str, int], events: list[Event] | None
) -> None:
    """A wife's husband "collects the goods she produces" (markers stay hers)."""
    husband = husband_of(state, seat)
    if husband is None:
        return
    moved = {g: n for g, n in gained.items() if g in (*FOODS, "water", "spear", "diamond") and n}
    _hand_over(state, seat, husband, moved)
    if events is not None and moved:
        from sealed.core.events import Event

        text = ", ".join(f"{n} {g}" for g, n in moved.items())
        events.append(
            Event(
                "marriage",
                f"{husband} collects what his wife {seat} produced: {text}.",
                data={"wife": seat, "husband": husband, "goods": moved},
            )
        )


def _hand_over(state: CrusoeState, giver: str, taker: str, goods: dict[str, int]) -> None:
    for good, n in goods.items():
        state.players[giver].goods[good] -= n
        state.players[taker].goods[good] += n


def before_consumption(state: CrusoeState, events: list[Event] | None) -> None:
    """Each husband sees that his wife has one water and three food before he eats: what she
    lacks comes from his goods, the food he holds most of first (ties in the order of the
    foods), never a food she may not eat."""
    if state.settings.gender_variant != "dolls-house":
        return
    from sealed.games.crusoe.modules import roles  # roles imports this module

    for seat in state.seats:  # the asking is over: the marks go (ruling 200)
        player = state.players[seat]
        player.roles = tuple(r for r in player.roles if r != FED_MORE)
    for wife in state.seats:
        husband = husband_of(state, wife)
        if husband is None or not state.players[wife].alive:
            continue
        her, his = state.players[wife].goods, state.players[husband].goods
        given = {"water": min(max(0, 1 - her["water"]), his["water"])}
        barred = roles.diet(state.players[wife].roles)
        for _ in range(max(0, 3 - sum(her[f] for f in FOODS))):
            food = max(
                (f for f in FOODS if his[f] - given.get(f, 0) > 0 and f not in barred),
                key=lambda f: his[f] - given.get(f, 0),
                default=None,
            )
            if food is None:
                break
            given[food] = given.get(food, 0) + 1
        given = {g: n for g, n in given.items() if n}
        _hand_over(state, husband, wife, given)
        if events is not None:
            from sealed.core.events import Event

            text = ", ".join(f"{n} {g}" for g, n in given.items()) or "nothing"
            events.append(
                Event(
                    "marriage",
                    f"{husband} feeds and waters his wife {wife} before he eats: {text}.",
                    data={"wife": wife, "husband": husband, "goods": given},
                )
            )


# -- the Matriarchal Golden Age (ruling 113) ------------------------------------------------------

MATRIARCHAL = "matriarchal-golden-age"
GOVERNMENTS = ("athenian", "dictatorship", "representative", "hybrid", "bureaucracy")
"""The governments that may choose the men's paths (as the Paternalistic Economy's; a hybrid's
branch for the paths: ruling 150; the Bureaucracy's chart: ruling 191)."""


def _check_matriarchy(options: Options, scenario: str) -> None:
    """:raises OptionError: what the government's choice of the men's paths rules out."""
    if scenario == "traditional":
        raise OptionError(
            "gender matriarchal-golden-age with traditional: the Traditional Economy keeps each "
            "player on his path for life, so no government chooses the men's paths"
        )
    government = str(options.get("government", "athenian"))
    if government not in GOVERNMENTS:
        raise OptionError(
            f"gender matriarchal-golden-age with government {government}: not built yet "
            f"(built: {', '.join(GOVERNMENTS)}); see docs/games/crusoe.md"
        )


def men_assigned(state: CrusoeState) -> bool:
    """The government chooses the men's paths each cycle (the Matriarchal Golden Age)."""
    return state.settings.gender_variant == MATRIARCHAL


# -- Doll's House in the pooled economies (ruling 157) -------------------------------------------


def collect_shares(
    state: CrusoeState,
    sharers: list[str],
    events: list[Event] | None,
    before: Mapping[str, Mapping[str, int]] | None = None,
) -> None:
    """Tribal Communism's even split counts a wife as a head, and her husband collects her
    share, as he collects what she produces (ruling 157); a husband on the other side of an
    Exile does not (the share stays hers). Her share is what she holds beyond ``before``
    (by default all she holds: the split starts from nothing)."""
    given = {
        s: {g: n - (before or {}).get(s, {}).get(g, 0) for g, n in state.players[s].goods.items()}
        for s in sharers
    }
    collect_given(state, given, sharers, events)


def collect_given(
    state: CrusoeState,
    given: Mapping[str, Mapping[str, int]],
    sharers: list[str],
    events: list[Event] | None,
) -> None:
    """What a division gives a wife, her husband collects (rulings 157, 158)."""
    if state.settings.gender_variant != "dolls-house":
        return
    for wife in sharers:
        husband = husband_of(state, wife)
        if husband is None or husband not in sharers:
            continue
        share = {g: n for g, n in given.get(wife, {}).items() if n > 0}
        _hand_over(state, wife, husband, share)
        if events is not None and share:
            from sealed.core.events import Event

            text = ", ".join(f"{n} {g}" for g, n in share.items())
            events.append(
                Event(
                    "marriage",
                    f"{husband} collects his wife {wife}'s share: {text}.",
                    data={"wife": wife, "husband": husband, "goods": share},
                )
            )


def drafters(state: CrusoeState, sharers: list[str]) -> list[str]:
    """Who takes a turn in Tribal Communism's draft of the odd goods: not a wife, who "does
    not participate in the market" (ruling 157), unless her husband is not among the sharers
    (Exile); everyone, if only wives are left."""
    kept = [s for s in sharers if husband_of(state, s) not in sharers]
    return kept or sharers


def household(state: CrusoeState, seat: str) -> str:
    """Whose goods a player's dues come from: a wife's husband's (Doll's House: he holds what
    she produces, ruling 159), anyone else's own."""
    return husband_of(state, seat) or seat


def proposers(state: CrusoeState, sharers: list[str]) -> list[str]:
    """Who proposes a division of Socialism's common pool: not a wife, as in the draft
    (ruling 158); she does not vote on one either (No Suffrage, ruling 109); with
    ``gender_no_propose`` no woman (ruling 291: with no man to propose, none is made)."""
    return [s for s in drafters(state, sharers) if may_propose(state, s)]


# -- Doll's House in the money economies (rulings 161, 162) ---------------------------------------


def in_market(state: CrusoeState, seat: str) -> bool:
    """Whether a player takes part in a money economy's market: not a wife, who "does not
    participate in the market" (rulings 161, 162); a widow with no man to marry does."""
    return husband_of(state, seat) is None


def market_produced(state: CrusoeState, seat: str, good: str) -> int:
    """The units of ``good`` produced this cycle that a player brings to the market (forced
    into the commodity market, paid a Market Socialism wage): a wife none, since what she
    produces is her husband's at once; a husband his own and his wives' (rulings 161, 162)."""
    own = state.players[seat].produced.get(good, 0)
    if state.settings.gender_variant != "dolls-house":
        return own
    if husband_of(state, seat) is not None:
        return 0
    return own + sum(state.players[s].produced.get(good, 0) for s in wives_of(state, seat))


def wives_of(state: CrusoeState, seat: str) -> list[str]:
    """A living man's living wives (Doll's House), in seat order."""
    if state.settings.gender_variant != "dolls-house":
        return []
    return [
        s
        for s in state.seats
        if s != seat and state.players[s].alive and husband_of(state, s) == seat
    ]


def fold(state: CrusoeState, values: Mapping[str, int], seats: list[str]) -> dict[str, int]:
    """A wife's part (her Radio Signal rewards, her tax burden) added to her husband's: the
    household is one taxpayer (ruling 161). ``seats`` are those in the market."""
    folded = dict.fromkeys(seats, 0)
    for seat, value in values.items():
        if household(state, seat) in folded:
            folded[household(state, seat)] += value
    return folded


def collect_money(state: CrusoeState, events: list[Event] | None) -> None:
    """Any money the rules give a wife (a CEO's share, a Radio Signal's pay, Centralized
    Communism's $100, a rent) her husband collects before he spends (rulings 161, 162)."""
    if state.settings.gender_variant != "dolls-house":
        return
    for wife in state.seats:
        husband = husband_of(state, wife)
        dollars = state.players[wife].money
        if husband is None or not dollars:
            continue
        state.players[wife].money = 0
        state.players[husband].money += dollars
        if events is not None:
            from sealed.core.events import Event

            events.append(
                Event(
                    "marriage",
                    f"{husband} collects his wife {wife}'s ${dollars}.",
                    data={"wife": wife, "husband": husband, "money": dollars},
                )
            )


# -- Doll's House: feeding her more than he owes (gender_feeding, ruling 200) ------------------


def feeding_phase(state: CrusoeState) -> bool:
    """Before the Church's charity and the minimum he owes, each husband in turn order may give
    his living wife more water and food (ask ``husband``, her seat offered): True while one
    must still decide."""
    if not state.settings.gender_feeding:
        return False
    for husband in state.order:
        wife = _unasked_wife(state, husband)
        if wife is not None and state.players[husband].alive:
            state.ask, state.waiting, state.offer = "husband", (husband,), (wife,)
            return True
    return False


def _unasked_wife(state: CrusoeState, husband: str) -> str | None:
    return next(
        (
            w
            for w in state.seats
            if state.players[w].alive
            and husband_of(state, w) == husband
            and FED_MORE not in state.players[w].roles
        ),
        None,
    )


def feed_problem(state: CrusoeState, seat: str, wife: str, goods: Mapping[str, int]) -> str | None:
    """Why the husband may not give these to his wife, naming the rule; None if he may. Only
    water and food, that he holds, that she may eat, no more than she may eat this cycle."""
    from sealed.games.crusoe.modules import roles  # roles imports this module

    if not state.offer or wife != state.offer[0]:
        now = state.offer[0] if state.offer else ""
        return f"feed {wife}: feed your wife {now} now (Doll's House)"
    her, his = state.players[wife], state.players[seat]
    for good, n in goods.items():
        if good not in ("water", *FOODS):
            return f"feed: {good} is not water or food (Doll's House: he feeds and waters her)"
        if n > his.goods[good]:
            return f"feed: you hold {his.goods[good]} {good}, not {n}"
        if n and good in roles.diet(her.roles):
            return f"feed: {wife} may not consume {good}"
        if her.goods[good] + n > (2 if good == "water" else 3):
            most = "two water" if good == "water" else f"three {good}"
            return f"feed: she may consume at most {most} (Meeting Survival Needs)"
    # what she may eat of each kind (three at most, none she is barred from), not all she holds:
    # food she cannot eat anyway does not bar a gift she can (ruling 246)
    barred = roles.diet(her.roles)
    food = sum(min(3, her.goods[f] + goods.get(f, 0)) for f in FOODS if f not in barred)
    held = sum(min(3, her.goods[f]) for f in FOODS if f not in barred)
    # since version 4 a gift that adds nothing she may eat is allowed when her own food is past
    # ten already (ruling 319: version 3 refused even an empty gift, leaving him no order)
    if food > 10 and (state.settings.version < 4 or food > held):
        return "feed: she may consume at most ten food (Meeting Survival Needs)"
    return None


def on_feed(
    state: CrusoeState, seat: str, wife: str, goods: Mapping[str, int], events: list[Event] | None
) -> None:
    """What he gives her is hers to eat (public, at the table); she is marked asked."""
    given = {g: n for g, n in goods.items() if n}
    _hand_over(state, seat, wife, given)
    player = state.players[wife]
    player.roles = (*player.roles, FED_MORE)
    if events is not None:
        from sealed.core.events import Event

        text = ", ".join(f"{n} {g}" for g, n in given.items()) or "nothing more"
        events.append(
            Event(
                "marriage",
                f"{seat} gives his wife {wife} {text} to eat.",
                data={"wife": wife, "husband": seat, "goods": given, "more": True},
            )
        )
