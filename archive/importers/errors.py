from __future__ import annotations


class ImportFailed(ValueError):
    """Bad input for an import: says where (line or row) and which field, in one line."""

    def __init__(self, message: str, *, line: int | None = None, row: int | None = None, field: str = "") -> None:
        self.message = message
        self.line = line
        self.row = row
        self.field = field
        super().__init__(str(self))

    def __str__(self) -> str:
        where = []
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.row is not None:
            where.append(f"row {self.row}")
        if self.field:
            where.append(f"field {self.field}")
        return (", ".join(where) + ": " if where else "") + self.message
