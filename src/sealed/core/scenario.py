"""Scenarios: a situation and the orders, as a YAML file (the conformance format).

::

    game: war-slayer
    players: [ana, ben]
    seed: 7                      # optional; decides chance once the script runs out
    options: {}                  # optional rule variants
    setup: {}                    # optional overrides of any subset of the state's keys
    chance: []                   # optional scripted outcomes, consumed in order
    orders:                      # in sequence; a step opens when all prompted seats sealed
      - {seat: ana, text: "dossier KH 7S 2D"}
      - {seat: ana, text: "withdraw", reject: true}   # must be refused; the run goes on
      - {seat: ana, text: "withdraw", reject: "not due"}  # ... with this in the message
      - {seat: ana, text: "withdraw", reject: {code: order/not_due, message: "not due"}}
      - {seat: ana, text: "guess 2", step: 1}       # the step token the order was written for
      - {close: true}            # the deadline passes: unsealed seats get the default
    expect:                      # optional: a subset of the run's JSON output
      result: {scores: {ana: 61}}
      state: {players: {ana: {hq: ["...", 7H, 8D]}}}   # "..." first: the list ends so

A file may hold several scenarios as YAML documents separated by ``---``,
each with a ``name``. Errors name the file and line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from sealed.core.chance import ScriptedChance, SeededChance
from sealed.core.errors import OrderError, ScenarioError, SealedError, SetupError
from sealed.core.game import JsonDict, resolve_options
from sealed.core.jsonable import jsonable
from sealed.core.match import Match
from sealed.core.registry import get_game
from sealed.core.suggest import did_you_mean

SCENARIO_KEYS = (
    "name",
    "game",
    "players",
    "seed",
    "options",
    "setup",
    "chance",
    "orders",
    "expect",
)
STEP_KEYS = ("seat", "text", "reject", "close", "step")
REJECT_KEYS = ("code", "message")


class _LineDict(dict[str, Any]):
    line: int = 0
    key_lines: dict[str, int]


class _Loader(yaml.SafeLoader):
    """A YAML loader whose mappings remember the line they start on."""


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> _LineDict:
    mapping = _LineDict({str(k): v for k, v in loader.construct_mapping(node, deep=True).items()})
    mapping.line = node.start_mark.line + 1
    mapping.key_lines = {
        str(loader.construct_object(key)): key.start_mark.line + 1 for key, _ in node.value
    }
    return mapping


def load_yaml_lines(text: str) -> Any:
    """One YAML document whose mappings remember their lines (see :func:`line_of`).

    :raises yaml.YAMLError: not valid YAML.
    """
    return yaml.load(text, Loader=_Loader)


def line_of(data: Any, path: Sequence[str]) -> int | None:
    """The line of the value at ``path`` inside data read by this module, as near as known."""
    line = data.line if isinstance(data, _LineDict) else None
    for key in path:
        if isinstance(data, _LineDict) and key in data:
            line = data.key_lines.get(key, line)
            data = data[key]
        elif isinstance(data, list) and key.isdigit() and int(key) < len(data):
            data = data[int(key)]
        else:
            break
    return line


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


@dataclass(frozen=True)
class ScenarioStep:
    """One line of ``orders``: a seat's orders, or the deadline passing."""

    line: int
    seat: str = ""
    text: str = ""
    reject: bool | str | Mapping[str, str] = False
    step: int | None = None
    close: bool = False


@dataclass(frozen=True)
class Scenario:
    """A parsed scenario file (or one document of it)."""

    where: str
    name: str
    game: str
    players: tuple[str, ...]
    seed: int | str
    options: Mapping[str, Any]
    setup: Mapping[str, Any]
    chance: tuple[Any, ...]
    steps: tuple[ScenarioStep, ...]
    expect: Mapping[str, Any] = field(default_factory=dict)


@dataclass
class ScenarioRun:
    """What running a scenario gave: the JSON output and any unmet expectations."""

    scenario: Scenario
    output: JsonDict
    failures: list[str]


