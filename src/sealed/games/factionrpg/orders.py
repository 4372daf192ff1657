"""FactionRPG orders and their notation.

Orders Phase. One post (or email) holds a faction's orders, one per asset,
in the seed's BBCode form (copy and paste per asset)::

    [fieldset=Red-Spies ACTION Blue-Navy (WITH Green) (TRANSFER TO Blue)]
    Narration of this asset's actions.
    ***
    Narration for those who can see the target but can't see the asset.
    [spoiler=Result]The GM will put the result of the action here.[/spoiler][/fieldset]

or in the plain one-line form, ``Red-Spies infiltrate Blue-Navy with Green``.
ACTION is ``damage``, ``infiltrate``, ``shroud`` or ``enhance``, also written
``Attack(Damage)``, ``attack damage``, ``Defend(Shroud)`` and so on; parentheses
and commas are optional; ``WITH`` takes one or more factions (``with Green and
Blue``). ``Red-Army transfer to Blue`` transfers an asset that takes no action.
``OPENLY`` after the target makes a hidden asset act overtly (the seed: "It is
assumed that hidden assets perform hidden actions unless otherwise specified").
``share Blue-Spies with Green`` shares a profile. ``pass`` is no orders. In a
post that holds fieldsets, lines outside them that name no action are chatter
and are set aside; a line that names an action must be an order, and its
refusal names the line and suggests it was meant as a remark (lenient reading,
``Game.order_block``, keeps fieldsets whole and lists the remarks it sets aside).

Consequences Phase. One line per decision, by its number (see the prompt)::

    decision 1 reveal | deceive | feed Blue-Decoy [Blue-Other ...]
    decision 2 assign Red-Army 2 Red-Navy 1
    decision 3 seize Green
    decision 4 infuse tactics

``pass`` takes the documented default for every decision. The seed's
narrations of the phase, optional (Ruling 31)::

    narrate Red-Army: We loot their armoury.        (an increase narration)
    narrate damage Blue-Fort: Our walls held.       (a failure narration)

Parsing here is syntax only: names are resolved against the state and the
rules checked in :mod:`sealed.games.factionrpg.rules`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sealed.core.errors import OrderSyntaxError
from sealed.core.suggest import did_you_mean

ACTION_WORDS = ("damage", "infiltrate", "shroud", "enhance")
ANSWER_WORDS = ("reveal", "deceive", "feed", "assign", "seize", "infuse")
ORDER_WORDS = (
    "share",
    "pass",
    "decision",
    "narrate",
    "attack",
    "defend",
    "transfer",
    *ACTION_WORDS,
)
OPENLY = ("openly", "overtly", "publicly")
ORDER_LIKE = ("damage", "infiltrate", "shroud", "enhance", "attack", "defend", "share", "transfer")
MAX_NARRATION = 4000

FIELDSET = re.compile(r"\[fieldset=([^\]]*)\](.*?)\[/fieldset\]", re.S | re.I)
SPOILER = re.compile(r"\[spoiler(=[^\]]*)?\].*?\[/spoiler\]", re.S | re.I)
SEPARATOR = re.compile(r"^\s*\*\*\*\s*$", re.M)


@dataclass(frozen=True)
class AssetOrder:
    """One asset's order: an action on a target (or none), collaborators, a transfer, narrations.

    ``target`` is an asset, a faction (a whole-faction infiltration) or a new
    asset's name (an Enhance that creates it); ``narration`` is read by those
    who see the asset, ``unseen`` by those who see the target but not the asset.
    """

    asset: str
    action: str | None = None
    target: str = ""
    with_factions: tuple[str, ...] = ()
    transfer_to: str | None = None
    narration: str = ""
    unseen: str = ""
    openly: bool = False  # a hidden asset acting overtly (the seed: 'unless otherwise specified')

    def header(self) -> str:
        """The order's words: ``Red-Spies infiltrate Blue-Navy WITH Green TRANSFER TO Blue``."""
        words = [self.asset]
        if self.action:
            words += [self.action, self.target]
        if self.openly:
            words.append("OPENLY")
        if self.with_factions:
            words += ["WITH", ", ".join(self.with_factions)]
        if self.transfer_to:
            words += ["TRANSFER TO", self.transfer_to]
        return " ".join(words)


