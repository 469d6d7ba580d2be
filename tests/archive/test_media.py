"""Images: checked before decoding, refused with a clear message, stored without EXIF."""
from __future__ import annotations

import io
import struct
import zlib

import pytest
from django.core.exceptions import ValidationError
from PIL import Image

from archive.media import image_check, image_clean
from archive.services import media_add
from tests.archive.archive_helpers import fresh_cache, make_game  # noqa: F401


def jpeg_with_gps(size=(1200, 800)) -> bytes:
    """A photo as a phone takes it: EXIF with the camera and a GPS position."""
    image = Image.new("RGB", size, (180, 120, 60))
    exif = Image.Exif()
    exif[0x010F] = "PhoneMaker"  # Make
    gps = exif.get_ifd(0x8825)
    gps[1], gps[2], gps[3], gps[4] = "N", (39.0, 35.0, 29.31), "E", (48.0, 58.0, 34.31)
    out = io.BytesIO()
    image.save(out, "JPEG", exif=exif)
    return out.getvalue()


def png_declaring(width: int, height: int) -> bytes:
    """A tiny PNG whose header claims ``width`` x ``height``: a decompression bomb's shape."""
    out = io.BytesIO()
    Image.new("L", (1, 1)).save(out, "PNG")
    data = bytearray(out.getvalue())
    ihdr = data.index(b"IHDR")
    data[ihdr + 4 : ihdr + 12] = struct.pack(">II", width, height)
    crc = zlib.crc32(bytes(data[ihdr : ihdr + 17])) & 0xFFFFFFFF
    data[ihdr + 17 : ihdr + 21] = struct.pack(">I", crc)
    return bytes(data)


class TestChecks:
    def test_a_real_photo_passes(self):
        assert image_check(jpeg_with_gps(), name="board.jpg") == ("JPEG", 1200, 800)

    def test_a_decompression_bomb_is_refused_on_its_header(self):
        with pytest.raises(ValidationError) as exc:
            image_check(png_declaring(50_000, 50_000), name="bomb.png")
        assert "bomb.png" in exc.value.messages[0]
        assert "decompression bomb" in exc.value.messages[0]

    def test_an_image_over_the_pixel_limit_is_refused(self):
        with pytest.raises(ValidationError, match="limit is 100"):
            image_check(jpeg_with_gps((20, 20)), name="big.jpg", max_pixels=100)

    @pytest.mark.parametrize("data", [b"", b"%PDF-1.4 not an image", b"\x89PNG\r\n\x1a\n" + b"\0" * 40])
    def test_what_is_not_an_image_is_refused_by_name(self, data):
        with pytest.raises(ValidationError, match="notes.pdf is not an image"):
            image_check(data, name="notes.pdf")

    def test_a_truncated_image_is_refused(self):
        with pytest.raises(ValidationError, match="cut.jpg"):
            image_check(jpeg_with_gps()[:300], name="cut.jpg")


class TestCleaning:
    def test_exif_and_gps_are_gone_after_re_encoding(self):
        original = jpeg_with_gps()
        assert Image.open(io.BytesIO(original)).getexif().get_ifd(0x8825)
        clean = image_clean(original, name="board.jpg")
        stored = Image.open(io.BytesIO(clean.image))
        assert not stored.getexif()
        assert b"PhoneMaker" not in clean.image

    def test_a_thumbnail_fits_the_setting(self, settings):
        clean = image_clean(jpeg_with_gps(), name="board.jpg")
        thumb = Image.open(io.BytesIO(clean.thumbnail))
        assert max(thumb.size) <= max(settings.MEDIA_THUMBNAIL_SIZE)
        assert (clean.width, clean.height) == (1200, 800)

    def test_transparent_images_are_flattened_not_refused(self):
        out = io.BytesIO()
        Image.new("RGBA", (30, 30), (0, 0, 0, 0)).save(out, "PNG")
        assert Image.open(io.BytesIO(image_clean(out.getvalue()).image)).mode == "RGB"


@pytest.mark.django_db
def test_a_curator_adds_a_photo_to_a_game(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    media = media_add(data=jpeg_with_gps(), name="board.jpg", game=make_game(), caption="A board", licence="CC BY 4.0")
    assert (media.width, media.height) == (1200, 800)
    with media.image.open("rb") as f:
        assert not Image.open(f).getexif()
    assert media.thumbnail.name.startswith("thumbs/")


@pytest.mark.django_db
def test_a_bomb_never_reaches_the_database(settings, tmp_path):
    from archive.models import Media

    settings.MEDIA_ROOT = tmp_path
    with pytest.raises(ValidationError):
        media_add(data=png_declaring(60_000, 60_000), name="bomb.png", game=make_game())
    assert not Media.objects.exists()
