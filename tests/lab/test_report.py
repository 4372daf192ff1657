"""The HTML reports: every plot inline, the command that reproduces them, nothing fetched."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest

from sealed.core.game import Game, resolve_options
from sealed.core.registry import get_game
from sealed.lab.compare import compare
from sealed.lab.report import RunInfo, compare_report, sweep_report
from sealed.lab.sweep import sweep

COMMAND = "sealed lab compare rex-furum --b rounds=6 -n 30 --bots greedy,loyal,traitor --seed r"
PLOTS = ("Wins by seat", "Game length", "Final scores", "Leader's running score", "Actions per bot")


@pytest.fixture(scope="module")
def game() -> Game[Any, Any, Any]:
    return get_game("rex-furum")


@pytest.fixture(scope="module")
def html(game: Game[Any, Any, Any]) -> str:
    bots = ["greedy", "loyal", "traitor"]
    given: tuple[dict[str, str], dict[str, str]] = ({}, {"rounds": "6"})
    resolved = (resolve_options(game.options, given[0]), resolve_options(game.options, given[1]))
    result = compare(game, given, resolved, 30, bots, "r")
    return compare_report(game, result, RunInfo.make(game, COMMAND, "r", 30, bots))


def plots_in(page: str) -> dict[str, str]:
    found = re.findall(r'<figure class="plot" data-plot="([^"]+)">(.*?)</figure>', page, re.S)
    return {unescape(name): body for name, body in found}


def assert_self_contained(page: str) -> None:
    assert "://" not in page, "an address in the report"
    assert not re.search(r"<(script|link|img|iframe|object|embed)\b", page, re.I)
    assert not re.search(r"@import|url\((?!#)", page)  # url(#clip) is the SVG's own
    hrefs = re.findall(r'href="([^"]*)"', page)
    assert all(h.startswith("#") for h in hrefs), hrefs  # only the SVG's own references


def test_compare_report_holds_each_plot_as_inline_svg(html: str) -> None:
    figures = plots_in(html)
    assert set(figures) == set(PLOTS)
    for name, body in figures.items():
        assert body.lstrip().startswith("<svg"), name
        assert "</svg>" in body and ("<path" in body or "<use" in body), name


def test_compare_report_says_how_to_reproduce_it(html: str, game: Game[Any, Any, Any]) -> None:
    assert f'<pre class="command">{COMMAND}</pre>' in html
    assert f"{game.name} version {game.version}" in html
    assert "sealed-orders " in html and "seed &#x27;r/i&#x27;" in html
    assert "<b>rounds=6</b>" in html and "rounds=10" in html  # B's option set, A's default
    assert "salary=10000" in html  # every option, defaults included


def test_compare_report_names_its_intervals_and_tests(html: str) -> None:
    for word in ("Wilson", "bootstrap", "Newcombe", "paired bootstrap", "score test", "chi-square"):
        assert word in html, word


def test_compare_report_is_self_contained(html: str) -> None:
    assert_self_contained(html)


def test_sweep_report_plots_every_column_and_is_self_contained() -> None:
    game = get_game("goofspiel")
    result = sweep(game, {"num_cards": ["4", "6"]}, [("random", "counter")], 20, "s")
    info = RunInfo.make(game, "sealed lab sweep goofspiel --grid num_cards=4,6 -n 20", "s", 20, [])
    page = sweep_report(game, result, info)
    assert set(plots_in(page)) == set(result.columns)
    assert "num_cards=4 [random,counter]" in page and "num_cards=6 [random,counter]" in page
    assert "sealed lab sweep goofspiel --grid num_cards=4,6 -n 20" in page
    assert_self_contained(page)
