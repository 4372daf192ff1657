"""A test IMAP server on loopback: the subset of IMAP4rev1 (RFC 3501) a mail fetcher uses.

CAPABILITY, LOGIN, SELECT, UID SEARCH (ALL, UNDELETED), UID FETCH BODY.PEEK[],
UID STORE +FLAGS, EXPUNGE, NOOP, LOGOUT; anything else gets ``BAD``. Real
sockets, real literals (``{n}``), so :mod:`imaplib` talks to it exactly as to
a mail provider; it is not a complete server and does not pretend to be one.
"""

from __future__ import annotations

import re
import socketserver
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from tests.mail.relay import free_port

TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|(\S+)')


@dataclass
class Stored:
    uid: int
    raw: bytes
    flags: set[str] = field(default_factory=set)


@dataclass
class MailStore:
    user: str
    password: str
    messages: list[Stored] = field(default_factory=list)
    next_uid: int = 1
    lock: threading.Lock = field(default_factory=threading.Lock)

    def deliver(self, raw: bytes) -> None:
        with self.lock:
            self.messages.append(Stored(self.next_uid, raw))
            self.next_uid += 1


class Handler(socketserver.StreamRequestHandler):
    store: MailStore

    def send(self, text: str | bytes) -> None:
        self.wfile.write(text.encode() if isinstance(text, str) else text)

    def handle(self) -> None:
        self.send("* OK [CAPABILITY IMAP4rev1] test server ready\r\n")
        while line := self.rfile.readline():
            words = [a or b for a, b in TOKEN.findall(line.decode("utf-8", "replace"))]
            if len(words) < 2:
                self.send("* BAD no tag or command\r\n")
                continue
            tag, command, args = words[0], words[1].upper(), words[2:]
            if command == "UID" and args:
                command, args = "UID " + args[0].upper(), args[1:]
            if not self.answer(tag, command, args):
                return

    def answer(self, tag: str, command: str, args: list[str]) -> bool:
        store = self.store
        if command == "LOGOUT":
            self.send(f"* BYE\r\n{tag} OK LOGOUT completed\r\n")
            return False
        if command == "CAPABILITY":
            self.send(f"* CAPABILITY IMAP4rev1\r\n{tag} OK CAPABILITY completed\r\n")
        elif command == "NOOP":
            self.send(f"{tag} OK NOOP completed\r\n")
        elif command == "LOGIN":
            ok = args == [store.user, store.password]
            self.send(
                f"{tag} OK LOGIN completed\r\n" if ok else f"{tag} NO [AUTHENTICATIONFAILED]\r\n"
            )
        elif command == "SELECT":
            with store.lock:
                count = len(store.messages)
            self.send(f"* {count} EXISTS\r\n* 0 RECENT\r\n* OK [UIDVALIDITY 1] UIDs valid\r\n")
            self.send(f"{tag} OK [READ-WRITE] SELECT completed\r\n")
        elif command == "UID SEARCH":
            with store.lock:
                found = [
                    str(m.uid)
                    for m in store.messages
                    if args[:1] == ["ALL"] or "\\Deleted" not in m.flags
                ]
            self.send(f"* SEARCH {' '.join(found)}\r\n{tag} OK SEARCH completed\r\n")
        elif command == "UID FETCH":
            self.fetch(tag, int(args[0]))
        elif command == "UID STORE":
            self.store_flags(tag, int(args[0]), " ".join(args[2:]))
        elif command == "EXPUNGE":
            with store.lock:
                gone = [i + 1 for i, m in enumerate(store.messages) if "\\Deleted" in m.flags]
                store.messages = [m for m in store.messages if "\\Deleted" not in m.flags]
            for seq in reversed(gone):
                self.send(f"* {seq} EXPUNGE\r\n")
            self.send(f"{tag} OK EXPUNGE completed\r\n")
        else:
            self.send(f"{tag} BAD unknown command {command}\r\n")
        return True

    def fetch(self, tag: str, uid: int) -> None:
        with self.store.lock:
            found = [(i + 1, m) for i, m in enumerate(self.store.messages) if m.uid == uid]
        for seq, message in found:
            self.send(f"* {seq} FETCH (UID {uid} BODY[] {{{len(message.raw)}}}\r\n".encode())
            self.send(message.raw + b")\r\n")
        self.send(f"{tag} OK FETCH completed\r\n")

    def store_flags(self, tag: str, uid: int, flags: str) -> None:
        with self.store.lock:
            for seq, message in enumerate(self.store.messages, 1):
                if message.uid == uid:
                    message.flags |= set(flags.strip("()").split())
                    self.send(f"* {seq} FETCH (UID {uid} FLAGS ({' '.join(message.flags)}))\r\n")
        self.send(f"{tag} OK STORE completed\r\n")


@contextmanager
def running_imap(user: str, password: str) -> Iterator[tuple[MailStore, int]]:
    store = MailStore(user, password)
    handler = type("BoundHandler", (Handler,), {"store": store})
    port = free_port()
    server = socketserver.ThreadingTCPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield store, port
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=30)
