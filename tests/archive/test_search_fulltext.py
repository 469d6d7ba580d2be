"""Search by whole words and word beginnings, ranked, on both databases (SQLite's FTS5 index of
migration 0017, PostgreSQL's stored vector): the audit's searches on the default archive find
the record sought on the first page, a word never matches inside another word, and whatever is
typed is searched as words, never as either database's query syntax."""
from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import TestCase

from archive import selectors
from archive.models import Evidence, Game, GameName, Place
from archive.views import PER_PAGE
from tests.archive.archive_helpers import fresh_cache, make_evidence, make_game  # noqa: F401
from tests.conftest import catalogue_loaded


def found(q: str, **params) -> list[Evidence]:
    return list(selectors.evidence_filter({"q": q, **params}))


def identifiers(page: bytes) -> list[str]:
    """The records listed on a browse page, in order."""
    return list(dict.fromkeys(re.findall(r'href="/evidence/(DLP\.Evidence\.\d+|E[0-9A-Z]+)/"', page.decode())))


class DefaultArchiveSearch(TestCase):
    """The audit's three searches, on the archive `make run` loads."""

    @classmethod
    def setUpTestData(cls) -> None:
        catalogue_loaded()

    @pytest.fixture(autouse=True)
    def _cache(self, fresh_cache):  # noqa: F811
        pass

    def first_page(self, q: str) -> list[str]:
        r = self.client.get("/evidence/", {"q": q})
        self.assertEqual(r.status_code, 200)
        listed = identifiers(r.content)
        self.assertTrue(0 < len(listed) <= PER_PAGE, listed)
        return listed

    def test_the_record_sought_is_on_the_first_page_of_the_browse_page(self):
        for q, record in (("Şeş", "DLP.Evidence.2445"), ("Ṭāb", "DLP.Evidence.1423"), ("ses", "DLP.Evidence.2445"),
                          ("tab", "DLP.Evidence.1423")):
            with self.subTest(q=q):
                self.assertIn(record, self.first_page(q))

    def test_a_word_is_not_found_inside_another_word(self):
        # Ptahshepses and Seshemnefer matched "Şeş" as substrings; Codex Magliabechiano matched "Béchi".
        ses = found("Şeş")
        for record in ses:
            words = selectors.name_key(" ".join([
                record.summary, record.rules_text, record.rules_summary, record.content, record.content_citation,
                record.location_text, record.kml, record.date_text, record.game.name,
                *record.game.names.values_list("name", flat=True), *record.places.values_list("name", flat=True),
            ])).split()
            self.assertTrue(any(w.startswith("ses") for w in words), record.identifier)
        self.assertFalse(any("ptahshepses" in selectors.name_key(r.content) and "ses" not in selectors.name_key(r.content).split()
                             for r in ses))
        bechi = {r.pk for r in found("Béchi")}
        self.assertTrue(bechi)
        codex = Evidence.objects.filter(content_citation__icontains="Magliabechiano") | Evidence.objects.filter(
            content__icontains="Magliabechiano")
        self.assertTrue(codex.filter(game__name__icontains="Patolli").exists())
        self.assertFalse(bechi & set(codex.values_list("pk", flat=True)))
        self.assertFalse([r.identifier for r in found("Béchi") if "patolli" in r.game.slug])

    def test_accented_and_plain_words_find_the_same_records(self):
        for accented, plain in (("Şeş-Beş", "ses bes"), ("Ṭāb", "tab"), ("Béchi", "bechi"), ("ŞEŞ", "ses"), ("NƏRD", "nərd")):
            with self.subTest(accented=accented):
                self.assertEqual({r.pk for r in found(accented)}, {r.pk for r in found(plain)})
                self.assertTrue(found(plain))

    def test_relevance_is_the_default_with_a_search_and_the_other_sorts_are_offered(self):
        r = self.client.get("/evidence/", {"q": "tab"})
        text = r.content.decode()
        self.assertRegex(text, r'sort=relevance" aria-current="true"')
        for sort in ("date", "-date", "confidence"):
            self.assertIn(f"sort={sort}", text)
        by_date = self.client.get("/evidence/", {"q": "tab", "sort": "date"})
        self.assertEqual(by_date.status_code, 200)
        self.assertEqual(set(identifiers(by_date.content)) <= {e.identifier for e in found("tab")}, True)


