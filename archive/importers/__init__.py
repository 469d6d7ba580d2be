"""Bulk imports into the archive: the DLP database dump, Ludii Portal evidence pages and CSV in
the export's own format. Each import is all-or-nothing and idempotent."""
