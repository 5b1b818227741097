"""Parser for MTGJSON set files: v3 (`cards` at the top level) and v5 (`data.cards`).

Each card name becomes one `card` record (its printings, e.g. the four basic Forests,
collapse into the first; the faces of a v5 split or double-faced card, which share the
name `Fire // Ice`, become one record listing each face), and each of its Gatherer
rulings one `ruling` record dated as the ruling is. Line numbers point at the card's
`"name"` and at each ruling's text in the file.
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ingest.source import IngestError, Source
from kb.model import IdAllocator, Record, slugify
from kb.text import normalize

FORMAT = "mtgjson"

_META_FIELDS = (("mana_cost", "manaCost"), ("type_line", "type"), ("power", "power"),
                ("toughness", "toughness"), ("loyalty", "loyalty"))


@dataclass
class _Card:
    """All entries of the file with one card name (printings, or faces of one card)."""

    name: str
    faces: list[dict[str, Any]] = field(default_factory=list)
    rulings: list[tuple[str, str]] = field(default_factory=list)


class _Locator:
    """Line numbers of strings found in the file, searching forward from the last card."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.newlines = [match.start() for match in re.finditer("\n", text)]
        self.position = 0

    def line(self, offset: int) -> int:
        """1-based line number of a character offset."""
        return bisect.bisect_left(self.newlines, offset) + 1

    def find(self, value: str, key: str | None = None, advance: bool = False) -> int:
        """Line of the next `"key": "value"` (or of `"value"`) from the current position;
        0 when not found. With `advance`, later searches start from there."""
        for encoded in dict.fromkeys((json.dumps(value, ensure_ascii=False), json.dumps(value))):
            needles = [encoded] if key is None else [f'"{key}": {encoded}', f'"{key}":{encoded}']
            for needle in needles:
                offset = self.text.find(needle, self.position)
                if offset >= 0:
                    if advance:
                        self.position = offset
                    return self.line(offset)
        return 0


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _load(text: str, path: Path | str) -> Any:
    """The JSON document, or IngestError naming the file and line. A `\\udXXX` escape
    that is half of no pair (no text can hold it) reads as U+FFFD."""
    try:
        document = json.loads(text)
        if _SURROGATE_ESCAPE.search(text):
            document = _mend(document)
        return document
    except json.JSONDecodeError as exc:
        raise IngestError(f"{path}:{exc.lineno}: not valid JSON ({exc.msg}, "
                          f"column {exc.colno})") from None
    except RecursionError:
        raise IngestError(f"{path}: JSON nested too deeply") from None


def _mend(value: Any) -> Any:
    """`value` with every lone surrogate in its strings (keys too) replaced by U+FFFD."""
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value)
    if isinstance(value, list):
        return [_mend(item) for item in value]
    if isinstance(value, dict):
        return {_mend(key): _mend(item) for key, item in value.items()}
    return value


def _set_object(document: Any) -> dict[str, Any] | None:
    """The object holding `cards`: the document itself (v3) or its `data` (v5)."""
    if not isinstance(document, dict):
        return None
    if isinstance(document.get("cards"), list):
        return document
    data = document.get("data")
    if isinstance(data, dict) and isinstance(data.get("cards"), list):
        return data
    return None


def sniff(text: str) -> bool:
    """A JSON object with `cards` (v3) or `data.cards` (v5)."""
    if not text.lstrip("\ufeff \t\n").startswith("{"):
        return False
    try:
        return _set_object(json.loads(text)) is not None
    except (ValueError, RecursionError):
        return False


def _set_of(text: str, path: Path | str) -> dict[str, Any]:
    """The set object of an MTGJSON file, or IngestError."""
    found = _set_object(_load(text, path))
    if found is None:
        raise IngestError(f"{path}: not an MTGJSON set file (no `cards` or `data.cards`)")
    return found


def describe(text: str, path: Path) -> dict[str, str]:
    """id `mtgjson-<set code>`, title from the set name, date and era its release date."""
    data = _set_of(text, path)
    code = str(data.get("code") or path.stem)
    name = str(data.get("name") or code)
    released = str(data.get("releaseDate") or "")
    return {"id": f"mtgjson-{slugify(code)}", "title": f"{name} (MTGJSON card data)",
            "date": released, "era": released}


def _list(value: Any) -> list[Any]:
    """A JSON list, or [] for anything else."""
    return value if isinstance(value, list) else []


