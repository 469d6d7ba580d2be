from django.apps import AppConfig


class ArchiveConfig(AppConfig):
    name = "archive"
    verbose_name = "Evidence archive"

    def ready(self) -> None:
        from django.db.backends.signals import connection_created
        from django.db.models.signals import post_migrate

        from archive import signals
        from archive.search import register_fold

        signals.connect()
        post_migrate.connect(signals.documents_after_migrate, sender=self, dispatch_uid="archive.documents_after_migrate")
        # SQLite's search folds accents in a Python function each connection must know.
        connection_created.connect(register_fold, dispatch_uid="archive.search.register_fold")
