"""The Bureaucracy's flow chart: a small, safe policy language (Crusoe's Planet, Government Types).

Seed: "Before the game begins the players put together a program by majority
vote that will make all decisions that the government will have to make ...
It may take into account any game information about the players ... but not
non-game information (a player's name) nor any direct inputs from the
players." The chart is text the players write; this module parses it (errors
name the line and suggest the nearest word) and evaluates it over numbers the
game provides. Nothing here executes Python: a chart is a tree of a few node
kinds walked by :func:`_value`.

A chart holds one **decision** per government task; each decision is a list
of **boxes** tried in order, the first whose condition holds decides::

    tax_burden (each player):
      if cycle == 1: 7
      if player.last_path.firefly: max(player.tax_burden - 1, 1)
      otherwise: player.tax_burden

    estate (choose a player):
      otherwise: lowest player.vp, ties by dice

(the seed's whole example is :data:`SEED_EXAMPLE`).

- ``NAME:`` decides a number; ``NAME (each ROLE):`` decides a number for each
  player (frequency, good, path), whose quantities are named ``ROLE.*``;
  ``NAME (each ROLE and ROLE):`` one for each pair, with both roles' quantities (where the
  task allows it: a good's purchase limit for each path, ruling 290);
  ``NAME (choose a ROLE):`` picks among candidates the game offers with
  ``lowest EXPR`` or ``highest EXPR`` (``, ties by dice`` to roll for ties).
- Conditions: ``== != < <= > >=``, ``and``, ``or``, ``not``, parentheses; a
  bare quantity is true when it is not 0 (flags such as ``player.alive``).
- Numbers: whole or decimal, ``+ - * /`` (exact fractions), ``min``, ``max``,
  ``abs``, ``round_up``, ``round_down``. A decision must come out a whole
  number.
- ``undecided`` (or running off the end of a decision without ``otherwise``)
  hands the decision to the first player, as does any case the chart cannot
  interpret: a quantity the game has no value for now, a division by zero, a
  number that is not whole, a tie without ``ties by dice`` (the seed: "if it
  is not possible to interpret the flow chart as a result of unexpected
  circumstances then the first player must decide what occurs").

The rest of the seed's rules are pure functions: :func:`amend` and
:func:`vote_amendment` ("the first player may suggest an amendment to one box
of the flow chart, and if it receives a unanimous vote it passes"),
:func:`extend` ("The flow chart is modified to include that case").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from math import ceil, floor

from sealed.core.chance import Chance
from sealed.core.errors import SealedError
from sealed.core.suggest import did_you_mean

Number = int | Fraction

MAX_LINE = 400  # characters: a box is one readable line, not a program
MAX_DEPTH = 40  # nesting of parentheses and operators: keeps the parser's recursion shallow
MAX_LINES = 2000


class ChartError(SealedError, ValueError):
    """A flow chart (or an amendment to one) that cannot be read; the message names the line."""

    code = "crusoe/chart"


# -- the vocabulary a game offers --------------------------------------------------------------


@dataclass(frozen=True)
class Vocabulary:
    """What a chart may name: game quantities only (never a seat's name) and the tasks.

    ``names`` are the quantities of the whole game (``cycle``, ``price.water``);
    ``roles`` maps a role (``player``) to its quantities (``player.vp``),
    usable only in a decision made ``each`` or ``choose`` that role;
    ``tasks`` maps each decision the government must make to its header kind
    (``"number"``, ``"each player"``, ``"choose a player"``); empty allows any.
    """

    names: frozenset[str]
    roles: Mapping[str, frozenset[str]] = field(default_factory=dict)
    tasks: Mapping[str, str] = field(default_factory=dict)

    def all_names(self) -> list[str]:
        return sorted(self.names | {n for names in self.roles.values() for n in names})


# -- the tree ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Num:
    value: Fraction


@dataclass(frozen=True)
class Name:
    name: str


@dataclass(frozen=True)
class Unary:
    op: str  # "-" or "not"
    operand: Node


@dataclass(frozen=True)
class Binary:
    op: str
    left: Node
    right: Node


@dataclass(frozen=True)
class Call:
    function: str
    args: tuple[Node, ...]


Node = Num | Name | Unary | Binary | Call


@dataclass(frozen=True)
class Pick:
    """``lowest EXPR`` / ``highest EXPR`` among the candidates, ``ties by dice`` or not."""

    highest: bool
    key: Node
    ties_by_dice: bool = False


@dataclass(frozen=True)
class Box:
    """One box of the chart: ``if CONDITION: RESULT`` (``condition`` None is ``otherwise``).

    ``result`` None is ``undecided``.
    """

    condition: Node | None
    result: Node | Pick | None


@dataclass(frozen=True)
class Decision:
    """One task's boxes, tried in order; ``kind``: ``number``, ``each ROLE``, ``choose a ROLE``."""

    name: str
    kind: str
    boxes: tuple[Box, ...]

    @property
    def role(self) -> str | None:
        return self.kind.split()[-1] if self.kind != "number" else None

    @property
    def chooses(self) -> bool:
        return self.kind.startswith("choose")


@dataclass(frozen=True)
class Chart:
    """The whole flow chart: one decision per task, in the order written."""

    decisions: tuple[Decision, ...]

    def decision(self, name: str) -> Decision:
        """:raises ChartError: no such decision (with a suggestion)."""
        for decision in self.decisions:
            if decision.name == name:
                return decision
        known = [d.name for d in self.decisions]
        raise ChartError(f"the chart has no decision {name!r}{did_you_mean(name, known)}")

    def to_text(self) -> str:
        """The chart as it is written (parses back to an equal chart)."""
        blocks = []
        for decision in self.decisions:
            header = decision.name + ("" if decision.kind == "number" else f" ({decision.kind})")
            lines = [header + ":"] + ["  " + box_text(box) for box in decision.boxes]
            blocks.append("\n".join(lines))
        return "\n\n".join(blocks) + "\n"


# -- printing ------------------------------------------------------------------------------------

_PRECEDENCE = {"or": 1, "and": 2, "not": 3, "==": 4, "!=": 4, "<": 4, "<=": 4, ">": 4, ">=": 4}
_PRECEDENCE |= {"+": 5, "-": 5, "*": 6, "/": 6}
_COMPARISONS = ("==", "!=", "<=", ">=", "<", ">")
FUNCTIONS: Mapping[str, tuple[int, int]] = {
    "min": (2, 99),
    "max": (2, 99),
    "abs": (1, 1),
    "round_up": (1, 1),
    "round_down": (1, 1),
}
KEYWORDS = ("if", "otherwise", "undecided", "and", "or", "not", "lowest", "highest", "ties")


def expr_text(node: Node, parent: int = 0) -> str:
    """``node`` written with the parentheses its precedence needs."""
    if isinstance(node, Num):
        v = node.value
        return str(v.numerator) if v.denominator == 1 else _decimal(v)
    if isinstance(node, Name):
        return node.name
    if isinstance(node, Call):
        return f"{node.function}({', '.join(expr_text(a) for a in node.args)})"
    if isinstance(node, Unary):
        mine = 3 if node.op == "not" else 7
        inner = expr_text(node.operand, mine)
        text = f"not {inner}" if node.op == "not" else f"-{inner}"
    else:
        mine = _PRECEDENCE[node.op]
        # left-associative: the right operand of an equal precedence needs parentheses
        text = f"{expr_text(node.left, mine)} {node.op} {expr_text(node.right, mine + 1)}"
    return f"({text})" if mine < parent else text


def _decimal(value: Fraction) -> str:
    """A fraction that came from a decimal as that decimal; any other as a division."""
    for places in range(1, 7):
        scaled = value * 10**places
        if scaled.denominator == 1:
            whole, rest = divmod(abs(scaled.numerator), 10**places)
            sign = "-" if value < 0 else ""
            return f"{sign}{whole}.{rest:0{places}d}"
    return f"{value.numerator} / {value.denominator}"


def box_text(box: Box) -> str:
    """One box as written: ``if CONDITION: RESULT`` or ``otherwise: RESULT``."""
    head = "otherwise" if box.condition is None else "if " + expr_text(box.condition)
    return f"{head}: {result_text(box.result)}"


def result_text(result: Node | Pick | None) -> str:
    if result is None:
        return "undecided"
    if isinstance(result, Pick):
        word = "highest" if result.highest else "lowest"
        return f"{word} {expr_text(result.key)}" + (", ties by dice" if result.ties_by_dice else "")
    return expr_text(result)


# -- reading -------------------------------------------------------------------------------------

_TOKEN = re.compile(
    r"\s*(?:(?P<number>[0-9]+(?:\.[0-9]+)?)|(?P<name>[a-z_][a-z0-9_]*(?:\.[a-z0-9_]+)*)"
    r"|(?P<op><=|>=|==|!=|[-+*/(),<>:]))"
)
_HEADER = re.compile(r"^(?P<name>[a-z_][a-z0-9_]*)\s*(?:\((?P<kind>[^)]*)\))?\s*:\s*$")
_KINDS = re.compile(
    r"^(?:(?:each (?P<first>[a-z_]+) and (?P<second>[a-z_]+))|(?:each|choose a|choose an) "
    r"(?P<role>[a-z_]+))$"
)
"""A decision's kind: ``each ROLE``, ``choose a ROLE``, or ``each ROLE and ROLE`` (a number for
every pair: a good's purchase limit for each path, ruling 290)."""


def _tokens(text: str) -> list[str]:
    """The words and symbols of one line. :raises ValueError: a character the language lacks."""
    out: list[str] = []
    position = 0
    while position < len(text):
        if text[position:].strip() == "":
            break
        match = _TOKEN.match(text, position)
        if match is None or match.end() == position:
            bad = text[position:].lstrip()[:1]
            raise ValueError(f"{bad!r} is not part of the chart language")
        out.append(match.group(match.lastgroup or "op"))
        position = match.end()
    return out


class _Reader:
    """A recursive-descent reader of one box (a line); ``names`` says what it may name."""

    def __init__(self, tokens: list[str], names: Collection[str]) -> None:
        self.tokens = tokens
        self.at = 0
        self.names = names
        self.depth = 0

    def peek(self) -> str | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self, expected: str | None = None, what: str | None = None) -> str:
        """The next word; ``expected`` that exact word, ``what`` describes what is wanted."""
        word = self.peek()
        if word is None:
            wanted = what or (repr(expected) if expected else "more")
            raise ValueError(f"expected {wanted} at the end of the line")
        if expected is not None and word != expected:
            raise ValueError(f"expected {expected!r}, found {word!r}")
        self.at += 1
        return word

    def done(self) -> None:
        if self.peek() is not None:
            raise ValueError(f"unexpected {self.peek()!r} after a complete box")

    def _nest(self) -> None:
        """One level deeper; refused past :data:`MAX_DEPTH` (no recursion error, ever)."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ValueError(f"nested more than {MAX_DEPTH} deep: split the box")

    def expression(self) -> Node:
        self._nest()
        node = self._binary(1)
        self.depth -= 1
        return node

    def _binary(self, level: int) -> Node:
        if level == 3:
            if self.peek() == "not":
                self.take()
                self._nest()
                operand = self._binary(3)
                self.depth -= 1
                return Unary("not", operand)
            return self._binary(4)
        if level == 7:
            return self._unary()
        left = self._binary(level + 1)
        while (op := self.peek()) is not None and _PRECEDENCE.get(op) == level:
            self.take()
            right = self._binary(level + 1)
            if level == 4 and self.peek() in _COMPARISONS:
                raise ValueError("one comparison at a time: join them with 'and'")
            left = Binary(op, left, right)
        return left

    def _unary(self) -> Node:
        if self.peek() == "-":
            self.take()
            self._nest()
            operand = self._unary()
            self.depth -= 1
            return Unary("-", operand)
        return self._atom()

    def _atom(self) -> Node:
        word = self.take(what="a number or a quantity")
        if word == "(":
            inner = self.expression()
            self.take(")")
            return inner
        if word[0].isdigit():
            return Num(Fraction(word))
        if word in FUNCTIONS:
            return self._call(word)
        if word in KEYWORDS or (not word[0].isalpha() and word[0] != "_"):
            raise ValueError(f"expected a number or a quantity, found {word!r}")
        if word not in self.names:
            raise ValueError(f"unknown quantity {word!r}{did_you_mean(word, self.names)}")
        return Name(word)

    def _call(self, function: str) -> Node:
        self.take("(")
        args = [self.expression()]
        while self.peek() == ",":
            self.take()
            args.append(self.expression())
        self.take(")")
        low, high = FUNCTIONS[function]
        if not low <= len(args) <= high:
            wanted = f"{low}" if low == high else f"at least {low}"
            raise ValueError(f"{function} takes {wanted} numbers, not {len(args)}")
        return Call(function, tuple(args))


def _split_box(line: str) -> tuple[str, str]:
    """``if CONDITION: RESULT`` -> (head, result): no expression holds a ':', the first splits."""
    head, colon, tail = line.partition(":")
    if not colon:
        raise ValueError("a box is 'if CONDITION: RESULT' or 'otherwise: RESULT' (no ':' found)")
    return head.strip(), tail.strip()


def parse_box(text: str, decision_kind: str, names: Collection[str]) -> Box:
    """One box (``if CONDITION: RESULT``) of a decision of ``decision_kind``, naming ``names``.

    :raises ChartError: it cannot be read (the message says why and suggests a word).
    """
    try:
        return _parse_box(text.lower(), decision_kind, names)
    except ValueError as error:
        raise ChartError(str(error)) from None


def _parse_box(text: str, decision_kind: str, names: Collection[str]) -> Box:
    """One box. :raises ValueError: with a message for a person (the caller adds the line)."""
    head, tail = _split_box(text)
    if head == "otherwise":
        condition: Node | None = None
    elif re.match(r"if\b", head):
        reader = _Reader(_tokens(head[2:]), names)
        if reader.peek() is None:
            raise ValueError("'if' needs a condition")
        condition = reader.expression()
        reader.done()
        _check_kind(condition, want_number=False)
    else:
        first = head.split()[0] if head.split() else head
        hint = did_you_mean(first, ["if", "otherwise"])
        raise ValueError(f"a box begins with 'if' or 'otherwise', not {first!r}{hint}")
    return Box(condition, _parse_result(tail, decision_kind, names))


def _parse_result(text: str, decision_kind: str, names: Collection[str]) -> Node | Pick | None:
    tokens = _tokens(text)
    if tokens == ["undecided"]:
        return None
    if not tokens:
        raise ValueError("a box needs a result after ':' (a number, or 'undecided')")
    chooses = decision_kind.startswith("choose")
    if tokens[0] in ("lowest", "highest"):
        if not chooses:
            raise ValueError(f"{tokens[0]!r} belongs to a decision that chooses a player")
        return _parse_pick(tokens, names)
    if chooses:
        raise ValueError("this decision chooses: 'lowest EXPR' or 'highest EXPR' or 'undecided'")
    reader = _Reader(tokens, names)
    result = reader.expression()
    reader.done()
    _check_kind(result, want_number=True)
    return result


def _parse_pick(tokens: list[str], names: Collection[str]) -> Pick:
    by_dice = tokens[-4:] == [",", "ties", "by", "dice"]
    reader = _Reader(tokens[1 : len(tokens) - 4 if by_dice else len(tokens)], names)
    key = reader.expression()
    if reader.peek() == ",":
        raise ValueError("after the key only ', ties by dice' may follow")
    reader.done()
    _check_kind(key, want_number=True)
    return Pick(tokens[0] == "highest", key, by_dice)


def _is_condition(node: Node) -> bool:
    if isinstance(node, Unary):
        return node.op == "not"
    return isinstance(node, Binary) and (node.op in _COMPARISONS or node.op in ("and", "or"))


def _check_kind(node: Node, want_number: bool) -> None:
    """Arithmetic on numbers only; a result is a number (a bare quantity is also a flag)."""
    for child in _children(node):
        _check_kind(child, want_number=not _is_logic(node))
    if want_number and _is_condition(node):
        raise ValueError(f"{expr_text(node)!r} is a condition where a number is needed")


def _is_logic(node: Node) -> bool:
    return (isinstance(node, Binary) and node.op in ("and", "or")) or (
        isinstance(node, Unary) and node.op == "not"
    )


def _children(node: Node) -> tuple[Node, ...]:
    if isinstance(node, Unary):
        return (node.operand,)
    if isinstance(node, Binary):
        return (node.left, node.right)
    if isinstance(node, Call):
        return node.args
    return ()


def _lines(text: str) -> Iterator[tuple[int, str, bool]]:
    """(line number, text without comment, indented) for every line that says something."""
    for number, raw in enumerate(text.splitlines(), start=1):
        if number > MAX_LINES:
            raise ChartError(f"line {number}: a chart has at most {MAX_LINES} lines")
        if len(raw) > MAX_LINE:
            raise ChartError(f"line {number}: longer than {MAX_LINE} characters; split the box")
        line = raw.split("#", 1)[0].rstrip()
        if line.strip():
            yield number, line.strip().lower(), line[:1] in (" ", "\t")


def _header(number: int, line: str, vocabulary: Vocabulary) -> tuple[str, str]:
    match = _HEADER.match(line)
    if match is None:
        raise ChartError(
            f"line {number}: expected a decision 'NAME:' or 'NAME (each player):', "
            f"or an indented box, not {line!r}"
        )
    name, kind = match.group("name"), " ".join((match.group("kind") or "number").split())
    if vocabulary.tasks and name not in vocabulary.tasks:
        hint = did_you_mean(name, vocabulary.tasks)
        raise ChartError(f"line {number}: the government has no task {name!r}{hint}")
    role = _KINDS.match(kind)
    if kind != "number" and (role is None or not set(_roles(kind)) <= set(vocabulary.roles)):
        kinds = [f"each {r} / choose a {r}" for r in sorted(vocabulary.roles)]
        kinds += _pairs(vocabulary)  # 'each good and path' where a task takes it (ruling 290)
        raise ChartError(f"line {number}: {kind!r} is not a kind of decision ({', '.join(kinds)})")
    if kind.startswith("choose an "):
        kind = "choose a " + kind.removeprefix("choose an ")
    wanted = vocabulary.tasks.get(name)
    # a task may be decidable more than one way ("each player | each path": a tax burden)
    if wanted is not None and kind not in wanted.split(" | "):
        raise ChartError(f"line {number}: {name} is decided as ({wanted}), not ({kind})")
    return name, kind


def _pairs(vocabulary: Vocabulary) -> list[str]:
    """The two-role kinds the vocabulary's tasks take (``each good and path``), so that a
    refused kind's message names them beside the one-role kinds."""
    kinds = (k for wanted in vocabulary.tasks.values() for k in wanted.split(" | "))
    return sorted({k for k in kinds if " and " in k})


