"""Project configuration. The Celery application is loaded with Django so that tasks bind to it."""
from .celery import app as celery_app

__all__ = ["celery_app"]
