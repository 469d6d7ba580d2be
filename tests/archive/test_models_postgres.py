"""PostgreSQL only: the full-text search is answered from the stored vector of migration 0007 and
its GIN index (0003's expression index, which left ranking to recompute every row's vector, is
gone)."""
from __future__ import annotations

import pytest
from django.db import connection

from archive.models import Evidence
from archive.search import EVIDENCE_VECTOR
from archive.selectors import evidence_filter, evidence_points, evidence_search
from tests.archive.archive_helpers import fresh_cache, make_evidence, make_game  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def test_the_search_index_exists():
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'archive_evidence'")
        definitions = dict(cursor.fetchall())
    assert "gin (search_document)" in definitions["evidence_search_document"]
    assert "evidence_search_vector" not in definitions  # the expression index it replaces


def _plan(queryset, analyze=False) -> str:
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        sql, params = queryset.query.sql_with_params()
        cursor.execute(("EXPLAIN ANALYZE " if analyze else "EXPLAIN ") + sql, params)
        return "\n".join(row[0] for row in cursor.fetchall())


def test_the_planner_can_answer_a_search_from_the_index():
    make_evidence(make_game(), 50)
    plan = _plan(evidence_search(Evidence.objects.all(), "market").values("id"))
    assert "evidence_search_document" in plan, plan


def test_a_ranked_page_reads_the_stored_vector_and_sorts_only_its_rows():
    make_evidence(make_game(), 60)
    page = evidence_filter({"q": "market day"})[:20]
    assert len(page) == 20
    plan = _plan(page, analyze=True)
    assert "to_tsvector" not in plan and "search_document" in plan, plan  # no vector computed per row
    assert "Limit" in plan and "top-N heapsort" in plan, plan


def test_the_stored_vector_is_the_search_vector_and_follows_every_write():
    game = make_game()
    (record,) = make_evidence(game, 1, content="carved board")
    Evidence.objects.filter(pk=record.pk).update(summary="Şeş-Beş in a teahouse", date_text="1890s")

    def vectors():
        return (
            Evidence.objects.filter(pk=record.pk)
            .annotate(expected=EVIDENCE_VECTOR)
            .extra(select={"stored": "search_document"})
            .values_list("expected", "stored")
            .get()
        )

    expected, stored = vectors()
    assert stored == expected and "teahouse" in stored
    assert list(evidence_search(Evidence.objects.all(), "teahouse")) == [record]
    record.refresh_from_db()
    record.content = "stakes"
    record.save()
    expected, stored = vectors()
    assert stored == expected and "stakes" in stored and "carved" not in stored


def test_a_search_nested_as_a_subquery_reads_its_own_rows():
    game = make_game()
    make_evidence(game, 3, content="dice in the courtyard")
    make_evidence(game, 2, content="a board")
    matched = evidence_search(Evidence.objects.all(), "courtyard")
    assert Evidence.objects.filter(id__in=matched.values("id")).count() == 3
    assert len(evidence_points(matched)) == 3  # the vector's column follows the subquery's alias


def test_search_is_ranked_and_stemming_free():
    game = make_game()
    make_evidence(game, 3, content="dice dice dice")
    (other,) = make_evidence(game, 1, content="dice once")
    results = list(evidence_search(Evidence.objects.all(), "dice").order_by("-search_rank", "id"))
    assert len(results) == 4 and results[-1] == other
    assert not evidence_search(Evidence.objects.all(), "die").exists()
