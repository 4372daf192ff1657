"""Fuzz and property tests of the flow chart language (``sealed.games.crusoe.policy``).

- the reader never fails with anything but a :class:`ChartError` naming a line, whatever text
  it is given (random text, and random lines of the language's own words);
- any chart prints and reads back to the same chart;
- evaluation is total (a decision or an undecided case with a box, never an exception) and
  deterministic, and the box that decides is the first whose condition holds;
- an amendment undone by its inverse gives the chart back; a failed vote changes nothing;
- an extension decides the case that was undecided.
"""

from __future__ import annotations

import re
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from sealed.games.crusoe.policy import (
    Amendment,
    Binary,
    Box,
    Call,
    Chart,
    ChartError,
    Decided,
    Decision,
    Name,
    Node,
    Num,
    Undecided,
    Vocabulary,
    amend,
    crusoe_vocabulary,
    decide,
    extend,
    parse_box,
    parse_chart,
    vote_amendment,
)

NAMES = ("cycle", "a", "b", "price.water")
VOCABULARY = Vocabulary(frozenset(NAMES), {"player": frozenset({"player.vp"})})
WORDS = [
    *NAMES,
    "player.vp",
    "if",
    "otherwise",
    "undecided",
    "and",
    "or",
    "not",
    "lowest",
    "highest",
    ", ties by dice",
    "min(",
    "max(",
    "round_up(",
    "(",
    ")",
    ",",
    ":",
    "+",
    "-",
    "*",
    "/",
    "==",
    "<",
    ">=",
    "!=",
    "0",
    "7",
    "2.5",
    "#",
    "\t",
    "(each player)",
    "(choose a player)",
    "x",
]


def _line_number(message: str) -> bool:
    return (
        re.match(r"line \d+: ", message) is not None
        or "no decision" in message
        or ("has no box" in message)
    )


@given(st.text(max_size=300))
def test_random_text_is_read_or_refused_with_a_chart_error(text: str) -> None:
    try:
        parse_chart(text, VOCABULARY)
    except ChartError as error:
        assert str(error) and "\n" not in str(error)


@given(st.text(max_size=120), st.sampled_from(["number", "choose a player"]))
def test_a_random_box_is_read_or_refused_with_a_chart_error(text: str, kind: str) -> None:
    try:
        parse_box(text, kind, VOCABULARY.names | VOCABULARY.roles["player"])
    except ChartError as error:
        assert str(error) and "\n" not in str(error)


lines = st.lists(st.sampled_from(WORDS), max_size=14).map(" ".join)


@given(
    st.lists(
        st.tuples(st.booleans(), lines).map(lambda t: ("  " if t[0] else "") + t[1]), max_size=8
    )
)
def test_random_lines_of_the_languages_words_are_read_or_refused_naming_a_line(
    chart_lines: list[str],
) -> None:
    text = "a:\n" + "\n".join(chart_lines)
    try:
        chart = parse_chart(text, VOCABULARY)
    except ChartError as error:
        assert _line_number(str(error)), str(error)
        return
    assert parse_chart(chart.to_text(), VOCABULARY) == chart


# -- generated charts ----------------------------------------------------------------------------

# literals as a person writes them: whole or decimal, never negative (a minus is an operator)
numbers = st.builds(Num, st.integers(0, 80).map(lambda n: Fraction(n, 4)))
names = st.sampled_from(NAMES).map(Name)


def _extend(children: st.SearchStrategy[Node]) -> st.SearchStrategy[Node]:
    arithmetic = st.builds(Binary, st.sampled_from(["+", "-", "*", "/"]), children, children)
    calls = st.builds(
        Call, st.sampled_from(["min", "max"]), st.lists(children, min_size=2, max_size=3)
    ).map(lambda c: Call(c.function, tuple(c.args)))
    rounding = st.builds(
        lambda f, x: Call(f, (x,)), st.sampled_from(["abs", "round_up", "round_down"]), children
    )
    return arithmetic | calls | rounding


