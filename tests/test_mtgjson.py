"""The MTGJSON parser on the real Shards of Alara set file (v3) and a v5 wrapping of it."""

from __future__ import annotations

import copy
import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest import mtgjson
from ingest.source import IngestError, Source, read_text
from kb.model import Record
from kb.text import normalize
from tests.conftest import CR_FILES, DATA, MTGJSON_ALA, extra_file

EXALTED_RULING = ("Battlegrace Angel could cause a creature to have multiple instances of "
                  "lifelink. For example, a creature you control that already has lifelink "
                  "could attack alone while you control Battlegrace Angel, or a creature you "
                  "control could attack alone while you control more than one Battlegrace "
                  "Angel. If a creature has multiple instances of lifelink, they are redundant. "
                  "You'll still only gain life equal to the damage dealt.")
FIRE = {"name": "Fire // Ice", "faceName": "Fire", "layout": "split", "manaCost": "{1}{R}",
        "type": "Instant", "keywords": [],
        "text": "Fire deals 2 damage divided as you choose among one or two targets."}
ICE = {"name": "Fire // Ice", "faceName": "Ice", "layout": "split", "manaCost": "{1}{U}",
       "type": "Instant", "keywords": [], "text": "Tap target permanent.\nDraw a card."}
FIRE_RULING = {"date": "2020-11-10",
               "text": "Fire // Ice has two halves; you cast only one of them."}


@cache
def _text() -> str:
    return read_text(MTGJSON_ALA)


@cache
def _raw() -> dict[str, Any]:
    return json.loads(_text())


def _source(path: Path = MTGJSON_ALA, text: str | None = None) -> Source:
    info = mtgjson.describe(_text() if text is None else text, path)
    return Source(id=info["id"], title=info["title"], path=path, format=mtgjson.FORMAT,
                  date=info["date"], era=info["era"])


@cache
def _parsed() -> tuple[Record, ...]:
    return tuple(mtgjson.parse(_source(), _text()))


@pytest.fixture
def parsed() -> tuple[Record, ...]:
    extra_file(MTGJSON_ALA)
    return _parsed()


def _by_id(parsed: tuple[Record, ...]) -> dict[str, Record]:
    return {r.id: r for r in parsed}


def _write_v5(tmp_path: Path, cards: list[dict[str, Any]]) -> Path:
    """The real set's data in the v5 shape: `{"meta": ..., "data": {..., "cards": ...}}`."""
    data = {key: value for key, value in _raw().items() if key != "cards"}
    data["cards"] = cards
    path = tmp_path / "ALA.v5.json"
    path.write_text(json.dumps({"meta": {"date": "2024-01-01", "version": "5.2.2"},
                                "data": data}, indent=2, ensure_ascii=False), encoding="utf-8")
    return path


# -------------------------------------------------------------------- describe, sniff

def test_describe() -> None:
    extra_file(MTGJSON_ALA)
    assert mtgjson.describe(_text(), MTGJSON_ALA) == {
        "id": "mtgjson-ala", "title": "Shards of Alara (MTGJSON card data)",
        "date": "2008-10-03", "era": "2008-10-03"}


def test_sniff() -> None:
    extra_file(MTGJSON_ALA)
    assert mtgjson.sniff(_text())
    assert mtgjson.sniff('{"data": {"cards": []}}')
    assert not mtgjson.sniff('{"data": {"name": "x"}}')
    assert not mtgjson.sniff('{"cards": "none"}')
    assert not mtgjson.sniff("[1, 2]")
    assert not mtgjson.sniff('{"cards": [')
    for path in (DATA / "sources").glob("*.txt"):
        assert not mtgjson.sniff(read_text(path)), path.name
    cr_2012 = CR_FILES["2012-10-01"]
    if cr_2012.exists():
        assert not mtgjson.sniff(read_text(cr_2012))


# ---------------------------------------------------------------------------- counts

def test_counts(parsed: tuple[Record, ...]) -> None:
    assert len(_raw()["cards"]) == 249
    assert Counter(r.kind for r in parsed) == {"card": 234, "ruling": 457}
    names = Counter(card["name"] for card in _raw()["cards"])
    assert sorted(n for n, k in names.items() if k > 1) == [
        "Forest", "Island", "Mountain", "Plains", "Swamp"]  # 4 printings each, one record
    assert [r.title for r in parsed if r.kind == "card"] == list(names)


def test_rulings_per_card_as_in_the_file(parsed: tuple[Record, ...]) -> None:
    in_file = {c["name"]: [(x["date"], normalize(x["text"])) for x in c.get("rulings", [])]
               for c in _raw()["cards"]}
    found: dict[str, list[tuple[str, str]]] = {}
    for ruling in (r for r in parsed if r.kind == "ruling"):
        found.setdefault(ruling.cards[0], []).append((ruling.date, ruling.text))
    assert found == {name: rulings for name, rulings in in_file.items() if rulings}
    assert Counter(r.date for r in parsed if r.kind == "ruling").most_common(2) == [
        ("2008-10-01", 415), ("2017-03-14", 12)]


# ------------------------------------------------------------------------ whole records