def load_scenarios(path: str | Path) -> list[Scenario]:
    """Read every scenario in a YAML file.

    :raises ScenarioError: unreadable file, bad YAML or a malformed scenario (with the line).
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise ScenarioError(f"{path}: not UTF-8 text (byte {error.start})") from None
    except OSError as error:
        raise ScenarioError(f"cannot read scenario {path}: {error.strerror}") from None
    try:
        documents = [d for d in yaml.load_all(text, Loader=_Loader) if d is not None]
    except RecursionError:
        raise ScenarioError(f"{path}: nested too deeply to be a scenario") from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark else str(path)
        problem = getattr(error, "problem", None) or str(error)
        raise ScenarioError(f"{where}: not valid YAML: {problem}") from None
    if not documents:
        raise ScenarioError(f"{path}: no scenario in this file")
    return [_scenario(path, doc, index) for index, doc in enumerate(documents, 1)]


def _scenario(path: Path, doc: Any, index: int) -> Scenario:
    if not isinstance(doc, _LineDict):
        raise ScenarioError(f"{path}: document {index} is not a mapping of scenario keys")
    where = f"{path}:{doc.line}"
    _check_keys(doc, SCENARIO_KEYS, path)
    for key in ("game", "players"):
        if key not in doc:
            raise ScenarioError(f"{where}: scenario needs {key!r}")
    players = doc["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ScenarioError(f"{where}: 'players' must be a list of seat names")
    steps = doc.get("orders") or []
    if not isinstance(steps, list):
        raise ScenarioError(f"{where}: 'orders' must be a list")
    for key in ("options", "setup", "expect"):
        if not isinstance(doc.get(key) or {}, dict):
            raise ScenarioError(f"{where}: {key!r} must be a mapping")
    if not isinstance(doc.get("chance") or [], list):
        raise ScenarioError(f"{where}: 'chance' must be a list")
    return Scenario(
        where=where,
        name=str(doc.get("name") or f"{path.stem}#{index}"),
        game=str(doc["game"]),
        players=tuple(players),
        seed=doc.get("seed", 0),
        options=doc.get("options") or {},
        setup=doc.get("setup") or {},
        chance=tuple(doc.get("chance") or []),
        steps=tuple(_step(path, raw, doc.line) for raw in steps),
        expect=doc.get("expect") or {},
    )


def _check_keys(mapping: _LineDict, allowed: tuple[str, ...], path: Path) -> None:
    for key in mapping:
        if key not in allowed:
            raise ScenarioError(
                f"{path}:{mapping.line}: unknown key {key!r}{did_you_mean(str(key), allowed)}"
            )


def _step(path: Path, raw: Any, parent_line: int) -> ScenarioStep:
    if not isinstance(raw, _LineDict):
        raise ScenarioError(f"{path}:{parent_line}: each order must be a mapping, got {raw!r}")
    _check_keys(raw, STEP_KEYS, path)
    if raw.get("close"):
        return ScenarioStep(line=raw.line, close=True)
    if "seat" not in raw or "text" not in raw:
        raise ScenarioError(
            f"{path}:{raw.line}: an order needs 'seat' and 'text' (or 'close: true')"
        )
    reject = raw.get("reject", False)
    if isinstance(reject, _LineDict):
        _check_keys(reject, REJECT_KEYS, path)
        reject = {str(k): str(v) for k, v in reject.items()}
    elif not isinstance(reject, bool | str):
        raise ScenarioError(f"{path}:{raw.line}: 'reject' is true, a message fragment or a mapping")
    step = raw.get("step")
    if step is not None and (isinstance(step, bool) or not isinstance(step, int)):
        raise ScenarioError(f"{path}:{raw.line}: 'step' is a step number")
    return ScenarioStep(
        line=raw.line, seat=str(raw["seat"]), text=str(raw["text"]), reject=reject, step=step
    )


def run_scenario(scenario: Scenario) -> ScenarioRun:
    """Play a scenario and compare its output with ``expect``.

    :raises ScenarioError: the game cannot start, or an order is refused (or accepted)
        against the scenario's word.
    """
    where = scenario.where
    try:
        game = get_game(scenario.game)
        options = resolve_options(game.options, scenario.options)
        chance = ScriptedChance(list(scenario.chance), fallback=SeededChance(scenario.seed))
        match: Match[Any, Any, Any] = Match.new(
            game,
            scenario.players,
            options,
            seed=scenario.seed,
            setup=scenario.setup,
            chance=chance,
        )
    except SetupError as error:
        line = line_of(scenario.setup, error.path) if error.path else None
        at = f"{where.rsplit(':', 1)[0]}:{line}" if line else where
        raise ScenarioError(f"{at}: setup: {error}") from None
    except SealedError as error:
        raise ScenarioError(f"{where}: {error}") from None
    for step in scenario.steps:
        _play_step(match, step, where.rsplit(":", 1)[0])
    output = scenario_output(match)
    return ScenarioRun(scenario, output, expectation_failures(scenario.expect, output))


def _play_step(match: Match[Any, Any, Any], step: ScenarioStep, path: str) -> None:
    at = f"{path}:{step.line}"
    try:
        if step.close:
            match.close()
        else:
            match.seal(step.seat, step.text, step=step.step)
    except OrderError as error:
        if step.reject is False:
            raise ScenarioError(f"{at}: order refused: {error}") from None
        _check_refusal(step.reject, error, at)
        return
    except SealedError as error:
        raise ScenarioError(f"{at}: {error}") from None
    if step.reject is not False:
        raise ScenarioError(f"{at}: expected {step.text!r} to be refused, but it was accepted")


def _check_refusal(reject: bool | str | Mapping[str, str], error: OrderError, at: str) -> None:
    """The refusal matches the scenario's ``reject``: a message fragment, and/or a stable code."""
    fragment = reject if isinstance(reject, str) else None
    code = None
    if isinstance(reject, Mapping):
        fragment, code = reject.get("message"), reject.get("code")
    if code is not None and error.code != code:
        raise ScenarioError(
            f"{at}: order refused as expected, but with code {error.code!r}, not {code!r} ({error})"
        )
    if fragment is not None and fragment.lower() not in str(error).lower():
        raise ScenarioError(
            f"{at}: order refused as expected, but the message {str(error)!r} "
            f"does not mention {fragment!r}"
        )


