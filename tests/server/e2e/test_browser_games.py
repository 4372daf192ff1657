"""Games played through the pages in a real browser (headless Chromium), on SQLite and PostgreSQL.

The game master creates the game on the front page and reads the seat links on the console;
each seat plays in its own browser context (its own cookies and storage) through its secret
link, typing orders into the order form. What to order is decided by the test's driver (the
game's random bot on the seat's view, from a seed), so the game is known in advance: the
record the server keeps at the end must be the game played offline with the same seed and
bots, step for step. Screenshots are kept under ``test-artifacts/screenshots/<test>/``.
"""

from __future__ import annotations

from typing import Any

import httpx
from tests.server.e2e.client import Driver, bot_name, match_of, short_game_seed
from tests.server.e2e.live import Screenshots, ServerProcess

from sealed.core.game import resolve_options
from sealed.core.match import Match, play_bots
from sealed.core.registry import get_game

WAR_SLAYER_SEATS = ["ana", "ben"]
REX_FURUM_SEATS = ["ana", "ben", "cy"]
MAX_STEPS = 40  # a bound on the loop, far above the chosen seed's game


def create_on_front_page(
    page: Any, live: ServerProcess, game: str, seats: list[str], **fields: str
) -> dict[str, str]:
    """Fill the front page's form as a game master; returns the seat links from the console."""
    page.goto(live.url("/"))
    page.select_option("#game", game)
    page.fill("#seats", ",".join(seats))
    for name, value in fields.items():
        if name == "close":
            page.check(f"input[name=close][value={value}]")
        else:
            page.fill(f"#{name}", value)
    page.click("#create")
    page.wait_for_selector("#seat-links")
    links = {
        str(link.get_attribute("data-seat")): str(link.get_attribute("href"))
        for link in page.query_selector_all("#seat-links a.seat-link")
    }
    assert sorted(links) == sorted(seats)
    return links


def record_of(gm_page: Any, live: ServerProcess) -> dict[str, Any]:
    """The record as the game master downloads it from the console's link."""
    href = gm_page.get_attribute("#record-link", "href")
    response = httpx.get(live.url(href), timeout=30)
    assert response.status_code == 200, response.text[:300]
    record: dict[str, Any] = response.json()
    return record


def seal_in_browser(page: Any, url: str, orders: str) -> None:
    """Open the seat's page, type the orders, press the seal button, wait for the answer."""
    page.goto(url)
    page.fill("#orders", orders)
    page.click("#seal")
    page.wait_for_load_state()
    assert page.query_selector("#order-error") is None, page.inner_text("#order-error")


def offline_game(game_name: str, seats: list[str], seed: int) -> Match[Any, Any, Any]:
    """The same game played without the server: the driver's bots, the same seed."""
    game = get_game(game_name)
    match = Match.new(game, seats, resolve_options(game.options, {}), seed=seed)
    play_bots(match, {seat: game.bots[bot_name(game_name)]() for seat in seats})
    return match


def test_a_whole_game_of_war_slayer_through_the_pages(
    server: ServerProcess,
    browser: Any,
    shots: Screenshots,
) -> None:
    seed = short_game_seed("war-slayer", WAR_SLAYER_SEATS, range(6, 12))
    gm = browser.new_context()
    seats = {seat: browser.new_context() for seat in WAR_SLAYER_SEATS}
    try:
        gm_page = gm.new_page()
        links = create_on_front_page(
            gm_page, server, "war-slayer", WAR_SLAYER_SEATS, seed=str(seed)
        )
        gm_url = gm_page.url
        shots.take(gm_page, "gm-console-new-game")
        pages = {seat: seats[seat].new_page() for seat in WAR_SLAYER_SEATS}
        driver = Driver("war-slayer", seed)

        # A misspelt order is refused inline with a suggestion, and changes nothing.
        first = WAR_SLAYER_SEATS[0]
        pages[first].goto(server.url(links[first]))
        pages[first].fill("#orders", "dosier")
        pages[first].click("#seal")
        pages[first].wait_for_load_state()
        error = pages[first].inner_text("#order-error")
        assert "did you mean" in error and "dossier" in error, error
        assert pages[first].get_attribute("#order-error", "data-code")
        shots.take(pages[first], "refused-order-with-suggestion")
        assert record_of(gm_page, server)["pending"] == {}

        for _ in range(MAX_STEPS):
            record = record_of(gm_page, server)
            match = match_of(record)
            if match.result() is not None:
                break
            step = match.step
            for seat in match.waiting_for():
                orders = driver.orders(record, seat)
                seal_in_browser(pages[seat], server.url(links[seat]), orders)
                shots.take(pages[seat], f"step-{step}-{seat}-sealed")
                record = record_of(gm_page, server)
            assert match_of(record).step > step, "every seat sealed but the step did not open"
        else:
            raise AssertionError(f"the game did not end within {MAX_STEPS} steps")

        for seat, page in pages.items():
            page.goto(server.url(links[seat]))
            assert page.inner_text("#result"), f"{seat}'s page does not show the result"
            shots.take(page, f"end-{seat}")
        gm_page.goto(gm_url)
        assert "Game over" in gm_page.inner_text("#result")
        shots.take(gm_page, "gm-console-end")

        # What the browser played is the game the seed and the bots play offline.
        final = record_of(gm_page, server)
        expected = offline_game("war-slayer", WAR_SLAYER_SEATS, seed).to_json()
        assert len(final["steps"]) == len(expected["steps"])
        for got, want in zip(final["steps"], expected["steps"], strict=True):
            assert {s: o["canonical"] for s, o in got["orders"].items()} == {
                s: o["canonical"] for s, o in want["orders"].items()
            }
        assert final["state_digest"] == expected["state_digest"]
    finally:
        gm.close()
        for context in seats.values():
            context.close()


