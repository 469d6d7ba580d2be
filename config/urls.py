from django.conf import settings
from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerSplitView

from core.media import serve_media
from core.middleware import csp_update

# The docs pages are third-party apps: Swagger UI sets styles inline, Redoc injects <style>
# elements and runs its search in a blob: worker. Scripts stay 'self' only (the split view
# serves Swagger UI's settings as a script file, not inline).
DOCS_CSP = {"style_src": "'self' 'unsafe-inline'", "worker_src": "'self' blob:"}


def in_english(view):
    """drf-spectacular's docs pages open with a bare ``<html>`` (no block to override it): say
    their language, as every page of ours does (WCAG 3.1.1; an accessibility audit)."""

    def wrapped(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        if hasattr(response, "render"):
            response.render()
        if response.get("Content-Type", "").startswith("text/html"):
            response.content = response.content.replace(b"<html>", b'<html lang="en">', 1)
        return response

    return wrapped


urlpatterns = [
    # The play routes first: every move resolves its address, and the archive API's router has
    # many patterns to try before it (none of them under api/v1/matches/, nor play/).
    path("", include("games.urls")),
    path("admin/", admin.site.urls),
    path("api/v1/", include("archive.api.urls", namespace="api")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", in_english(csp_update(**DOCS_CSP)(SpectacularSwaggerSplitView.as_view(url_name="api-schema"))), name="api-docs"),
    path("api/redoc/", in_english(csp_update(**DOCS_CSP)(SpectacularRedocView.as_view(url_name="api-schema"))), name="api-redoc"),
    path("", include("archive.urls")),
]

if settings.SERVE_MEDIA:
    urlpatterns.insert(0, re_path(r"^media/(?P<path>.+)$", serve_media, name="media"))


def not_found(request, exception=None):
    """A 404: JSON under /api/ (what every API client reads), the site's page elsewhere."""
    if request.path.startswith("/api/"):
        from django.http import JsonResponse

        return JsonResponse({"detail": f"Nothing at {request.path}: no such endpoint or identifier."}, status=404)
    from django.views.defaults import page_not_found

    return page_not_found(request, exception)


handler404 = not_found