def _roles(kind: str) -> tuple[str, ...]:
    """The roles a decision of ``kind`` is made for: none, one, or two (``each good and path``)."""
    match = _KINDS.match(kind)
    if match is None:
        return ()
    return tuple(r for r in match.group("first", "second", "role") if r)


def names_for(kind: str, vocabulary: Vocabulary) -> frozenset[str]:
    """The quantities a decision of ``kind`` may name: the game's, and its roles'."""
    names = vocabulary.names
    for role in _roles(kind):
        names |= vocabulary.roles.get(role, frozenset())
    return names


def parse_chart(text: str, vocabulary: Vocabulary) -> Chart:
    """Read a whole flow chart.

    :raises ChartError: the first line that cannot be read, named, with a suggestion where one
        helps; a decision written twice, a box after ``otherwise``, a task with no decision.
    """
    decisions: list[Decision] = []
    current: tuple[str, str, list[Box], int] | None = None
    lines = list(_lines(text))
    otherwise_line: dict[str, int] = {}
    for number, line, indented in lines:
        if not indented:
            if current is not None:
                decisions.append(Decision(current[0], current[1], tuple(current[2])))
            name, kind = _header(number, line, vocabulary)
            if any(d.name == name for d in decisions):
                raise ChartError(f"line {number}: the decision {name!r} is written twice")
            current = (name, kind, [], number)
            continue
        if current is None:
            raise ChartError(f"line {number}: a box must follow a decision's header ('NAME:')")
        if current[0] in otherwise_line:
            raise ChartError(
                f"line {number}: this box follows 'otherwise' (line "
                f"{otherwise_line[current[0]]}) and can never be reached"
            )
        try:
            box = _parse_box(line, current[1], names_for(current[1], vocabulary))
        except ValueError as error:
            raise ChartError(f"line {number}: {error}") from None
        if box.condition is None:
            otherwise_line[current[0]] = number
        current[2].append(box)
    if current is not None:
        decisions.append(Decision(current[0], current[1], tuple(current[2])))
    _check_complete(decisions, vocabulary)
    return Chart(tuple(decisions))


