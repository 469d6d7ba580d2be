"""Migrations 0008 and 0009 on a database made before them: dates become ISO 8601, reversed
ranges are flagged, random refs become derived ones and the old refs still lead to their records."""
from __future__ import annotations

from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import TransactionTestCase

from archive import identifiers

BEFORE = [("archive", "0008_dlp_concepts_rules_summary_place_name")]
AFTER = [("archive", "0010_refs_derived")]


class YearsAndRefsMigrationTests(TransactionTestCase):
    def migrate(self, targets):
        executor = MigrationExecutor(connection)
        executor.loader.build_graph()
        executor.migrate(targets)
        return executor.loader.project_state(targets).apps

    def tearDown(self):
        self.migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    def test_an_old_database_is_rewritten_and_its_old_links_still_work(self):
        apps = self.migrate(BEFORE)
        Game, Source, Evidence = (apps.get_model("archive", n) for n in ("Game", "Source", "Evidence"))
        senet = Game.objects.create(name="Senet", slug="senet", dlp_id=3)
        Source.objects.create(ref="SQJ4H6R55", dlp_id=122, citation="Pankhurst, R. 1971. Gabata.")
        Source.objects.create(ref="SABCDEFGH", citation="Murray, H.J.R. 1952. A History of Board-Games.")
        Source.objects.create(ref="SEV2445SB", citation="Digital Ludeme Project. Evidence for Şeş-Beş.")
        Evidence.objects.create(
            ref="EMTYXK2ZA", dlp_id=842, type="historical-text", game=senet, start_year=-177, end_year=-176,
            start_date="-0177-11-03", end_date="-0176-11-03", date_precision="day",
        )
        Evidence.objects.create(
            ref="E7RRQ3WPD", dlp_id=1257, type="artifact", game=senet, start_year=-1220, end_year=-122,
            start_date="-1220-01-01", end_date="-0122-01-01", date_precision="year",
            dlp_extra={"import_notes": ["DateStart was after DateEnd in the DLP; the range is stored in order"]},
        )
        Evidence.objects.create(ref="EHHH22334", type="artifact", game=senet, start_year=1971, end_year=1971,
                                start_date="1971-01-01", end_date="1971-12-31", content="Ours.")

        apps = self.migrate(AFTER)
        Source, Evidence, FormerRef = (apps.get_model("archive", n) for n in ("Source", "Evidence", "FormerRef"))
        day = Evidence.objects.get(dlp_id=842)
        self.assertEqual((day.start_date, day.end_date), ("-0176-11-03", "-0175-11-03"))
        self.assertEqual(day.ref, identifiers.evidence_ref(dlp_id=842))
        reversed_ = Evidence.objects.get(dlp_id=1257)
        self.assertTrue(reversed_.date_reversed)
        self.assertEqual(reversed_.start_date, "-1219-01-01")
        ours = Evidence.objects.get(dlp_id__isnull=True)
        self.assertEqual((ours.start_date, ours.date_reversed), ("1971-01-01", False))
        self.assertRegex(ours.ref, r"^E[2-9A-HJKMNP-Z]{8}$")
        self.assertEqual(Source.objects.get(dlp_id=122).ref, identifiers.source_ref(dlp_id=122))
        self.assertEqual(
            Source.objects.get(citation__startswith="Murray").ref,
            identifiers.source_ref(citation="Murray, H.J.R. 1952. A History of Board-Games."),
        )
        self.assertTrue(Source.objects.filter(ref="SEV2445SB").exists())  # the catalogue fixes this one
        self.assertEqual(
            set(FormerRef.objects.values_list("ref", flat=True)), {"SQJ4H6R55", "SABCDEFGH", "EMTYXK2ZA", "E7RRQ3WPD", "EHHH22334"}
        )
        # The old links are followed by today's code, so on today's schema (the later migrations
        # add columns the pages read).
        self.migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
        for old, new in (
            ("/evidence/EMTYXK2ZA/", "/evidence/DLP.Evidence.842/"),
            ("/evidence/EHHH22334/", f"/evidence/{ours.ref}/"),
            ("/sources/SQJ4H6R55/", f"/sources/{identifiers.source_ref(dlp_id=122)}/"),
        ):
            response = self.client.get(old)
            self.assertEqual((response.status_code, response["Location"]), (301, new), old)
        self.assertEqual(self.client.get("/api/v1/evidence/EHHH22334/").json()["ref"], ours.ref)

        apps = self.migrate(BEFORE)
        Source, Evidence = (apps.get_model("archive", n) for n in ("Source", "Evidence"))
        self.assertEqual(Source.objects.get(dlp_id=122).ref, "SQJ4H6R55")
        day = Evidence.objects.get(dlp_id=842)
        self.assertEqual((day.ref, day.start_date, day.end_date), ("EMTYXK2ZA", "-0177-11-03", "-0176-11-03"))
