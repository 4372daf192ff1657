"""The server: games played in the browser, kept in a database, run on their deadlines.

``sealed serve`` starts it (``--db URL``, ``--host 127.0.0.1``, ``--port 8000``).
Without ``--db`` the data lives in one SQLite file, ``$SEALED_DATA_DIR/sealed.db``
(default ``$XDG_DATA_HOME/sealed`` or ``~/.local/share/sealed``); a
``postgresql://`` URL uses PostgreSQL with the same schema. Migrations
(Alembic, shipped in ``sealed/server/migrations``) are applied at start.

The match record (the JSON a CLI game file holds) is the source of truth:
one row per game keeps it with a revision number. Every act that changes a
game runs in one transaction that locks the game's row, replays the record,
applies the act, writes the new record and commits; only then is it
answered, so an acknowledged order is a committed one.

Who may do what is decided by secret links alone: the game master's link
(``/gm/TOKEN``) and one link per seat (``/play/TOKEN``). Tokens are
``secrets.token_urlsafe(32)`` for the GM; a seat's token is an HMAC of the
GM's token, so the console can show the seat links again while the database
keeps only SHA-256 digests of tokens. An unknown token is a 404.

Pages (HTML; every form works without JavaScript)
-------------------------------------------------
``GET  /``                              the games this server knows (no links), a form to create one
``POST /games``                         create; fields ``game``, ``seats`` ("ana,ben"),
                                        ``options`` (one ``name=value`` a line), ``seed``,
                                        ``minutes`` (deadline of every step, empty: the
                                        game's own time or none), ``close`` (``early``:
                                        open when all have sealed, ``wait``: at the
                                        deadline), ``remind`` (minutes before the
                                        deadline to record reminders; empty: none).
                                        Redirects (303) to the GM console.
``POST /import``                        a CLI game file: field ``record`` (file or text),
                                        ``minutes``, ``close`` as above -> the GM console
``GET  /play/TOKEN``                    a seat's page: current report (delivered on the
                                        ``web`` channel when shown), order form, press
``POST /play/TOKEN/order``              form ``id="order-form"``: ``orders`` (textarea),
                                        ``step`` (hidden, the step token shown)
``POST /play/TOKEN/send``               form ``id="press-form"``: ``text``, ``to`` (repeated,
                                        seat names; none or ``all``: everyone)
``GET  /play/TOKEN/history``            every report the seat was told, step by step
``GET  /play/TOKEN/rules``              the game's manual
``GET  /gm/TOKEN``                      the GM console: seat links, who has sealed (never
                                        what), deadline, audit log, the forms below
``POST /gm/TOKEN/close``                open the step now (``step`` hidden field)
``POST /gm/TOKEN/deadline``             ``minutes`` from now (extend or shorten); empty: none
``POST /gm/TOKEN/pause``, ``/resume``   stop / restart the clock (the time left is kept)
``POST /gm/TOKEN/order``                the GM seat's orders when the rules ask it:
                                        ``orders``, ``step``
``POST /gm/TOKEN/send``                 press from the GM: ``text``, ``to``
``POST /gm/TOKEN/handover``             ``seat``, ``bot`` (a bot's name; empty: a person again)
``GET  /gm/TOKEN/preview``              what the open step would resolve to with the orders
                                        in hand (defaults for the rest); GM only, changes nothing
``GET  /gm/TOKEN/rollback?steps=N``     what undoing the last N steps changes, per seat
``POST /gm/TOKEN/rollback``             ``steps``: undo them (the record replayed without them);
                                        ``from_step``: the open step the GM saw (a resent
                                        form is refused, never undoes twice)
``GET  /gm/TOKEN/record.json``          the record (a game file ``sealed replay`` reads)
``GET  /gm/TOKEN/reports.txt``          every seat's full report as text
``POST /gm/TOKEN/mail/register``        (with the email gateway) ``seats``: ``seat=email``
                                        lines, ``gm``: the GM's email (needed the first time)
``POST /gm/TOKEN/mail/renew``, ``/revoke``  ``seat``: a new secret address (the old one is
                                        refused), or none at all
``POST /gm/TOKEN/mail/retry``, ``/drop``    ``entry``: an undelivered email of this game,
                                        tried again now, or never sent
``GET  /static/...``                    CSS and the countdown script
``GET  /healthz``                       ``ok`` (for scripts waiting for the server)

Element ids a browser test can target: ``#order-form`` (textarea
``name="orders"``, hidden ``name="step"``, ``#seal``), ``#sealed-note``
("sealed at 14:02, you can change it until 14:20"), ``#order-error`` (with
``data-code``), ``#report``, ``#deadline`` (``data-deadline``, ISO time),
``#press-form``, ``#messages``, ``#step`` (the open step number); on the
console ``#seat-links`` (one ``a.seat-link`` per seat with ``data-seat``),
``#sealed-status`` (``li[data-seat][data-sealed]``), ``#audit``,
``#close-form``, ``#deadline-form``, ``#rollback-form``, ``#handover-form``,
``#mail`` (``#mail-off``, ``#mail-addresses`` ``tr[data-seat]``, ``#mail-register-form``,
``#mail-undelivered`` ``tr[data-entry][data-state]`` with ``form.mail-retry`` and
``form.mail-drop``).

JSON API (for scripts: the crash test, the bench, the email gateway)
--------------------------------------------------------------------
``POST /api/games``                     ``{"game", "seats": [...], "options": {},
                                        "seed", "minutes", "close", "remind"}`` ->
                                        ``{"game_id", "gm": {"token", "url"},
                                        "seats": {seat: {"token", "url"}}}`` (201)
``GET  /api/play/TOKEN``                the seat's report on channel ``api`` (not delivered):
                                        ``{"ok", "seat", "step", "due", "phase", "deadline",
                                        "status", "view", "text", "events", "messages",
                                        "sealed", "result"}`` (``events`` and ``messages``:
                                        everything the seat may know, as told to it)
``POST /api/play/TOKEN/orders``         ``{"orders": "...", "step": N}`` -> ``{"ok": true,
                                        "seat", "step", "canonical", "sealed_at",
                                        "opened": bool, "revision"}``; answered only after
                                        the commit
``POST /api/play/TOKEN/send``           ``{"text", "to": [...] | "all"}``
``GET  /api/gm/TOKEN``                  status: ``{"game", "step", "status", "deadline",
                                        "seats": {seat: {"due", "sealed", "bot"}},
                                        "revision", "steps", "result"}``
``POST /api/gm/TOKEN/close``            ``{"step": N}``: open step N now (refused if it is over)
``GET  /api/gm/TOKEN/record``           the record
``GET  /api/gm/TOKEN/mail``             the game's email: ``{"domain", "addresses": {seat:
                                        {"address", "contact"}}, "undelivered": [{"entry",
                                        "seat", "about", "state", "attempts", "error",
                                        "next_attempt"}]}`` (what each mail is, never its text)
``POST /api/gm/TOKEN/mail/ACT``         ``register`` ``{"seats": {seat: email}, "gm"}``,
                                        ``renew``/``revoke`` ``{"seat"}``, ``retry``/``drop``
                                        ``{"entry"}`` -> ``{"ok", "addresses": {seat: address}}``;
                                        ``mail/off`` when the server runs no gateway,
                                        ``mail/unknown`` for an entry not this game's
Errors: ``{"ok": false, "error": {"code": "order/illegal", "message": "..."}}``
with the core's stable codes (400 bad request, 404 unknown link, 409 a stale
step or a game that is over, 422 refused orders, 503 ``server/unavailable``:
the database did not save it, nothing changed); never a traceback.

Acts that arrive together share one durable commit (``sealed.server.writer``);
each is answered only after that commit.
"""

from __future__ import annotations
