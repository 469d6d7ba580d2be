"""Celery tasks (config/celery.py): a simulation chunk played by whichever worker takes it."""
from __future__ import annotations

from celery import shared_task

from games import jobs


@shared_task(name="games.play_chunk", acks_late=True, ignore_result=True)
def play_chunk(job_id: str, index: int) -> str:
    """Play chunk ``index`` of simulation job ``job_id`` (games/jobs.py), and merge the job's
    result if it was the last."""
    return jobs.run_chunk(job_id, index)
