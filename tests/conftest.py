from __future__ import annotations

import os
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in the test thread; the ORM calls a browser test makes
# around it are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = Path(os.environ.get("TEST_ARTIFACTS", ROOT / "test-artifacts"))
# The DLP's database as the project ships it (archive/data/dlp/), and the portal pages beside it.
DLP_DUMP = ROOT / "archive" / "data" / "dlp" / "ludiiGames-2020-08-11.sql.gz"
DLP_PAGES = ROOT / "archive" / "data" / "dlp" / "pages"
SEEDS_DIR = Path(os.environ.get("SEEDS_DIR", ROOT.parent / "shared" / "seeds"))


def require_file(path: Path, what: str, env: str) -> Path:
    """Skip (locally) or fail (where ``env`` is set, as CI sets it) when a shared input is absent."""
    if path.exists():
        return path
    message = f"{what} not found at {path}"
    if os.environ.get(env):
        pytest.fail(f"{message} ({env} is set, so this must not be skipped)")
    pytest.skip(message)


def dlp_dump_text() -> str:
    """The shipped DLP dump as text (for tests that alter it)."""
    import gzip

    return gzip.decompress(DLP_DUMP.read_bytes()).decode("utf-8")


@pytest.fixture
def dlp_dump() -> Path:
    return DLP_DUMP


@pytest.fixture
def seeds_dir() -> Path:
    return require_file(SEEDS_DIR, "the seed documents (../shared/seeds/)", "REQUIRE_SHARED_DATA")


@pytest.fixture
def artifacts_dir() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


def pytest_collection_modifyitems(config, items):
    from django.conf import settings

    on_postgres = settings.DATABASES["default"]["ENGINE"].endswith("postgresql")
    for item in items:
        if "postgres" in item.keywords and not on_postgres:
            item.add_marker(pytest.mark.skip(reason="PostgreSQL only: runs in the suite's PostgreSQL pass"))
