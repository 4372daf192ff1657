"""The Crusoe's Planet :class:`~sealed.core.game.Game`: options, prompts, and the protocol glue."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from sealed.core.chance import Chance
from sealed.core.events import Event
from sealed.core.game import InPlaceGame, JsonDict, Options, OptionSpec, Prompt, Result, Tally
from sealed.games.crusoe import bureaucracy, classwar, hybrid, legal, rules, sampler, stats
from sealed.games.crusoe.bots import CooperativeBot, GreedyBot, RandomBot, SelfishBot
from sealed.games.crusoe.cycle import end_reason, meal_for
from sealed.games.crusoe.encoding import CrusoeEncoding, encoding_for
from sealed.games.crusoe.modules import church, crowd, diamonds, slavery
from sealed.games.crusoe.modules.roles import everyone_loses
from sealed.games.crusoe.orders import WORDS, Order, eat, format_order, parse_order
from sealed.games.crusoe.socialism import even_division, proposer_first
from sealed.games.crusoe.state import (
    GOVERNMENTS,
    SCENARIOS,
    CrusoeState,
    Settings,
    standard_board,
    state_from_json,
    state_to_json,
)
from sealed.games.crusoe.victory_play import victory_result
from sealed.games.crusoe.views import CrusoeView, build_view, render
from sealed.lab.search import with_search

OPTIONS = (
    OptionSpec(
        "scenario",
        "crusoes-economy",
        "the economy (Introductory Scenarios); built: crusoes-economy (no trade, no violence, "
        "no overburdening), hobbesian (no trade; violence), tribal-capitalism (one-on-one "
        "barter), tribal-communism (the even split, the draft, then barter), "
        "tribal-socialism (the common pool divided by majority vote), traditional (ranks, the "
        "Grasshopper's tax, the Firefly's provision, trade by rank and class), "
        "national-capitalism (Advanced Scenarios: the monetary market, a government), "
        "welfare-capitalism (National Capitalism with a minimum wage and welfare), "
        "class-warfare-capitalism (National Capitalism with classes by Diamonds: the CEOs' "
        "shares of sales, taxes by class, votes and battle dice by Diamonds, the call for "
        "government), "
        "state-capitalism (only the biggest holder of a good sells it; signals paid in new "
        "money), market-socialism (the government's wages, prices and limits; purchases from "
        "its vault; a black market), "
        "governmental-socialism (this cycle's production into a common pool, divided by the "
        "government: under an Athenian Democracy, by majority vote), "
        "centralized-communism (the monetary market without commodity prices or taxes: "
        "everything into the pot, $100 each)",
        choices=SCENARIOS,
    ),
    OptionSpec(
        "government",
        "athenian",
        "the government of an advanced scenario, or the one a tack-on brings (the paths, the "
        "rents: ruling 149); built: "
        "athenian (Athenian Democracy: every decision a vote, one vote each), dictatorship "
        "(one player, drawn at random, makes every decision; free violence, more dice), "
        "representative (as a Dictatorship, but the President is elected each cycle among "
        "those who campaign for one Leisure), bureaucracy (the flow chart government_chart "
        "decides; the first player decides what it cannot and extends it; amendments by "
        "unanimous vote), hybrid (a government per task, government_TASK: radio_reward, "
        "tax_burden, estate and the scenario's and tack-ons' others); bureaucracy and hybrid "
        "in National, Welfare and Class Warfare Capitalism, Governmental and Market "
        "Socialism, and for a tack-on's task",
        choices=GOVERNMENTS,
    ),
    OptionSpec(
        "government_strength",
        "stable",
        "a Dictator's or President's strength: stable (as many dice in battle as the other "
        "players; the winners of a battle he loses elect a new one), unstable (government_dice "
        "dice), "
        "fanatic (wins every battle he fights, never wounded)",
        choices=("stable", "unstable", "fanatic"),
    ),
    OptionSpec(
        "government_dice",
        1,
        "an unstable Dictatorship's dice in battle (at least one, fewer than the other players)",
        minimum=1,
    ),
    *hybrid.OPTIONS,  # government_chart; a hybrid's government_TASK[_strength|_dice]
    OptionSpec(
        "minimum_wage",
        "package",
        "Welfare Capitalism's minimum wage: package (water, two of the cheapest fruit, one of "
        "the cheapest protein at this cycle's commodity prices); government (set by the "
        "government at the start of each tax subphase)",
        choices=("package", "government"),
    ),
    OptionSpec(
        "minimum_wage_package",
        "",
        "Welfare Capitalism's other package of goods for the minimum wage, written as a board "
        "space: a good, or fruit, protein or food for the cheapest of that kind, each with its "
        "units ('water 2, fruit, fish'); empty: the seed's (water, two of the cheapest fruit, "
        "one of the cheapest protein)",
    ),
    OptionSpec(
        "bots_path_limits",
        False,
        "Market Socialism, for the lab (ruling 228): the greedy, cooperative and selfish bots "
        "propose purchase limits by the path walked (ruling 82) and vote against a plan that "
        "limits them too tightly; off: no limits, as before. The rules are the same",
    ),
    OptionSpec(
        "bots_corporate_experience",
        False,
        "Corporations, for the lab (ruling 229): the greedy, cooperative and selfish bots "
        "weigh the Experience numbers of a path's corporation when they choose a path; off: "
        "they do not, as before. The rules are the same",
    ),
    OptionSpec(
        "bots_path_offers",
        False,
        "Landlords, for the lab (ruling 182): the greedy, cooperative and selfish bots accept "
        "a barter offer that names a path when the goods and the path's Leases are worth it "
        "to them; off: they let every such offer stand, as before. The rules are the same",
    ),
    OptionSpec(
        "victory",
        "off",
        "Variant Victory Conditions (Optional Rules): off; secret (each player seals "
        "altruistic, self-interested or cutthroat before play); random (one die each, secret); "
        "public (one die each, shown to all)",
        choices=("off", "secret", "random", "public"),
    ),
    OptionSpec("utopian", False, "the Utopian module: violence is not permitted"),
    OptionSpec(
        "relaxed_commons",
        False,
        "by agreement, one more player is needed to overburden a path (The Problem of the Commons)",
    ),
    OptionSpec(
        "diamonds",
        "standard",
        "Variable Values for Diamonds (Optional Rules): standard (3 VP each), lottery (each "
        "rescued holder rolls a die: worth the roll less one, 8 on a 6), yuppies (each worth "
        "the number of rescued players with fewer), small-boat (only diamonds_seats leave, "
        "those with the most diamonds; the others are left behind and win nothing)",
        choices=("standard", "lottery", "yuppies", "small-boat"),
    ),
    OptionSpec(
        "diamonds_seats",
        0,
        "Small Boat: the seats on the rescue vessel (0: half the players, rounded down)",
        minimum=0,
    ),
    OptionSpec(
        "vegetarians",
        "none",
        "the Vegetarians module: eat (vegetarians may not consume fish) or make-or-eat (nor "
        "catch it); vegetarians_players of the players, drawn before the game",
        choices=("none", "eat", "make-or-eat"),
    ),
    OptionSpec(
        "vegetarians_players",
        1,
        "the Vegetarians module: how many players are vegetarians (one to all but one)",
        minimum=1,
    ),
    OptionSpec(
        "race",
        "none",
        "the Race module (its Mad Jack row): one-majority-prejudiced, one-portion-prejudiced, "
        "third-majority-prejudiced, third-minority-prejudiced; the numbers are race_minority, "
        "race_majority_prejudiced, race_minority_prejudiced (0 or 1) and race_penalty",
        choices=(
            "none",
            "one-majority-prejudiced",
            "one-portion-prejudiced",
            "third-majority-prejudiced",
            "third-minority-prejudiced",
        ),
    ),
    OptionSpec("race_minority", 1, "the Race module: players of the minority", minimum=1),
    OptionSpec(
        "race_majority_prejudiced",
        0,
        "the Race module: how many of the majority are prejudiced against the minority",
        minimum=0,
    ),
    OptionSpec(
        "race_minority_prejudiced",
        0,
        "the Race module: 1 if the minority is prejudiced against the majority",
        minimum=0,
    ),
    OptionSpec(
        "race_penalty",
        1,
        "the Race module: VP a prejudiced player loses per target scoring as much or more",
        minimum=0,
    ),
    OptionSpec(
        "disability",
        False,
        "the Disability module: disability_players players, drawn before the game, each roll "
        "2d6 on its table (icons prohibited, a penalty on violence rolls)",
    ),
    OptionSpec(
        "disability_players",
        1,
        "the Disability module: how many players are disabled (one to all)",
        minimum=1,
    ),
    OptionSpec(
        "disability_rows",
        "",
        "the Disability module, chosen and assigned: the table's rows in play as their 2d6 sums "
        "('5 8 8'), one disabled player drawn for each; nothing is rolled",
    ),
    OptionSpec(
        "guild_oligarchy",
        False,
        "the Guild Oligarchy module: each player draws a marker (Radio Signal or a good but "
        "water) and may produce only it, Leisure, water and what nobody drew (at most 8 players)",
    ),
    OptionSpec(
        "gender",
        "none",
        "the Gender module: base (Basic Disempowerment: half the players, rounded up, are "
        "women, who halve their violence roll); no-suffrage (and women neither vote, invoke "
        "government nor speak); dolls-house (No Suffrage, and each woman is married to a man "
        "who collects what she produces and must feed her; not in crusoes-economy); "
        "matriarchal-golden-age (the roles reversed: the men are disempowered and the "
        "government chooses their paths; not in traditional)",
        choices=("none", "base", "no-suffrage", "dolls-house", "matriarchal-golden-age"),
    ),
    OptionSpec(
        "gender_mens_work",
        0,
        "the Gender module: 1 for Men's Work (women may not take gender_paths_denied paths)",
        minimum=0,
    ),
    OptionSpec(
        "gender_paths_denied",
        0,
        "the Gender module, Men's Work: paths denied to women, drawn before the game (1-6)",
        minimum=0,
    ),
    OptionSpec(
        "gender_pink_collar_path",
        0,
        "the Gender module, Men's Work: 1 for a pink-collar path, denied to men",
        minimum=0,
    ),
    OptionSpec(
        "gender_no_land",
        False,
        "the Gender module, No Suffrage's additional limitation (with Landlords): women have no "
        "right to own land, and never own a path (ruling 198)",
    ),
    OptionSpec(
        "gender_no_welfare",
        False,
        "the Gender module, No Suffrage's additional limitation (Welfare Capitalism): women "
        "have no right to collect welfare (ruling 198)",
    ),
    OptionSpec(
        "gender_no_propose",
        False,
        "the Gender module, No Suffrage's additional limitation (a government that takes "
        "proposals): women propose no measure of government (a policy, plan, wage, division, "
        "assignment of paths, rents) and are never a Bureaucracy's first player (ruling 291)",
    ),
    OptionSpec(
        "estate_shares",
        False,
        "a dead player's goods: before the ballot all-to-one or shared, the voters propose "
        "divisions into unequal shares in turn order, each voted yes/no (divide SEAT GOODS ...; "
        "ruling 201)",
    ),
    OptionSpec(
        "gender_feeding",
        False,
        "the Gender module, Doll's House: before consumption each husband may give his wife "
        "more water and food than he owes her (feed WIFE GOODS; ruling 200)",
    ),
    OptionSpec(
        "early_feudalism",
        "none",
        "the Early Feudalism module: strong (a Warlord drawn before the game invokes government "
        "and starts fights without Leisure, wins every battle he joins, is never wounded); "
        "weak (free invoking and fights too; early_feudalism_dice dice, wounded normally; when "
        "he loses a fight the winners elect a new Warlord with one die fewer)",
        choices=("none", "strong", "weak"),
    ),
    OptionSpec(
        "early_feudalism_dice",
        0,
        "Early Feudalism: a Weak Warlord's dice, from 2 to the players less one",
        minimum=0,
    ),
    OptionSpec(
        "libertarianism",
        False,
        "Libertarianism: government invoked, open debate instead of speeches, then each player "
        "names those in default of a contract (a majority of the others puts one in default); "
        "only they may be attacked; losers none of whom is in default lose only Diamonds and "
        "Spears; no taxes in a monetary market; a democracy only",
    ),
    OptionSpec(
        "objectivist",
        False,
        "the Objectivist Model: John Galt, drawn before the game, receives every good produced; "
        "his Leisure idles everyone until his next turn, his arrival brings them to the Market; "
        "only he gains Experience, which anyone uses on any path; if he dies, everyone loses",
    ),
    OptionSpec(
        "early_feudalism_women_only",
        0,
        "Early Feudalism: 1 if only women may be the Warlord (Mad Jack's Matriarchal Golden Age)",
        minimum=0,
    ),
    OptionSpec(
        "paternalistic",
        False,
        "Paternalistic Economy (tack-on): each cycle the government assigns every player his "
        "path (a Dictator or President alone; an Athenian Democracy by proposals and votes; a "
        "Bureaucracy by its chart); not with the Traditional Economy",
    ),
    OptionSpec(
        "third_world",
        False,
        "Third World Country (tack-on): an Agent of the MNCs and a Basic Resource drawn "
        "before the game; the BR produced three times over, other goods within National "
        "Production Limits; the Agent imports goods for a debt in the BR, paid after trade",
    ),
    OptionSpec(
        "third_world_returns",
        False,
        "Third World Country: the Agent chooses which goods he returns when his BR falls short "
        "(repay GOOD N ...; ruling 199); off: the dearest first, for him (ruling 104)",
    ),
    OptionSpec(
        "church",
        "none",
        "The Church (tack-on): 10% of every player's goods and markers donated just before "
        "the trade phase, its food and water given to the needy at consumption, its spears to "
        "those entering the Sand Crab path; more-devout (no violence: the government phase is "
        "skipped) or less-devout (who starts or joins an attack is banned from its charity "
        "until he donates 20%)",
        choices=("none", "more-devout", "less-devout"),
    ),
    OptionSpec(
        "punishments",
        "none",
        "Alternate Punishments (Optional Rules) added to the winners' verdict, joined by +: "
        "crippling (cripple ROW [SEAT ...]: a row of the Disabilities table but 6, 7, 8 on the "
        "losers), exile (the losers to exile: no trade, violence or overburdening across; "
        "every scenario with violence, every government, every tack-on but Corporations, "
        "refused by name), slavery (enslave: the losers to the first free winner, who feeds "
        "them and chooses their paths; every scenario with violence and every tack-on, the "
        "More Devout Church, which forbids violence, refused by name)",
    ),
    OptionSpec(
        "slavery_permission",
        False,
        "Slavery: a supervised slave's attack on anyone else asks his master's permission "
        "(yes / no) instead of being refused (ruling 168)",
    ),
    OptionSpec(
        "slavery_any_time",
        False,
        "Slavery: a master may also free or hand over a slave when asked for a path or to "
        "initiate violence, not only at the feeding (ruling 169)",
    ),
    OptionSpec(
        "landlords",
        "none",
        "Landlords (tack-on): homestead (the first to exit a path owns it), modern (two "
        "Landlords drawn before the game roll off for each path), modern-fair-housing (one "
        "rent per path for everyone); each cycle the owners write their Leases (rent ...) "
        "before the paths; modern-rent-control (the government sets one rent per path, at "
        "least 1, each cycle); government-ownership (monetary market economies: the government "
        "owns landlords_government_paths paths and sets their rents, which pay the rewards "
        "before taxes; the others as in modern)",
        choices=(
            "none",
            "homestead",
            "modern",
            "modern-fair-housing",
            "modern-rent-control",
            "government-ownership",
        ),
    ),
    OptionSpec(
        "landlords_government_paths",
        0,
        "Landlords, Government Ownership: how many paths the government owns, the first in "
        "board order (0: all seven)",
        minimum=0,
    ),
    OptionSpec(
        "corporations",
        False,
        "Corporations (tack-on, monetary market economies only): the investment subphase "
        "(invest ant 20), each path's cost to traverse voted by its stockholders (fee 10 or "
        "salary 60), Experience rolls bought by the corporations, shares added to violence "
        "rolls; dividends only with corporations_dividend (ruling 139)",
    ),
    OptionSpec(
        "corporations_dividend",
        False,
        "Corporations: at the end of the investment subphase the stockholders vote Experience "
        "rolls and a dividend a share together (experience 1 dividend 3), the dividend paid "
        "when each holder next holds money (ruling 180); off: no dividend (ruling 139)",
    ),
    OptionSpec(
        "corporations_exchange",
        False,
        "Corporations: at the start of the investment subphase players give each other "
        "shares and money, all at once (exchange ben ant 2 $15 cy $5; rulings 181, 183)",
    ),
    OptionSpec(
        "single_winner",
        False,
        "the agreed variant: the highest positive score among the rescued is the single winner",
    ),
)


class CrusoeGame(InPlaceGame[CrusoeState, Order, CrusoeView]):
    """Crusoe's Planet: walk a path, produce, eat, survive, and wait for rescue."""

    name = "crusoe"
    title = "Crusoe's Planet"
    version = 4
    legacy_versions: ClassVar[Mapping[int, str]] = {
        1: "with version 1's rules (manual, Versions): the Grasshopper provides the food he "
        "holds most of without being asked; a battle the defenders win leaves both sides "
        "recorded as its winners",
        2: "with version 2's rules (manual, Versions): goods a barter Lease gave the Landlord "
        "are collected again by a wife's husband under Doll's House; a Bureaucracy's "
        "amendment goes straight to the paths; a hybrid's ruler decrees a voted branch he "
        "proposes; returned exiles keep their economy; a slave dead at the meal leaves an estate; "
        "a dead master is asked his slave's path",
        3: "with version 3's rules (manual, Versions): the rules of release fe99ef9, before "
        "this version's fixes",
    }

    def for_version(self, version: int) -> CrusoeGame | None:
        """This object for its own version; ``versions.CrusoeV1``, ``CrusoeV2`` or ``CrusoeV3``
        for older versions' rules."""
        if version == self.version:
            return self
        from sealed.games.crusoe.versions import rules_for_version  # it imports this module

        return rules_for_version(version)

    min_players = 1
    max_players = crowd.MAX_PLAYERS  # More Than Eight Players (modules/crowd.py)
    default_players = 4
    options = OPTIONS
    manual = "crusoe.md"
    order_words = WORDS
    summary = (
        "castaways walk paths, produce, trade, eat and score quality of life until rescue: "
        "introductory and advanced economies"
    )
    length_unit = "cycles"
    board_key = "map"  # a table that owns the printed board enters it with --map FILE
    bots: ClassVar[Mapping[str, type[Any]]] = with_search(
        {
            "random": RandomBot,
            "greedy": GreedyBot,
            "cooperative": CooperativeBot,
            "selfish": SelfishBot,
        },
        "crusoe",
        rollout="greedy",
    )  # and search, search-N: the lab's search bot over sampled states (sampler.py)

    # -- setting up -------------------------------------------------------
    def initial_state(self, seats: Sequence[str], options: Options, chance: Chance) -> CrusoeState:
        board = crowd.board_for(standard_board(), len(seats))  # More Than Eight Players
        return rules.new_state(seats, Settings.from_options(options), board, chance)

    def to_json(self, state: CrusoeState) -> JsonDict:
        return state_to_json(state)

    def from_json(
        self, data: Mapping[str, Any], seats: Sequence[str], options: Options
    ) -> CrusoeState:
        return state_from_json(data, seats, Settings.from_options(options))

    # -- deciding ---------------------------------------------------------
    def prompts(self, state: CrusoeState) -> Mapping[str, Prompt]:
        ask = state.ask or ""
        phase = f"cycle {state.cycle}: {ask}"
        prompts = {}
        for seat in state.waiting:
            choices = tuple(format_order(o) for o in legal.legal_orders(state, seat) or ())
            help_text = legal.DUE_HELP.get(ask, "")
            help_text += slavery.aside_help(state, seat)  # a master's other moments (169)
            if ask == "eat":
                best = format_order(eat(dict(meal_for(state.players[seat]))))
                help_text += f"; most VP: {best}"
                choices = (best,)
            if ask == "path" and state.offer and "slavery" in state.settings.punishments:
                # Slavery: the master chooses his slave's path (the offer names the slave)
                help_text = f"the path of your slave {state.offer[0]}: path PATH (ruling 127)"
                help_text += slavery.aside_help(state, seat)
            if ask == "permit" and len(state.offer) == 3:  # Slavery: the slave's request
                slave, word, name = (str(x) for x in state.offer)
                against = slavery.targets(state, word, name) if word == "join" else []
                aim = f" against {' and '.join(against)}" if against else ""  # ruling 232
                help_text = f"your slave {slave} asks to {word} {name}{aim}: yes or no (ruling 168)"
            if ask == "donate":  # The Church: how many items are due, and one way to give them
                suggested = format_order(Order("donate", goods=church.suggested(state, seat)))
                help_text = f"{church.due_text(state, seat)}; for example {suggested}"
                choices = (suggested,)
            if ask == "bid":  # what a person needs in front of him to write his list
                on_sale = f"{state.pile.get(state.good or '', 0)} {state.good} on sale"
                help_text = f"{on_sale}, you have ${state.players[seat].money}: {help_text}"
            if ask == "consign":  # State Capitalism: whom he may offer, and what he holds
                held = state.players[seat].goods.get(state.good or "", 0)
                sellers = " or ".join(map(str, state.offer))
                help_text = f"you hold {held} {state.good}; offer {sellers}: {help_text}"
            # Class Warfare: the call (ruling 78); an exile invokes as anywhere (ruling 265)
            if ask == "invoke" and state.classes and not classwar.in_exile(state, seat):
                held = state.players[seat].goods["diamond"]
                target = classwar.call_target(state)
                help_text = (
                    f"invoke (a call for government: your {held} Diamonds, then your Leisure "
                    f"as needed, toward {target}, the most Diamonds "
                    f"{classwar.target_holder(state)} holds) or pass"
                )
            if ask == "buy":  # Market Socialism: what he may buy, and his money
                goods = " ".join(map(str, state.offer))
                money = state.players[seat].money
                help_text = f"you may buy {goods}; you have ${money}: {help_text}"
            prompts[seat] = Prompt(phase=phase, help=help_text, choices=choices)
        return prompts

    def prompted(self, state: CrusoeState) -> tuple[str, ...]:
        return tuple(s for s in state.seats if s in state.waiting)

    def parse(self, state: CrusoeState, seat: str, text: str) -> Order:
        order = parse_order(text)
        legal.check(state, seat, order)
        return order

    def validate(self, state: CrusoeState, seat: str, order: Order) -> None:
        legal.check(state, seat, order)

    def format(self, order: Order) -> str:
        return format_order(order)

    def default_order(self, state: CrusoeState, seat: str) -> Order:
        """The deadline passes: the first choice offered (the first path, the die as rolled,
        the first icon, Experience 1), the consumption scoring the most VP, pass, done, keep,
        spare, split (ruling 15)."""
        ask = state.ask or ""
        if ask == "eat":
            return eat(dict(meal_for(state.players[seat])))
        if ask == "divide":
            return even_division(state.pile, proposer_first(state, seat))
        if ask == "box":  # Bureaucracy: no reward, a burden of 1, the lowest VP (ruling 75)
            return bureaucracy.default_box(state)
        if ask == "donate":  # The Church: what costs him least (ruling 96)
            return Order("donate", goods=church.suggested(state, seat))
        if ask == "feed":  # Slavery: the master provides nothing (ruling 128)
            return Order("feed", name=str(state.offer[0]))
        if ask == "husband":  # Doll's House: nothing more than he owes her (ruling 200)
            return Order("feed", name=str(state.offer[0]))
        defaults = {
            "move": Order("move", number=state.roll),
            "invoke": Order("pass"),
            "violence": Order("pass"),
            "spear": Order("keep"),
            "trade": Order("home"),
            "vote": Order("no"),
            "permit": Order("no"),  # Slavery: no permission given (ruling 168)
            "tax": Order("tax", name="none"),
            "verdict": Order("spare"),
            "estate": Order("split"),
            "estate-divide": Order("pass"),  # no division proposed (ruling 201)
            "estate-ballot": Order("no"),
            "policy": Order("pass"),
            "ballot": Order("no"),
            "amend": Order("pass"),  # Bureaucracy: no amendment
            "amend-ballot": Order("no"),
            "sell": Order("sell", number=0),
            "bid": Order("bid", name=state.good or ""),
            "consign": Order("destroy"),
            "deal": Order("no"),
            "campaign": Order("pass"),
            "victory": Order("victory", name="self-interested"),
            "plan": Order("pass"),
            "plan-ballot": Order("no"),
            "buy": Order("buy", name="none"),
            "wage": Order("pass"),
            "wage-ballot": Order("no"),
            "rent": Order("rent"),  # Landlords: no Lease offered (ruling 87)
            "rent-ballot": Order("no"),
            "exile-vote": Order("pass"),  # Exile: no vote, nothing changes
            "assign": Order("pass"),  # Paternalistic: no assignment, each chooses his path
            "assign-ballot": Order("no"),
            "import": Order("import"),  # Third World Country: nothing imported
            "repay": Order("repay"),  # Third World Country: the dearest first (ruling 104)
            "invest": Order("invest"),  # Corporations: nothing invested
            "toll": Order("fee"),  # Corporations: no cost to traverse
            "spend": Order("experience"),  # Corporations: no experience bought
            "dividend": Order("experience"),  # Corporations: no roll, no dividend (180)
            "exchange": Order("exchange"),  # Corporations: nothing given (181)
            "corp-learn": Order("learn", number=1),
        }
        if ask in defaults and (ask != "move" or state.roll in state.offer):
            return defaults[ask]
        return (legal.legal_orders(state, seat) or [Order("done")])[0]

    def legal_orders(self, state: CrusoeState, seat: str) -> list[Order] | None:
        return legal.legal_orders(state, seat)

    # -- resolving --------------------------------------------------------
    def apply(
        self,
        state: CrusoeState,
        orders: Mapping[str, Order],
        chance: Chance,
        events: list[Event] | None,
    ) -> None:
        rules.apply(state, orders, chance, events)

    def clone(self, state: CrusoeState) -> CrusoeState:
        return state.copy()

    def result(self, state: CrusoeState) -> Result | None:
        if not state.over:
            return None
        lost = everyone_loses(state)  # the Objectivist Model: John Galt died
        if lost is not None:
            return Result((), self.scores(state), lost)
        scores = self.scores(state)
        if state.settings.victory != "off":  # the variant scores and winners (ruling 45)
            return diamonds.without_the_left_behind(state, victory_result(state, end_reason(state)))
        if not state.rescued:
            return Result((), scores, end_reason(state))
        winners = [s for s in state.seats if state.players[s].alive and scores[s] > 0]
        winners = [s for s in winners if not diamonds.left_behind(state.players[s].roles)]
        if state.settings.single_winner and winners:
            best = max(scores[s] for s in winners)
            winners = [s for s in winners if scores[s] == best]
        return Result(tuple(winners), scores, end_reason(state))

    def scores(self, state: CrusoeState) -> Mapping[str, float]:
        return {seat: float(state.players[seat].vp) for seat in state.seats}

    def length(self, state: CrusoeState, steps: int) -> int:
        return state.cycle

    def tally(self, state: CrusoeState) -> Tally | None:
        """Survival, deaths by cycle and cause, final VP, rescues (``sealed sim``; stats.py)."""
        return stats.tally(state, self.result(state))

    def scenarios(self) -> Mapping[str, Options]:
        """The seven introductory economies (the Utopian one with Tribal Communism), the
        advanced ones, and the advanced ones under the other governments and Welfare's
        variants (stats.SCENARIOS)."""
        return stats.SCENARIOS

    def scenario_groups(self) -> Mapping[str, Sequence[str]]:
        """``--scenario introductory``, ``advanced``, ``governments``, ``advanced-variants``;
        ``all`` is the fourteen economies (stats.GROUPS)."""
        return stats.GROUPS

    # -- seeing -----------------------------------------------------------
    def view(self, state: CrusoeState, seat: str) -> CrusoeView:
        return build_view(state, seat)

    def render(self, view: CrusoeView) -> str:
        return render(view)

    # -- search and research adapters ---------------------------------------
    def sample_state(self, view: CrusoeView, options: Options, rng: random.Random) -> CrusoeState:
        return sampler.sample_state(view, options, rng)

    def encoding(self, seats: Sequence[str], options: Options) -> CrusoeEncoding | None:
        """The introductory economies' catalogue and observation (encoding.py)."""
        return encoding_for(seats, options)


__all__ = ["OPTIONS", "CrusoeGame"]
