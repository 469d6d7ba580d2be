"""Images for the archive: checked without decoding, re-encoded without EXIF, thumbnailed.

Checks follow django.forms.ImageField: ``Image.open`` reads only the header and ``verify()``
walks the file without decoding pixels, so a decompression bomb (a small file that inflates to
gigapixels) is refused on its declared size before any pixel is decoded.
"""
from __future__ import annotations

import io
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from PIL import Image, ImageOps, UnidentifiedImageError

ALLOWED_FORMATS = {"JPEG", "PNG", "GIF", "WEBP", "TIFF", "BMP"}
MAX_BYTES = 40 * 1024 * 1024


@dataclass(frozen=True)
class CleanImage:
    """A checked image, re-encoded: ``image`` and ``thumbnail`` are JPEG bytes without metadata."""

    image: bytes
    thumbnail: bytes
    width: int
    height: int


def image_check(data: bytes, *, name: str = "the file", max_pixels: int | None = None) -> tuple[str, int, int]:
    """The format, width and height of an image, read without decoding its pixels; a
    ValidationError naming the file and what is wrong otherwise."""
    max_pixels = max_pixels or settings.MEDIA_MAX_PIXELS
    if len(data) > MAX_BYTES:
        raise ValidationError(f"{name} is {len(data) // (1024 * 1024)} MB; the limit is {MAX_BYTES // (1024 * 1024)} MB")
    try:
        with Image.open(io.BytesIO(data)) as probe:
            fmt, (width, height) = probe.format, probe.size
            if width * height > max_pixels:
                # Refused on the header alone: nothing has been decoded yet.
                raise ValidationError(
                    f"{name} declares {width}x{height} pixels ({width * height:,}); the limit is {max_pixels:,}"
                    " (a decompression bomb, or simply too large)"
                )
            probe.verify()
    except ValidationError:
        raise
    except Image.DecompressionBombError as exc:
        raise ValidationError(f"{name} is a decompression bomb: {exc}") from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        raise ValidationError(f"{name} is not an image Pillow can read ({exc.__class__.__name__}: {exc})") from None
    if fmt not in ALLOWED_FORMATS:
        raise ValidationError(f"{name} is a {fmt} image; accepted: {', '.join(sorted(ALLOWED_FORMATS))}")
    return fmt, width, height


def _jpeg(image: Image.Image, quality: int) -> bytes:
    if image.mode not in ("RGB", "L"):
        # Flatten transparency onto white: JPEG has no alpha channel.
        background = Image.new("RGB", image.size, "white")
        converted = image.convert("RGBA")
        background.paste(converted, mask=converted.getchannel("A"))
        image = background
    out = io.BytesIO()
    # Pixels only: no exif=, no icc_profile=, and no info carried over (Pillow writes a source
    # JPEG's comment segment, info["comment"], into the new file unless it is dropped here).
    image.info = {}
    image.save(out, "JPEG", quality=quality, optimize=True, progressive=True)
    return out.getvalue()


def image_clean(data: bytes, *, name: str = "the file") -> CleanImage:
    """Check ``data``, then decode it (now known to be safe), turn it upright as its EXIF
    orientation says, and re-encode it and a thumbnail with no metadata at all."""
    image_check(data, name=name)
    try:
        with Image.open(io.BytesIO(data)) as image:
            # verify() reads the structure, not every pixel: a file cut short fails only here.
            image.load()
            upright = ImageOps.exif_transpose(image)
            width, height = upright.size
            full = _jpeg(upright.copy(), quality=88)
            thumb = upright.copy()
            thumb.thumbnail(settings.MEDIA_THUMBNAIL_SIZE)
            small = _jpeg(thumb, quality=82)
    except (OSError, SyntaxError, ValueError, Image.DecompressionBombError) as exc:
        raise ValidationError(
            f"{name} could not be decoded ({exc.__class__.__name__}: {exc}); it may be truncated or damaged"
        ) from None
    return CleanImage(image=full, thumbnail=small, width=width, height=height)


def media_files(data: bytes, *, name: str) -> tuple[ContentFile, ContentFile, CleanImage]:
    clean = image_clean(data, name=name)
    return ContentFile(clean.image, name="image.jpg"), ContentFile(clean.thumbnail, name="thumb.jpg"), clean
