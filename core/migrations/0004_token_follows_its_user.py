import hashlib

from django.db import migrations, models


def fingerprint_existing(apps, schema_editor):
    # Tokens made before this migration follow their user from now on, as made tokens do
    # (core.models.credential_digest; a migration keeps its own copy of the formula).
    ApiToken = apps.get_model("core", "ApiToken")
    for token in ApiToken.objects.select_related("user"):
        token.credential = hashlib.sha256(f"api-token:{token.user.password}".encode()).hexdigest()
        token.issued_to_staff = token.user.is_staff
        token.save(update_fields=["credential", "issued_to_staff"])


class Migration(migrations.Migration):

    dependencies = [
        ('core', '0003_throttle_counts_unlogged'),
    ]

    operations = [
        migrations.AddField(
            model_name='apitoken',
            name='credential',
            field=models.CharField(blank=True, editable=False, help_text="The user's password fingerprint when the token was made (credential_digest).", max_length=64),
        ),
        migrations.AddField(
            model_name='apitoken',
            name='issued_to_staff',
            field=models.BooleanField(default=False, editable=False, help_text='The user was staff when the token was made: it ends with that status.'),
        ),
        migrations.RunPython(fingerprint_existing, migrations.RunPython.noop),
    ]