@dataclass(frozen=True)
class Share:
    """Share the profile on ``asset`` (a hidden asset one sees) with ``to``."""

    asset: str
    to: str


@dataclass(frozen=True)
class TurnOrders:
    """A faction's orders for the Orders Phase (asset orders in asset order, then shares)."""

    actions: tuple[AssetOrder, ...] = ()
    shares: tuple[Share, ...] = ()


@dataclass(frozen=True)
class Answer:
    """The answer to one numbered decision: a word and its arguments."""

    number: int
    word: str
    args: tuple[str, ...] = ()


@dataclass(frozen=True)
class Narration:
    """A Consequences Phase narration (the seed: "Each player provides 'increase narrations'
    for assets of theirs that increase in value from exceptionally successful damage attacks
    and 'failure narrations' for any actions that they caused to fail"): ``action`` None is
    the increase narration of asset ``target``; else the failure narration of ``action`` on
    ``target``."""

    action: str | None
    target: str
    text: str

    def to_text(self) -> str:
        what = f"{self.action} {self.target}" if self.action else self.target
        return f"narrate {what}: {self.text}"


@dataclass(frozen=True)
class Answers:
    """A faction's answers for the Consequences Phase (unanswered decisions take defaults)
    and its narrations."""

    answers: tuple[Answer, ...] = ()
    narrations: tuple[Narration, ...] = ()


Order = TurnOrders | Answers


# -- formatting -------------------------------------------------------------


def format_order(order: Order) -> str:
    """The canonical text; ``pass`` when there is nothing."""
    if isinstance(order, Answers):
        lines = [" ".join(("decision", str(a.number), a.word, *a.args)) for a in order.answers]
        lines += [n.to_text() for n in order.narrations]
    else:
        lines = [_format_asset_order(a) for a in order.actions]
        lines += [f"share {s.asset} with {s.to}" for s in order.shares]
    return "\n".join(lines) or "pass"


def _format_asset_order(order: AssetOrder) -> str:
    if not order.narration and not order.unseen:
        return order.header()
    body = order.narration
    if order.unseen:
        body += "\n***\n" + order.unseen
    return f"[fieldset={order.header()}]\n{body}\n[/fieldset]"


# -- parsing ----------------------------------------------------------------


