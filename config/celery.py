"""The Celery application that plays simulation chunks (games/tasks.py).

Its settings are Django's ``CELERY_*`` (config/settings.py): the broker is ``CELERY_BROKER_URL``
(Redis or RabbitMQ, shared by the machines that run workers), or a folder on disk where none is
configured. Start a worker with::

    DJANGO_SETTINGS_MODULE=config.settings .venv/bin/celery -A config worker -Q simulations -c 2

Workers need the same database as the site (DATABASE_URL) and the same code.
"""
from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("archive")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["games"])
