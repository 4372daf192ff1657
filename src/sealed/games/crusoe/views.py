"""What a seat may know in Crusoe's Planet, built by allow-list, and its plain-text rendering.

At the table everything is in the open: the board, the pawns, the tokens in
front of each player, the score sheets and the pool of recorded Radio
Signals (ruling 14). What no view holds is what the table does not know yet:
orders sealed but not opened (the Match keeps them), and chance not yet
rolled. A seat's view also carries what it must decide now and, when it is
time to eat, the consumption that scores the most VP from what it holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sealed.games.crusoe import bureaucracy, rulers, victory_play
from sealed.games.crusoe.cycle import meal_for
from sealed.games.crusoe.modules import corporations, landlords, third_world
from sealed.games.crusoe.modules.diamonds import seats_on_the_boat
from sealed.games.crusoe.orders import eat, format_order
from sealed.games.crusoe.socialist_market import current as current_plan
from sealed.games.crusoe.socialist_market import describe as describe_plan
from sealed.games.crusoe.state import (
    FOODS,
    FREQUENCIES,
    GOODS,
    PATH_NAMES,
    CrusoeState,
    Settings,
    format_space,
)


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One castaway as the whole table sees them."""

    seat: str
    alive: bool
    path: str | None
    position: int
    goods: dict[str, int]
    leisure: int
    radio: dict[str, int]
    experience: dict[str, list[int]]
    vp: int
    thirst: bool
    food: str
    malnourished: bool
    wounded: bool
    death: str | None  # "thirst in cycle 3"
    track: str | None  # Traditional Economy: the path kept for life (the social rank)
    produced: dict[str, int]  # goods produced this cycle (the Grasshopper taxes from them)
    money: int  # Monetary Markets: every payment is made on the table (ruling 31)
    roles: tuple[str, ...] = ()  # tack-on modules' public roles (vegetarian), as the table knows


