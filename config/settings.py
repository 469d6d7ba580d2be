"""Settings for the archive, configured by the environment.

SQLite is the embedded default so a fresh clone runs with nothing else installed; set
DATABASE_URL (postgres://user@host:port/name) for PostgreSQL.
"""
from __future__ import annotations

import os
import tempfile
import warnings
import sys
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    if value.lower() in {"1", "true", "yes", "on"}:
        return True
    if value.lower() in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, got {value!r}")


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def database_from_url(url: str) -> dict:
    """Django's DATABASES entry for a sqlite:/// or postgres:// URL."""
    parts = urlsplit(url)
    if parts.scheme == "sqlite":
        # sqlite:///relative.db or sqlite:////absolute/path.db
        path = unquote(parts.path[1:]) if parts.path.startswith("/") else unquote(parts.path)
        return {"ENGINE": "django.db.backends.sqlite3", "NAME": path or str(BASE_DIR / "db.sqlite3")}
    if parts.scheme in {"postgres", "postgresql", "pgsql"}:
        options = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        # No parallel query workers for the app's own queries unless asked (PG_PARALLEL_WORKERS):
        # a page's queries run in a millisecond or two, and starting workers for one (PostgreSQL
        # plans them for a 100-record page's related rows once the archive is large) took 8-10 ms
        # and took cores from the other requests. An "options" in the URL is used as given.
        parallel = os.environ.get("PG_PARALLEL_WORKERS", "0")
        if not parallel.isdigit():
            raise ImproperlyConfigured(f"PG_PARALLEL_WORKERS must be a whole number, got {parallel!r}")
        options.setdefault("options", f"-c max_parallel_workers_per_gather={int(parallel)}")
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": unquote(parts.path.lstrip("/")) or "postgres",
            "USER": unquote(parts.username or ""),
            "PASSWORD": unquote(parts.password or ""),
            "HOST": parts.hostname or "",
            "PORT": str(parts.port or ""),
            "CONN_MAX_AGE": int(os.environ.get("CONN_MAX_AGE", "60")),
            "CONN_HEALTH_CHECKS": True,
            "OPTIONS": options,
        }
    raise ImproperlyConfigured(f"DATABASE_URL: unsupported scheme {parts.scheme!r} (use sqlite:/// or postgres://)")


DEBUG = env_bool("DEBUG", False)
# Under pytest the settings load before PYTEST_CURRENT_TEST is set: look for pytest itself.
TESTING = "pytest" in sys.modules or "PYTEST_CURRENT_TEST" in os.environ
SECRET_KEY = os.environ.get("SECRET_KEY", "")
# The development key starts with "django-insecure-" so that `check --deploy` names it (W009).
DEVELOPMENT_SECRET_KEY = "django-insecure-development-key-set-SECRET_KEY-in-production"
if not SECRET_KEY:
    if not DEBUG and not TESTING:
        # Sessions, password resets and signed values would rest on a key anyone can read here.
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. Production (DEBUG off) needs a secret key of its own: "
            "export SECRET_KEY=$(python -c 'import secrets; print(secrets.token_urlsafe(50))'); "
            "for development set DEBUG=1 (make run does)."
        )
    SECRET_KEY = DEVELOPMENT_SECRET_KEY
elif SECRET_KEY == DEVELOPMENT_SECRET_KEY and not DEBUG and not TESTING:
    raise ImproperlyConfigured("SECRET_KEY is the published development key; production needs a secret one")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "django.contrib.sitemaps",
    "rest_framework",
    "rest_framework.authtoken",  # kept for its migrations: 0002 of core moves its tokens to core.ApiToken
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "simple_history",
    "core",
    "archive",
    "games",
]