def _check_complete(decisions: Sequence[Decision], vocabulary: Vocabulary) -> None:
    """Seed: "at the beginning of the game the players are obligated to provide instructions"."""
    for decision in decisions:
        if not decision.boxes:
            raise ChartError(f"the decision {decision.name!r} has no box (write 'otherwise: ...')")
    missing = [t for t in vocabulary.tasks if t not in {d.name for d in decisions}]
    if missing:
        raise ChartError(
            "the chart has no decision for " + ", ".join(missing) + " (write at least "
            "'otherwise: undecided' to leave it to the first player)"
        )


# -- evaluating ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Decided:
    """The chart decided ``value`` (a whole number) at box ``box`` (1-based)."""

    value: int
    box: int


@dataclass(frozen=True)
class Chosen:
    """The chart picked ``candidates`` (more than one: tied, to be rolled for) at ``box``."""

    candidates: tuple[str, ...]
    box: int


@dataclass(frozen=True)
class Undecided:
    """The chart cannot decide; the first player does. ``box`` is where it stopped (1-based;
    one past the last box when it ran off the end), ``reason`` says why, for the table."""

    reason: str
    box: int


class _Stuck(Exception):
    """The chart cannot be interpreted here (a missing value, a division by zero)."""


Quantities = Mapping[str, Number]