def scenario_output(match: Match[Any, Any, Any]) -> JsonDict:
    """The JSON a run prints: game, over, result, GM state, every seat's view, all events."""
    result = match.result()
    return {
        "game": match.game.name,
        "over": result is not None,
        "result": result.to_json() if result else None,
        "state": match.game.to_json(match.state),
        "views": {seat: jsonable(match.game.view(match.state, seat)) for seat in match.seats},
        "events": [e.to_json() for e in match.events],
    }


def expectation_failures(expected: Any, actual: Any, path: str = "") -> list[str]:
    """Where ``actual`` differs from ``expected``.

    Mappings match on the keys given; lists element by element and in full,
    except that a list starting with ``"..."`` matches the end of the actual
    list and one ending with ``"..."`` its start; other values by equality.
    """
    if isinstance(expected, Mapping):
        if not isinstance(actual, Mapping):
            return [f"{path or '.'}: expected a mapping, got {actual!r}"]
        failures: list[str] = []
        for key, value in expected.items():
            sub = f"{path}.{key}" if path else str(key)
            if key not in actual:
                failures.append(f"{sub}: missing{did_you_mean(str(key), map(str, actual))}")
            else:
                failures.extend(expectation_failures(value, actual[key], sub))
        return failures
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return [f"{path}: expected a list, got {actual!r}"]
        expected, actual = _align_ellipsis(expected, actual)
        if len(actual) != len(expected):
            return [f"{path}: expected {expected!r}, got {actual!r}"]
        return [
            failure
            for i, item in enumerate(expected)
            for failure in expectation_failures(item, actual[i], f"{path}[{i}]")
        ]
    if expected != actual:
        return [f"{path}: expected {expected!r}, got {actual!r}"]
    return []


def _align_ellipsis(expected: list[Any], actual: list[Any]) -> tuple[list[Any], list[Any]]:
    if expected and expected[0] == "...":
        tail = expected[1:]
        return tail, actual[len(actual) - len(tail) :] if len(tail) <= len(actual) else actual
    if expected and expected[-1] == "...":
        head = expected[:-1]
        return head, actual[: len(head)]
    return expected, actual
