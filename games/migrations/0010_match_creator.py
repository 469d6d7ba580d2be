from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0009_match_set_up'),
    ]

    operations = [
        migrations.AddField(
            model_name='match',
            name='creator',
            field=models.CharField(blank=True, db_index=True, editable=False, max_length=64),
        ),
    ]