def _value(node: Node, quantities: Quantities) -> Fraction:
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Name):
        if node.name not in quantities:
            raise _Stuck(f"the game has no value for {node.name} now")
        return Fraction(quantities[node.name])
    if isinstance(node, Unary):
        inner = _value(node.operand, quantities)
        return -inner if node.op == "-" else Fraction(int(inner == 0))
    if isinstance(node, Call):
        return _call(node, quantities)
    return _binary(node, quantities)


def _binary(node: Binary, quantities: Quantities) -> Fraction:
    left = _value(node.left, quantities)
    if (node.op == "and" and left == 0) or (node.op == "or" and left != 0):
        return Fraction(int(node.op == "or"))  # short-circuit: the right side need not exist
    right = _value(node.right, quantities)
    if node.op in ("and", "or"):
        return Fraction(int(right != 0))
    if node.op == "/":
        if right == 0:
            raise _Stuck(f"{expr_text(node)} divides by zero")
        return left / right
    return _ARITHMETIC[node.op](left, right)


_ARITHMETIC: Mapping[str, Callable[[Fraction, Fraction], Fraction]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "==": lambda a, b: Fraction(int(a == b)),
    "!=": lambda a, b: Fraction(int(a != b)),
    "<": lambda a, b: Fraction(int(a < b)),
    "<=": lambda a, b: Fraction(int(a <= b)),
    ">": lambda a, b: Fraction(int(a > b)),
    ">=": lambda a, b: Fraction(int(a >= b)),
}