@dataclass(frozen=True, slots=True)
class CrusoeView:
    """What ``seat`` may know now."""

    seat: str
    scenario: str
    cycle: int
    phase: str
    order: list[str]
    decide: str | None  # the decision this seat must make now, if any
    offer: list[int | str]  # what that decision may choose from (a move range, icon types)
    roll: int
    suggested_meal: str | None  # the consumption scoring the most VP, when it is time to eat
    radio_pool: dict[str, int]
    last_rescue: dict[str, object]
    players: list[PlayerView]
    board: dict[str, list[str]]
    battles: list[dict[str, list[str]]]  # who fights whom (attackers, defenders), in the open
    offers: list[dict[str, object]]  # standing barter offers to or from this seat only
    pile: dict[str, int]  # Tribal Communism's central pile, on the table
    home: list[str]  # who is done trading
    proposal: dict[str, dict[str, int]]  # Tribal Socialism: the division put to the vote
    market: dict[str, int]  # Monetary Markets: money available per commodity market
    prices: dict[str, dict[str, int]]  # this cycle's units, prices and pay-in, per good
    policy: dict[str, dict[str, int]]  # the government's reward per signal, burden per path
    motion: dict[str, dict[str, int]]  # a policy put to the vote
    good: str | None  # the good whose commodity or wholesale step is open
    deals: list[dict[str, object]]  # State Capitalism: this good's deals this seat is party to
    plan: dict[str, dict[str, int]] = field(default_factory=dict)  # Market Socialism's plan
    plan_motion: dict[str, dict[str, int]] = field(default_factory=dict)  # a plan under vote
    vault: dict[str, int] = field(default_factory=dict)  # Market Socialism: the government's
    bought: dict[str, dict[str, int]] = field(default_factory=dict)  # from the vault this cycle
    wage: int | None = None  # Welfare Capitalism: the government's minimum wage in force
    wage_motion: int | None = None  # a minimum wage under vote
    ruler: str | None = None  # a Dictatorship: the Dictator, known to all
    candidates: tuple[str, ...] = ()  # a Representative Democracy: who campaigns
    ruler_title: str = ""  # Dictator or President
    president: str | None = None  # a hybrid with two rulers: the President (ruling 196)
    deposed: str | None = None  # two rulers: the holder whose successor is elected now
    chart: str = ""  # a Bureaucracy's flow chart in force: public, everyone wrote it
    chart_case: str = ""  # what the chart cannot decide now (the first player decides it)
    chart_motion: str = ""  # an amendment to the chart under vote
    conditions: dict[str, str] = field(default_factory=dict)  # victory conditions it may know
    diamonds: str = "standard"  # Variable Values for Diamonds, agreed before the game
    gender: str = "none"  # the Gender module's variant (no-suffrage ...), agreed before the game
    gender_limits: tuple[str, ...] = ()  # No Suffrage's additional limitations (ruling 198)
    libertarian: bool = False  # Libertarianism in play (who is in default: the roles)
    boat_seats: int = 0  # Small Boat: the seats on the rescue vessel (0: not that rule)
    punishments: tuple[str, ...] = ()  # Alternate Punishments the winners may also choose
    slavery_rules: tuple[str, ...] = ()  # Slavery's added rules (permission, any-time)
    land: dict[str, Any] = field(default_factory=dict)  # Landlords: the public ledger
    corporations: dict[str, Any] = field(default_factory=dict)  # shares, coffers: public
    classes: dict[str, str] = field(default_factory=dict)  # Class Warfare: every seat's class
    ceos: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)  # CEOs and industries
    wage_package: tuple[tuple[tuple[str, ...], int], ...] = ()  # Welfare's other package, agreed
    church: str = "none"  # The Church: more-devout or less-devout, agreed before the game
    church_goods: dict[str, int] = field(default_factory=dict)  # the Church's, on the table
    banned: tuple[str, ...] = ()  # The Church (less devout): banned from its charity
    assignment: dict[str, str] = field(default_factory=dict)  # Paternalistic: paths under vote
    third_world: dict[str, object] = field(default_factory=dict)  # the BR, NPLs, the Agent's debt
    # The table's bookkeeping, known to every seat (who is asked, whose turn, who invoked, how
    # many passed, who is done): carried so a search bot's sampled world is exact. Named as
    # the state's fields; not rendered (the text view says it in the events).
    ask: str | None = None  # the decision open now, whoever must make it
    waiting: tuple[str, ...] = ()  # who must decide now (a sealed decision: everyone asked)
    turn: int = 0  # index in ``order`` of whose turn it is (a proposer, a seller ...)
    invoker: str | None = None  # who invoked government
    speakers: tuple[str, ...] = ()  # the speeches still to make, in order
    passes: int = 0  # passes in a row in the round of initiating violence
    battle: int = 0  # the battle whose verdict is voted
    estates: tuple[str, ...] = ()  # the dead whose goods await the vote
    electors: tuple[str, ...] = ()  # winners who must elect a new ruler
    elected: int = 0  # the cycle of the last President's election
    branch: int = 0  # a hybrid's part being decided
    done: tuple[str, ...] = ()  # Market Socialism: done buying this cycle
    putback: dict[str, int] = field(default_factory=dict)  # older units put back, this good
    sales: dict[str, dict[str, int]] = field(default_factory=dict)  # Class Warfare: sold
    successions: tuple[tuple[str, tuple[str, ...]], ...] = ()  # two rulers: office, electors
    settings: Settings | None = None  # the rules agreed before the game: public (ruling 205)
    # each seat's path per cycle ended, "" none (government_chart_history, ruling 188): the
    # public 'path' events a table's notes hold, so the sampler rebuilds the chart's memory
    walked: dict[str, tuple[str, ...]] = field(default_factory=dict)


CLASS_TAX = " (Class Warfare: the tax is by class instead, capitalist 0, middle 2, working 1)"


