from django.apps import AppConfig


class ArchiveConfig(AppConfig):
    name = "archive"
    verbose_name = "Evidence archive"

    def ready(self) -> None:
        from django.db.backends.signals import connection_created

        from archive import signals
        from archive.search import register_fold

        signals.connect()
        # SQLite's search folds accents in a Python function each connection must know.
        connection_created.connect(register_fold, dispatch_uid="archive.search.register_fold")
