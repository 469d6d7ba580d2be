"""Years: start and end dates as true ISO 8601, and ranges the source reverses flagged.

Start and end dates were stored with the historical year in an ISO-looking string ("-0800-01-01"
for 1 January 800 BCE), which ISO 8601 reads as 801 BCE. They become ISO 8601 dates with
astronomical years ("-0799-01-01"), current rows and their history alike (archive.years). DLP
records whose start the DLP gives after its end (the importer noted them in dlp_extra) are
flagged, so that their pages show the range as recorded, with a note.
"""
import re

from django.db import migrations, models

from archive import years

REVERSED_NOTE = "DateStart was after DateEnd"


def _to_iso(text: str, year: int | None) -> str:
    match = re.fullmatch(r"-(\d{1,4})-(\d{2})-(\d{2})", text or "")
    if not match or year is None or year >= 0:
        return text
    return years.iso_date(-int(match[1]), int(match[2]), int(match[3]))


def _from_iso(text: str, year: int | None) -> str:
    parts = years.iso_parts(text or "")
    if not parts or year is None or year >= 0 or parts[1] is None or parts[2] is None:
        return text
    return f"-{-parts[0]:04d}-{parts[1]:02d}-{parts[2]:02d}"


def _convert(apps, convert, flag: bool) -> None:
    for name in ("Evidence", "HistoricalEvidence"):
        model = apps.get_model("archive", name)
        bce = models.Q(start_year__lt=0) | models.Q(end_year__lt=0)
        for row in model.objects.filter(bce).only("pk", "start_year", "end_year", "start_date", "end_date").iterator():
            start, end = convert(row.start_date, row.start_year), convert(row.end_date, row.end_year)
            if (start, end) != (row.start_date, row.end_date):
                model.objects.filter(pk=row.pk).update(start_date=start, end_date=end)
        if flag:
            flagged = [
                row.pk for row in model.objects.filter(dlp_id__isnull=False).only("pk", "dlp_extra").iterator()
                if any(REVERSED_NOTE in str(note) for note in (row.dlp_extra or {}).get("import_notes", []))
            ]
            model.objects.filter(pk__in=flagged).update(date_reversed=True)


def forwards(apps, schema_editor):
    _convert(apps, _to_iso, flag=True)


def backwards(apps, schema_editor):
    _convert(apps, _from_iso, flag=False)


class Migration(migrations.Migration):

    dependencies = [
        ('archive', '0008_dlp_concepts_rules_summary_place_name'),
    ]

    operations = [
        migrations.AddField(
            model_name='evidence',
            name='date_reversed',
            field=models.BooleanField(default=False, help_text='The source gives the start after the end: the years are stored in order, the page shows them as recorded.', verbose_name='start recorded after end'),
        ),
        migrations.AddField(
            model_name='historicalevidence',
            name='date_reversed',
            field=models.BooleanField(default=False, help_text='The source gives the start after the end: the years are stored in order, the page shows them as recorded.', verbose_name='start recorded after end'),
        ),
        migrations.AlterField(
            model_name='evidence',
            name='end_date',
            field=models.CharField(blank=True, help_text='The end as an ISO 8601 date, as start_date.', max_length=20),
        ),
        migrations.AlterField(
            model_name='evidence',
            name='end_year',
            field=models.IntegerField(blank=True, help_text='Historical year: -3000 is 3000 BCE. Empty: open or unknown.', null=True),
        ),
        migrations.AlterField(
            model_name='evidence',
            name='start_date',
            field=models.CharField(blank=True, help_text='The start as an ISO 8601 date (astronomical years: 177 BCE is -0176): 2024-07-18, -0176-11-03', max_length=20),
        ),
        migrations.AlterField(
            model_name='evidence',
            name='start_year',
            field=models.IntegerField(blank=True, help_text='Historical year: -3100 is 3100 BCE. Empty: open or unknown.', null=True),
        ),
        migrations.AlterField(
            model_name='historicalevidence',
            name='end_date',
            field=models.CharField(blank=True, help_text='The end as an ISO 8601 date, as start_date.', max_length=20),
        ),
        migrations.AlterField(
            model_name='historicalevidence',
            name='end_year',
            field=models.IntegerField(blank=True, help_text='Historical year: -3000 is 3000 BCE. Empty: open or unknown.', null=True),
        ),
        migrations.AlterField(
            model_name='historicalevidence',
            name='start_date',
            field=models.CharField(blank=True, help_text='The start as an ISO 8601 date (astronomical years: 177 BCE is -0176): 2024-07-18, -0176-11-03', max_length=20),
        ),
        migrations.AlterField(
            model_name='historicalevidence',
            name='start_year',
            field=models.IntegerField(blank=True, help_text='Historical year: -3100 is 3100 BCE. Empty: open or unknown.', null=True),
        ),
        migrations.RunPython(forwards, backwards),
    ]