def _call(node: Call, quantities: Quantities) -> Fraction:
    args = [_value(a, quantities) for a in node.args]
    if node.function == "min":
        return min(args)
    if node.function == "max":
        return max(args)
    if node.function == "abs":
        return abs(args[0])
    if node.function == "round_up":
        return Fraction(ceil(args[0]))
    return Fraction(floor(args[0]))


def _holds(box: Box, quantities: Quantities) -> bool:
    return box.condition is None or _value(box.condition, quantities) != 0


def decide(chart: Chart, name: str, quantities: Quantities) -> Decided | Undecided:
    """Run decision ``name`` over the game's ``quantities`` (for an ``each`` decision, the
    game includes that player's, frequency's ... ``ROLE.*`` values).

    :raises ChartError: no such decision, or it is one that chooses (see :func:`choose`).
    """
    decision = chart.decision(name)
    if decision.chooses:
        raise ChartError(f"{name} chooses a {decision.role}: use choose()")
    for index, box in enumerate(decision.boxes, start=1):
        try:
            if not _holds(box, quantities):
                continue
            if box.result is None or isinstance(box.result, Pick):  # the reader refuses picks
                return Undecided("the chart says undecided", index)
            value = _value(box.result, quantities)
        except _Stuck as stuck:
            return Undecided(str(stuck), index)
        if value.denominator != 1:
            return Undecided(f"the chart gives {value}, not a whole number", index)
        return Decided(int(value), index)
    return Undecided("no box covers this case", len(decision.boxes) + 1)


