"""Walkthrough findings on `sealed serve` (18, 19): a data folder that cannot be made and a
port in use are one line each, and "serves on" is printed only once the port is bound."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from sealed.cli import cli


@pytest.fixture
def busy_port() -> Iterator[int]:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        yield taken.getsockname()[1]


def test_a_port_in_use_is_one_line_and_no_claim_to_serve(busy_port: int, tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'sealed.db'}"
    result = CliRunner().invoke(cli, ["serve", "--db", db, "--port", str(busy_port)])
    assert result.exit_code == 1, result.output
    assert result.output == (
        f"Error: port {busy_port} is in use (another sealed serve?); try --port {busy_port + 1}\n"
    )
    assert "serves on" not in result.output


def test_a_data_folder_that_cannot_be_made_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SEALED_DATA_DIR", "/proc/nope")
    result = CliRunner().invoke(cli, ["serve"])
    assert result.exit_code == 1, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith("Error: cannot make the data folder '/proc/nope': ")
    assert "Traceback" not in result.output and "FileNotFoundError" not in result.output