def test_card_record_whole(parsed: tuple[Record, ...]) -> None:
    card = _by_id(parsed)["mtgjson-ala:card:battlegrace-angel"]
    assert card.export() == {
        "id": "mtgjson-ala:card:battlegrace-angel", "kind": "card", "source": "mtgjson-ala",
        "title": "Battlegrace Angel", "rule": None,
        "text": "Battlegrace Angel\n{3}{W}{W}\nCreature \u2014 Angel\n4/4\nFlying\n"
                "Exalted (Whenever a creature you control attacks alone, that creature gets "
                "+1/+1 until end of turn.)\nWhenever a creature you control attacks alone, it "
                "gains lifelink until end of turn.",
        "keywords": [], "cards": ["Battlegrace Angel"], "refs": [], "date": "2008-10-03"}
    assert card.meta == {
        "mana_cost": "{3}{W}{W}", "type_line": "Creature \u2014 Angel", "power": "4",
        "toughness": "4",
        "rules_text": "Flying\nExalted (Whenever a creature you control attacks alone, that "
                      "creature gets +1/+1 until end of turn.)\nWhenever a creature you control "
                      "attacks alone, it gains lifelink until end of turn."}
    assert card.parent is None and card.era == "2008-10-03"


def test_ruling_record_whole(parsed: tuple[Record, ...]) -> None:
    ruling = _by_id(parsed)["mtgjson-ala:card:battlegrace-angel:ruling:7"]
    assert ruling.export() == {
        "id": "mtgjson-ala:card:battlegrace-angel:ruling:7", "kind": "ruling",
        "source": "mtgjson-ala", "title": "Ruling on Battlegrace Angel (2009-10-01)",
        "rule": None, "text": EXALTED_RULING, "keywords": [], "cards": ["Battlegrace Angel"],
        "refs": [], "date": "2009-10-01"}
    assert ruling.parent == "mtgjson-ala:card:battlegrace-angel"
    assert ruling.meta == {"subject": "Battlegrace Angel"}
    first = _by_id(parsed)["mtgjson-ala:card:battlegrace-angel:ruling:1"]
    assert first.title == "Ruling on Battlegrace Angel (2008-10-01)"


def test_planeswalker_vanilla_and_basic_land(parsed: tuple[Record, ...]) -> None:
    records = _by_id(parsed)
    ajani = records["mtgjson-ala:card:ajani-vengeant"]
    assert ajani.meta["loyalty"] == "3" and "power" not in ajani.meta
    assert ajani.text.split("\n")[:4] == [
        "Ajani Vengeant", "{2}{R}{W}", "Legendary Planeswalker \u2014 Ajani", "3"]
    vanilla = records["mtgjson-ala:card:jhessian-lookout"]
    assert vanilla.meta["rules_text"] == ""
    assert vanilla.text == "Jhessian Lookout\n{1}{U}\nCreature \u2014 Human Scout\n2/1"
    forest = records["mtgjson-ala:card:forest"]  # no oracle text: the printed text
    assert (forest.meta["rules_text"], forest.text) == ("G", "Forest\nBasic Land \u2014 Forest\nG")
    assert "mtgjson-ala:card:forest~2" not in records


def test_oracle_text_preferred_to_printed_text(parsed: tuple[Record, ...]) -> None:
    raw = next(c for c in _raw()["cards"] if c["name"] == "Ajani Vengeant")
    assert raw["text"] != raw["originalText"]
    card = _by_id(parsed)["mtgjson-ala:card:ajani-vengeant"]
    assert "any target" in card.meta["rules_text"] and "any target" in raw["text"]


def test_lines_point_at_the_card_and_ruling(parsed: tuple[Record, ...]) -> None:
    lines = _text().split("\n")
    for record in parsed:
        line = lines[record.line_start - 1]
        if record.kind == "card":
            assert f'"name": {json.dumps(record.title, ensure_ascii=False)}' in line
        else:
            value = json.loads(line.split(":", 1)[1].strip().rstrip(","))
            assert value.split()[:6] == record.text.split()[:6], record.id
            assert record.line_start > _by_id(parsed)[record.parent].line_start


def test_ids_unique_and_slugs_safe(parsed: tuple[Record, ...]) -> None:
    ids = [r.id for r in parsed]
    assert len(ids) == len(set(ids))
    assert all(all(c.isalnum() or c in ":-" for c in i) for i in ids)


# -------------------------------------------------------------------------------- v5

def test_v5_wrapping_gives_the_same_records_with_keywords(tmp_path: Path) -> None:
    extra_file(MTGJSON_ALA)
    cards = copy.deepcopy(_raw()["cards"])
    angel = next(c for c in cards if c["name"] == "Battlegrace Angel")
    angel["keywords"] = ["Flying", "Exalted"]  # v5 lists keywords on the card
    path = _write_v5(tmp_path, cards)
    text = read_text(path)
    assert mtgjson.sniff(text)
    assert mtgjson.describe(text, path)["id"] == "mtgjson-ala"
    v5 = mtgjson.parse(_source(path, text), text)
    v3 = _parsed()
    assert [r.id for r in v5] == [r.id for r in v3]
    assert [r.text for r in v5] == [r.text for r in v3]
    assert _by_id(tuple(v5))["mtgjson-ala:card:battlegrace-angel"].keywords == [
        "flying", "exalted"]
    lines = text.split("\n")
    assert all(lines[r.line_start - 1].strip() for r in v5)