def choose(
    chart: Chart, name: str, quantities: Quantities, candidates: Mapping[str, Quantities]
) -> Chosen | Undecided:
    """Run decision ``name``, which picks among ``candidates`` (an opaque id -> that
    candidate's ``ROLE.*`` values; the chart never sees the ids).

    A tie under ``ties by dice`` gives every tied candidate (roll with :func:`roll_tie`);
    without it a tie is undecided.

    :raises ChartError: no such decision, or it decides a number (see :func:`decide`).
    """
    decision = chart.decision(name)
    if not decision.chooses:
        raise ChartError(f"{name} decides a number: use decide()")
    if not candidates:
        return Undecided("there is nobody to choose", 1)
    for index, box in enumerate(decision.boxes, start=1):
        try:
            if not _holds(box, quantities):
                continue
            if not isinstance(box.result, Pick):  # None; the reader refuses numbers in picks
                return Undecided("the chart says undecided", index)
            return _pick(box.result, index, quantities, candidates)
        except _Stuck as stuck:
            return Undecided(str(stuck), index)
    return Undecided("no box covers this case", len(decision.boxes) + 1)


def _pick(
    pick: Pick, index: int, quantities: Quantities, candidates: Mapping[str, Quantities]
) -> Chosen | Undecided:
    keys = {c: _value(pick.key, {**quantities, **own}) for c, own in candidates.items()}
    best = max(keys.values()) if pick.highest else min(keys.values())
    tied = tuple(c for c, k in keys.items() if k == best)
    if len(tied) > 1 and not pick.ties_by_dice:
        return Undecided(f"{len(tied)} are tied on {expr_text(pick.key)}", index)
    return Chosen(tied, index)


def roll_tie(chosen: Chosen, chance: Chance, label: str) -> str:
    """The one candidate of ``chosen``, rolling a die among the tied (as the seed's "rolling
    randomly for ties"); no roll when there is no tie."""
    if len(chosen.candidates) == 1:
        return chosen.candidates[0]
    return chosen.candidates[chance.integer(label, 1, len(chosen.candidates)) - 1]


# -- changing the chart --------------------------------------------------------------------------


@dataclass(frozen=True)
class Amendment:
    """A change to one box: ``replace`` box N, ``insert`` a box before N, or ``delete`` box N."""

    decision: str
    action: str
    box: int
    new: Box | None = None

    def to_text(self) -> str:
        tail = "" if self.new is None else ": " + box_text(self.new)
        return f"{self.decision} {self.action} {self.box}{tail}"


_AMENDMENT = re.compile(
    r"^(?P<name>[a-z_][a-z0-9_]*) +(?P<action>[a-z]+) +(?P<box>\d{1,4})(?P<rest>.*)$"
)
ACTIONS = ("replace", "insert", "delete")


