"""Refs derived, not random (archive.identifiers): every record and source gets the ref every
installation gives it, and the ref it had before becomes a FormerRef, so old permalinks,
citations and BibTeX keys still lead to it (pages redirect).

* a record or source with a DLP id: the ref derived from it;
* another source: the ref derived from its normalised citation, except the catalogue's own
  sources, whose refs the catalogue fixes (kept);
* a record of our own: the ref derived from what it says now.
"""
import django.db.models.deletion
from django.db import migrations, models

from archive import identifiers

# The refs archive.catalogue.sources fixes for sources without a DLP id (as of this migration).
CATALOGUE_REFS = {"SEV2445SB", "SSHESHBSH", "SEV88BECH", "STAKHTENA", "SGUBARAWP", "STWNSHEND", "SCRSTGSMV"}


def forwards(apps, schema_editor):
    Evidence = apps.get_model("archive", "Evidence")
    Source = apps.get_model("archive", "Source")
    Game = apps.get_model("archive", "Game")
    FormerRef = apps.get_model("archive", "FormerRef")
    games = dict(Game.objects.values_list("pk", "slug"))

    def rewrite(model, rows, owner: str, derive) -> None:
        taken = set(model.objects.values_list("ref", flat=True)) | set(FormerRef.objects.values_list("ref", flat=True))
        for row in rows:
            new = derive(row, lambda ref: ref in taken)
            if new == row.ref:
                continue
            if new in taken:
                raise RuntimeError(f"{model.__name__} {row.pk}: the derived ref {new} is already used")
            FormerRef.objects.create(ref=row.ref, **{owner: row})
            model.objects.filter(pk=row.pk).update(ref=new)
            taken.add(new)

    def source_ref(row, taken):
        if row.dlp_id:
            return identifiers.source_ref(dlp_id=row.dlp_id)
        if row.ref in CATALOGUE_REFS:
            return row.ref
        return identifiers.source_ref(citation=row.citation, taken=taken)

    def evidence_ref(row, taken):
        if row.dlp_id:
            return identifiers.evidence_ref(dlp_id=row.dlp_id)
        natural = identifiers.evidence_natural_key(
            game=games.get(row.game_id, ""), type=row.type, start_year=row.start_year, end_year=row.end_year,
            location_text=row.location_text, text=row.content or row.rules_text or row.summary,
        )
        return identifiers.evidence_ref(natural=natural, taken=taken)

    rewrite(Source, Source.objects.order_by("pk").iterator(), "source", source_ref)
    rewrite(Evidence, Evidence.objects.order_by("pk").iterator(), "evidence", evidence_ref)


def backwards(apps, schema_editor):
    # The refs a record had before are its FormerRefs; they come back, and the table goes.
    FormerRef = apps.get_model("archive", "FormerRef")
    for former in FormerRef.objects.order_by("-pk"):
        owner = former.evidence if former.evidence_id else former.source
        type(owner).objects.filter(pk=owner.pk).update(ref=former.ref)


class Migration(migrations.Migration):

    dependencies = [
        ('archive', '0009_years_open_ranges'),
    ]

    operations = [
        migrations.CreateModel(
            name='FormerRef',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('ref', models.CharField(max_length=20, unique=True)),
                ('evidence', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='former_refs', to='archive.evidence')),
                ('source', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='former_refs', to='archive.source')),
            ],
            options={
                'ordering': ['ref'],
                'constraints': [models.CheckConstraint(condition=models.Q(models.Q(('evidence__isnull', False), ('source__isnull', True)), models.Q(('evidence__isnull', True), ('source__isnull', False)), _connector='OR'), name='formerref_one_owner')],
            },
        ),
        migrations.RunPython(forwards, backwards),
    ]
