"""Dates as the documents write them ("October 1, 2008") read into ISO form."""

from __future__ import annotations

from datetime import date

MONTHS = ("january february march april may june july august september october "
          "november december").split()
# a month name, for building date patterns
MONTH = "(" + "|".join(MONTHS) + ")"


def iso_date(month: str, day: str, year: str) -> str | None:
    """`("October", "1", "2008")` -> `"2008-10-01"`; None for no such day."""
    try:
        return date(int(year), MONTHS.index(month.lower()) + 1, int(day)).isoformat()
    except ValueError:
        return None
