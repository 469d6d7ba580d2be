"""A researcher's tools on the browse and record pages in real Chromium, over the default archive,
on a desktop (1366×768) and a phone (390×844): undated records last when sorting by date, a
confidence range and a lowest-first sort, records with an uncertainty factor one click away,
downloads of exactly the listed records, a record's citation files, and the API in the footer."""
from __future__ import annotations

import csv
import io
import json
import re

import pytest

from archive.models import Evidence
from tests.conftest import loaded

pytestmark = pytest.mark.django_db(transaction=True)

VIEWPORTS = {
    "desktop": {"viewport": {"width": 1366, "height": 768}},
    "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True},
}


@pytest.fixture
def archive(settings):
    settings.MAP_TILE_URL = ""  # offline: the outlines, no tiles
    loaded(("load_catalogue",))
    from django.core.cache import cache

    cache.clear()


def pages(chromium):
    """A page per viewport, with the errors its scripts raise."""
    for name, options in VIEWPORTS.items():
        context = chromium.new_context(**options)
        page = context.new_page()
        page.js_errors = []
        page.on("pageerror", lambda exc, errors=page.js_errors: errors.append(str(exc)))
        try:
            yield name, page
        finally:
            context.close()


def results(page) -> int:
    return int(re.match(r"(\d+) record", page.locator("#results-h").inner_text())[1])


def listed(page) -> list[str]:
    return page.locator("#results-list .evidence-id").all_inner_texts()


def open_filters(page) -> None:
    """The filters may be folded (on a phone): open them as a reader would."""
    details = page.locator("details.facets-details")
    if details.count() and not details.evaluate("d => d.open"):
        details.locator("summary").first.click()


def fits(page, selector: str, width: int) -> None:
    box = page.locator(selector).bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (selector, box)


def test_sorting_and_finding_low_confidence_records(chromium, live_server, archive, artifacts_dir):
    undated = {e.identifier for e in Evidence.objects.filter(start_year=None, end_year=None)}
    assert len(undated) == 141
    at_most_90 = Evidence.objects.filter(confidence__lte=90).count()
    under_100 = {e.identifier for e in Evidence.objects.filter(confidence__lt=100)}
    uncertain = Evidence.objects.filter(uncertainty_factors__isnull=False).distinct().count()
    for name, page in pages(chromium):
        width = VIEWPORTS[name]["viewport"]["width"]
        page.goto(live_server.url + "/evidence/")
        first = listed(page)
        assert len(first) == 25 and not undated & set(first), name  # oldest, the default: dated first
        page.get_by_role("link", name="newest", exact=True).click()
        page.wait_for_url("**sort=-date**")
        assert not undated & set(listed(page)), name
        page.goto(live_server.url + "/evidence/?sort=-date&page=51")
        assert set(listed(page)) <= undated, name  # the last page: undated only

        page.goto(live_server.url + "/evidence/")
        open_filters(page)
        page.get_by_label("at most").fill("90")
        page.locator(".range-form").get_by_role("button", name="Apply").click()
        page.wait_for_url("**confidence_max=90**")
        assert results(page) == at_most_90, name
        assert page.get_by_role("link", name=re.compile("Confidence at most: 90")).is_visible()

        page.goto(live_server.url + "/evidence/")
        page.get_by_role("link", name="lowest confidence", exact=True).click()
        page.wait_for_url("**sort=lowest-confidence**")
        assert set(listed(page)[:len(under_100)]) == under_100, name

        page.goto(live_server.url + "/evidence/")
        open_filters(page)
        page.get_by_role("link", name="Records with an uncertainty factor").click()
        page.wait_for_url("**has_uncertainty=true**")
        assert results(page) == uncertain, name
        page.screenshot(path=str(artifacts_dir / f"research-records-uncertain-{name}.png"))
        assert page.js_errors == [], name
        fits(page, ".range-form", width)


def test_downloads_citations_and_the_api_are_where_the_researcher_looks(chromium, live_server, archive, artifacts_dir):
    query = "game=senet&type=artifact&from=2000+BCE&sort=-date"
    for name, page in pages(chromium):
        width = VIEWPORTS[name]["viewport"]["width"]
        page.goto(f"{live_server.url}/evidence/?{query}")
        count = results(page)
        downloads = page.locator("#downloads")
        assert downloads.is_visible(), name
        assert f"Download these {count} records" in downloads.inner_text()
        fits(page, "#downloads", width)
        csv_link = downloads.get_by_role("link", name="CSV", exact=True)
        answer = page.request.get(live_server.url + csv_link.get_attribute("href"))
        assert answer.ok
        rows = list(csv.DictReader(io.StringIO(answer.text())))
        assert len(rows) == count > 25, name  # every matching record, not the page of 25
        for label, check in (("GeoJSON", lambda t: json.loads(t)["type"] == "FeatureCollection"),
                             ("JSON-LD", lambda t: len(json.loads(t)["@graph"]) == count),
                             ("BibTeX", lambda t: t.count("@misc{") == count)):
            href = downloads.get_by_role("link", name=label, exact=True).get_attribute("href")
            assert check(page.request.get(live_server.url + href).text()), (name, label)
        page.screenshot(path=str(artifacts_dir / f"research-records-downloads-{name}.png"))

        page.goto(live_server.url + "/evidence/DLP.Evidence.2/")
        cite = page.locator(".cite-box")
        for label, start in (("BibTeX", "@misc{DLP.Evidence.2,"), ("CSL-JSON", '{"id":"DLP.Evidence.2"'), ("RIS", "TY  - DATA")):
            link = cite.get_by_role("link", name=label, exact=True)
            link.scroll_into_view_if_needed()
            assert link.is_visible(), (name, label)
            assert page.request.get(live_server.url + link.get_attribute("href")).text().startswith(start), (name, label)
        fits(page, "#cite-formats", width)

        footer = page.locator("footer.site-footer")
        api = footer.get_by_role("link", name="the research API")
        api.scroll_into_view_if_needed()
        assert api.is_visible() and api.get_attribute("href") == "/api/v1/", name
        docs = footer.get_by_role("link", name="/api/docs/")
        assert docs.is_visible(), name
        docs.click()
        page.wait_for_url("**/api/docs/")
        page.wait_for_selector(".swagger-ui", timeout=20000)
        page.screenshot(path=str(artifacts_dir / f"research-records-api-docs-{name}.png"))
