"""The shipped data (`mtgkb_data`): the source manifest and the seed documents."""

from pathlib import Path


def folder() -> Path:
    """This folder, as installed with the package."""
    return Path(__file__).resolve().parent