expressions = st.recursive(numbers | names, _extend, max_leaves=8)
comparisons = st.builds(
    Binary, st.sampled_from(["==", "!=", "<", "<=", ">", ">="]), expressions, expressions
)
conditions = st.recursive(
    comparisons | names,
    lambda c: st.builds(Binary, st.sampled_from(["and", "or"]), c, c),
    max_leaves=4,
)
boxes = st.builds(Box, conditions, st.none() | expressions)


@st.composite
def charts(draw: st.DrawFn) -> Chart:
    body = draw(st.lists(boxes, min_size=1, max_size=5))
    if draw(st.booleans()):
        body.append(Box(None, draw(st.none() | expressions)))
    return Chart((Decision("a", "number", tuple(body)),))


values = st.fixed_dictionaries(
    {}, optional={n: st.integers(-5, 5) | st.fractions(-5, 5, max_denominator=3) for n in NAMES}
)


@given(charts())
def test_any_chart_prints_and_reads_back_the_same(chart: Chart) -> None:
    assert parse_chart(chart.to_text(), VOCABULARY) == chart


@given(charts(), values)
def test_evaluation_is_total_deterministic_and_the_first_holding_box_decides(
    chart: Chart, quantities: dict[str, int | Fraction]
) -> None:
    result = decide(chart, "a", quantities)
    assert result == decide(chart, "a", quantities)
    boxes_ = chart.decision("a").boxes
    assert 1 <= result.box <= len(boxes_) + 1
    if isinstance(result, Decided):
        assert isinstance(result.value, int)
        decided_by = boxes_[result.box - 1]
        assert decided_by.result is not None
    # every box before the one that decided (or stopped) held nothing the chart could use
    earlier = Chart((Decision("a", "number", boxes_[: result.box - 1]),))
    if result.box > 1:
        assert decide(earlier, "a", quantities) == Undecided("no box covers this case", result.box)


@given(charts(), boxes, st.data())
def test_inserting_then_deleting_a_box_gives_the_chart_back(
    chart: Chart, box: Box, data: st.DataObject
) -> None:
    decision = chart.decision("a")
    last_is_otherwise = decision.boxes[-1].condition is None
    top = len(decision.boxes) + (0 if last_is_otherwise else 1)
    at = data.draw(st.integers(1, top))
    inserted = amend(chart, Amendment("a", "insert", at, box))
    assert amend(inserted, Amendment("a", "delete", at)) == chart
    assert vote_amendment(chart, Amendment("a", "insert", at, box), {"x": True, "y": False}) == (
        chart
    )


@given(charts(), values, st.integers(-9, 9))
def test_an_extension_decides_the_case_that_was_undecided(
    chart: Chart, quantities: dict[str, int | Fraction], value: int
) -> None:
    stuck = decide(chart, "a", quantities)
    if isinstance(stuck, Decided):
        return
    # the first player's ruling for exactly this case: a condition that holds now
    known = sorted(quantities)
    condition: Node = (
        Binary("==", Name(known[0]), Num(Fraction(quantities[known[0]])))
        if known
        else Binary("==", Num(Fraction(1)), Num(Fraction(1)))
    )
    extended = extend(chart, "a", stuck, Box(condition, Num(Fraction(value))), quantities)
    assert decide(extended, "a", quantities) == Decided(value, stuck.box)


def test_the_crusoe_vocabulary_names_no_seat_and_reads_the_seed() -> None:
    vocabulary = crusoe_vocabulary()
    everything = vocabulary.all_names()
    assert "cycle" in everything and "player.rank.vp" in everything
    assert not [n for n in everything if n.startswith(("seat", "name"))]
    per_path = parse_chart(
        "tax_burden (each path):\n  if path.firefly: 0\n  otherwise: 4", crusoe_vocabulary({})
    )
    assert decide(per_path, "tax_burden", {"path.firefly": 1}) == Decided(0, 1)
