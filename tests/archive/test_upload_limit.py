"""Issue 38, item 8: the media upload's size limit holds while the file arrives. A file past it
is not stored past the limit (neither in memory nor in a temporary file) and the form refuses it
by its size, without reading it (a 400 MB upload used to be read whole before the 40 MB check)."""
from __future__ import annotations

from unittest import mock

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import RequestFactory

from archive import media
from archive.admin import MediaForm
from core.uploads import OversizeUpload
from tests.archive.test_media import jpeg_with_gps


def posted(data: bytes):
    request = RequestFactory().post("/admin/archive/game/1/change/", {"image": SimpleUploadedFile("big.jpg", data, "image/jpeg"), "caption": "x"})
    return request.FILES["image"]


def test_a_file_past_the_limit_stops_being_stored_at_the_limit(monkeypatch):
    monkeypatch.setattr(media, "MAX_BYTES", 64 * 1024)
    upload = posted(b"\xff" * (3 * 1024 * 1024))
    assert isinstance(upload, OversizeUpload) and upload.size == 3 * 1024 * 1024
    assert upload.read() == b""  # nothing of it was kept


def test_the_form_refuses_it_by_size_without_reading_it(monkeypatch):
    monkeypatch.setattr(media, "MAX_BYTES", 64 * 1024)
    upload = posted(b"\xff" * (3 * 1024 * 1024))
    with mock.patch.object(media, "media_files") as checked:
        form = MediaForm(data={"caption": "x", "credit": "", "licence": ""}, files={"image": upload})
        assert not form.is_valid()
    assert not checked.called
    assert "big.jpg is over 64.0\xa0KB, the limit for an image" in form.errors["image"][0]


def test_a_file_within_the_limit_arrives_whole():
    data = jpeg_with_gps()
    upload = posted(data)
    assert not getattr(upload, "too_large", False)
    assert upload.read() == data