def parse_amendment(text: str, chart: Chart, vocabulary: Vocabulary) -> Amendment:
    """``tax_burden replace 2: if cycle == 1: 8``, ``... insert 1: ...``, ``... delete 3``.

    :raises ChartError: unreadable, an unknown decision or box, or a box that does not read.
    """
    line = " ".join(text.split("#", 1)[0].lower().split())
    match = _AMENDMENT.match(line)
    if match is None:
        raise ChartError("an amendment is 'DECISION replace|insert|delete N[: BOX]'")
    decision = chart.decision(match.group("name"))
    action = match.group("action")
    if action not in ACTIONS:
        raise ChartError(f"unknown amendment {action!r}{did_you_mean(action, ACTIONS)}")
    rest = match.group("rest").strip()
    if action == "delete":
        if rest:
            raise ChartError("'delete N' takes no box")
        return Amendment(decision.name, action, int(match.group("box")))
    if not rest.startswith(":"):
        raise ChartError(f"'{action} N' needs ': BOX' (if CONDITION: RESULT)")
    try:
        box = _parse_box(rest[1:].strip(), decision.kind, names_for(decision.kind, vocabulary))
    except ValueError as error:
        raise ChartError(f"amendment: {error}") from None
    return Amendment(decision.name, action, int(match.group("box")), box)


def amend(chart: Chart, amendment: Amendment) -> Chart:
    """The chart with ``amendment`` made.

    :raises ChartError: a box that does not exist, a box after ``otherwise``, or a decision left
        with no box.
    """
    decision = chart.decision(amendment.decision)
    boxes = list(decision.boxes)
    last = len(boxes) + (1 if amendment.action == "insert" else 0)
    if not 1 <= amendment.box <= last:
        raise ChartError(f"{decision.name} has boxes 1 to {len(boxes)}, not {amendment.box}")
    at = amendment.box - 1
    if amendment.action == "delete":
        del boxes[at]
    elif amendment.new is None:
        raise ChartError(f"'{amendment.action}' needs a box")
    elif amendment.action == "insert":
        boxes.insert(at, amendment.new)
    else:
        boxes[at] = amendment.new
    _check_boxes(decision.name, boxes)
    new = replace(decision, boxes=tuple(boxes))
    return Chart(tuple(new if d.name == decision.name else d for d in chart.decisions))


def _check_boxes(name: str, boxes: Sequence[Box]) -> None:
    if not boxes:
        raise ChartError(f"{name} would have no box left")
    for index, box in enumerate(boxes[:-1], start=1):
        if box.condition is None:
            raise ChartError(f"{name}: box {index + 1} would follow 'otherwise' (never reached)")


def vote_amendment(chart: Chart, amendment: Amendment, votes: Mapping[str, bool]) -> Chart:
    """Seed: "if it receives a unanimous vote it passes": every vote yes (and at least one
    vote) gives the amended chart; otherwise the chart is unchanged.

    :raises ChartError: the amendment cannot be made (checked even if it fails the vote).
    """
    amended = amend(chart, amendment)
    return amended if votes and all(votes.values()) else chart


def extend(
    chart: Chart,
    name: str,
    stuck: Undecided,
    new: Box,
    quantities: Quantities,
    candidates: Mapping[str, Quantities] | None = None,
) -> Chart:
    """Seed: "the first player must decide what occurs. The flow chart is modified to include
    that case". ``new`` (written by the first player) goes in just before the box where the
    chart stopped, and must decide the case at hand itself, so that the same case never reaches
    the first player twice.

    :raises ChartError: ``new`` does not decide this case, or it is not a box of this decision.
    """
    decision = chart.decision(name)
    amended = amend(chart, Amendment(name, "insert", min(stuck.box, len(decision.boxes) + 1), new))
    again: Decided | Chosen | Undecided
    if decision.chooses:
        again = choose(amended, name, quantities, candidates or {})
    else:
        again = decide(amended, name, quantities)
    if isinstance(again, Undecided) or again.box != stuck.box:
        raise ChartError(f"the new box does not decide the case at hand ({stuck.reason})")
    return amended


def missing_values(chart: Chart, quantities: Collection[str]) -> list[str]:
    """Quantities the chart names that are not in ``quantities`` (for the game's own checks)."""
    named: set[str] = set()

    def walk(node: Node | Pick | None) -> None:
        if isinstance(node, Pick):
            walk(node.key)
        elif isinstance(node, Name):
            named.add(node.name)
        elif node is not None:
            for child in _children(node):
                walk(child)

    for decision in chart.decisions:
        for box in decision.boxes:
            walk(box.condition)
            walk(box.result)
    return sorted(named - set(quantities))


# -- Crusoe's Planet's quantities -----------------------------------------------------------------

_GOODS = ("water", "banana", "apple", "grape", "egg", "fish", "spear", "diamond")
_FREQUENCIES = ("cb", "military", "top40")
_PATHS = ("ant", "dung_beetle", "spider", "sand_crab", "firefly", "bookworm", "grasshopper")
HISTORY = 8  # cycles back a chart may look ("what path they traversed three cycles ago")


