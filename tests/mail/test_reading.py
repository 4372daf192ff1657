"""Reading an email as a player writes it: MIME, HTML, charsets, quotes, signatures."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from sealed.mail.reading import (
    MAX_BYTES,
    MailTooLarge,
    body_text,
    html_to_text,
    own_text,
    parse_email,
    read_player_text,
)


def mixed(plain: str | None, html: str | None, attachment: bool = False) -> EmailMessage:
    mail = EmailMessage()
    mail["From"] = "ana@players.test"
    mail["Subject"] = "orders"
    if plain is not None:
        mail.set_content(plain)
        if html is not None:
            mail.add_alternative(html, subtype="html")
    elif html is not None:
        mail.set_content(html, subtype="html")
    if attachment:
        mail.add_attachment(b"%PDF-1.4", maintype="application", subtype="pdf", filename="a.pdf")
    return mail


def test_plain_part_is_preferred_to_html() -> None:
    read = body_text(mixed("embezzle ben", "<p>crash beta</p>"))
    assert read.text.strip() == "embezzle ben"
    assert read.notes == ()


def test_html_only_mail_is_read_as_text_with_a_note() -> None:
    read = body_text(mixed(None, "<html><body><p>Hi,</p><p>embezzle&nbsp;ben<br>out cara</p>"))
    assert read.text.split("\n") == ["Hi,", "embezzle ben", "out cara"]
    assert any("HTML" in note for note in read.notes)


def test_html_blockquotes_scripts_and_gmail_quotes_are_marked_or_dropped() -> None:
    html = (
        "<div>protect self</div><script>alert(1)</script><style>p{}</style>"
        '<div class="gmail_quote">On Mon wrote:<blockquote>crash beta</blockquote></div>'
    )
    lines = html_to_text(html).split("\n")
    assert lines[0] == "protect self"
    assert "alert(1)" not in html_to_text(html)
    assert all(line.startswith(">") for line in lines[1:])


def test_attachments_are_ignored_with_a_note_naming_them() -> None:
    read = body_text(mixed("pass", None, attachment=True))
    assert read.text.strip() == "pass"
    assert read.notes == ("an attachment ('a.pdf', application/pdf)",)


@pytest.mark.parametrize(
    ("charset", "text"),
    [("iso-8859-1", "embezzle zoë"), ("windows-1252", "out “cara”"), ("koi8-r", "привет")],
)
def test_declared_charsets_are_decoded(charset: str, text: str) -> None:
    raw = (
        f"From: a@b.test\nContent-Type: text/plain; charset={charset}\n"
        "Content-Transfer-Encoding: 8bit\n\n"
    ).encode() + text.encode(charset)
    assert body_text(parse_email(raw)).text == text


def test_a_wrong_or_unknown_charset_falls_back_and_never_raises() -> None:
    raw = b"From: a@b.test\nContent-Type: text/plain; charset=x-nonsense\n\nout caf\xe9"
    assert body_text(parse_email(raw)).text == "out café"  # utf-8 fails, windows-1252 reads it
    wrong = b"From: a@b.test\nContent-Type: text/plain; charset=utf-8\n\nout caf\xe9"
    assert body_text(parse_email(wrong)).text == "out café"


def test_too_large_mail_is_refused_before_parsing() -> None:
    with pytest.raises(MailTooLarge, match="at most"):
        parse_email(b"x" * (MAX_BYTES + 1))


@pytest.mark.parametrize(
    ("body", "kept"),
    [
        ("embezzle ben\n\nOn Mon, 23 Nov 2026 at 15:00, Rex <r@games.test> wrote:\n> x", 2),
        ("embezzle ben\nOn Mon, 23 Nov 2026 at 15:00 Rex Furum g1 <\nrexfurum@g.test> wrote:\n", 1),
        ("embezzle ben\n-----Original Message-----\nFrom: Rex\nSent: Monday\n", 1),
        ("embezzle ben\n________________________________\nFrom: Rex\nSent: Monday\nTo: ana", 1),
        ("embezzle ben\n\nFrom: Rex Furum <r@games.test>\nSent: Monday\nTo: ana\n", 2),
        ("embezzle ben\n---------- Forwarded message ---------\nFrom: x", 1),
        ("embezzle ben\nBegin forwarded message:\n\nFrom: x", 1),
        ("embezzle ben\n-- \nAna Lima\nCEO", 1),
        ("embezzle ben\n\nSent from my iPhone", 2),
        ("embezzle ben\nGet Outlook for Android", 1),
        ("embezzle ben\nAm 23.11.2026 um 15:00 schrieb Rex <r@g.test>:\n> x", 1),
    ],
)
def test_quoted_mail_forwards_and_signatures_are_cut(body: str, kept: int) -> None:
    own = own_text(body)
    assert own.text.split("\n") == body.split("\n")[:kept]
    assert len(own.notes) == 1


def test_text_without_markers_is_kept_whole_and_from_in_a_sentence_is_not_a_header() -> None:
    body = "embezzle ben\nFrom: the desk of Ana\nprotect self"
    assert own_text(body).text == body


def test_read_player_text_combines_both_steps() -> None:
    mail = mixed("pass\n\nOn Mon, Rex <r@g.test> wrote:\n> crash beta\n", None, attachment=True)
    read = read_player_text(mail)
    assert read.text.strip() == "pass"
    assert len(read.notes) == 2


def test_inline_quoted_lines_stay_for_the_core_and_are_counted_in_a_note() -> None:
    body = "> what will you do?\nembezzle ben\n> and then?\nprotect self"
    own = own_text(body)
    assert own.text == body  # line numbers stay true; salvage_orders skips '>' lines
    assert own.notes == ("2 quoted lines ('>')",)