def _group(cards: list[Any]) -> list[_Card]:
    """Cards by name in file order: faces of one card kept, repeated printings dropped;
    rulings of all entries, each once."""
    grouped: dict[str, _Card] = {}
    for entry in cards:
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            continue
        name = entry["name"].strip()
        if not name:
            continue
        card = grouped.setdefault(name, _Card(name))
        face = entry.get("faceName")
        if not card.faces or (face and face not in [f.get("faceName") for f in card.faces]):
            card.faces.append(entry)
        for ruling in _list(entry.get("rulings")):
            if isinstance(ruling, dict) and str(ruling.get("text") or "").strip():
                pair = (str(ruling.get("date") or ""), str(ruling["text"]))
                if pair not in card.rulings:
                    card.rulings.append(pair)
    return list(grouped.values())


def _rules_text(face: dict[str, Any]) -> str:
    """Oracle text, else the printed text."""
    return str(face.get("text") or face.get("originalText") or "")


def _face_block(face: dict[str, Any], name: str) -> str:
    """Name, mana cost, type line, P/T or loyalty, rules text: one line each."""
    stats = ""
    if face.get("power") is not None or face.get("toughness") is not None:
        stats = f"{face.get('power', '')}/{face.get('toughness', '')}"
    elif face.get("loyalty") is not None:
        stats = str(face["loyalty"])
    parts = [name, face.get("manaCost"), face.get("type"), stats, _rules_text(face)]
    return "\n".join(str(part) for part in parts if part)


def _meta(card: _Card) -> dict[str, str]:
    """mana_cost, type_line, power, toughness, loyalty, rules_text (faces joined by //)."""
    meta: dict[str, str] = {}
    for key, json_key in _META_FIELDS:
        values = [str(face[json_key]) for face in card.faces if face.get(json_key) is not None]
        if values:
            meta[key] = " // ".join(normalize(value) for value in values)
    meta["rules_text"] = "\n//\n".join(normalize(_rules_text(face)) for face in card.faces)
    return meta


def _keywords(card: _Card) -> list[str]:
    """Lower-case names from the cards' `keywords` field (v5), in order, each once."""
    found: list[str] = []
    for face in card.faces:
        for keyword in _list(face.get("keywords")):
            if isinstance(keyword, str) and keyword.strip().lower() not in found:
                found.append(keyword.strip().lower())
    return found


def _card_records(card: _Card, source: Source, allocate: Callable[[str], str],
                  locate: _Locator) -> list[Record]:
    """The card record and its rulings."""
    faces = [str(face.get("faceName") or "") for face in card.faces]
    multi = len(card.faces) > 1 and all(faces)
    blocks = [_face_block(face, faces[i] if multi else card.name)
              for i, face in enumerate(card.faces)]
    names = [card.name, *(face for face in faces if multi and face != card.name)]
    start = locate.find(card.name, key="name", advance=True)
    card_id = allocate(f"{source.id}:card:{slugify(card.name)}")
    rulings = []
    for number, (date, text) in enumerate(card.rulings, 1):
        line = locate.find(text) or start
        rulings.append(Record(
            id=allocate(f"{card_id}:ruling:{number}"), kind="ruling", source=source.id,
            title=f"Ruling on {card.name} ({date})" if date else f"Ruling on {card.name}",
            # a ruling is of the rules of its own date, not of its set's
            text=normalize(text), date=date or source.date, era=date or source.era,
            cards=[card.name], line_start=line, line_end=line, parent=card_id,
            meta={"subject": card.name},
        ))
    text = normalize("\n\n".join([card.name, *blocks] if multi else blocks))
    record = Record(
        id=card_id, kind="card", source=source.id, title=card.name, text=text,
        date=source.date, era=source.era, keywords=_keywords(card), cards=names,
        line_start=start, line_end=max([start, *(r.line_end for r in rulings)]),
        meta=_meta(card),
    )
    return [record, *rulings]


def parse(source: Source, text: str) -> list[Record]:
    """One `card` record per card name and one `ruling` record per Gatherer ruling."""
    data = _set_of(text, source.path)
    allocate = IdAllocator()
    locate = _Locator(text)
    records: list[Record] = []
    for card in _group(data["cards"]):
        records.extend(_card_records(card, source, allocate, locate))
    return records
