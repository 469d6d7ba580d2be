from django.apps import AppConfig


class ArchiveConfig(AppConfig):
    name = "archive"
    verbose_name = "Evidence archive"

    def ready(self) -> None:
        from archive import signals

        signals.connect()