MIDDLEWARE = [
    # /healthz/ and /readyz/ first: a probe by address or over plain HTTP is answered (core.health).
    "core.health.HealthCheckMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "core.middleware.SecurityHeadersMiddleware",
    "core.middleware.RejectNulMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "core.middleware.PageThrottleMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
]
# An old version is read in the admin's history, not reverted to: simple-history's revert restores
# a record's fields but not its links, places or media (archive.admin.HistoryAdmin).
SIMPLE_HISTORY_REVERT_DISABLED = True

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "archive.context_processors.site",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {"default": database_from_url(os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"))}
# The play path's statements are prepared once per PostgreSQL connection (core/prepared.py);
# PG_PREPARE=0 behind a pooler that cannot keep prepared statements (PgBouncer in transaction
# mode before 1.21).
PG_PREPARE = os.environ.get("PG_PREPARE", "1") != "0"
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    DATABASES["default"]["OPTIONS"] = {
        # WAL and a busy timeout let the dev server, the computer opponent and a test's
        # concurrent requests share the file without "database is locked".
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if env_bool("STATIC_MANIFEST", not DEBUG and not TESTING)
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}
# Serve from the app directories as well as STATIC_ROOT, so `runserver` and the tests need no
# collectstatic; production runs collectstatic and gets hashed, compressed files.
WHITENOISE_USE_FINDERS = True
# Until collectstatic has run there is no STATIC_ROOT; the finders serve everything meanwhile,
# so whitenoise's warning about the missing folder says nothing useful.
warnings.filterwarnings("ignore", message="No directory at: ", category=UserWarning)
WHITENOISE_AUTOREFRESH = DEBUG

# Map tiles: a URL template for Leaflet (e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png).
# Empty, the default: no tile server is asked; maps draw the vendored Natural Earth base map
# (static/js/map.js), as they do when a tile server fails.
MAP_TILE_URL = os.environ.get("MAP_TILE_URL", "")
MAP_TILE_ATTRIBUTION = os.environ.get(
    "MAP_TILE_ATTRIBUTION",
    '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors' if "openstreetmap.org" in MAP_TILE_URL else "",
)

# Uploads are held to their size limit as they arrive (core.uploads), then kept in memory or a
# temporary file as Django does.
FILE_UPLOAD_HANDLERS = [
    "core.uploads.SizeLimitedUploadHandler",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]
# Images: refuse anything larger than this many pixels before decoding it. 24 MP decodes in
# about 100 MB (RGBA, plus the re-encoding's copy); a 39.7 MP panorama is refused.
MEDIA_MAX_PIXELS = int(os.environ.get("MEDIA_MAX_PIXELS", str(24_000_000)))
# Uploaded images are served by the app at MEDIA_URL unless a web server in front does it
# (SERVE_MEDIA=0; see the README's production section).
SERVE_MEDIA = env_bool("SERVE_MEDIA", True)
MEDIA_THUMBNAIL_SIZE = (400, 400)

# How many proxies of our own stand in front of the app servers, each appending to
# X-Forwarded-For. 0: the header is ignored and the client is the socket's address (a client
# can write anything into that header; trusting it lets anyone escape the throttles).
NUM_PROXIES = int(os.environ.get("NUM_PROXIES", "0"))
# The operator's word that the nearest proxy overwrites X-Forwarded-For (check --deploy warns
# while NUM_PROXIES is set without it: core.checks).
PROXY_SETS_FORWARDED_FOR = env_bool("PROXY_SETS_FORWARDED_FOR", False)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "core.tokens.HashedTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    # DRF's JSON, encoded by orjson (core.renderers.JSONRenderer).
    "DEFAULT_RENDERER_CLASSES": [
        "core.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_PARSER_CLASSES": [
        "core.jsonlimits.LimitedJSONParser",
        "core.jsonlimits.LimitedFormParser",
        "core.jsonlimits.LimitedMultiPartParser",
    ],
    "NUM_PROXIES": NUM_PROXIES,
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.DjangoModelPermissionsOrAnonReadOnly"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    # A body over DATA_UPLOAD_MAX_MEMORY_SIZE is a JSON 413 naming the limit (core.bodies).
    "EXCEPTION_HANDLER": "core.bodies.exception_handler",
    # An unknown ?format= is a 400 naming it, not DRF's 404 (core.negotiation).
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "core.negotiation.FormatNegotiation",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_THROTTLE_CLASSES": ["core.throttling.SharedRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("API_ANON_RATE", "600/minute"),
        "play": os.environ.get("API_PLAY_RATE", "600/minute"),
        "record": os.environ.get("API_RECORD_RATE", "120/minute"),
        "read": os.environ.get("API_READ_RATE", "600/minute"),
        "review": os.environ.get("API_REVIEW_RATE", "10/minute"),
        "estimate": os.environ.get("API_ESTIMATE_RATE", "120/minute"),
        # Whole exports and big or flat list pages, per anonymous address (archive.api.views.CostlyReadThrottle).
        "costly": os.environ.get("API_COSTLY_RATE", "30/minute"),
    },
}
# Backups (archive.backup) keep times to the microsecond.
SERIALIZATION_MODULES = {"exactjson": "archive.exact_json"}
# The account imports are recorded as when no --user is given (made on first use; no one can sign in as it).
IMPORT_USER = os.environ.get("IMPORT_USER", "importer")
# Match storage (README: Limits): matches in play one address may hold, and a match's log.
MATCH_OPEN_PER_ADDRESS = int(os.environ.get("MATCH_OPEN_PER_ADDRESS", "200"))
MATCH_LOG_MAX = int(os.environ.get("MATCH_LOG_MAX", "30000"))
# purge_matches' defaults: matches nobody moved in after they were made, and any match left idle.
MATCH_UNPLAYED_DAYS = int(os.environ.get("MATCH_UNPLAYED_DAYS", "1"))
MATCH_IDLE_DAYS = int(os.environ.get("MATCH_IDLE_DAYS", "30"))
# The largest page of a list an anonymous client gets (signed-in clients: 1,000).
API_ANON_MAX_PAGE_SIZE = int(os.environ.get("API_ANON_MAX_PAGE_SIZE", "200"))

SPECTACULAR_SETTINGS = {
    "TITLE": "Board game evidence archive API",
    "DESCRIPTION": "Evidence records, games, rulesets and sources, and the play API for the catalogue's boards.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Every status the API answers with is documented (core.schema).
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums", "games.schema.play_routes", "archive.api.schema_hooks.vocabulary_enums",
                            "core.schema.document_error_statuses"],
    # Two models have a "kind" field with different choices.
    "ENUM_NAME_OVERRIDES": {
        "SourceKindEnum": "archive.models.Source.Kind",
        "GameNameKindEnum": "archive.models.GameName.Kind",
    },
}

CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
if os.environ.get("REDIS_URL"):
    CACHES["default"] = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": os.environ["REDIS_URL"]}

# Throttle counts must be shared by every worker and incremented atomically (core.throttling):
# in Redis where it is configured, else in the database (core.ThrottleCount). The test suite
# counts in its local-memory cache, which it clears between tests.
THROTTLE_CACHE = "default"
THROTTLE_STORE = os.environ.get("THROTTLE_STORE") or ("cache" if os.environ.get("REDIS_URL") or TESTING else "database")
if THROTTLE_STORE not in {"cache", "database"}:
    raise ImproperlyConfigured(f"THROTTLE_STORE must be cache or database, got {THROTTLE_STORE!r}")
# Anonymous page views per client address (empty: no limit).
PAGE_ANON_RATE = os.environ.get("PAGE_ANON_RATE", "300/minute") or None
# The admin's login (core.lockout): every attempt is counted before its password is checked. An
# address is refused after LOGIN_FAILURE_LIMIT attempts in LOGIN_LOCKOUT_MINUTES, for any user
# name; a user name, from every address, only after LOGIN_NAME_FAILURE_LIMIT (10x by default),
# so that one address cannot keep a curator out. A successful login gives its counts back.
LOGIN_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "5"))
LOGIN_NAME_FAILURE_LIMIT = int(os.environ.get("LOGIN_NAME_FAILURE_LIMIT", "0"))  # 0: 10x LOGIN_FAILURE_LIMIT
LOGIN_LOCKOUT_MINUTES = int(os.environ.get("LOGIN_LOCKOUT_MINUTES", "15"))
AUTHENTICATION_BACKENDS = ["core.lockout.LockoutModelBackend"]
# API tokens expire after this many days (core.ApiToken).
API_TOKEN_DAYS = int(os.environ.get("API_TOKEN_DAYS", "90"))