def parse_turn_orders(text: str) -> list[AssetOrder | Share]:
    """Read fieldsets and one-line orders (syntax only), in the order written.

    :raises OrderSyntaxError: a line or fieldset that is not an order.
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    found: list[AssetOrder | Share] = []
    has_fieldsets = bool(FIELDSET.search(text))
    position = 0
    for match in FIELDSET.finditer(text):
        found += _lines(text[position : match.start()], has_fieldsets, _line_at(text, position))
        try:
            found.append(_fieldset(match.group(1), match.group(2)))
        except OrderSyntaxError as error:
            raise OrderSyntaxError(f"line {_line_at(text, match.start())}: {error}") from None
        position = match.end()
    found += _lines(text[position:], has_fieldsets, _line_at(text, position))
    return found


REMARK_HINT = (
    " — did you mean it as a remark? Outside the fieldsets a line naming an action is read "
    "as an order: leave the action word out, or use --lenient (remarks are set aside and listed)"
)


def _line_at(text: str, position: int) -> int:
    """The number of the line (from 1) that ``position`` of ``text`` is on."""
    return text.count("\n", 0, position) + 1


def _lines(text: str, chatter_allowed: bool, first: int = 1) -> list[AssetOrder | Share]:
    if re.search(r"\[/?fieldset", text, re.I):
        raise OrderSyntaxError(
            "a [fieldset=...] is not closed by [/fieldset] (or a [/fieldset] has no opening)"
        )
    orders: list[AssetOrder | Share] = []
    for number, line in enumerate(text.split("\n"), first):
        words = _words(line)
        if not words or (len(words) == 1 and words[0].lower() == "pass"):
            continue
        if chatter_allowed and not any(w.lower() in ORDER_LIKE for w in words):
            continue  # a post's chatter between fieldsets
        try:
            orders.append(_one_line(words, line))
        except OrderSyntaxError as error:
            if not chatter_allowed:
                raise
            # In a pasted post the line is most likely a remark that names an action.
            raise OrderSyntaxError(f"line {number}: {error}{REMARK_HINT}") from None
    return orders


def _fieldset(header: str, body: str) -> AssetOrder:
    words = _words(header)
    if not words:
        raise OrderSyntaxError(
            "[fieldset=] names no asset: write [fieldset=X-Asset ACTION Y-Target]"
        )
    order = _one_line(words, header)
    if not isinstance(order, AssetOrder):
        raise OrderSyntaxError("a fieldset holds one asset's order, not a shared profile")
    body = SPOILER.sub("", body)
    parts = SEPARATOR.split(body, maxsplit=1)
    narration = parts[0].strip()[:MAX_NARRATION]
    unseen = parts[1].strip()[:MAX_NARRATION] if len(parts) > 1 else ""
    return AssetOrder(
        order.asset,
        order.action,
        order.target,
        order.with_factions,
        order.transfer_to,
        narration,
        unseen,
        order.openly,
    )


def _words(text: str) -> list[str]:
    cleaned = re.sub(r"[(),;:&]", " ", text)
    return cleaned.split()


def _one_line(words: list[str], line: str) -> AssetOrder | Share:
    shown = " ".join(line.split())[:80]
    if words[0].lower() == "share":
        return _share(words, shown)
    asset, rest = words[0], [w for w in words[1:]]
    _check_name(asset, shown)
    action, target = None, ""
    if rest and rest[0].lower() in ("attack", "defend"):
        rest = rest[1:]
        if not rest or rest[0].lower() not in ACTION_WORDS:
            raise OrderSyntaxError(
                f"{shown!r}: attack or defend what? write damage, infiltrate, shroud or enhance"
            )
    if rest and rest[0].lower() not in ("with", "transfer"):
        word = rest[0].lower()
        if word not in ACTION_WORDS:
            raise OrderSyntaxError(
                f"{shown!r}: unknown action {rest[0][:40]!r}{did_you_mean(word, ACTION_WORDS)} "
                "(actions: damage, infiltrate, shroud, enhance)"
            )
        if len(rest) < 2 or rest[1].lower() in ("with", "transfer"):
            raise OrderSyntaxError(f"{shown!r}: {word} needs a target (an asset or a faction)")
        action, target, rest = word, rest[1], rest[2:]
        _check_name(target, shown)
    openly = any(w.lower() in OPENLY for w in rest)
    rest = [w for w in rest if w.lower() not in OPENLY]
    with_factions, transfer_to = _clauses(rest, shown)
    if action is None and transfer_to is None:
        raise OrderSyntaxError(
            f"{shown!r}: no action: write ASSET ACTION TARGET (e.g. Red-Spies infiltrate Blue-Navy)"
        )
    if action is None and with_factions:
        raise OrderSyntaxError(f"{shown!r}: WITH needs an action to collaborate on")
    if action is None and openly:
        raise OrderSyntaxError(f"{shown!r}: OPENLY needs an action to perform overtly")
    return AssetOrder(asset, action, target, with_factions, transfer_to, openly=openly)


def _clauses(rest: list[str], shown: str) -> tuple[tuple[str, ...], str | None]:
    with_factions: list[str] = []
    transfer_to: str | None = None
    index = 0
    while index < len(rest):
        word = rest[index].lower()
        if word == "with":
            index += 1
            while index < len(rest) and rest[index].lower() != "transfer":
                if rest[index].lower() != "and":
                    _check_name(rest[index], shown)
                    with_factions.append(rest[index])
                index += 1
            if not with_factions:
                raise OrderSyntaxError(f"{shown!r}: WITH names no faction")
        elif word == "transfer":
            tail = rest[index + 1 :]
            if tail and tail[0].lower() == "to":
                tail = tail[1:]
            if len(tail) != 1:
                raise OrderSyntaxError(f"{shown!r}: write TRANSFER TO and one faction")
            _check_name(tail[0], shown)
            transfer_to, index = tail[0], len(rest)
        else:
            raise OrderSyntaxError(
                f"{shown!r}: {rest[index][:40]!r} is not understood here"
                f"{did_you_mean(word, ('with', 'transfer'))} "
                "(after the target: WITH factions, TRANSFER TO faction)"
            )
    return tuple(with_factions), transfer_to


def _share(words: list[str], shown: str) -> Share:
    rest = [w for w in words[1:] if w.lower() not in ("profile", "the", "on", "of")]
    if len(rest) == 3 and rest[1].lower() in ("with", "to"):
        _check_name(rest[0], shown)
        _check_name(rest[2], shown)
        return Share(rest[0], rest[2])
    raise OrderSyntaxError(
        f"{shown!r}: write share ASSET with FACTION (share Blue-Spies with Green)"
    )


def _check_name(word: str, shown: str) -> None:
    if len(word) > 40 or not all(c.isalnum() or c in "-_" for c in word) or not word.isascii():
        raise OrderSyntaxError(f"{shown!r}: {word[:40]!r} is not an asset or faction name")


NARRATE = re.compile(r"^\s*narrate\b(?P<head>[^:]*)(?::(?P<text>.*))?$", re.I)


def _narration(line: str) -> Narration:
    """``narrate Red-Army: TEXT`` (an increase) or ``narrate damage Blue-Fort: TEXT``."""
    match = NARRATE.match(line)
    assert match is not None  # only called on lines the pattern matches
    shown = " ".join(line.split())[:80]
    text = " ".join((match.group("text") or "").split())[:MAX_NARRATION]
    words = [w for w in _words(match.group("head")) if w.lower() not in ("attack", "defend")]
    form = "write narrate ASSET: TEXT (an increase) or narrate ACTION TARGET: TEXT (a failure)"
    if not text or len(words) not in (1, 2):
        raise OrderSyntaxError(f"{shown!r}: {form}")
    for word in words:
        _check_name(word, shown)
    if len(words) == 1:
        return Narration(None, words[0], text)
    action = words[0].lower()
    if action not in ACTION_WORDS:
        raise OrderSyntaxError(
            f"{shown!r}: unknown action {words[0][:40]!r}{did_you_mean(action, ACTION_WORDS)}; "
            + form
        )
    return Narration(action, words[1], text)


def parse_answers(text: str) -> list[Answer | Narration]:
    """Read ``decision N WORD ARGS`` and ``narrate ...`` lines (syntax only); ``pass`` is
    no answer.

    :raises OrderSyntaxError: a line that is not an answer.
    """
    answers: list[Answer | Narration] = []
    for line in text.replace("\r", "\n").split("\n"):
        if NARRATE.match(line):
            answers.append(_narration(line))
            continue
        words = _words(line.replace("#", " "))
        if not words or (len(words) == 1 and words[0].lower() in ("pass", "defaults")):
            continue
        shown = " ".join(line.split())[:80]
        if words[0].lower() == "decision":
            words = words[1:]
        if not words or not (words[0].isascii() and words[0].isdigit()) or len(words[0]) > 4:
            raise OrderSyntaxError(
                f"{shown!r}: write decision NUMBER and your choice (decision 1 deceive)"
            )
        if len(words) < 2:
            raise OrderSyntaxError(f"{shown!r}: decision {words[0]} needs a choice")
        word = words[1].lower()
        if word not in ANSWER_WORDS:
            raise OrderSyntaxError(
                f"{shown!r}: unknown choice {words[1][:40]!r}{did_you_mean(word, ANSWER_WORDS)} "
                f"(choices: {', '.join(ANSWER_WORDS)})"
            )
        for arg in words[2:]:
            _check_name(arg, shown)
        answers.append(Answer(int(words[0]), word, tuple(words[2:])))
    return answers
