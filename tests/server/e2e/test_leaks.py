"""Leak test: no page, JSON answer or error a seat can obtain carries another reader's secret.

For every seat of a game in progress we fetch every artefact the seat's link reaches (its
page, history, rules, the JSON report, and the answers to refused orders, refused press and
guessed GM URLs, headers included; and the page and history as headless Chromium renders
them) and scan every byte for planted markers:

- the other readers' secret links (each seat's token and the game master's);
- the seed (a planted, distinctive number: knowing it gives every future draw);
- press: a marker in each private message, which must reach only its recipients;
- orders sealed and not yet opened (a Rex Furum bribe of a marker amount);
- War Slayer V's cards: every card the seat may not know, by the core's own allow-list
  (the cards in the seat's view, its told events, its prompt), is a marker.

The controls prove the scan can fail: the game master's console and record, which may show
everything, must contain every marker the seats' pages must not; a message's recipient must
find the marker others may not. A scan that found nothing anywhere would fail the controls.
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

import httpx
from tests.server.e2e.client import Api, Driver, GameLinks, match_of
from tests.server.e2e.live import ServerProcess

from sealed.core.match import Match

SEED = 731904265183  # a planted marker: no page but the GM's may show the seed
CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9JQKA])[CDHS](?![A-Za-z0-9])")
BRIBE = 7919  # a planted amount in an order that is sealed and not yet opened


def artefacts(live: ServerProcess, api: Api, token: str, step: int) -> dict[str, str]:
    """Everything one seat's link can obtain, as text (status line, headers and body)."""
    http = api.http
    answers = {
        "page": http.get(f"/play/{token}"),
        "history": http.get(f"/play/{token}/history"),
        "rules": http.get(f"/play/{token}/rules"),
        "api report": http.get(f"/api/play/{token}"),
        "refused order (form)": http.post(
            f"/play/{token}/order", data={"orders": "no such order 42", "step": str(step)}
        ),
        "refused order (api)": http.post(
            f"/api/play/{token}/orders", json={"orders": "no such order 42", "step": step}
        ),
        "stale order (api)": http.post(
            f"/api/play/{token}/orders", json={"orders": "pass", "step": step + 5}
        ),
        "refused press (api)": http.post(
            f"/api/play/{token}/send", json={"text": "hello", "to": ["nobody-here"]}
        ),
        "guessed console": http.get(f"/gm/{token}"),
        "guessed record": http.get(f"/gm/{token}/record.json"),
        "guessed api record": http.get(f"/api/gm/{token}/record"),
        "guessed api status": http.get(f"/api/gm/{token}"),
    }
    for name in ("guessed console", "guessed record", "guessed api record", "guessed api status"):
        assert answers[name].status_code == 404, f"a seat's link opened the GM's {name}"
    return {name: _as_text(response) for name, response in answers.items()}


def rendered(browser: Any, live: ServerProcess, token: str) -> dict[str, str]:
    """The seat's pages as Chromium shows them (the DOM after scripts ran, and its text)."""
    context = browser.new_context()
    try:
        page = context.new_page()
        shown: dict[str, str] = {}
        for name, path in (("page", f"/play/{token}"), ("history", f"/play/{token}/history")):
            page.goto(live.url(path))
            page.wait_for_load_state("networkidle")
            shown[f"{name} (browser)"] = page.content() + "\n" + page.inner_text("body")
        return shown
    finally:
        context.close()


def gm_artefacts(api: Api, gm_token: str) -> dict[str, str]:
    http = api.http
    return {
        name: _as_text(http.get(path))
        for name, path in {
            "console": f"/gm/{gm_token}",
            "preview": f"/gm/{gm_token}/preview",
            "record": f"/gm/{gm_token}/record.json",
            "reports": f"/gm/{gm_token}/reports.txt",
            "api status": f"/api/gm/{gm_token}",
            "api record": f"/api/gm/{gm_token}/record",
        }.items()
    }