def build_view(state: CrusoeState, seat: str) -> CrusoeView:
    """``seat``'s view, copying only what the table shows."""
    mine = seat in state.waiting
    me = state.players.get(seat)
    meal = None
    if mine and state.ask == "eat" and me is not None:
        meal = format_order(eat(dict(meal_for(me))))
    return CrusoeView(
        seat=seat,
        scenario=state.settings.scenario + (" (utopian)" if state.settings.utopian else ""),
        cycle=state.cycle,
        phase=state.phase,
        order=list(state.order),
        decide=state.ask if mine else None,
        offer=list(state.offer) if mine else [],
        roll=state.roll if mine else 0,
        suggested_meal=meal,
        radio_pool=dict(state.pool),
        last_rescue=dict(state.last_rescue),
        players=[_player(state, s) for s in state.seats],
        board={p: [format_space(s) for s in spaces] for p, spaces in state.board.paths.items()},
        battles=[
            {"attackers": list(b.attackers), "defenders": list(b.defenders)} for b in state.battles
        ],
        offers=[
            {"giver": o.giver, "taker": o.taker, "give": dict(o.give), "want": dict(o.want)}
            for o in state.offers
            if seat in (o.giver, o.taker)
        ],
        pile={g: n for g, n in state.pile.items() if n},
        home=list(state.home),
        proposal={s: dict(goods) for s, goods in state.proposal.items()},
        market=dict(state.funds),
        prices={g: dict(row) for g, row in state.prices.items()},
        policy=(
            {k: dict(v) for k, v in state.policy.items()}
            if state.settings.government_policy
            else {}
        ),
        motion={k: dict(v) for k, v in state.motion.items()},
        good=state.good,
        deals=[
            {
                "holder": d.holder,
                "seller": d.seller,
                "units": d.units,
                "dollars": d.dollars,
                "status": d.status,
            }
            for d in state.deals
            if seat in (d.holder, d.seller)
        ],
        plan=_copy_plan(current_plan(state)) if state.settings.planned else {},
        plan_motion=_copy_plan(state.plan_motion),
        vault=dict(state.vault),
        bought={s: dict(v) for s, v in state.bought.items()},
        wage=state.wage,
        wage_motion=state.wage_motion,
        ruler=state.ruler,
        candidates=tuple(state.candidates),
        ruler_title=rulers.title(state) if state.ruler else "",
        president=state.president,  # public, as the ruler
        deposed=rulers.holder(state, state.successions[0][0]) if state.successions else None,
        chart=bureaucracy.chart(state).to_text() if bureaucracy.tasks(state) else "",
        chart_case=bureaucracy.case_text(state) if state.ask == "box" else "",
        chart_motion=state.chart_motion,
        conditions=victory_play.visible(state, seat),
        diamonds=state.settings.diamonds,
        gender=state.settings.gender_variant,
        gender_limits=state.settings.gender_limits,
        libertarian=state.settings.libertarianism,
        boat_seats=_boat_seats(state),
        punishments=state.settings.punishments,
        slavery_rules=state.settings.slavery_rules,
        land=landlords.land_view(state) if landlords.on(state) else {},  # public (ruling 87)
        corporations=state.corp.to_json() if corporations.on(state) else {},  # public
        church=state.settings.church,
        church_goods=dict(state.church),  # public: donations are made on the table
        banned=tuple(state.banned),
        assignment=dict(state.assignment),  # public: proposed at the table
        third_world=third_world.to_json(state) if third_world.in_play(state) else {},  # public
        classes=dict(state.classes),  # public: the draw and the reassignments are in the open
        ceos=list(state.ceos),
        wage_package=state.settings.wage_package,
        ask=state.ask,
        waiting=tuple(state.waiting),
        turn=state.turn,
        invoker=state.invoker,
        speakers=tuple(state.speakers),
        passes=state.passes,
        battle=state.battle,
        estates=tuple(state.estates),
        electors=tuple(state.electors),
        elected=state.elected,
        branch=state.branch,
        done=tuple(state.done),
        putback=dict(state.putback),
        sales={s: dict(v) for s, v in state.sales.items()},
        successions=tuple((office, tuple(e)) for office, e in state.successions),
        settings=state.settings,
        walked={s: tuple(paths) for s, paths in state.walked.items()},
    )


def _boat_seats(state: CrusoeState) -> int:
    if state.settings.diamonds != "small-boat":
        return 0
    return seats_on_the_boat(state.settings.diamonds_seats, len(state.seats))


