"""The site's settings with the shared cache turned off (Django's dummy cache): bench/load.py's
"cold" phase serves every page and API page by rendering it, as a first visit or the first
request after a write finds it. Throttle counts stay in the database (the README's deployment
without Redis), which the dummy cache does not touch."""
from config.settings import *  # noqa: F401,F403

CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
THROTTLE_STORE = "database"