def _game_names() -> frozenset[str]:
    names = {"cycle", "players", "players_alive", "signals.total"}
    names |= {f"signals.{f}" for f in _FREQUENCIES}
    names |= {f"{what}.{good}" for what in ("price", "market") for good in _GOODS}
    return frozenset(names)


def _player_names() -> frozenset[str]:
    own = ["vp", "money", "leisure", "last_leisure", "alive", "wounded", "tax_burden", "food"]
    own += ["rank.vp", "rank.money", "rank.last_leisure", "rank.goods"]
    own += [f"{what}.{good}" for what in ("goods", "produced") for good in _GOODS]
    own += [f"radio.{f}" for f in _FREQUENCIES]
    own += [f"{what}.{p}" for what in ("path", "last_path", "paths_walked") for p in _PATHS]
    own += [f"path_ago.{n}.{p}" for n in range(1, HISTORY + 1) for p in _PATHS]
    return frozenset(f"player.{name}" for name in own)


CRUSOE_NAMES = _game_names()
"""The game's quantities: ``cycle``, ``players``, ``players_alive``, ``signals.<frequency>``
(recorded in the pool), ``signals.total``, ``price.<good>`` (this cycle's commodity price),
``market.<good>`` (money available in that market)."""
CRUSOE_ROLES: Mapping[str, frozenset[str]] = {
    "player": _player_names(),
    "frequency": frozenset(
        {"frequency.pool", "frequency.made", *(f"frequency.{f}" for f in _FREQUENCIES)}
    ),
    "good": frozenset(
        {"good.price", "good.market", "good.produced", *(f"good.{g}" for g in _GOODS)}
    ),
    "path": frozenset({"path.walkers", "path.last_walkers", *(f"path.{p}" for p in _PATHS)}),
}
"""A player's quantities by role, never by name: ``player.vp``, ``player.rank.vp`` (1 the most;
ties share a rank), ``player.money``, ``player.leisure``, ``player.last_leisure`` (earned in the
previous cycle), ``player.rank.goods`` (by units held), ``player.goods.<good>``,
``player.produced.<good>`` (this cycle),
``player.radio.<frequency>``, ``player.path.<path>`` (1 if he walks it this cycle),
``player.last_path.<path>``, ``player.path_ago.<n>.<path>``, ``player.paths_walked.<path>``,
``player.tax_burden``, ``player.alive``, ``player.wounded``, ``player.food`` (units of food
held); a frequency's (``frequency.pool``, ``frequency.made``, ``frequency.cb`` 1 or 0 ...) and a
good's (``good.price``, ``good.market``, ``good.produced``, ``good.water`` 1 or 0 ...); a
path's (``path.walkers`` this cycle, ``path.last_walkers``, ``path.firefly`` 1 or 0 ...), for a
burden set per path as National Capitalism's built policy does (ruling 30)."""

NATIONAL_CAPITALISM_TASKS: Mapping[str, str] = {
    "radio_reward": "each frequency",
    "tax_burden": "each player",
    "estate": "choose a player",
}
"""National Capitalism's government tasks: "how much money will be paid for each Radio Signal
of any given type", "how much each player ... has as his tax burden", and (Government Types)
"how to distribute the goods of a player who dies of hunger or thirst"."""


def crusoe_vocabulary(tasks: Mapping[str, str] = NATIONAL_CAPITALISM_TASKS) -> Vocabulary:
    """What a Crusoe's Planet chart may name, for a government with ``tasks``."""
    return Vocabulary(CRUSOE_NAMES, CRUSOE_ROLES, tasks)


SEED_EXAMPLE = """\
# The seed's example of Bureaucracy (National Capitalism), box for box.
radio_reward (each frequency):
  # 1) the reward for each Radio Signal is $30 minus the number of such Signals in the pool
  otherwise: 30 - frequency.pool

tax_burden (each player):
  # 2) each player begins the game with a tax burden of 7
  if cycle == 1: 7
  # 3) less one if he went down the Firefly on the previous turn, not below 1, and
  # 4) plus 2 for the player (or players) who earned the most Leisure on the previous turn
  if player.last_path.firefly and player.rank.last_leisure == 1: max(player.tax_burden - 1, 1) + 2
  if player.last_path.firefly: max(player.tax_burden - 1, 1)
  if player.rank.last_leisure == 1: player.tax_burden + 2
  otherwise: player.tax_burden

estate (choose a player):
  # 5) a starved player's goods go to the player with the lowest VP, rolling for ties
  otherwise: lowest player.vp, ties by dice
"""
"""The seed's National Capitalism flow chart in this notation (ruling 33)."""
