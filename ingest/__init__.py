"""Parsers that split rules documents into records (see `ingest.registry`)."""