class DefaultArchiveSearchInTheApi(TestCase):
    """The same archive, for a second class: its rows are put back from the first class's load
    (tests/conftest.py's snapshot), and SQLite's index is written again from them by its triggers."""

    @classmethod
    def setUpTestData(cls) -> None:
        catalogue_loaded()

    @pytest.fixture(autouse=True)
    def _cache(self, fresh_cache):  # noqa: F811
        pass

    def test_the_record_sought_is_on_the_first_page_of_the_api(self):
        for q, record in (("Şeş", "DLP.Evidence.2445"), ("Ṭāb", "DLP.Evidence.1423")):
            with self.subTest(q=q):
                r = self.client.get("/api/v1/evidence/", {"q": q, "page_size": PER_PAGE})
                self.assertEqual(r.status_code, 200)
                listed = [row["identifier"] for row in r.json()["results"]]
                self.assertIn(record, listed)

    @pytest.mark.sqlite
    def test_every_record_is_in_the_index_once(self):
        with connection.cursor() as cursor:
            cursor.execute("SELECT COUNT(*), COUNT(DISTINCT rowid) FROM archive_evidence_search")
            self.assertEqual(cursor.fetchone(), (Evidence.objects.count(),) * 2)
            cursor.execute("SELECT names FROM archive_evidence_search WHERE rowid = %s",
                           [Evidence.objects.get(dlp_id=2445).pk])
            self.assertIn("ses-bes", cursor.fetchone()[0])


@pytest.mark.django_db
class TestWordsAndRanking:
    def test_whole_words_and_word_beginnings_match_and_the_middle_of_a_word_does_not(self):
        game = make_game(slug="senet", name="Senet")
        (tab,) = make_evidence(game, 1, content="The game of tab, as played in Cairo.")
        (tables,) = make_evidence(game, 1, content="Several tables of stone.")
        (middle,) = make_evidence(game, 1, content="A stab in the dark, and a kebab.")
        assert tab in found("tab") and tables in found("tab")
        assert middle not in found("tab")
        assert found("tables") == [tables]

    def test_a_word_itself_ranks_above_longer_words_it_begins(self):
        game = make_game(slug="x", name="X")
        longer = make_evidence(game, 3, content="Sesame seeds, sesame oil.")
        (word,) = make_evidence(game, 1, content="Called ses here.")
        ranked = found("ses")
        assert ranked[0] == word and set(ranked[1:]) == set(longer)

    def test_a_record_of_a_game_so_named_ranks_above_a_passing_mention(self):
        other = make_game(slug="senet", name="Senet")
        mentions = make_evidence(other, 5, content="A board like the mancala boards.")
        mancala = make_game(slug="oware", name="Oware")
        GameName.objects.create(game=mancala, name="Mancala")
        (own,) = make_evidence(mancala, 1, content="Played with seeds.")
        ranked = found("mancala")
        assert ranked[0] == own and set(ranked[1:]) == set(mentions)

    def test_every_word_must_be_there_and_accents_fold_on_both_sides(self):
        game = make_game(slug="ses-bes", name="Şeş-Beş")
        (record,) = make_evidence(game, 1, content="Played in the çayhane of Iğdır by the Straße.")
        make_evidence(make_game(slug="ur", name="Ur"), 2, content="Played in a house.")
        for q in ("çayhane", "CAYHANE", "igdir", "IĞDIR", "strasse", "şeş played", "SES-BES cay", "bes ses"):
            assert found(q) == [record], q
        assert found("cayhane house") == []

    def test_the_index_follows_every_write(self):
        game = make_game(slug="ses-bes", name="Şeş-Beş")
        (record,) = make_evidence(game, 1, content="carved board")
        Evidence.objects.filter(pk=record.pk).update(summary="in a teahouse")
        assert found("teahouse") == [record]
        record.refresh_from_db()
        record.content = "stakes"
        record.save()
        assert found("stakes") == [record] and found("carved") == []
        Place.objects.create(evidence=record, name="Nakhchivan", latitude=39, longitude=45)
        assert found("nakhchivan") == [record]
        Place.objects.filter(evidence=record, name="Nakhchivan").update(name="Lankaran")
        assert found("nakhchivan") == [] and found("lankaran") == [record]
        GameName.objects.create(game=game, name="Nərd taxta")
        assert found("taxta") == [record]
        Game.objects.filter(pk=game.pk).update(name="Tavla")
        assert found("tavla") == [record]
        Place.objects.filter(evidence=record).delete()
        assert found("lankaran") == []
        Evidence.objects.filter(pk=record.pk).delete()
        assert found("tavla") == []

    def test_a_search_nested_as_a_subquery_and_counted_with_the_facets(self):
        game = make_game()
        make_evidence(game, 3, content="dice in the courtyard")
        make_evidence(game, 2, content="a board")
        matched = selectors.evidence_search(Evidence.objects.all(), "courtyard")
        assert Evidence.objects.filter(id__in=matched.values("id")).count() == 3
        f = selectors.evidence_filter_parse({"q": "court"})
        assert selectors.evidence_facets(selectors.evidence_apply_filter(Evidence.objects.all(), f))["total"] == 3


