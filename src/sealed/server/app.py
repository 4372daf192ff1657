"""The ASGI application: pages and the JSON API over the service (see the package docstring).

Handlers are thin: read the request, call one service method in a worker
thread (the service blocks on the database), render. Every user error is a
:class:`SealedError` with a stable code; the page shows it beside the form,
the API answers it as JSON. Nothing here reaches into a match's state: pages
show what :meth:`Match.report` builds for the seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData, UploadFile
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware, RequestResponseEndpoint
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from sealed.core.errors import (
    NoOrderDueError,
    OrderError,
    PressError,
    RecordError,
    SealedError,
    StaleStepError,
)
from sealed.core.game import GM
from sealed.core.jsonable import jsonable
from sealed.core.match import Report
from sealed.core.registry import all_games, get_game
from sealed.report import human_time, result_text
from sealed.server import gm
from sealed.server.manual import manual_html
from sealed.server.model import BadRequestError, Link, Settings, Snapshot, UnknownLinkError
from sealed.server.service import API, WEB, GameService
from sealed.server.writer import StorageError

if TYPE_CHECKING:
    from sealed.server.mailserve import MailConsole

log = logging.getLogger("sealed.server")

MAX_FORM_TEXT = 100_000  # characters of one order or message field
MAX_RECORD = 20_000_000  # bytes of an imported game file
FEW_CHOICES = 24  # legal orders listed as buttons up to this many

templates = Environment(
    loader=PackageLoader("sealed.server", "templates"),
    autoescape=select_autoescape(["html"]),
    trim_blocks=True,
    lstrip_blocks=True,
)
templates.filters["when"] = lambda iso: human_time(iso) if iso else ""


def status_of(error: SealedError) -> int:
    """The HTTP status of a refusal."""
    if isinstance(error, UnknownLinkError) or error.code == "mail/unknown":
        return 404  # an email entry not this game's: the same answer as no such entry
    if isinstance(error, StorageError):
        return 503
    if isinstance(error, StaleStepError | NoOrderDueError | MailOffError):
        return 409
    if error.code == "mail/sending":  # the email is with the relay now: look again
        return 409
    if isinstance(error, OrderError | PressError):
        return 422
    return 400


def error_json(error: SealedError) -> JSONResponse:
    body = {"ok": False, "error": {"code": error.code, "message": str(error)}}
    return JSONResponse(body, status_code=status_of(error))


def page(name: str, status_code: int = 200, **context: Any) -> HTMLResponse:
    return HTMLResponse(templates.get_template(name).render(**context), status_code=status_code)


def error_page(error: SealedError) -> HTMLResponse:
    return page("error.html", status_of(error), error=error)


# -- reading requests -----------------------------------------------------------------------


CREATE_FIELDS = ("game", "seats", "options", "seed", "minutes", "close", "remind")


def written_fields(form: FormData | None, names: Sequence[str]) -> dict[str, str]:
    """The text fields of a refused form, to show it again as written (files left out)."""
    if form is None:
        return {}
    values = {name: form.get(name) for name in names}
    return {name: v[:MAX_FORM_TEXT] for name, v in values.items() if isinstance(v, str)}


def text_field(form: FormData, name: str, default: str = "") -> str:
    value = form.get(name, default)
    if isinstance(value, UploadFile):
        raise BadRequestError(f"field {name!r} must be text, not a file")
    if len(value) > MAX_FORM_TEXT:
        raise BadRequestError(f"field {name!r} has more than {MAX_FORM_TEXT:,} characters")
    return value


def int_field(value: object, name: str, required: bool = False) -> int | None:
    """A whole number from a form or JSON value; empty means None unless required."""
    if value is None or value == "":
        if required:
            raise BadRequestError(f"field {name!r} is required")
        return None
    if isinstance(value, bool):
        raise BadRequestError(f"field {name!r} must be a whole number, not {value!r}")
    if isinstance(value, int):
        return value
    text = str(value).strip()
    if not text.lstrip("-").isdigit() or len(text) > 12:
        raise BadRequestError(f"field {name!r} must be a whole number, not {text[:40]!r}")
    return int(text)


def recipients(values: list[str]) -> list[str] | None:
    """Press recipients from checkboxes or a comma list; none or 'all' is everyone."""
    names = [n.strip() for v in values for n in v.split(",") if n.strip()]
    if not names or any(n.lower() == "all" for n in names):
        return None
    return names


def settings_from(data: dict[str, Any]) -> Settings:
    close = str(data.get("close") or "early")
    if close not in ("early", "wait"):
        raise BadRequestError(f"close must be 'early' or 'wait', not {close[:40]!r}")
    return Settings(
        minutes=int_field(data.get("minutes"), "minutes"),
        wait=close == "wait",
        remind=int_field(data.get("remind"), "remind"),
    ).check()


def parse_options(text: str) -> dict[str, str]:
    """``name=value`` lines (or comma-separated) into raw option values."""
    options: dict[str, str] = {}
    for part in text.replace(",", "\n").splitlines():
        if not part.strip():
            continue
        if "=" not in part:
            raise BadRequestError(f"option {part.strip()[:60]!r} must be written name=value")
        name, value = part.split("=", 1)
        options[name.strip()] = value.strip()
    return options


async def json_body(request: Request) -> dict[str, Any]:
    try:
        data = json.loads(await request.body())
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        raise BadRequestError("the request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise BadRequestError("the request body must be a JSON object")
    return data


# -- the application ------------------------------------------------------------------------


class MailOffError(SealedError):
    """A mail act asked of a server that runs no email gateway."""

    code = "mail/off"


class Handlers:
    """The routes, bound to one service (and the email gateway's console part, if it runs)."""

    def __init__(self, service: GameService, mail: MailConsole | None = None) -> None:
        self.service = service
        self.mail = mail

    def mail_console(self) -> MailConsole:
        if self.mail is None:
            raise MailOffError(
                "this server runs no email gateway: start it with 'sealed serve --mail-domain "
                "DOMAIN' to give seats email addresses"
            )
        return self.mail

    async def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await run_in_threadpool(fn, *args)

    async def link(self, request: Request, seat_kind: str) -> Link:
        """The link in the path; a GM page needs the GM's link and a player page a seat's."""
        link: Link = await self.call(self.service.find, request.path_params["token"])
        if (seat_kind == "gm") != (link.seat == GM):
            raise UnknownLinkError("this link is not known here (check that it was copied whole)")
        return link

    def url(self, request: Request, kind: str, token: str) -> str:
        return str(request.base_url).rstrip("/") + f"/{kind}/{token}"

    # -- home, creating, importing ------------------------------------------
    async def home(self, request: Request) -> Response:
        rows = await self.call(self.service.all_games)
        return page("home.html", games=rows, registered=all_games())

    async def create_page(self, request: Request) -> Response:
        form: FormData | None = None
        try:
            form = await request.form()
            game = get_game(text_field(form, "game"))
            seats = [s.strip() for s in text_field(form, "seats").split(",") if s.strip()]
            options = parse_options(text_field(form, "options"))
            seed = text_field(form, "seed").strip() or None
            settings = settings_from(dict(form))
            created = await self.call(
                self.service.create, game.name, seats, options, _seed(seed), settings
            )
        except SealedError as error:
            # The form comes back as it was written: a GM who fixes one misspelt option must
            # not retype the rest, nor create the first game of the list by not noticing.
            written = written_fields(form, CREATE_FIELDS)
            return page(
                "home.html", 400, error=error, registered=all_games(), games=[], written=written
            )
        return RedirectResponse(f"/gm/{created.gm_token}", status_code=303)

    async def import_page(self, request: Request) -> Response:
        try:
            form = await request.form(max_part_size=MAX_RECORD)
            upload = form.get("record")
            raw = await upload.read() if isinstance(upload, UploadFile) else (upload or "")
            record = _record_from(raw)
            created = await self.call(self.service.import_record, record, settings_from(dict(form)))
        except SealedError as error:
            return page("home.html", 400, error=error, registered=all_games(), games=[])
        return RedirectResponse(f"/gm/{created.gm_token}", status_code=303)

    # -- a player's pages ------------------------------------------
    async def play(self, request: Request) -> Response:
        try:
            link = await self.link(request, "seat")
            return await self.player_page(request, link, deliver=True)
        except SealedError as error:
            return error_page(error)

    async def player_page(
        self,
        request: Request,
        link: Link,
        deliver: bool,
        error: SealedError | None = None,
        written: str = "",
        status_code: int = 200,
        press: Mapping[str, Any] | None = None,
    ) -> Response:
        def show(snapshot: Snapshot, report: Report) -> dict[str, Any]:
            return player_context(snapshot, report, link.seat)

        context = await self.call(self.service.report, link, WEB, deliver, show)
        return page(
            "play.html",
            status_code,
            error=error,
            written=written,
            press=press or {"to": [], "text": "", "refused": False},
            token=request.path_params["token"],
            **context,
        )

    async def play_order(self, request: Request) -> Response:
        try:
            link = await self.link(request, "seat")
        except SealedError as error:
            return error_page(error)
        form = await request.form()
        text = ""
        try:
            text = text_field(form, "orders")
            step = int_field(form.get("step"), "step")
            await self.call(self.service.seal, link, text, step)
        except SealedError as error:
            return await self.player_page(request, link, False, error, text, status_of(error))
        return RedirectResponse(f"/play/{request.path_params['token']}#order", status_code=303)

    async def play_send(self, request: Request) -> Response:
        try:
            link = await self.link(request, "seat")
        except SealedError as error:
            return error_page(error)
        form = await request.form()
        chosen = [v for v in form.getlist("to") if isinstance(v, str)]
        try:
            to = recipients(chosen)
            await self.call(self.service.send, link, to, text_field(form, "text"))
        except SealedError as error:
            # A refused message comes back as written: the player fixes it, never retypes it.
            text = written_fields(form, ("text",)).get("text", "")
            press = {"to": chosen, "text": text, "refused": True}  # its error beside its form
            return await self.player_page(
                request, link, False, error, status_code=status_of(error), press=press
            )
        return RedirectResponse(f"/play/{request.path_params['token']}#messages", status_code=303)

    async def play_history(self, request: Request) -> Response:
        try:
            link = await self.link(request, "seat")
            steps = await self.call(self.service.history, link)
        except SealedError as error:
            return error_page(error)
        return page("history.html", seat=link.seat, steps=steps, token=request.path_params["token"])

    async def play_rules(self, request: Request) -> Response:
        try:
            link = await self.link(request, "seat")
            game = await self.call(self.service.read, link.game_id, lambda s: s.match.game)
        except SealedError as error:
            return error_page(error)
        path = game.manual_path()
        text = path.read_text(encoding="utf-8") if path else "The manual is not installed."
        manual = Markup(manual_html(text))  # rendered with raw HTML escaped (server/manual.py)
        return page(
            "rules.html", title=game.title, manual=manual, token=request.path_params["token"]
        )

    # -- the GM's console ------------------------------------------
    async def console(self, request: Request) -> Response:
        try:
            link = await self.link(request, "gm")
            return await self.console_page(request, link)
        except SealedError as error:
            return error_page(error)

    async def console_page(
        self,
        request: Request,
        link: Link,
        error: SealedError | None = None,
        status_code: int = 200,
        **extra: Any,
    ) -> Response:
        token = request.path_params["token"]
        tokens = await self.call(self.service.seat_links, token, link.game_id)
        context = await self.call(self.service.read, link.game_id, console_context)
        return page(
            "console.html",
            status_code,
            error=error,
            token=token,
            links={seat: self.url(request, "play", t) for seat, t in tokens.items()},
            audit=await self.call(self.service.audit_log, link.game_id),
            reminders=await self.call(self.service.reminders_of, link.game_id),
            mail=await self.call(self.mail_context, link.game_id),
            **context,
            **extra,
        )

    # -- the GM console's email part ------------------------------------------
    def mail_context(self, game_id: int) -> dict[str, Any] | None:
        """The console's email section: addresses and undelivered mail (None: no gateway)."""
        if self.mail is None:
            return None
        return mail_state(self.mail, game_id)

    async def gm_mail_act(self, request: Request) -> Response:
        """Every POST of the console's email section: one act, then back to the console."""
        try:
            link = await self.link(request, "gm")
        except SealedError as error:
            return error_page(error)
        form = await request.form()
        try:
            data = {name: text_field(form, name) for name in ("seats", "gm", "seat", "entry")}
            shown = await self.run_mail_act(link, request.path_params["act"], data)
        except SealedError as error:
            return await self.console_page(request, link, error, status_of(error))
        if shown:
            return await self.console_page(request, link, mail_shown=shown)
        return RedirectResponse(f"/gm/{request.path_params['token']}#mail", status_code=303)

    async def run_mail_act(self, link: Link, act: str, data: Mapping[str, Any]) -> dict[str, str]:
        """One email act of the console or the API; the addresses it made, by seat."""
        mail, game_id = self.mail_console(), link.game_id
        if act == "register":
            contacts, gm_contact = contacts_from(data.get("seats")), data.get("gm")
            if gm_contact is not None and not isinstance(gm_contact, str):
                raise BadRequestError('"gm" must be an email address')
            result: dict[str, str] = await self.call(
                mail.register, game_id, contacts, (gm_contact or "").strip() or None
            )
            return result
        if act in ("renew", "revoke"):
            seat = data.get("seat")
            if not isinstance(seat, str) or not seat.strip():
                raise BadRequestError("name the seat")
            if act == "renew":
                return {seat: await self.call(mail.renew, game_id, seat.strip())}
            await self.call(mail.revoke, game_id, seat.strip())
            return {}
        if act in ("retry", "drop"):
            entry = data.get("entry")
            if not isinstance(entry, str) or not entry.strip():
                raise BadRequestError("name the email (its entry)")
            await self.call(mail.retry if act == "retry" else mail.drop, game_id, entry.strip())
            return {}
        raise UnknownLinkError(f"the console has no email act {act[:40]!r}")

    async def api_mail(self, request: Request) -> Response:
        async def go() -> Response:
            link = await self.link(request, "gm")
            state = await self.call(mail_state, self.mail_console(), link.game_id)
            return JSONResponse({"ok": True, **state})

        return await self.api(request, go)

    async def api_mail_act(self, request: Request) -> Response:
        async def go() -> Response:
            link = await self.link(request, "gm")
            data = await json_body(request)
            addresses = await self.run_mail_act(link, request.path_params["act"], data)
            return JSONResponse({"ok": True, "addresses": addresses})

        return await self.api(request, go)

    async def gm_act(self, request: Request) -> Response:
        """Every POST of the console: one act, then back to the console (303) or an error."""
        try:
            link = await self.link(request, "gm")
        except SealedError as error:
            return error_page(error)
        form = await request.form()
        act = request.path_params["act"]
        try:
            extra = await self.run_gm_act(link, act, form)
        except SealedError as error:
            written = written_fields(form, ("orders", "to", "text"))  # shown again as written
            return await self.console_page(request, link, error, status_of(error), written=written)
        if extra:
            return await self.console_page(request, link, **extra)
        return RedirectResponse(f"/gm/{request.path_params['token']}", status_code=303)

    async def run_gm_act(self, link: Link, act: str, form: FormData) -> dict[str, Any]:
        service, game_id = self.service, link.game_id
        if act == "close":
            await self.call(service.close, game_id, int_field(form.get("step"), "step"))
        elif act == "deadline":
            await self.call(
                service.set_deadline, game_id, int_field(form.get("minutes"), "minutes")
            )
        elif act == "pause":
            await self.call(service.pause, game_id)
        elif act == "resume":
            await self.call(service.resume, game_id)
        elif act == "handover":
            bot = text_field(form, "bot").strip() or None
            await self.call(service.hand_over, game_id, text_field(form, "seat"), bot)
        elif act == "order":
            step = int_field(form.get("step"), "step")
            await self.call(service.gm_order, game_id, text_field(form, "orders"), step)
        elif act == "send":
            to = recipients([v for v in form.getlist("to") if isinstance(v, str)])
            await self.call(service.send, link, to, text_field(form, "text"))
        elif act == "rollback":
            steps = int_field(form.get("steps"), "steps", required=True) or 0
            from_step = int_field(form.get("from_step"), "from_step")
            changes = await self.call(service.rollback, game_id, steps, from_step)
            return {"rolled_back": changes}
        else:
            raise UnknownLinkError(f"the console has no act {act[:40]!r}")
        return {}

    async def preview(self, request: Request) -> Response:
        try:
            link = await self.link(request, "gm")
            lines = await self.call(self.service.preview, link.game_id)
        except SealedError as error:
            return error_page(error)
        return page("preview.html", token=request.path_params["token"], lines=lines)

    async def rollback_preview(self, request: Request) -> Response:
        try:
            link = await self.link(request, "gm")
            steps = int_field(request.query_params.get("steps", "1"), "steps", required=True)
            changes = await self.call(self.service.rollback_preview, link.game_id, steps or 0)
        except SealedError as error:
            return error_page(error)
        step = await self.call(self.service.read, link.game_id, lambda s: s.match.step)
        return page(
            "rollback.html",
            token=request.path_params["token"],
            steps=steps,
            changes=changes,
            from_step=step,
        )

    async def record(self, request: Request) -> Response:
        try:
            link = await self.link(request, "gm")
            record = await self.call(self.service.read, link.game_id, record_of)
        except SealedError as error:
            return error_page(error)
        name = f"{record['game']}-{link.game_id}.json"
        return JSONResponse(
            record, headers={"Content-Disposition": f'attachment; filename="{name}"'}
        )

    async def reports(self, request: Request) -> Response:
        try:
            link = await self.link(request, "gm")
            text = await self.call(self.service.all_reports, link.game_id)
        except SealedError as error:
            return error_page(error)
        return PlainTextResponse(text)

    # -- the JSON API ------------------------------------------
    async def api(self, request: Request, fn: Callable[[], Awaitable[Response]]) -> Response:
        try:
            return await fn()
        except SealedError as error:
            return error_json(error)

    async def api_create(self, request: Request) -> Response:
        async def go() -> Response:
            data = await json_body(request)
            seats = data.get("seats")
            if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
                raise BadRequestError('"seats" must be a list of names')
            options = data.get("options") or {}
            if not isinstance(options, dict):
                raise BadRequestError('"options" must be an object')
            seed = data.get("seed")
            if seed is not None and not isinstance(seed, int | str):
                raise BadRequestError('"seed" must be a number or a text')
            created = await self.call(
                self.service.create,
                str(data.get("game", "")),
                seats,
                options,
                seed,
                settings_from(data),
            )
            body = {
                "ok": True,
                "game_id": created.game_id,
                "gm": {"token": created.gm_token, "url": self.url(request, "gm", created.gm_token)},
                "seats": {
                    seat: {"token": t, "url": self.url(request, "play", t)}
                    for seat, t in created.seat_tokens.items()
                },
            }
            return JSONResponse(body, status_code=201)

        return await self.api(request, go)

    async def api_report(self, request: Request) -> Response:
        async def go() -> Response:
            link = await self.link(request, "seat")
            body = await self.call(self.service.report, link, API, False, api_report)
            return JSONResponse(body)

        return await self.api(request, go)

    async def api_order(self, request: Request) -> Response:
        async def go() -> Response:
            link = await self.link(request, "seat")
            data = await json_body(request)
            text = data.get("orders")
            if not isinstance(text, str):
                raise BadRequestError('"orders" must be a text')
            if len(text) > MAX_FORM_TEXT:
                raise BadRequestError(f'"orders" has more than {MAX_FORM_TEXT:,} characters')
            step = int_field(data.get("step"), "step")
            sealed = await self.call(self.service.seal, link, text, step)
            return JSONResponse(
                {
                    "ok": True,
                    "seat": sealed.seat,
                    "step": sealed.step,
                    "canonical": sealed.canonical,
                    "sealed_at": sealed.at,
                    "opened": sealed.opened,
                    "revision": sealed.revision,
                }
            )

        return await self.api(request, go)

    async def api_send(self, request: Request) -> Response:
        async def go() -> Response:
            link = await self.link(request, "seat")
            data = await json_body(request)
            to = data.get("to", "all")
            names = [to] if isinstance(to, str) else to
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                raise BadRequestError('"to" must be "all" or a list of seats')
            text = data.get("text")
            if not isinstance(text, str):
                raise BadRequestError('"text" must be a text')
            number = await self.call(self.service.send, link, recipients(names), text)
            return JSONResponse({"ok": True, "number": number})

        return await self.api(request, go)

    async def api_status(self, request: Request) -> Response:
        async def go() -> Response:
            link = await self.link(request, "gm")
            status = await self.call(self.service.status, link.game_id)
            return JSONResponse({"ok": True, **status})

        return await self.api(request, go)

    async def api_close(self, request: Request) -> Response:
        async def go() -> Response:
            link = await self.link(request, "gm")
            data = await json_body(request)
            step = int_field(data.get("step"), "step")
            now_open = await self.call(self.service.close, link.game_id, step)
            return JSONResponse({"ok": True, "step": now_open})

        return await self.api(request, go)

    async def api_record(self, request: Request) -> Response:
        async def go() -> Response:
            link = await self.link(request, "gm")
            return JSONResponse(await self.call(self.service.read, link.game_id, record_of))

        return await self.api(request, go)

    async def health(self, request: Request) -> Response:
        return PlainTextResponse("ok")


def mail_state(mail: MailConsole, game_id: int) -> dict[str, Any]:
    """A game's email, for the console and ``GET /api/gm/TOKEN/mail``: never a mail's text."""
    relay = mail.outbox.relay
    note = mail.relay()
    return {
        "domain": f"{mail.where.local}+...@{mail.where.domain}",
        "relay": {
            "where": f"{relay.host}:{relay.port}",
            "state": "untried" if note is None else "ok" if note.ok else "failing",
            "problem": "" if note is None else note.problem,
            "checked": None if note is None else _iso(note.when),
        },
        "addresses": {
            seat: {"address": address, "contact": contact}
            for seat, address, contact in mail.addresses(game_id)
        },
        "undelivered": [
            {
                "entry": u.entry,
                "seat": u.seat,
                "about": u.about,
                "state": u.state,
                "attempts": u.attempts,
                "error": u.error,
                "next_attempt": _iso(u.next_attempt),
            }
            for u in mail.undelivered(game_id)
        ],
    }


def contacts_from(value: object) -> dict[str, str]:
    """Seats' email addresses: ``{"ana": "a@x"}`` (JSON) or ``ana=a@x`` lines (the form).

    :raises BadRequestError: anything else.
    """
    if isinstance(value, dict):
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
            raise BadRequestError('"seats" must map seat names to email addresses')
        return {k.strip(): v.strip() for k, v in value.items()}
    if value is None or value == "":
        return {}
    if not isinstance(value, str):
        raise BadRequestError('"seats" must map seat names to email addresses')
    contacts: dict[str, str] = {}
    for number, line in enumerate(value.splitlines(), 1):
        if not line.strip():
            continue
        seat, equals, address = line.partition("=")
        if not equals or not seat.strip():
            raise BadRequestError(f"line {number}: write seat=email, e.g. ana=ana@example.org")
        contacts[seat.strip()] = address.strip()
    return contacts


def _iso(when: float | None) -> str | None:
    if when is None:
        return None
    return datetime.fromtimestamp(when, UTC).isoformat(timespec="seconds")


def api_report(snapshot: Snapshot, report: Report) -> dict[str, Any]:
    """A seat's report for scripts: its view, what is new on its ``api`` cursor, what is due."""
    match, seat = snapshot.match, report.seat
    sealed = match.pending.get(seat)
    return {
        "ok": True,
        "seat": seat,
        "step": report.step,
        "due": report.prompt is not None,
        "phase": None if report.prompt is None else report.prompt.phase,
        "deadline": report.deadline,
        "status": snapshot.status,
        "view": jsonable(report.view),
        "text": match.game.render(report.view),
        "events": [jsonable(e) for e in report.events],
        "messages": [m.to_json() for m in report.messages],
        "sealed": None if sealed is None else sealed.canonical,
        "result": None if report.result is None else report.result.to_json(),
    }


def record_of(snapshot: Snapshot) -> dict[str, Any]:
    return snapshot.match.to_json()


def console_context(snapshot: Snapshot) -> dict[str, Any]:
    """The console's view of the game: the GM reads everything (status, messages, prompt)."""
    match = snapshot.match
    return {
        "status": gm.status_of(snapshot),
        "bots": list(match.game.bots),
        "gm_prompt": match.prompts().get(GM),
        "messages": list(match.messages),
        "seats": match.seats,
    }


def player_context(snapshot: Snapshot, report: Report, seat: str) -> dict[str, Any]:
    """What the player page shows, all from the seat's report and its own sealed order."""
    match = snapshot.match
    game = match.game
    sealed = match.pending.get(seat)
    choices: list[str] = []
    if report.prompt is not None:
        choices = list(report.prompt.choices)
        if not choices:
            count = game.count_legal_orders(match.state, seat)
            if count is not None and 0 < count <= FEW_CHOICES:
                choices = [game.format(o) for o in game.legal_orders(match.state, seat) or ()]
    readable = [m for m in match.messages if m.reaches(seat)]
    return {
        "title": game.title,
        "seat": seat,
        "step": report.step,
        "view_text": game.render(report.view),
        "news": [e.text for e in report.events],
        "prompt": report.prompt,
        "choices": choices,
        "deadline": report.deadline,
        "sealed": sealed,
        "result": None if report.result is None else result_text(report.result),
        "messages": readable,
        "others": [s for s in match.seats if s != seat],
        "game_status": snapshot.status,
        "clock": _clock_text,
    }


def _clock_text(iso: str | None) -> str:
    """``14:02`` (UTC) from an ISO time."""
    if not iso:
        return ""
    return datetime.fromisoformat(iso).strftime("%H:%M UTC")


def _seed(text: str | None) -> int | str | None:
    if text is None:
        return None
    return int(text) if text.lstrip("-").isdigit() and len(text) < 19 else text


def _record_from(raw: str | bytes) -> dict[str, Any]:
    if isinstance(raw, bytes):
        if len(raw) > MAX_RECORD:
            raise RecordError(f"a game file may have at most {MAX_RECORD:,} bytes")
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise RecordError(f"the game file is not UTF-8 text (byte {error.start})") from None
    if not raw.strip():
        raise RecordError("no game file was given (choose a file or paste its text)")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as error:
        raise RecordError(f"line {error.lineno}: not valid JSON: {error.msg}") from None
    except RecursionError:
        raise RecordError("the game file is nested too deeply to be a game record") from None
    if not isinstance(data, dict):
        raise RecordError("not a sealed game record")
    return data


class Guard(BaseHTTPMiddleware):
    """Headers for pages reached by secret links, and no cross-site form posts."""

    async def dispatch(self, request: Request, call_next: RequestResponseEndpoint) -> Response:
        if request.method == "POST" and not same_origin(request):
            return PlainTextResponse("cross-site request refused", status_code=403)
        response = await call_next(request)
        # The URL is the secret: other sites never see it (same-origin posts keep their Origin).
        response.headers["Referrer-Policy"] = "same-origin"
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["X-Frame-Options"] = "DENY"
        if not request.url.path.startswith("/static/"):
            response.headers["Cache-Control"] = "no-store"
        return response


def same_origin(request: Request) -> bool:
    """Refuse a POST another site's page sends (a script's POST, with no browser headers, passes).

    Browsers say where a request comes from in ``Sec-Fetch-Site``; older ones
    only in ``Origin`` (which is ``null`` when a page hides its address).
    """
    site = request.headers.get("sec-fetch-site")
    if site is not None:
        return site in ("same-origin", "none")
    origin = request.headers.get("origin")
    if origin is None or origin == "null":
        return True
    return urlsplit(origin).netloc == request.headers.get("host", "")


def create_app(
    service: GameService, poll: float | None = 1.0, mail: MailConsole | None = None
) -> Starlette:
    """The application; with ``poll`` (seconds) a background task fires deadlines.

    With ``mail`` (the email gateway of ``sealed serve --mail-domain``), the
    console shows and manages each game's email addresses and undelivered mail.
    """
    h = Handlers(service, mail)
    routes = [
        Route("/", h.home),
        Route("/healthz", h.health),
        Route("/games", h.create_page, methods=["POST"]),
        Route("/import", h.import_page, methods=["POST"]),
        Route("/play/{token}", h.play),
        Route("/play/{token}/order", h.play_order, methods=["POST"]),
        Route("/play/{token}/send", h.play_send, methods=["POST"]),
        Route("/play/{token}/history", h.play_history),
        Route("/play/{token}/rules", h.play_rules),
        Route("/gm/{token}", h.console),
        Route("/gm/{token}/preview", h.preview),
        Route("/gm/{token}/rollback", h.rollback_preview, methods=["GET"]),
        Route("/gm/{token}/record.json", h.record),
        Route("/gm/{token}/reports.txt", h.reports),
        Route("/gm/{token}/mail/{act}", h.gm_mail_act, methods=["POST"]),
        Route("/gm/{token}/{act}", h.gm_act, methods=["POST"]),
        Route("/api/games", h.api_create, methods=["POST"]),
        Route("/api/play/{token}", h.api_report),
        Route("/api/play/{token}/orders", h.api_order, methods=["POST"]),
        Route("/api/play/{token}/send", h.api_send, methods=["POST"]),
        Route("/api/gm/{token}", h.api_status),
        Route("/api/gm/{token}/close", h.api_close, methods=["POST"]),
        Route("/api/gm/{token}/record", h.api_record),
        Route("/api/gm/{token}/mail", h.api_mail),
        Route("/api/gm/{token}/mail/{act}", h.api_mail_act, methods=["POST"]),
        Mount("/static", StaticFiles(packages=[("sealed.server", "static")]), name="static"),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = None if poll is None else asyncio.create_task(fire_deadlines(service, poll))
        try:
            yield
        finally:
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    return Starlette(
        routes=routes,
        middleware=[Middleware(Guard)],
        lifespan=lifespan,
        exception_handlers={404: not_found, 405: not_allowed, 500: server_error},
    )


async def fire_deadlines(service: GameService, poll: float) -> None:
    """The scheduler: every ``poll`` seconds, fire what is due (a crash is logged, not fatal)."""
    while True:
        try:
            await run_in_threadpool(service.tick)
        except Exception:  # the database was busy or down: try again next time
            log.exception("firing deadlines failed; retrying")
        await asyncio.sleep(poll)


async def not_found(request: Request, exc: Exception) -> Response:
    error = UnknownLinkError("there is no such page here")
    return error_json(error) if request.url.path.startswith("/api/") else error_page(error)


async def not_allowed(request: Request, exc: Exception) -> Response:
    error = BadRequestError(f"{request.method} is not allowed here")
    if request.url.path.startswith("/api/"):
        return JSONResponse(
            {"ok": False, "error": {"code": error.code, "message": str(error)}}, status_code=405
        )
    return page("error.html", 405, error=error)


class ServerFault:
    """What a page says of a fault of sealed itself (no user error): a code and a sentence."""

    code = "server/error"

    def __str__(self) -> str:
        # Honest about what is known: the act may have been committed before the fault (a
        # page that failed to render after an order was saved), so the player is sent to look.
        return (
            "the server failed on this request (a fault in sealed, logged for whoever runs the "
            "server); reload your page to see what was recorded before you try again"
        )


async def server_error(request: Request, exc: Exception) -> Response:
    body = {"ok": False, "error": {"code": "server/error", "message": "internal error"}}
    if request.url.path.startswith("/api/"):
        return JSONResponse(body, status_code=500)
    return page("error.html", 500, error=ServerFault())