# Simulated play as jobs (games/jobs.py, games/tasks.py): a run is cut into chunks of games that
# Celery workers play, on this machine or others sharing the database and the broker. With no
# CELERY_BROKER_URL (a fresh install), the broker is a folder on disk that a local worker, started
# by `make run` beside the server, reads; the README says how to run workers elsewhere.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL") or "filesystem://"
# (The test suite's messages go to a folder of its own, never the checkout's.)
SIMULATION_QUEUE_DIR = Path(os.environ.get("SIMULATION_QUEUE_DIR") or (
    Path(tempfile.gettempdir()) / f"archive-test-simulation-queue-{os.getpid()}" if TESTING
    else BASE_DIR / "var" / "simulation-queue"))
if CELERY_BROKER_URL == "filesystem://":
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(SIMULATION_QUEUE_DIR), "data_folder_out": str(SIMULATION_QUEUE_DIR),
        "control_folder": str(SIMULATION_QUEUE_DIR / "control"),
    }
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True             # a chunk whose worker dies is played again (chunks are idempotent)
CELERY_WORKER_PREFETCH_MULTIPLIER = 1    # a worker takes one chunk at a time: long chunks spread over workers
CELERY_TASK_DEFAULT_QUEUE = "simulations"
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
# Limits that keep the site up: games per chunk (random and strong players), the most games one
# request may ask for (anonymous, curators), an anonymous address's budget of games an hour
# (a strong game counts SIMULATION_STRONG_WEIGHT), runs waiting or running at most, and how long
# a run may wait before it is expired.
SIMULATION_CHUNK_GAMES = {"random": int(os.environ.get("SIMULATION_CHUNK_RANDOM", "100")),
                          "strong": int(os.environ.get("SIMULATION_CHUNK_STRONG", "4"))}
SIMULATION_MAX_GAMES = {"anonymous": int(os.environ.get("SIMULATION_MAX_GAMES_ANON", "2000")),
                        "curator": int(os.environ.get("SIMULATION_MAX_GAMES_CURATOR", "100000"))}
SIMULATION_ANON_BUDGET = int(os.environ.get("SIMULATION_ANON_BUDGET", "5000"))
SIMULATION_STRONG_WEIGHT = int(os.environ.get("SIMULATION_STRONG_WEIGHT", "25"))
SIMULATION_QUEUE_MAX = int(os.environ.get("SIMULATION_QUEUE_MAX", "50"))
SIMULATION_EXPIRE_HOURS = int(os.environ.get("SIMULATION_EXPIRE_HOURS", "24"))

# Play: a fixed seed makes the server's dice reproducible (tests only; never in production).
PLAY_DICE_SEED = os.environ.get("PLAY_DICE_SEED") or None
# The play events stream (games/api.py): how long one stream may wait for a change under WSGI
# (each second holds a worker; 0 answers at once) and under ASGI (a coroutine: no worker held).
PLAY_EVENTS_HOLD = float(os.environ.get("PLAY_EVENTS_HOLD") or 0)
PLAY_EVENTS_ASGI_HOLD = float(os.environ.get("PLAY_EVENTS_ASGI_HOLD") or 25)

SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
if env_bool("HTTPS", False):
    # Behind a TLS-terminating proxy that sets X-Forwarded-Proto (and strips a client's own).
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("HSTS_PRELOAD", True)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
