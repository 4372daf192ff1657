"""The schema: the migration builds exactly the tables the code uses; SQLite is durable."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from click.testing import CliRunner
from sqlalchemy.engine import Engine

from sealed.cli import cli
from sealed.server.cli import redacted
from sealed.server.db import default_url, metadata, migrate, open_engine, reading


def test_the_migration_builds_the_tables_the_code_uses(engine: Engine) -> None:
    inspector = sa.inspect(engine)
    for table in metadata.sorted_tables:
        built = {c["name"] for c in inspector.get_columns(table.name)}
        assert built == {c.name for c in table.columns}, table.name


def test_sqlite_commits_are_durable(engine: Engine) -> None:
    if engine.dialect.name != "sqlite":
        return  # PostgreSQL's durability is its default (synchronous_commit=on)
    with reading(engine) as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL


def test_serve_refuses_a_bad_database_in_one_line() -> None:
    result = CliRunner().invoke(cli, ["serve", "--db", "nosuchdb://x"])
    assert result.exit_code == 1
    assert result.output.startswith("Error: cannot open the database nosuchdb://x")
    assert len(result.output.strip().splitlines()) == 1


def test_a_database_password_is_never_printed() -> None:
    assert redacted("postgresql://ana:s3cret@127.0.0.1:5432/db") == (
        "postgresql://ana:***@127.0.0.1:5432/db"
    )


def test_sealed_serve_alone_uses_a_sqlite_file_in_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SEALED_DATA_DIR", str(tmp_path / "fresh" / "data"))
    url = default_url()
    assert url == f"sqlite:///{tmp_path / 'fresh' / 'data' / 'sealed.db'}"
    engine = open_engine(url)
    migrate(engine)
    migrate(engine)  # at every start: a no-op once applied
    assert set(sa.inspect(engine).get_table_names()) >= {t.name for t in metadata.sorted_tables}
    engine.dispose()
