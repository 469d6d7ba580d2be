"""Django's JSON serialisation with times kept to the microsecond, for backups (archive.backup).

Django's own JSON encoder cuts datetimes and times to milliseconds, so a backup written with it
restores every timestamp slightly changed; this one writes them whole (ISO 8601, with the
offset), and Django's JSON deserialiser reads them back exactly. Registered as the serialisation
format ``exactjson`` (settings.SERIALIZATION_MODULES)."""
from __future__ import annotations

import datetime

from django.core.serializers.json import Deserializer as JSONDeserializer
from django.core.serializers.json import DjangoJSONEncoder
from django.core.serializers.json import Serializer as JSONSerializer


class ExactEncoder(DjangoJSONEncoder):
    def default(self, o):
        if isinstance(o, (datetime.datetime, datetime.time)):
            return o.isoformat()
        return super().default(o)


class Serializer(JSONSerializer):
    def _init_options(self):
        super()._init_options()
        self.json_kwargs["cls"] = ExactEncoder


Deserializer = JSONDeserializer
