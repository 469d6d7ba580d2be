"""Uploaded files held to their size limit while they arrive, not after.

Django's own handlers write an upload of any size to a temporary file, and the media form then
read it whole before its 40 MB check (a 400 MB upload took a worker from 280 to 597 MB). This
handler sits first in ``FILE_UPLOAD_HANDLERS``: it passes each file's chunks on to Django's
handlers until the file passes ``archive.media.MAX_BYTES``, then drops the rest, and hands the
form a stand-in that says how large the file was (``too_large``), so the form refuses it by
its size without reading anything."""
from __future__ import annotations

from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.files.uploadhandler import FileUploadHandler


def upload_limit() -> int:
    from archive.media import MAX_BYTES

    return MAX_BYTES


class OversizeUpload(SimpleUploadedFile):
    """What is left of a file refused for its size: its name and the size it reached, no data."""

    too_large = True

    def __init__(self, name: str, size: int, content_type: str | None):
        super().__init__(name, b"", content_type)
        self.size = size


class SizeLimitedUploadHandler(FileUploadHandler):
    def new_file(self, field_name, file_name, content_type, content_length, charset=None, content_type_extra=None):
        super().new_file(field_name, file_name, content_type, content_length, charset, content_type_extra)
        self.received, self.limit = 0, upload_limit()

    def receive_data_chunk(self, raw_data, start):
        self.received += len(raw_data)
        # Past the limit, the chunk stops here: the handlers after this one never store it.
        return raw_data if self.received <= self.limit else None

    def file_complete(self, file_size):
        if self.received > self.limit:
            return OversizeUpload(self.file_name, self.received, self.content_type)
        return None  # the next handler (memory or temporary file) has the whole file
