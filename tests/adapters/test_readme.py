"""The README's research-adapter examples run as printed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def examples() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Research adapters", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, flags=re.S)


def test_the_section_has_one_example_per_adapter() -> None:
    found = examples()
    assert len(found) == 2
    assert "sealed.adapters.pettingzoo" in found[0]
    assert "sealed.adapters.openspiel" in found[1]
    assert all(len(code.strip().splitlines()) <= 14 for code in found)


@pytest.mark.parametrize("index", [0, 1], ids=["pettingzoo", "openspiel"])
def test_an_example_runs(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(examples()[index], f"README example {index + 1}", "exec"), {})
    printed = capsys.readouterr().out
    assert "player_0" in printed  # the rewards, scores or view it prints at the end
