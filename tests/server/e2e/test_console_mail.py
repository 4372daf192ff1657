"""The GM console's email section in headless Chromium, on the real ``sealed serve --mail-domain``.

The game master gives the seats addresses through the console's form, reads
them back, sees the first reports fail at a relay that refuses them (each by
seat and what it is, never its text) and drops one. Everything on loopback.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
from tests.mail.relay import free_port, running_sink
from tests.mail.world import CONTACTS, GM_CONTACT, SEATS, WHERE
from tests.server.e2e.live import Screenshots, ServerProcess, sqlite_url

WAIT_LIMIT = 120.0  # a bound against hanging on a busy machine, not a speed check


def test_the_gm_registers_addresses_and_drops_a_failed_email_in_the_browser(
    tmp_path: Path, browser: Any, shots: Screenshots
) -> None:
    with running_sink() as (sink, relay_port):
        sink.replies = ["550 5.1.1 no such mailbox"] * 50  # every email refused for good
        server = ServerProcess(
            sqlite_url(tmp_path),
            tmp_path / "server",
            (
                f"--mail-domain={WHERE.domain}",
                f"--mail-local={WHERE.local}",
                f"--smtp-port={free_port()}",
                f"--relay=127.0.0.1:{relay_port}",
                "--mail-every=0.2",
                f"--mail-outbox={tmp_path / 'outbox'}",
            ),
        )
        server.start()
        context = browser.new_context()
        try:
            body = {"game": "rex-furum", "seats": list(SEATS), "seed": 7}
            gm = httpx.post(server.url("/api/games"), json=body).json()["gm"]["url"]
            page = context.new_page()
            page.goto(server.url(gm))
            page.fill("#mail-seats", "\n".join(f"{s}={CONTACTS[s]}" for s in SEATS))
            page.fill("#mail-gm", GM_CONTACT)
            page.click("#mail-register-form button")
            page.wait_for_selector("#mail-shown")
            shown = page.query_selector_all("code.new-address")
            assert len(shown) == len(SEATS) + 1
            assert all(f"@{WHERE.domain}" in (code.inner_text()) for code in shown)
            # The first reports go out at once and the relay refuses them: the console says so.
            failed = 'tr[data-state="failed"]'
            end = time.monotonic() + WAIT_LIMIT
            while len(page.query_selector_all(failed)) < len(SEATS) + 1:
                assert time.monotonic() < end, page.inner_text("#mail")
                time.sleep(0.5)
                page.goto(server.url(gm))
            shots.take(page, "console-undelivered")
            table = page.inner_text("#mail-undelivered")
            assert "550" in table and "round 1 of 10" in table
            assert "Your orders" not in table and "Total net worth" not in table  # no text
            entry = page.get_attribute(failed, "data-entry")
            page.click(f'tr[data-entry="{entry}"] form.mail-drop button')
            page.wait_for_selector("#mail")
            assert page.query_selector(f'tr[data-entry="{entry}"]') is None
            assert len(page.query_selector_all(failed)) == len(SEATS)
        finally:
            context.close()
            server.stop()
        assert "Traceback" not in server.log_text(), server.log_tail()