def _copy_plan(plan: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    return {kind: dict(terms) for kind, terms in plan.items()}


def _player(state: CrusoeState, seat: str) -> PlayerView:
    p = state.players[seat]
    death = f"{p.death_cause} in cycle {p.death_cycle}" if not p.alive else None
    return PlayerView(
        seat=seat,
        alive=p.alive,
        path=p.path,
        position=p.position,
        goods=dict(p.goods),
        leisure=p.leisure,
        radio=dict(p.radio),
        experience={k: list(v) for k, v in p.experience.items()},
        vp=p.vp,
        thirst=p.thirst,
        food=p.food,
        malnourished=p.malnourished,
        wounded=p.wounded,
        death=death,
        track=p.track if state.settings.scenario == "traditional" else None,
        produced=dict(p.produced),
        money=p.money,
        roles=p.roles,
    )


def render(view: CrusoeView) -> str:
    """The view as plain text."""
    lines = [
        f"Crusoe's Planet, {view.scenario}, cycle {view.cycle} of 9 ({view.seat})",
        f"Turn order: {', '.join(view.order) or 'not dealt yet'}; phase: {view.phase}",
        "Radio signals recorded: " + ", ".join(f"{f} {view.radio_pool[f]}" for f in FREQUENCIES),
    ]
    if view.ruler:
        lines.append(f"The {view.ruler_title}: {view.ruler}")
    if view.president:
        lines.append(f"The President: {view.president}")
    if view.chart:  # a Bureaucracy: the chart in force, and what it cannot decide now
        chart = view.chart.strip().split("\n")
        lines += ["The Bureaucracy's flow chart:"] + [f"  {line}".rstrip() for line in chart]
    if view.chart_case:
        lines.append(f"The chart cannot decide {view.chart_case}")
    if view.chart_motion:
        lines.append(f"Amendment under vote: {view.chart_motion}")
    if view.classes:  # Class Warfare Capitalism
        lines.append("Classes: " + ", ".join(f"{s} {k}" for s, k in view.classes.items()))
        for ceo, goods in view.ceos:
            lines.append(f"CEO {ceo}: {', '.join(goods) or 'no industries'}")
    for seat, condition in view.conditions.items():
        lines.append(f"Victory condition of {seat}: {condition}")
    if view.candidates:
        lines.append(f"Candidates for President: {', '.join(view.candidates)}")
    if view.punishments:  # the winners' verdict may also be one of these
        lines.append(f"Alternate punishments: {', '.join(view.punishments)}")
    lines += landlords.view_lines(view.land)
    lines += corporations.view_lines(view.corporations)
    if view.church != "none":
        held = _goods(view.church_goods) or "nothing"
        banned = f"; banned from its charity: {', '.join(view.banned)}" if view.banned else ""
        lines.append(f"The Church ({view.church.replace('-', ' ')}) holds {held}{banned}")
    if view.third_world:
        lines.append(third_world.describe(view.third_world))
    if view.assignment:
        paths = ", ".join(f"{s} {PATH_NAMES[p]}" for s, p in view.assignment.items())
        lines.append(f"Paths proposed by the government: {paths}")
    if view.last_rescue:
        r = view.last_rescue
        lines.append(
            f"Last rescue roll (cycle {r['cycle']}): {r['frequency']}, rolled {r['total']} "
            f"against {r['signals']}"
        )
    lines.append("")
    for p in view.players:
        lines.append(_player_line(view, p))
    for standing in view.offers:
        give = _goods(standing["give"]) or "nothing"
        want = _goods(standing["want"]) or "nothing"
        who = f"{standing['giver']} gives {give} to {standing['taker']}"
        lines.append(f"Offer standing: {who} for {want}")
    if view.pile:
        lines.append(f"Central pile: {_goods(view.pile)}")
    if view.proposal:
        division = "; ".join(f"{s} {_goods(g) or 'nothing'}" for s, g in view.proposal.items())
        lines.append(f"Division proposed: {division}")
    lines += _market_lines(view)
    if view.decide:
        lines.append("")
        offer = f" (choose from {' '.join(map(str, view.offer))})" if view.offer else ""
        rolled = f" You rolled {view.roll}." if view.roll else ""
        lines.append(f"You decide now: {view.decide}{offer}.{rolled}")
    if view.suggested_meal:
        lines.append(f"Most VP this cycle: {view.suggested_meal}")
    return "\n".join(lines)


def _market_lines(view: CrusoeView) -> list[str]:
    """The money ledger as the table keeps it: policy, markets, prices, the good on sale."""
    if view.plan:
        return _plan_lines(view)
    if not (view.policy or view.market or view.prices or view.good):
        return []  # no monetary market (or none held yet without a government's policy)
    lines = []
    if view.policy:
        reward = view.policy["reward"]
        burden = view.policy.get("seats") or view.policy["burden"]  # a chart's, per player
        lines.append(
            "Reward per signal: "
            + ", ".join(f"{f} ${reward[f]}" for f in FREQUENCIES)
            + "; tax burden: "
            + ", ".join(f"{k} {v}" for k, v in burden.items())
            + (CLASS_TAX if view.classes else "")  # Class Warfare: by class (ruling 84)
        )
    lines.append(
        "Money available: "
        + (", ".join(f"{g} ${n}" for g, n in view.market.items()) or "no market has opened")
    )
    for good, row in view.prices.items():
        parts = [f"{row.get('units', 0)} units"]
        parts += [f"commodity ${row['commodity']}"] if "commodity" in row else []
        parts += [f"wholesale ${row['wholesale']}"] if "wholesale" in row else []
        parts += [f"paid in ${row['pay_in']}"] if "pay_in" in row else []
        lines.append(f"  {good}: " + ", ".join(parts))
    if view.motion:
        m_reward, m_burden = view.motion["reward"], view.motion["burden"]
        lines.append(
            "Proposed: reward "
            + ", ".join(f"{f} ${n}" for f, n in m_reward.items())
            + "; burden "
            + ", ".join(f"{k} {v}" for k, v in m_burden.items())
        )
    if view.good and view.phase == "wholesale":
        lines.append(f"On sale now: {view.pile.get(view.good, 0)} {view.good}")
    if view.wage is not None:
        lines.append(f"Minimum wage (the government's): ${view.wage}")
    if view.wage_motion is not None:
        lines.append(f"Proposed minimum wage: ${view.wage_motion}")
    for deal in view.deals:  # State Capitalism: only the deals this seat is party to
        if deal["status"] != "destroyed":
            lines.append(
                f"Deal ({deal['status']}): {deal['holder']} offers {deal['seller']} "
                f"{deal['units']} {view.good} for ${deal['dollars']}"
            )
    return lines


def _plan_lines(view: CrusoeView) -> list[str]:
    """Market Socialism: the plan in force, a plan under vote, the vault, what was bought."""
    lines = [f"Plan: {describe_plan(view.plan)}"]
    if view.plan_motion:
        lines.append(f"Proposed plan: {describe_plan(view.plan_motion)}")
    vault = ", ".join(f"{n} {g}" for g, n in view.vault.items() if n) or "empty"
    lines.append(f"Government vault: {vault}")
    for seat, goods in view.bought.items():
        lines.append(f"  {seat} bought: " + ", ".join(f"{n} {g}" for g, n in goods.items()))
    return lines


def _goods(goods: object) -> str:
    """``1 water, the ant``: a path in a barter offer (Landlords, ruling 182) is whole, so it is
    named, not counted (as the trade event says it)."""
    items = goods.items() if isinstance(goods, dict) else []
    return ", ".join(f"the {g}" if g in landlords.PATHS else f"{n} {g}" for g, n in items if n)


FOOD_WORDS = {"hungry": "Hungry", "starving": "Starving", "dying": "Dying of Starvation"}


def _player_line(view: CrusoeView, p: PlayerView) -> str:
    me = " (you)" if p.seat == view.seat else ""
    if not p.alive:
        return f"{p.seat}{me}: dead ({p.death}), {p.vp} VP"
    where = "Market (no path open: Landlords)" if p.position and not p.path else "Crash Site"
    if p.path:
        length = len(view.board[p.path])
        place = "Market" if p.position > length else f"space {p.position}/{length}"
        where = f"{PATH_NAMES[p.path]} {place}" if p.position else f"{PATH_NAMES[p.path]}, start"
    goods = " ".join(f"{g} {p.goods[g]}" for g in GOODS if p.goods[g]) or "no goods"
    radio = " ".join(f"{f} {p.radio[f]}" for f in FREQUENCIES if p.radio[f])
    status = [
        s
        for s, on in (
            ("Dying of Thirst", p.thirst),
            ("wounded", p.wounded),
            ("Malnourished", p.malnourished),
        )
        if on
    ]
    if p.food != "fed":
        status.append(
            {"hungry": "Hungry", "starving": "Starving", "dying": "Dying of Starvation"}[p.food]
        )
    exp = "; ".join(
        f"{PATH_NAMES[k]} {' '.join(map(str, v))}" for k, v in p.experience.items() if v
    )
    parts = [f"{p.vp} VP", where, goods, f"Leisure {p.leisure}"]
    parts += [f"${p.money}"] if p.money else []
    parts += [", ".join(p.roles)] if p.roles else []
    parts += [f"signals {radio}"] if radio else []
    parts += [f"Experience {exp}"] if exp else []
    parts += [", ".join(status)] if status else []
    return f"{p.seat}{me}: " + "; ".join(parts)


__all__ = ["FOODS", "CrusoeView", "PlayerView", "build_view", "render"]