def test_a_round_of_rex_furum_through_the_pages(
    server: ServerProcess,
    browser: Any,
    shots: Screenshots,
) -> None:
    seed = 5
    gm = browser.new_context()
    seats = {seat: browser.new_context() for seat in REX_FURUM_SEATS}
    try:
        gm_page = gm.new_page()
        links = create_on_front_page(
            gm_page,
            server,
            "rex-furum",
            REX_FURUM_SEATS,
            seed=str(seed),
            minutes="240",
            close="wait",
        )
        gm_url = gm_page.url
        pages = {seat: seats[seat].new_page() for seat in REX_FURUM_SEATS}
        driver = Driver("rex-furum", seed)
        record = record_of(gm_page, server)
        assert record["steps"] == []

        # Every seat seals its round-1 email; the round waits for its deadline (or the GM).
        written: dict[str, str] = {}
        for seat in REX_FURUM_SEATS:
            written[seat] = driver.orders(record, seat)
            seal_in_browser(pages[seat], server.url(links[seat]), written[seat])
            note = pages[seat].inner_text("#sealed-note")
            assert "Sealed at" in note and "You can change it until" in note, note
            assert pages[seat].inner_text("#deadline")  # the live countdown's element
            shots.take(pages[seat], f"round-1-{seat}-sealed")

        # One seat changes its mind before the round opens: the replacement is what counts.
        changed = REX_FURUM_SEATS[0]
        replacement = "protect self" if written[changed] != "protect self" else "embezzle"
        seal_in_browser(pages[changed], server.url(links[changed]), replacement)
        assert "Replace my orders" in pages[changed].inner_text("#seal")
        written[changed] = replacement
        shots.take(pages[changed], f"round-1-{changed}-replaced")

        # The console says who has sealed, never what.
        gm_page.goto(gm_url)
        sealed = {
            str(item.get_attribute("data-seat")): item.get_attribute("data-sealed")
            for item in gm_page.query_selector_all("#sealed-status li")
        }
        assert sealed == dict.fromkeys(REX_FURUM_SEATS, "yes")
        console = gm_page.inner_text("#sealed-status")
        assert replacement not in console
        shots.take(gm_page, "gm-console-all-sealed")

        # The game master opens the round now; everyone's page moves to round 2.
        gm_page.click("#close-form button")
        gm_page.wait_for_load_state()
        assert gm_page.inner_text("#step") == "2"
        shots.take(gm_page, "gm-console-round-2")
        record = record_of(gm_page, server)
        assert len(record["steps"]) == 1
        opened = record["steps"][0]["orders"]
        for seat in REX_FURUM_SEATS:
            assert opened[seat]["text"] == written[seat]
            assert not opened[seat].get("default")
        told = 0
        for seat, page in pages.items():
            page.goto(server.url(links[seat]))
            assert page.inner_text("#step") == "2"
            assert "round 2 of" in page.inner_text("#report")
            # Round 1's notices reach the seats they concern ("since you last looked").
            told += page.query_selector("#news") is not None
            shots.take(page, f"round-2-{seat}-report")
        assert told == sum(
            1 for seat in REX_FURUM_SEATS if match_of(record).report(seat, "web-check").events
        )
    finally:
        gm.close()
        for context in seats.values():
            context.close()