def _as_text(response: httpx.Response) -> str:
    headers = "\n".join(f"{key}: {value}" for key, value in response.headers.items())
    return f"{response.status_code}\n{headers}\n\n{response.text}"


def scan(pages: dict[str, str], markers: dict[str, str]) -> list[str]:
    """``page name: marker name`` for every marker found in a page."""
    return [
        f"{page}: {label}"
        for page, text in pages.items()
        for label, marker in markers.items()
        if marker in text
    ]


def token_markers(links: GameLinks, seat: str) -> dict[str, str]:
    return {f"{who}'s link": token for who, token in links.secrets().items() if who != seat}


def allowed_cards(match: Match[Any, Any, Any], seat: str) -> set[str]:
    """The cards a seat may know, by the core: its view, its told events, its prompt."""
    report = match.report(seat, "leak-test", full=True)
    known = [
        json.dumps(dataclasses.asdict(report.view), default=str),
        match.game.render(report.view),
        *(told.text + json.dumps(told.data, default=str) for told in report.events),
    ]
    if report.prompt is not None:
        known += [report.prompt.phase, report.prompt.help]
    return set(CARD.findall("\n".join(known)))


def card_markers(match: Match[Any, Any, Any], seat: str) -> dict[str, str]:
    deck = set(CARD.findall(json.dumps(match.to_json()["start"])))
    assert len(deck) == 52, "the shuffle in the record is not a whole deck"
    return {f"card {card}": card for card in sorted(deck - allowed_cards(match, seat))}


def scan_cards(pages: dict[str, str], markers: dict[str, str]) -> list[str]:
    """Cards as whole tokens (``AS`` inside ``HAS`` is not the ace of spades)."""
    secret = set(markers.values())
    return [
        f"{page}: card {card}"
        for page, text in pages.items()
        if page != "rules"  # the manual: the same for every seat (checked apart), has examples
        for card in sorted(set(CARD.findall(text)) & secret)
    ]


def check_seats(
    live: ServerProcess,
    api: Api,
    links: GameLinks,
    markers_of: dict[str, dict[str, str]],
    cards: bool,
    browser: Any,
) -> dict[str, dict[str, str]]:
    """Scan every seat's artefacts; returns them (the controls read them too)."""
    match = match_of(api.record(links.gm_token))
    seen: dict[str, dict[str, str]] = {}
    rules: set[str] = set()
    for seat, token in links.seat_tokens.items():
        pages = artefacts(live, api, token, match.step)
        pages.update(rendered(browser, live, token))
        markers = {**token_markers(links, seat), "seed": str(SEED), **markers_of.get(seat, {})}
        leaks = scan(pages, markers)
        if cards:
            leaks += scan_cards(pages, card_markers(match, seat))
        assert leaks == [], f"{seat} can read another reader's secrets: {leaks}"
        # The same manual for everyone, but for links back to the seat's own page.
        rules.add(pages["rules"].split("\n\n", 1)[1].replace(token, "TOKEN"))
        seen[seat] = pages
    assert len(rules) == 1, "the rules page differs between seats"
    return seen