HOSTILE = [
    '"', '""', "'", "*", "ses*", "^ses", "-ses", "+", "NEAR(ses bes)", "ses NEAR bes", "AND", "OR", "NOT ses", "ses OR",
    "(", ")", "names:ses", "{names body}: ses", "ses:*", "ses & bes", "!ses", "ses | bes", "ses <-> bes", "\\", "%", "_",
    "a" * 5000, "word " * 300, "ṭ" * 200, "\u200b", "\ufeffses", "🎲", "x\u0301\u0301\u0301", "ses\x01bes", "%00",
]


@pytest.mark.django_db
def test_hostile_searches_are_read_as_words_with_no_error(client):
    game = make_game(slug="ses-bes", name="Şeş-Beş")
    make_evidence(game, 3, content="ses and bes, NEAR the names")
    for q in HOSTILE:
        page = client.get("/evidence/", {"q": q})
        assert page.status_code == 200, (q[:40], page.status_code)
        api = client.get("/api/v1/evidence/", {"q": q})
        assert api.status_code == 200, (q[:40], api.status_code)
        assert len(found(q)) == api.json()["count"]
    # Operators are words like any other: NEAR finds the record holding the word "near".
    assert len(found("NEAR(ses bes)")) == 3 and len(found("names:ses")) == 3
    assert found("\"") == [] and found("*") == []
    # A NUL is refused before any search, as every parameter holding one is.
    assert client.get("/evidence/", {"q": "ses\x00"}).status_code == 400


@pytest.mark.django_db
def test_the_api_orders_a_search_by_relevance_unless_told_otherwise(client):
    game = make_game(slug="x", name="X")
    longer = make_evidence(game, 4, content="Sesame seeds.")
    (word,) = make_evidence(game, 1, content="Called ses here.")
    rows = client.get("/api/v1/evidence/", {"q": "ses"}).json()["results"]
    assert [r["identifier"] for r in rows][0] == word.identifier
    reverse = client.get("/api/v1/evidence/", {"q": "ses", "ordering": "-relevance"}).json()["results"]
    assert reverse[-1]["identifier"] == word.identifier
    by_id = client.get("/api/v1/evidence/", {"q": "ses", "ordering": "id"}).json()["results"]
    assert [r["identifier"] for r in by_id] == [e.identifier for e in sorted([*longer, word], key=lambda e: e.pk)]
    # Paged by relevance, each record exactly once.
    seen, url = [], "/api/v1/evidence/?q=ses&page_size=2"
    while url:
        body = client.get(url).json()
        seen += [r["identifier"] for r in body["results"]]
        url = body["next"]
    assert len(seen) == 5 and len(set(seen)) == 5 and seen[0] == word.identifier
    refused = client.get("/api/v1/evidence/", {"ordering": "relevance"})
    assert refused.status_code == 400 and "q" in refused.json()["ordering"][0]


@pytest.mark.sqlite
@pytest.mark.django_db
def test_sqlite_keeps_one_folded_index_row_per_record():
    game = make_game(slug="ses-bes", name="Şeş-Beş")
    records = make_evidence(game, 4, content="Çayhane")
    with connection.cursor() as cursor:
        cursor.execute("SELECT rowid, names, body FROM archive_evidence_search ORDER BY rowid")
        rows = cursor.fetchall()
    assert [r[0] for r in rows] == sorted(e.pk for e in records)
    assert all(r[1].startswith("ses-bes") and "cayhane" in r[2] for r in rows)
