"""The HTML part of report emails: tables as tables, everything escaped, nothing added or lost."""

from __future__ import annotations

import html
import re
from email import policy
from email.parser import BytesParser
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st
from tests.mail.world import CONTACTS, GAME_ID, SEATS, body_of, email, make_world

from sealed.core.game import GM
from sealed.mail.htmlpart import report_html
from sealed.report import printable

TAG = re.compile(r"<[^>]*>")


def text_of(document: str) -> str:
    """What a reader of the HTML reads: tags and the style sheet out, entities read, and
    each list item with the bullet ``-`` the plain text gives it (a browser draws one)."""
    body = document.split("<body>", 1)[1].replace("<li>", " - <li>")
    return html.unescape(TAG.sub(" ", body))


def words(text: str) -> list[str]:
    """The words of a text. (Bullets used to be taken out of both sides instead, which also
    took a table cell '-' out of the HTML's side only: Hypothesis found '  -\\n  1'.)"""
    return text.split()


def test_a_rex_furum_round_email_has_its_three_tables_as_tables(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.gateway.send_reports(GAME_ID)
    (report,) = world.mail_to("ana")
    assert report.get_content_type() == "multipart/alternative"
    plain, rich = report.iter_parts()
    assert plain.get_content_type() == "text/plain"  # plain text first (RFC 2046)
    assert rich.get_content_type() == "text/html"
    document = str(rich.get_content())
    assert document.count("<table>") == 3
    assert "<tr><td>Name:</td><td>ana</td></tr>" in document
    assert "<tr><th></th><th>Alpha</th><th>Beta</th><th>Gamma</th><th>Delta</th></tr>" in document
    assert "<th>Player</th><th>Total net worth</th><th>Earnings last round</th>" in document
    assert "<td>ana (you)</td>" in document
    assert words(text_of(document)) == words(body_of(report))  # the same report, word for word


def test_answers_and_the_game_master_s_account_stay_plain_text(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.gateway.send_reports(GAME_ID)
    (account,) = world.mail_to(GM)  # a JSON view and lists: no table to help with
    assert account.get_content_type() == "text/plain"
    raw = email(world.addresses["ana"], "pass", sender=CONTACTS["ana"], message_id="<a@p.test>")
    world.receive(raw, "ana")
    answer = world.mail_to("ana")[-1]
    assert answer["In-Reply-To"] == "<a@p.test>" and answer.get_content_type() == "text/plain"


def test_a_player_s_press_is_escaped_in_the_html(tmp_path: Path) -> None:
    world = make_world(tmp_path, close_early=True)
    world.gateway.send_reports(GAME_ID)
    press = 'press to all: <script>alert(1)</script> & <b>bold</b> "quoted"'
    raw = email(world.addresses["ana"], press, sender=CONTACTS["ana"], message_id="<p@p.test>")
    assert world.receive(raw, "ana").outcome == "press"
    for seat in SEATS:
        raw = email(world.addresses[seat], "pass", sender=CONTACTS[seat], message_id=f"<{seat}@p>")
        world.receive(raw, seat)
    report = world.mail_to("ben")[-1]
    document = str(report.get_body(("html",)).get_content())  # type: ignore[union-attr]
    assert "<script>" not in document and "<b>bold" not in document
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;" in document
    again = BytesParser(policy=policy.default).parsebytes(report.as_bytes())
    assert again.get_body(("html",)) is not None  # and it survives the trip through SMTP


def test_text_without_a_table_gets_no_html() -> None:
    assert report_html("Sealed. Your orders:\n  pass\n\nDeadline: none.\n") is None
    assert report_html("") is None


def test_a_table_and_its_neighbours() -> None:
    text = 'Title\n\nA:  1\nB:  2\n\nNotices:\n- one\n- two\n\nView:\n  {\n   "x": 1\n  }\n'
    document = report_html(text)
    assert document is not None
    assert "<table><tr><td>A:</td><td>1</td></tr><tr><td>B:</td><td>2</td></tr></table>" in document
    assert "<p>Notices:</p>\n<ul><li>one</li><li>two</li></ul>" in document
    assert "<pre>View:\n  {\n   &quot;x&quot;: 1\n  }</pre>" in document


LINES = st.lists(
    st.text(alphabet=st.sampled_from("ab<>&\"' -$:\t\r1"), max_size=30), max_size=12
).map("\n".join)


@settings(max_examples=400, deadline=None)
@given(LINES)
@example("  -\n  1")  # a table whose cell is '-' (the old helper took it for a bullet)
@example("a  1\nb\r  2")  # a lone CR: shown as its escape in both parts
def test_the_html_says_exactly_what_the_text_says_and_adds_no_markup(text: str) -> None:
    document = report_html(text)
    if document is None:
        return
    # The same words as the plain part, which shows control characters as escapes.
    assert words(text_of(document)) == words(printable(text))
    body = document.split("<body>", 1)[1]
    ours = r"<(?!/?(?:p|br|ul|li|pre|table|tr|th|td|body|html)>)"  # any tag but ours
    assert not re.search(ours, body)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400))
def test_any_text_is_rendered_without_an_error(text: str) -> None:
    document = report_html(text)
    assert document is None or document.startswith("<!doctype html>")
