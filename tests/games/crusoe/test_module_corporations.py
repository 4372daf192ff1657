"""Corporations (modules/corporations.py): the options (barter economies refused as the seed
says, Market Socialism refused by name as not built), Mad Jack's rows, the invest, fee and
salary notation and its refusals, and random bot games in every monetary market economy that
end, account for every dollar (the coffers counted: an investment, a fee or a salary's excess
moves money, never makes or loses it, and is an event), never give a personal Experience
number, show every seat the same public ledger, and replay exactly; with the dividend and the
exchange (rulings 180, 181) the same, a dividend moving money from the coffers to the holders
and the exchange moving shares and money between players, each by an event, the shares
conserved. The rules are cases/module_corporations.yaml."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import BOTS, bot_game, check_tokens, seal_watching_the_others
from tests.games.crusoe.test_market_properties import money_change
from tests.games.crusoe.test_module_composition import ALL_MODULES, VARIANTS
from tests.games.crusoe.test_module_composition import play as play_all

from sealed.core.errors import OptionError, OrderSyntaxError
from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.bots import GreedyBot, _me, toll
from sealed.games.crusoe.madjack import _is_built
from sealed.games.crusoe.modules import corporations
from sealed.games.crusoe.orders import Order, format_order, parse_order
from sealed.games.crusoe.state import CrusoeState, Settings


def settings_of(options: dict[str, Any]) -> Settings:
    return Settings.from_options(resolve_options(GAME.options, options))


@pytest.mark.parametrize(
    ("scenario", "message"),
    [
        ("crusoes-economy", "can only be added to economies that use money"),
        ("tribal-socialism", "can only be added to economies that use money"),
    ],
)
def test_corporations_outside_a_monetary_market_are_refused_in_one_line(
    scenario: str, message: str
) -> None:
    with pytest.raises(OptionError, match=message) as refused:
        settings_of({"corporations": True, "scenario": scenario})
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize("scenario", corporations.MONEY_SCENARIOS)
def test_mad_jacks_corporations_are_playable_with_every_economy_that_uses_money(
    scenario: str,
) -> None:
    assert _is_built({"scenario": scenario, "corporations": True})  # Market Socialism: 160


def test_the_default_is_no_corporations_and_no_ledger_in_the_state() -> None:
    match = Match.new(GAME, ["ana", "ben"], resolve_options(GAME.options, {}), seed=1)
    assert "corporations" not in GAME.to_json(match.state)


@pytest.mark.parametrize(
    ("text", "terms"),
    [
        ("invest none", ()),
        ("invest ant 20 sand_crab 10", (("ant", 20), ("sand_crab", 10))),
        ("invest sand_crab $10 ant 20", (("ant", 20), ("sand_crab", 10))),
        ("invest ant 0", ()),
    ],
)
def test_invest_notation_round_trips(text: str, terms: tuple[tuple[str, int], ...]) -> None:
    order = parse_order(text)
    assert order == Order("invest", terms=terms)
    assert parse_order(format_order(order)) == order


@pytest.mark.parametrize("text", ["fee 0", "fee 10", "salary 60"])
def test_cost_votes_round_trip(text: str) -> None:
    assert format_order(parse_order(text)) == text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("experience 2", "experience 2"),
        ("experience 1 dividend 3", "experience 1 dividend 3"),
        ("dividend 3 experience 1", "experience 1 dividend 3"),
        ("dividend $3", "experience 0 dividend 3"),
        ("experience 0 dividend 0", "experience 0"),
        ("exchange none", "exchange none"),
        ("exchange ben $15 spider 1 ant 2", "exchange ben ant 2 spider 1 $15"),
        ("exchange ben $15", "exchange ben $15"),
        ("exchange ben $15 cy spider 1 $2", "exchange ben $15 cy spider 1 $2"),  # ruling 183
        ("exchange Ben ant 1 $3 Cy $2 ant 4", "exchange Ben ant 1 $3 Cy ant 4 $2"),
    ],
)
def test_dividend_and_exchange_notation_round_trips(text: str, canonical: str) -> None:
    order = parse_order(text)
    assert format_order(order) == canonical
    assert parse_order(canonical) == order


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("experience 1 experience 2", "experience N, dividend N, or both"),
        ("experience 1 dividend", "experience N, dividend N, or both"),
        ("dividend x", "write dividend and a number"),
        ("experience 1 salary 2", "experience N, dividend N, or both"),
        ("exchange ben", "write exchange, then each player and the PATH SHARES"),
        ("exchange ben ant", "ben ant: a path with a number of shares, or"),
        ("exchange ben ant 1 ant 2", "each path once"),
        ("exchange ben crab 1", "ben crab: a path with a number of shares, or"),
        ("exchange ben $5 $6", "dollars once"),
        ("exchange ben ant 0", "ben: a gift of nothing"),
        ("exchange ben $5 cy", "cy: a gift of nothing"),  # ruling 183: each player a gift
        ("exchange ben $5 cy $1 ben ant 1", "ben is named twice"),
        ("exchange ben $5 cy ant", "cy ant: a path with a number of shares"),
    ],
)
def test_bad_dividend_and_exchange_orders_are_refused(text: str, message: str) -> None:
    with pytest.raises(OrderSyntaxError, match=message):
        parse_order(text)


@given(st.text(max_size=40))
@settings(max_examples=300, deadline=None)
def test_the_dividend_and_exchange_parser_reads_or_refuses_any_text(tail: str) -> None:
    """Fuzz: any text after the words either parses to an order that prints and reads back
    the same, or is refused with an OrderSyntaxError; nothing else escapes."""
    for word in ("experience", "dividend", "exchange"):
        try:
            order = parse_order(f"{word} {tail}")
        except OrderSyntaxError:
            continue
        assert parse_order(format_order(order)) == order


@pytest.mark.parametrize("option", ["corporations_dividend", "corporations_exchange"])
def test_the_dividend_and_exchange_without_corporations_are_refused_in_one_line(
    option: str,
) -> None:
    with pytest.raises(OptionError, match=f"{option}: a rule of the Corporations") as refused:
        settings_of({"scenario": "national-capitalism", option: True})
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("fee", "a number of dollars"),
        ("salary -5", "a number of dollars"),
        ("invest", "PATH DOLLARS pairs"),
        ("invest ant", "PATH DOLLARS pairs"),
        ("invest crab 10", "not a path"),
        ("invest ant ten", "a number of dollars"),
        ("invest ant 10 ant 20", "named twice"),
    ],
)
def test_bad_invest_orders_are_refused(text: str, message: str) -> None:
    with pytest.raises(OrderSyntaxError, match=message):
        parse_order(text)


def check_step(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
    """Every dollar accounted for (the coffers with the rest); an investment is an event whose
    dollars left the investors and reached the coffers, a share for each $10."""
    state: CrusoeState = match.state
    events = match.steps[-1].events
    assert state.money() - before.money() == money_change(events), [e.kind for e in events]
    check_tokens(state)
    for seat in state.seats:
        view = GAME.view(state, seat)
        assert view.corporations == state.corp.to_json()  # public, the same for every seat
        assert state.players[seat].money >= 0
    paid = 0
    for event in events:
        assert event.kind not in ("experience", "learn"), "a personal Experience number"
        if event.kind == "invest":
            paid += sum(n for bought in event.data["invested"].values() for n in bought.values())
        if event.kind == "corporate":  # a fee or a salary's excess (rulings 143, 144)
            assert event.data["dollars"] > 0 and event.data["owed"] >= 0
            paid += event.data["dollars"]
        if event.kind == "lost" and "path" in event.data:  # an Experience roll (ruling 145)
            paid -= event.data["amount"]
        if event.kind == "toll":  # set by the living stockholders of that path (ruling 142)
            assert event.data["votes"] and all(n > 0 for n in event.data["votes"].values())
        if event.kind == "dividend":  # declared: out of the coffers, owed (ruling 180)
            paid -= sum(event.data["owed"].values())
        if event.kind == "dividend-void":  # a dead holder's, back to the coffers
            paid += event.data["dollars"]
    # Without the dividend none is paid (ruling 139): the coffers change only by investments,
    # fees, salaries, Experience rolls and dividends, each dollar by an event.
    assert sum(state.corp.coffers.values()) - sum(before.corp.coffers.values()) == paid
    check_dividends_and_shares(before, state, events)


def check_dividends_and_shares(before: CrusoeState, state: CrusoeState, events: list[Any]) -> None:
    """What is owed changes only by dividends declared, paid or voided; the shares only by
    investments (a share a $10), and they move only by an exchange or a lost fight."""
    owed = corporations.owed_total(state) - corporations.owed_total(before)
    for event in events:
        if event.kind == "dividend":
            owed -= sum(event.data["owed"].values())
            assert state.settings.corporations_dividend, "a dividend without the option"
        if event.kind in ("dividend-paid", "dividend-void"):
            owed += event.data["dollars"]
        if event.kind == "exchange":
            assert state.settings.corporations_exchange, "an exchange without the option"
    assert owed == 0, "a dividend owed changed without its event"
    bought = sum(
        n // corporations.SHARE
        for e in events
        if e.kind == "invest"
        for paid in e.data["invested"].values()
        for n in paid.values()
    )
    assert shares_total(state) - shares_total(before) == bought, "shares made or lost"


def shares_total(state: CrusoeState) -> int:
    return sum(n for held in state.corp.shares.values() for n in held.values())


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(corporations.MONEY_SCENARIOS),
    bots=st.permutations(BOTS),
)
@example(seed=7, scenario="market-socialism", bots=list(BOTS))
def test_random_games_with_corporations_end_account_for_every_dollar_and_replay(
    seed: int, scenario: str, bots: list[str]
) -> None:
    options = resolve_options(GAME.options, {"scenario": scenario, "corporations": True})
    match = bot_game(seed, tuple(bots), options, check_step)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(corporations.MONEY_SCENARIOS),
    bots=st.permutations(BOTS),
)
@example(seed=1, scenario="national-capitalism", bots=list(BOTS))
@example(seed=0, scenario="market-socialism", bots=list(BOTS))
def test_random_games_with_the_dividend_and_the_exchange_conserve_money_and_shares_and_replay(
    seed: int, scenario: str, bots: list[str]
) -> None:
    """Rulings 180, 181: every dollar and every share accounted for step by step (check_step),
    to the end of the game, and the record replays exactly."""
    options = resolve_options(
        GAME.options,
        {
            "scenario": scenario,
            "corporations": True,
            "corporations_dividend": True,
            "corporations_exchange": True,
        },
    )
    match = bot_game(seed, tuple(bots), options, check_step)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


def test_the_bots_pay_dividends_the_holders_collect_them_and_random_bots_exchange() -> None:
    """The bots decide the dividend by what they want of the coffers: in these games
    dividends are declared and paid, and the random bot gives shares or money now and then."""
    options = resolve_options(
        GAME.options,
        {
            "scenario": "national-capitalism",
            "corporations": True,
            "corporations_dividend": True,
            "corporations_exchange": True,
        },
    )
    events = []
    for seed in (1, 2):
        match = bot_game(seed, tuple(BOTS), options, check_step)
        events += [e for step in match.steps for e in step.events]
    assert any(e.kind == "dividend" and e.data["owed"] for e in events)
    assert any(e.kind == "dividend-paid" for e in events)
    assert any(e.kind == "exchange" and e.data["gifts"] for e in events)
    match = bot_game(3, ("random",) * 4, options, check_step)  # ruling 183: several takers
    several = [
        given
        for step in match.steps
        for e in step.events
        if e.kind == "exchange"
        for given in e.data["gifts"].values()
    ]
    assert any(len(given) > 1 for given in several), "no gift to two players (ruling 183)"


def test_the_greedy_bot_buys_a_roll_for_its_own_path_and_pays_the_rest_out() -> None:
    ledger = {
        "deciding": "ant",
        "coffers": {"ant": 47},
        "shares": {"ant": {"ana": 3, "ben": 1, "dead": 2}},
    }
    vote = corporations.dividend_vote(ledger, ["ana", "ben"], 1)
    assert (vote.number, vote.dollars) == (1, 9)  # $10 a roll, then $37 over 4 living shares
    vote = corporations.dividend_vote(ledger, ["ana", "ben"], 9)
    assert (vote.number, vote.dollars) == (4, 1)  # no more rolls than the coffers pay for


def test_the_bots_invest_their_money_before_it_is_discarded() -> None:
    options = resolve_options(
        GAME.options, {"scenario": "national-capitalism", "corporations": True}
    )
    match = bot_game(3, ("greedy",) * 4, options, check_step)
    invested = [e for step in match.steps for e in step.events if e.kind == "invest"]
    assert invested and any(e.data["invested"] for e in invested)
    assert sum(match.state.corp.coffers.values()) > 0
    tolls = [e for step in match.steps for e in step.events if e.kind == "toll"]
    assert tolls and any(e.data["cost"] == ["fee", 10] for e in tolls)  # greedy's fee


def test_in_market_socialism_the_bots_invest_after_the_purchases_and_pay_from_their_wages() -> None:
    """Ruling 160: the investment subphase follows the purchases from the vault (no purchase
    after it) and comes before the discard; the costs are paid from the wages."""
    options = resolve_options(GAME.options, {"scenario": "market-socialism", "corporations": True})
    match = bot_game(3, ("greedy",) * 4, options, check_step)
    kinds = [e.kind for step in match.steps for e in step.events]
    assert "invest" in kinds and sum(match.state.corp.coffers.values()) > 0
    for step in match.steps:
        names = [e.kind for e in step.events]
        if "invest" in names and "discard" in names:
            assert names.index("invest") < names.index("discard")
    after = False
    for step in match.steps:
        for event in step.events:
            if event.kind == "wages":
                after = False
            after = after or event.kind == "invest"
            assert not (after and event.kind == "buy"), "a purchase after the investment"


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_an_investment_and_a_vote_on_a_cost_reach_nobody_until_all_have_written(bot: str) -> None:
    """The investments and the stockholders' votes are written at once: while the step is
    open no other seat is told anything of an order sealed (every sealed step is checked)."""
    options = resolve_options(
        GAME.options, {"scenario": "national-capitalism", "corporations": True}
    )
    seal_watching_the_others(5, options, bot, 400)


def test_the_ledger_as_the_table_reads_it() -> None:
    ledger = corporations.Corporations(
        {"ant": {"ana": 2, "ben": 1}},
        {"ant": 45},
        1,
        {"ant": ["fee", 10]},
        2,
        "",
        {"ben": {"ant": 5}},
    ).to_json()
    assert corporations.view_lines(ledger) == [
        "Corporation ant: $45 (ana 2, ben 1; a fee of $10 to traverse)",
        "ben owes $5 to the ant",
    ]


def test_the_ledger_text_shows_each_corporations_experience_and_the_dividends_owed() -> None:
    """Public facts a player decides by (rulings 145, 180): the numbers anyone on the path may
    use, and the dividends owed until each holder next holds money."""
    ledger = corporations.Corporations(
        {"ant": {"ana": 2}},
        {"ant": 5},
        experience={"ant": [2, 5]},
        dividends={"ana": {"ant": 6}},
    ).to_json()
    assert corporations.view_lines(ledger) == [
        "Corporation ant: $5 (ana 2; Experience 2 5)",
        "ana is owed a dividend of $6 by the ant",
    ]


def test_anyone_on_the_path_uses_its_corporations_experience() -> None:
    match = Match.new(
        GAME,
        ["ana", "ben"],
        resolve_options(GAME.options, {"scenario": "national-capitalism", "corporations": True}),
        seed=1,
    )
    state: CrusoeState = match.state
    state.corp.experience = {"ant": [4, 4, 2]}
    assert corporations.experience_times(state, "ant", 4) == 2
    assert corporations.experience_times(state, "spider", 4) == 0
    assert corporations.experience_times(state, None, 2) == 0


def test_the_bots_weigh_a_paths_cost_to_traverse_when_they_choose_it() -> None:
    """A greedy bot leaves the path it would choose when its corporation sets a dear fee, or a
    salary far below what its goods fetch; a salary above that costs it nothing."""
    match = Match.new(
        GAME,
        ["ana", "ben"],
        resolve_options(GAME.options, {"scenario": "national-capitalism", "corporations": True}),
        seed=1,
    )
    state: CrusoeState = match.state
    bot = GreedyBot()
    view = GAME.view(state, "ana")
    best = bot.best_path(view, _me(view))
    assert toll(view, best) == 0.0
    for cost, moves in ((["fee", 500], True), (["salary", 0], True), (["salary", 9999], False)):
        state.corp.costs = {best: cost}
        view = GAME.view(state, "ana")
        assert (bot.best_path(view, _me(view)) != best) == moves, cost
    assert toll(view, "spider") == 0.0  # no cost set on another path


@settings(max_examples=4, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(corporations.MONEY_SCENARIOS),
    variants=st.booleans(),
)
def test_the_dividend_and_the_exchange_beside_every_module_play_and_replay(
    seed: int, scenario: str, variants: bool
) -> None:
    """Rulings 180, 181 beside every other module (Landlords' rents, Doll's House's wives who
    take no part in the exchange, ...): the game ends and replays exactly."""
    options = {
        **ALL_MODULES,
        **(VARIANTS if variants else {}),
        "corporations": True,
        "corporations_dividend": True,
        "corporations_exchange": True,
        "scenario": scenario,
    }
    match = play_all(seed, options, ("random", "greedy", "selfish", "cooperative", "random"))
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


def test_an_exchange_and_a_dividend_vote_reach_nobody_until_all_have_written() -> None:
    """Rulings 180, 181: the gifts and the holders' ballots are written at once; while the
    step is open no other seat is told anything of an order sealed (every step is checked,
    up to the first gift a random bot seals)."""
    options = resolve_options(
        GAME.options,
        {
            "scenario": "national-capitalism",
            "corporations": True,
            "corporations_dividend": True,
            "corporations_exchange": True,
        },
    )
    seal_watching_the_others(3, options, "random", 600)  # 6 exchanges, 2 dividend votes
