"""PostgreSQL only: the full-text search is answered from the GIN index of migration 0003."""
from __future__ import annotations

import pytest
from django.db import connection

from archive.models import Evidence
from archive.selectors import evidence_search
from tests.archive.archive_helpers import fresh_cache, make_evidence, make_game  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def test_the_search_index_exists():
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'evidence_search_vector'")
        (definition,) = cursor.fetchone()
    assert "gin" in definition and "to_tsvector" in definition


def test_the_planner_can_answer_a_search_from_the_index():
    make_evidence(make_game(), 50)
    queryset = evidence_search(Evidence.objects.all(), "market")
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        sql, params = queryset.values("id").query.sql_with_params()
        cursor.execute("EXPLAIN " + sql, params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert "evidence_search_vector" in plan, plan


def test_search_is_ranked_and_stemming_free():
    game = make_game()
    make_evidence(game, 3, content="dice dice dice")
    (other,) = make_evidence(game, 1, content="dice once")
    results = list(evidence_search(Evidence.objects.all(), "dice").order_by("-search_rank", "id"))
    assert len(results) == 4 and results[-1] == other
    assert not evidence_search(Evidence.objects.all(), "die").exists()