def test_no_seat_reads_another_seats_secrets_in_war_slayer(
    server: ServerProcess, browser: Any
) -> None:
    api = Api(server.base)
    try:
        links = api.create("war-slayer", ["ana", "ben"], seed=SEED)
        driver = Driver("war-slayer", SEED)
        whisper = {"ana": "cnry-3f9a1c77e2d04b51", "ben": "cnry-81d2e6b0a4c93f17"}
        for seat, marker in whisper.items():
            api.send(links.seat_tokens[seat], f"note to the GM {marker}", ["gm"])
        others = {"ana": "ben", "ben": "ana"}
        markers_of = {seat: {"press to the GM": whisper[others[seat]]} for seat in whisper}

        for _ in range(2):  # the first step, then the second with a step in the history
            record = api.record(links.gm_token)
            ana_orders = driver.orders(record, "ana")
            answer = api.seal(links.seat_tokens["ana"], ana_orders, match_of(record).step)
            assert answer.status_code == 200, answer.text
            pending_cards = set(CARD.findall(ana_orders))
            assert pending_cards, "ana's sealed orders name no card"
            seen = check_seats(server, api, links, markers_of, cards=True, browser=browser)
            # Control: the GM's record and console hold every marker the seats' pages may not.
            gm = {"gm": "\n".join(gm_artefacts(api, links.gm_token).values())}
            match = match_of(api.record(links.gm_token))
            for seat in links.seat_tokens:
                markers = {**token_markers(links, seat), "seed": str(SEED), **markers_of[seat]}
                assert len(scan(gm, markers)) == len(markers), "control: the scan misses markers"
                secret_cards = card_markers(match, seat)
                assert len(scan_cards(gm, secret_cards)) == len(secret_cards), "control: cards"
            # Control: ana's sealed cards are secret from ben and ben's scan looked for them.
            assert pending_cards <= set(card_markers(match, "ben").values())
            assert pending_cards <= set(CARD.findall(seen["ana"]["page"]))
            ben_orders = driver.orders(api.record(links.gm_token), "ben")
            assert api.seal(links.seat_tokens["ben"], ben_orders, match.step).status_code == 200
    finally:
        api.close()
    assert not any(token in server.log_text() for token in links.secrets().values())


def test_no_seat_reads_another_seats_secrets_in_rex_furum(
    server: ServerProcess, browser: Any
) -> None:
    seats = ["ana", "ben", "cy"]
    api = Api(server.base)
    try:
        links = api.create("rex-furum", seats, seed=SEED, close="wait", minutes=240)
        driver = Driver("rex-furum", SEED)
        record = api.record(links.gm_token)
        for seat in seats:
            orders = driver.orders(record, seat)
            assert api.seal(links.seat_tokens[seat], orders, 1).status_code == 200
        assert api.close_step(links.gm_token, 1).status_code == 200

        # Round 2: a bribe of a marker amount sealed (not opened), private press, public press.
        bribe = f"bribe {BRIBE} gamma"
        sealed = api.seal(links.seat_tokens["ana"], bribe, 2)
        assert sealed.status_code == 200, sealed.text
        to_ben = "cnry-5c0e9d2b7a614f88"
        to_gm = "cnry-a7b3f2e91c0d4e65"
        public = "cnry-public-0d1e2f3a4b5c6d7e"
        api.send(links.seat_tokens["ana"], f"psst {to_ben}", ["ben"])
        api.send(links.seat_tokens["ben"], f"for the GM {to_gm}", ["gm"])
        api.send(links.seat_tokens["cy"], f"hello all {public}", "all")
        amount = {"bribe amount": str(BRIBE), "bribe amount, grouped": f"{BRIBE:,}"}
        markers_of = {
            "ana": {"ben to the GM": to_gm},
            "ben": {**amount},
            "cy": {**amount, "ana to ben": to_ben, "ben to the GM": to_gm},
        }
        seen = check_seats(server, api, links, markers_of, cards=False, browser=browser)

        # Controls: each marker reaches whom it may, so the scan can see it when it is there.
        assert to_ben in seen["ben"]["page"] and to_ben in seen["ben"]["page (browser)"]
        assert all(public in seen[seat]["page"] for seat in seats)
        assert str(BRIBE) in seen["ana"]["api report"] or f"{BRIBE:,}" in seen["ana"]["page"]
        gm = {"gm": "\n".join(gm_artefacts(api, links.gm_token).values())}
        everything = {
            "ana to ben": to_ben,
            "ben to the GM": to_gm,
            "bribe amount": str(BRIBE),
            "seed": str(SEED),
            **{f"{who}'s link": token for who, token in links.secrets().items()},
        }
        assert len(scan(gm, everything)) == len(everything), "control: the scan misses markers"
    finally:
        api.close()
    assert not any(token in server.log_text() for token in links.secrets().values())