def test_split_card_faces_make_one_record(tmp_path: Path) -> None:
    extra_file(MTGJSON_ALA)
    faces = [dict(FIRE, rulings=[FIRE_RULING]), dict(ICE, rulings=[FIRE_RULING])]
    path = _write_v5(tmp_path, faces)
    text = read_text(path)
    parsed = mtgjson.parse(_source(path, text), text)
    assert [r.id for r in parsed] == ["mtgjson-ala:card:fire-ice",
                                      "mtgjson-ala:card:fire-ice:ruling:1"]
    card = parsed[0]
    assert card.title == "Fire // Ice"
    assert card.cards == ["Fire // Ice", "Fire", "Ice"]
    assert card.meta["mana_cost"] == "{1}{R} // {1}{U}"
    assert card.text == ("Fire // Ice\n\nFire\n{1}{R}\nInstant\nFire deals 2 damage divided as "
                         "you choose among one or two targets.\n\nIce\n{1}{U}\nInstant\nTap "
                         "target permanent.\nDraw a card.")
    assert parsed[1].parent == card.id and parsed[1].cards == ["Fire // Ice"]


def test_v3_split_card_halves_are_cards_of_their_own(tmp_path: Path) -> None:
    halves = [{"name": "Fire", "names": ["Fire", "Ice"], "layout": "split",
               **{k: FIRE[k] for k in ("manaCost", "type", "text")}},
              {"name": "Ice", "names": ["Fire", "Ice"], "layout": "split",
               **{k: ICE[k] for k in ("manaCost", "type", "text")}}]
    text = json.dumps({"name": "Apocalypse", "code": "APC", "releaseDate": "2001-06-04",
                       "cards": halves})
    path = tmp_path / "APC.json"
    parsed = mtgjson.parse(_source(path, text), text)
    assert [r.id for r in parsed] == ["mtgjson-apc:card:fire", "mtgjson-apc:card:ice"]


# ---------------------------------------------------------------------- bad input

def test_invalid_json_names_the_file_and_line(tmp_path: Path) -> None:
    extra_file(MTGJSON_ALA)
    lines = _text().split("\n")
    broken = "\n".join(lines[:100] + ["  ]]]"] + lines[100:])
    path = tmp_path / "broken.json"
    with pytest.raises(IngestError, match=r"broken\.json:101: not valid JSON"):
        mtgjson.parse(_source(MTGJSON_ALA).with_(path=path), broken)
    with pytest.raises(IngestError, match=r"broken\.json:101:"):
        mtgjson.describe(broken, path)


def test_json_without_cards_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.json"
    source = Source(id="x", title="x", path=path, format=mtgjson.FORMAT)
    with pytest.raises(IngestError, match="other.json: not an MTGJSON set file"):
        mtgjson.parse(source, '{"name": "x"}')


# ------------------------------------------------------------------- property tests

@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.integers(min_value=0, max_value=900_000))
def test_truncated_file_raises_only_ingest_error(cut: int) -> None:
    extra_file(MTGJSON_ALA)
    source = _source()
    piece = _text()[:cut]
    try:
        first = mtgjson.parse(source, piece)
    except IngestError as exc:
        assert str(MTGJSON_ALA) in str(exc)
        return
    assert [r.to_dict() for r in first] == [r.to_dict() for r in mtgjson.parse(source, piece)]


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["cards", "data", "name", "text", "rulings", "date",
                                       "faceName", "keywords", "power", "loyalty"]),
                      inner, max_size=5),
    max_leaves=25)


_CARD = st.dictionaries(
    st.sampled_from(["name", "faceName", "text", "originalText", "manaCost", "type", "power",
                     "toughness", "loyalty", "keywords", "rulings"]),
    st.text(max_size=12) | st.lists(st.text(max_size=8), max_size=3) | st.integers()
    | st.lists(st.fixed_dictionaries({"date": st.text(max_size=10), "text": st.text(max_size=30)}),
               max_size=3),
    max_size=8)
_SET = st.fixed_dictionaries({"code": st.text(max_size=5), "cards": st.lists(_CARD, max_size=6)})


@settings(max_examples=200, deadline=None)
@given(_JSON | _SET | st.builds(lambda s: {"data": s}, _SET) | st.text(max_size=100))
def test_arbitrary_input_never_crashes(value: Any) -> None:
    text = value if isinstance(value, str) else json.dumps(value)
    source = Source(id="x", title="x", path=Path("x.json"), format=mtgjson.FORMAT)
    mtgjson.sniff(text)
    try:
        first = mtgjson.parse(source, text)
    except IngestError as exc:
        assert "x.json" in str(exc)
        return
    second = mtgjson.parse(source, text)
    assert [r.to_dict() for r in first] == [r.to_dict() for r in second]
    assert len({r.id for r in first}) == len(first)
