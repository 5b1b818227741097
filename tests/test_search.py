"""Search over the shipped data: ranking, rule numbers, era wording, did-you-mean, safety."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kb.era import modernize
from kb.rulenum import cited
from kb.search import snippet, stems


def test_attacks_alone_finds_the_definition_and_exalted_first(shipped_searcher) -> None:
    hits = shipped_searcher.search("attacks alone").hits
    top = hits[:2]
    assert all(h.record["kind"] in ("rule", "keyword", "glossary") for h in top)
    assert any('"attacks alone" if' in h.record["text"] for h in top[:3])
    assert any("exalted" in h.record["keywords"] for h in top)


def test_a_bare_rule_number_goes_straight_to_the_rule(shipped_searcher) -> None:
    for query in ("702.20j", "rule 112.6h", "502.83", "702.81a."):
        first = shipped_searcher.search(query).hits[0].record
        assert first["kind"] == "rule" and first["rule"] == cited(query), query


def test_a_heading_number_lists_its_subrules_after_it(shipped_searcher) -> None:
    rules = [h.record["rule"] for h in shipped_searcher.search("702.81", limit=5).hits]
    assert rules[0] == "702.81" and {"702.81a", "702.81b"} <= set(rules)


def test_old_wording_finds_new_and_new_wording_finds_old(shipped_searcher) -> None:
    old = shipped_searcher.search("enters the battlefield with +1/+1 counters devour").hits
    assert any("comes into play" in h.record["text"] for h in old[:5])
    new = shipped_searcher.search("comes into play with N +1/+1 counters").hits
    assert any("enters the battlefield" in h.record["text"] for h in new[:10])
    exiled = shipped_searcher.search("exiled at end of turn unearth").hits
    assert any("from the game" in h.record["text"] for h in exiled[:5])


def test_a_question_whose_rare_words_name_nothing_is_found_by_its_other_words(
        shipped_searcher) -> None:
    # "go" is the question's only word in few records (the rest, "spell" and "countered",
    # are in many): it names nothing the rules define, so the records it alone would let
    # in are not the only candidates; the rule on countered spells is found
    hits = shipped_searcher.search("where does a spell go after it is countered?").hits
    assert any(h.record["id"].endswith(":701.6a") for h in hits[:10])


def test_did_you_mean_for_a_misspelt_keyword(shipped_searcher) -> None:
    result = shipped_searcher.search("exhalted")
    assert result.did_you_mean == "exalted"
    assert "exalted" in result.hits[0].record["keywords"]


def test_a_word_the_rules_never_use_is_not_corrected_into_a_name(shipped_searcher) -> None:
    # "partway" is in no record, and no misspelling of its nearest name word ("party":
    # two edits in seven letters): the query is answered as written, by its other words,
    # with no suggestion
    from kb.present import format_search
    from kb.wording import closest

    asked = "can my creature be removed partway through combat"
    assert closest("partway", shipped_searcher._name_words()) == "party"
    assert shipped_searcher._correction(asked) is None
    result = shipped_searcher.search(asked)
    assert result.did_you_mean is None and result.hits
    # a misspelt word a hit then speaks of is still put right, a question as a question
    corrected = shipped_searcher.search("my trampler was blocked, does the damage go on?")
    assert corrected.did_you_mean == "my trample was blocked, does the damage go on?"
    assert "trample" in corrected.hits[0].record["text"].lower()
    assert "Did you mean: my trample was blocked, does the damage go on?\n" in \
        format_search(corrected)


def test_a_misspelling_put_right_is_ranked_once(shipped_searcher, monkeypatch) -> None:
    # the corrected query is ranked for its best hit first: when that hit speaks of the
    # word put in, the corrected query is ranked whole and the query as written never is;
    # when it does not, only the query as written is ranked whole, and answers as alone
    asked: list[tuple[str, int]] = []
    ranked = type(shipped_searcher)._ranked

    def counting(self, text, kind, source, limit, *args, **kwargs):  # type: ignore[no-untyped-def]
        asked.append((text, limit))
        return ranked(self, text, kind, source, limit, *args, **kwargs)

    monkeypatch.setattr(type(shipped_searcher), "_ranked", counting)
    result = shipped_searcher.search("my trampler was blocked but the blocker got removed")
    assert result.did_you_mean and asked == [(result.did_you_mean, 1),
                                             (result.did_you_mean, 10)]
    asked.clear()
    # (a card the home lacks, one letter from a name word: "Empyrial Archangel"'s)
    as_written = "does my energy go away at the end of the turn like mana with Empyreal Voyager?"
    result = shipped_searcher.search(as_written)
    assert result.did_you_mean is None and result.query == as_written
    assert len(asked) == 2 and asked[0][0] != as_written and asked[0][1] == 1
    assert asked[-1] == (as_written, 10)
    alone = ranked(shipped_searcher, as_written, None, None, 10)
    assert [h.record["id"] for h in result.hits] == [h.record["id"] for h in alone.hits]


def test_did_you_mean_for_a_misspelt_card_name(shipped_searcher) -> None:
    result = shipped_searcher.search("Battlegrace Angle")
    assert result.did_you_mean and "angel" in result.did_you_mean.lower()
    assert "Battlegrace Angel" in result.hits[0].record["cards"]


def test_filters(shipped_searcher) -> None:
    hits = shipped_searcher.search("devour", kind="ruling").hits
    assert hits and all(h.record["kind"] == "ruling" for h in hits)
    hits = shipped_searcher.search("devour", source="alara-keyword-rules-blog-2008").hits
    assert hits and all(h.record["source"] == "alara-keyword-rules-blog-2008" for h in hits)


def test_quoted_phrase_is_required(shipped_searcher) -> None:
    hits = shipped_searcher.search('"attacks alone" trample').hits
    phrase = " ".join(stems("attacks alone"))
    for hit in hits:
        assert phrase in " ".join(stems(modernize(hit.record["title"] + " " + hit.record["text"])))


def test_snippet_marks_the_query_words() -> None:
    text = "Exalted is a triggered ability. Whenever a creature you control attacks alone, ..."
    out = snippet(text, set(stems("attacks alone")))
    assert "**attacks alone**" in out


def _snippet_by_tokens(text: str, terms: set[str], width: int) -> str:
    """The snippet as the window's tokens give it (the straightforward reading)."""
    from kb.index import tokens

    found = [t.stem for t in tokens(text)]
    hits = [i for i, s in enumerate(found) if s in terms]
    start = 0
    if hits:
        best, most = hits[0], 0
        for i in hits:
            distinct = {found[j] for j in hits if i <= j < i + width}
            if len(distinct) > most:
                best, most = i, len(distinct)
        start = max(0, min(best - 4, len(found) - width))
    window = tokens(text, start, start + width)
    begin, end = window[0].start, window[-1].end
    out, pos = [], begin
    for token in window:
        if token.stem in terms:
            out += [text[pos:token.start], "**", text[token.start:token.end], "**"]
            pos = token.end
    out.append(text[pos:end])
    body = " ".join("".join(out).split()).replace("** **", " ")
    return ("… " if begin > 0 else "") + body + (" …" if end < len(text.rstrip()) else "")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["İnfect", "creature's", "+1/+1", "-1/-1", "tapped", "Dies",
                                 "the", "ÆTHER", "it’s", "attacks", "alone", "x", "402.1a"]),
                min_size=1, max_size=80))
def test_snippet_marks_the_window_the_texts_tokens_give(words: list[str]) -> None:
    # places and stems as `tokens` finds them, whatever lower-casing does to the text's
    # length ("İ" lower-cased is two characters)
    text = " ".join(words)
    terms = set(stems("attacks tapped creature infect dies"))
    assert snippet(text, terms, width=8) == _snippet_by_tokens(text, terms, 8)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=60))
def test_no_query_raises(shipped_searcher, query: str) -> None:
    result = shipped_searcher.search(query)
    assert result.total >= len(result.hits)


def test_the_same_entry_in_several_rules_versions_is_shown_once(large_home) -> None:
    from kb.build import ensure_built
    from kb.search import Searcher
    from tests.conftest import DATA

    searcher = Searcher(ensure_built(DATA, large_home).index)
    hits = searcher.search("hexproof", kind="glossary").hits
    titles = [h.record["title"] for h in hits]
    assert titles.count("Hexproof") == 1
    newest = max(h.record["date"] for h in hits)
    assert next(h for h in hits if h.record["title"] == "Hexproof").record["date"] == newest


def test_a_card_printed_by_a_faq_and_a_set_file_is_one_hit(large_home) -> None:
    """A card is one card in every source that prints it (the Shards of Alara FAQ and
    ALA.json word and format its text differently): one hit, the other listed."""
    import sqlite3

    from kb.build import ensure_built
    from kb.search import Searcher
    from tests.conftest import DATA

    build = ensure_built(DATA, large_home)
    db = sqlite3.connect(build.store)
    try:
        both = [title for (title,) in db.execute(
            "select title from records where kind = 'card' group by title"
            " having count(distinct source) > 1 order by title")]
    finally:
        db.close()
    assert len(both) > 50
    searcher = Searcher(build.index)
    try:
        for title in both[::10]:
            cards = [h for h in searcher.search(title, kind="card", limit=5).hits
                     if h.record["title"] == title]
            assert len(cards) == 1, title
            assert len({cards[0].record["source"],
                        *(v["source"] for v in cards[0].versions)}) > 1, title
    finally:
        searcher.close()


def test_a_ruling_a_faq_words_in_older_terms_is_one_hit_with_its_set_files(
        large_home) -> None:
    """The 2008 FAQ's "put into a graveyard from play" is ALA.json's "from the
    battlefield": the same ruling, one hit (read in today's words); a ruling of other
    words stays a hit of its own."""
    from kb.build import ensure_built
    from kb.search import Searcher
    from kb.store import KnowledgeBase
    from tests.conftest import DATA

    build = ensure_built(DATA, large_home)
    searcher = Searcher(build.index)
    try:
        hits = searcher.search("Blood Cultist creature put into a graveyard check whether "
                               "it dealt damage", kind="ruling", limit=10).hits
    finally:
        searcher.close()
    cultist = [h for h in hits if ":card:blood-cultist:" in h.record["id"]]
    first = next(h for h in cultist if h.record["id"].endswith(":ruling:1"))
    assert "from the battlefield" in first.record["text"]
    with KnowledgeBase(build.store) as kb:  # a hit names its versions; their texts
        versions = kb.exports([v["id"] for v in first.versions])
    assert any("from play" in v["text"] for v in versions.values())
    assert len({h.record["id"].rsplit(":", 1)[1] for h in cultist}) == len(cultist)


def test_a_question_puts_answers_first(shipped_searcher) -> None:
    first = shipped_searcher.search("can I choose not to sacrifice any creatures to devour").hits[0]
    assert first.record["kind"] in ("ruling", "qa")
    assert "devour" in first.record["keywords"]


def test_one_hit_per_rule_across_versions_newest_shown(large_home) -> None:
    from kb.build import ensure_built
    from kb.search import Searcher
    from tests.conftest import DATA

    searcher = Searcher(ensure_built(DATA, large_home).index)
    hits = searcher.search("exalted attacks alone").hits
    rules = [h for h in hits if h.record["kind"] == "rule" and "exalted" in h.record["keywords"]]
    first = rules[0]
    assert first.record["source"] == "cr-2026-01-16"
    assert {"cr-2008-10-01", "cr-2012-10-01"} <= {v["source"] for v in first.versions}
    shown = [v["id"] for h in hits for v in [h.record, *h.versions]]
    assert len(shown) == len(set(shown))  # no version shown twice
    old = searcher.search("exalted attacks alone", as_of="2009-01-01").hits
    assert all(h.record["date"] <= "2009-01-01" for h in old)
    assert any(h.record.get("rule") == "502.83a" for h in old)


def test_a_followed_pointer_shows_the_versions_of_the_rule_it_leads_to(large_home) -> None:
    from kb.build import ensure_built
    from kb.search import Searcher
    from tests.conftest import DATA

    searcher = Searcher(ensure_built(DATA, large_home).index)
    # today's glossary "Legend Rule" says "See rule 704.5j": the hit is that rule, and its
    # other versions are the legend rule of older versions (704.5k, 420.5e), not the older
    # glossary entries the pointer has
    hit = next(h for h in searcher.search("legend rule").hits if h.context)
    assert hit.context["kind"] == "glossary" and hit.record["kind"] == "rule"
    assert hit.versions and all(v["kind"] == "rule" for v in hit.versions)
    assert hit.record["id"] not in {v["id"] for v in hit.versions}
    assert {v["rule"] for v in hit.versions} & {"704.5k", "420.5e"}


def test_obsolete_rules_rank_below_live_ones(large_home) -> None:
    from kb.build import ensure_built
    from kb.search import Searcher
    from tests.conftest import DATA

    searcher = Searcher(ensure_built(DATA, large_home).index)
    hits = searcher.search("unused mana lose life end of phase").hits
    scores = {h.record["id"]: h.parts.get("obsolete") for h in hits}
    assert any(v == 0.5 for v in scores.values())  # mana burn rules of 2008 are marked
    live = [i for i, h in enumerate(hits) if "obsolete" not in h.parts]
    dead = [i for i, h in enumerate(hits) if "obsolete" in h.parts]
    assert live and dead and live[0] < dead[0]


def test_a_bare_rule_number_is_todays_rule_first(large_home) -> None:
    from kb.build import ensure_built
    from kb.search import Searcher
    from tests.conftest import DATA

    searcher = Searcher(ensure_built(DATA, large_home).index)
    assert searcher.search("702.11a").hits[0].record["source"] == "cr-2026-01-16"
    assert searcher.search("702.11a", as_of="2012-12-31").hits[0].record["date"] <= "2012-12-31"


def test_a_bare_rule_number_is_one_hit_per_rule_across_versions(large_home) -> None:
    from kb.build import ensure_built
    from kb.search import Searcher
    from tests.conftest import DATA

    searcher = Searcher(ensure_built(DATA, large_home).index)
    result = searcher.search("702.83", limit=50)
    hits = result.hits
    # today's 702.83 (Exalted) with its subrules first, each listing its older versions
    assert [h.record["id"] for h in hits[:3]] == [
        "cr-2026-01-16:702.83", "cr-2026-01-16:702.83a", "cr-2026-01-16:702.83b"]
    assert {"cr-2012-10-01:702.81", "cr-2008-10-01:502.83"} <= {v["id"] for v in hits[0].versions}
    # 702.83 of 2012 was Cascade: a hit of its own, listing today's 702.85 among its versions
    cascade = next(h for h in hits if h.record["id"] == "cr-2012-10-01:702.83")
    assert "cr-2026-01-16:702.85" in {v["id"] for v in cascade.versions}
    shown = [i for h in hits for i in h.shows()]
    assert len(shown) == len(set(shown))  # no version shown twice
    assert result.total == len(hits)
    old = searcher.search("702.83", as_of="2012-12-31").hits
    assert old[0].record["id"] == "cr-2012-10-01:702.83"
    assert all(h.record["date"] <= "2012-12-31" for h in old)


def test_renames_come_from_the_glossary() -> None:
    from kb.era import glossary_renames

    entries = [
        ("Converted Mana Cost (Obsolete)", "An obsolete term for mana value. Cards printed"),
        ("Unblockable (Obsolete)", 'A term that meant "can\'t be blocked." Cards that'),
        ("Totem Armor (Obsolete)", 'An obsolete keyword ability that has been renamed. See '
                                   'rule 702.89, "Umbra Armor."'),
        ("Battlefield", 'A zone. It used to be known as the "in-play" zone. See rule 403.'),
        ("Mana Burn (Obsolete)", "Older versions of the rules stated that unspent mana …"),
    ]
    assert glossary_renames(entries) == [
        ("converted mana cost", "mana value"), ("unblockable", "can't be blocked"),
        ("totem armor", "umbra armor"), ("in-play", "battlefield")]


def test_an_obsolete_mark_is_read_from_the_title_end() -> None:
    from kb.era import obsolete_term

    assert obsolete_term("Mana Burn (Obsolete)") == "Mana Burn"
    assert obsolete_term("Converted Mana Cost (obsolete) ") == "Converted Mana Cost"
    assert obsolete_term("Mana Ability") is None
    assert obsolete_term("(Obsolete) rules history") is None


def test_a_glossary_title_names_its_term_without_its_label() -> None:
    from kb.era import glossary_term
    from kb.search_cards import defined_names

    assert [glossary_term(t) for t in ("Cantrip (Informal)", "Mana Burn (Obsolete)",
                                       "Mana Ability")] == ["Cantrip", "Mana Burn",
                                                            "Mana Ability"]
    # an informal term is defined as the word players use ("what's a cantrip?")
    assert defined_names({"kind": "glossary", "title": "Cantrip (Informal)", "text": ""}) \
        == [("cantrip",)]


def test_an_old_term_finds_the_current_rule(shipped_searcher) -> None:
    hits = shipped_searcher.search("converted mana cost of a split card").hits
    assert any("mana value of a split card" in h.record["text"] for h in hits[:3])


def test_a_glossary_pointer_leads_to_the_rule_it_names(shipped_searcher) -> None:
    hits = shipped_searcher.search("exalted").hits
    pointed = [h for h in hits if h.context]
    assert pointed, "the glossary entry 'See rule 702.83' is followed"
    hit = pointed[0]
    assert hit.context["kind"] == "glossary" and "See rule 702.83" in hit.context["text"]
    assert "702.83a" in hit.record["text"] and "702.83b" in hit.record["text"]
    assert hit.to_json()["context"]["id"] == hit.context["id"]


def test_a_bare_heading_is_shown_with_its_subrules(shipped_searcher) -> None:
    from kb.search_pointers import is_pointer

    hits = shipped_searcher.search("ending the game draw").hits
    assert not any(is_pointer(h.record) for h in hits)


def test_the_subrules_a_heading_shows_get_no_hit_of_their_own(shipped_searcher) -> None:
    hits = shipped_searcher.search("how does the monarch work").hits
    heading = hits[0]
    assert heading.record["rule"] == "724" and "724.3" in heading.record["text"]
    assert heading.covers and all(c.startswith("cr-2026-01-16:724.") for c in heading.covers)
    assert not any(h.record["id"] in heading.covers for h in hits[1:])


def test_only_versions_collapse_never_two_records_of_one_source(tmp_path) -> None:
    from kb.search_versions import Versions

    def ruling(card: str, source: str, date: str) -> dict:
        return {"id": f"{source}:card:{card}:ruling:1", "kind": "ruling", "source": source,
                "date": date, "title": f"{card} — ruling 1", "rule": None, "refs": [],
                "cards": [card],
                "text": "You may choose not to sacrifice any."}

    versions = Versions(tmp_path / "no-store.sqlite")
    # the same ruling printed for two cards of one set is two answers; the same ruling of
    # one card in a FAQ and in the set's card file is one answer in two sources
    ranked = [(3.0, {}, [ruling("mycoloth", "faq", "2008-09-23")]),
              (2.0, {}, [ruling("skullmulcher", "faq", "2008-09-23")]),
              (2.0, {}, [ruling("mycoloth", "mtgjson-ala", "2008-10-03")]),
              (1.5, {}, [ruling("skullmulcher", "mtgjson-ala", "2008-10-03")]),
              (1.0, {}, [{**ruling("x", "faq", "2008-10-01"), "text": "Other."}])]
    groups = versions.group(ranked)
    assert [sorted(g.records) for g in groups] == [
        ["faq:card:mycoloth:ruling:1", "mtgjson-ala:card:mycoloth:ruling:1"],
        ["faq:card:skullmulcher:ruling:1", "mtgjson-ala:card:skullmulcher:ruling:1"],
        ["faq:card:x:ruling:1"]]
    assert [g.score for g in groups] == [3.0, 2.0, 1.0]


def test_a_card_named_in_a_question_leads_to_its_ruling(shipped_searcher) -> None:
    from kb.search_cards import named_cards

    lookup = shipped_searcher.search("Etherium Sculptor").hits
    assert lookup[0].record["kind"] == "card" and lookup[0].record["title"] == "Etherium Sculptor"
    asked = "does Etherium Sculptor change the converted mana cost of an artifact spell"
    first = shipped_searcher.search(asked).hits[0]
    assert first.record["kind"] == "ruling" and "Etherium Sculptor" in first.record["cards"]
    assert "doesn't change the mana cost" in first.record["text"]
    assert "card" in first.parts  # scored from the card's best engine score
    said = stems("does etherium sculptor change")
    assert named_cards(said, [first.record]) == {"Etherium Sculptor": {"etherium", "sculptor"}}
    assert named_cards(stems("etherium change"), [first.record]) == {}


def test_a_card_named_by_its_short_form_leads_to_its_rulings(shipped_searcher) -> None:
    from kb.search_cards import named_cards

    # "Sedris" for Sedris, the Traitor King: the part of a name before its epithet
    first = shipped_searcher.search("Sedris: can I unearth a creature card twice?").hits[0]
    assert first.record["kind"] == "ruling" and "card" in first.parts
    assert first.record["cards"] == ["Sedris, the Traitor King"]
    said = stems("Elspeth's emblem: are my lands indestructible?")
    elspeth = {"cards": ["Elspeth, Knight-Errant"]}
    assert named_cards(said, [elspeth]) == {"Elspeth, Knight-Errant": {"elspeth"}}
    # a leading "The" may be left out; a name said only inside a longer one is not named
    conjecture = {"cards": ["The Mirari Conjecture"]}
    assert named_cards(stems("Mirari Conjecture copy"), [conjecture]) == {
        "The Mirari Conjecture": {"mirari", "conjectur"}}
    horde = [{"cards": ["Garruk's Horde"]}, {"cards": ["Garruk, the Veil-Cursed"]}]
    assert set(named_cards(stems("Garruk's Horde: can I cycle the top card?"), horde)) == {
        "Garruk's Horde"}
    assert set(named_cards(stems("Garruk flips"), horde)) == {"Garruk, the Veil-Cursed"}


def test_the_cards_a_query_names_are_the_same_with_the_places_kept() -> None:
    """`named_cards` keeping where the query says each card (`places`, as `Takes.cards`
    keeps them over a query's takes) names the same cards as reading them afresh, take
    after take, and reads each card's name once."""
    from kb.search_cards import named_cards

    said = stems("Garruk's Horde: can Garruk, the Veil-Cursed cycle Elspeth's card?")
    takes = [[{"cards": ["Garruk's Horde"]}, {"kind": "rule"}],
             [{"cards": ["Garruk's Horde"]}, {"kind": "rule"},
              {"cards": ["Garruk, the Veil-Cursed", "Stony Silence"]}],
             [{"cards": ["Elspeth, Knight-Errant"]}, {"cards": ["Garruk's Horde"]}]]
    places: dict = {}
    for records in takes:
        kept = named_cards(said, records, frozenset({0}), places)
        assert kept == named_cards(said, records, frozenset({0}))
        assert list(kept) == list(named_cards(said, records, frozenset({0})))
    assert set(places) == {"Garruk's Horde", "Garruk, the Veil-Cursed", "Stony Silence",
                           "Elspeth, Knight-Errant"}
    assert places["Stony Silence"] == ()


def test_an_obsolete_term_the_newest_rules_explain_is_live(large_home) -> None:
    from kb.build import ensure_built
    from kb.search import Searcher
    from tests.conftest import DATA

    searcher = Searcher(ensure_built(DATA, large_home).index)
    first = searcher.search("mana burn").hits[0]
    assert first.record["title"] == "Mana Burn (Obsolete)" and "obsolete" not in first.parts
    old = [h for h in searcher.search("mana burn").hits if h.record["source"] == "cr-2008-10-01"]
    # the mana burn rules of 2008: obsolete, or a live rule shown in the last version that
    # said the query's old words (kb.query_era), its later versions listed
    assert old and all(h.parts.get("obsolete") or any(
        v["date"] > h.record["date"] for v in h.versions) for h in old)


def test_a_record_about_a_subject_the_query_does_not_name_counts_it_against_itself(
        shipped_searcher) -> None:
    from kb.search_cards import subjects, unsaid_subject

    qa = {"id": "keyword-abilities-faq-thread-2012:keyword:miracle:qa:5", "kind": "qa",
          "cards": [], "refs": ["keyword-abilities-faq-thread-2012:keyword:miracle",
                                "cr-2014-09-25:keyword:cast"]}
    assert subjects(qa) == ["miracle"]
    assert unsaid_subject(qa, set(stems("can I cast a sorcery"))) == {"miracl"}
    assert unsaid_subject(qa, set(stems("miracle sorcery"))) == set()
    # filed under flashback, though its text says "flash back" and links "flash"
    flashback = {"id": "keyword-abilities-faq-thread-2012:keyword:flashback:qa:5", "kind": "qa",
                 "cards": [], "refs": ["keyword-abilities-faq-thread-2012:keyword:flash"]}
    assert subjects(flashback) == ["flashback"]
    # a rule is about its heading, not the cards its examples name (which cards a rule
    # names depends on the sets at hand: 707.10 names Fork and Fling once M10 is in)
    rule = {"id": "cr-2026-01-16:707.10", "kind": "rule", "title": "707.10 Copying Objects",
            "cards": ["Fork", "Fling"], "refs": []}
    assert subjects(rule) == ["Copying Objects"]
    assert unsaid_subject(rule, set(stems("if I copy a spell, was the copy cast"))) == \
        {"object"}
    ruling = {"id": "mtgjson-m10:card:fork:ruling:1", "kind": "ruling", "cards": ["Fork"],
              "refs": []}
    assert subjects(ruling) == ["Fork"]
    # (words, not a question: a question ranks it after the rest,
    # `test_a_question_ranks_answers_filed_under_a_keyword_it_never_says_after_the_rest`)
    countered = shipped_searcher.search("countered spell graveyard", limit=50).hits
    filed = [h for h in countered if h.record["id"] == flashback["id"]]
    assert filed and filed[0].parts["subject"] < filed[0].parts["proximity"]
    hits = shipped_searcher.search("untap more than one creature during the untap step",
                                   limit=20).hits
    about_cards = [h for h in hits if h.record["cards"]]  # Stoic Angel, not named
    assert about_cards and all(h.parts["subject"] < h.parts["proximity"] for h in about_cards)
    said = shipped_searcher.search("devour sacrifice creatures").hits
    filed = [h for h in said if subjects(h.record) == ["devour"]]
    assert filed and all("subject" not in h.parts for h in filed)


def test_an_obsolete_glossary_term_is_live_only_when_the_query_says_it(shipped_searcher) -> None:
    def entry(query: str):
        hits = shipped_searcher.search(query, limit=100).hits
        return next(h for h in hits if h.record["title"] == "Damage Assignment Order (Obsolete)")

    assert "obsolete" not in entry("damage assignment order").parts
    assert entry("creature blocked by multiple creatures assigns its combat damage").parts[
        "obsolete"] == 0.5


def test_a_named_cards_own_record_ranks_after_its_rulings_when_asked_more(
        shipped_searcher) -> None:
    hits = shipped_searcher.search("Etherium Sculptor reduce colored mana in the cost").hits
    kinds = [h.record["kind"] for h in hits if "Etherium Sculptor" in h.record["cards"]]
    assert kinds[0] == "ruling"
    # the card record counts for none of the rest: after every ruling, if among the hits
    assert "card" not in kinds or kinds.index("card") > kinds.index("ruling")
    assert all(h.parts.get("proximity") == 0.0 for h in hits if h.record["kind"] == "card"
               and "Etherium Sculptor" in h.record["cards"])


def test_a_named_card_without_rulings_answers_by_its_printed_text(large_home) -> None:
    """A named card's own record only restates the card when its rulings answer; with no
    ruling of it among the candidates, its printed text is the answer. Soul's Grace (ALA,
    no ruling) used to score 0 for "Soul's Grace how much life do I gain", below every
    rule; a card whose name is a term of the rules (an aura named Lifelink) still does
    not answer for the term."""
    from kb.build import ensure_built
    from kb.search import Searcher
    from tests.conftest import DATA

    searcher = Searcher(ensure_built(DATA, large_home).index)
    try:
        for question, card in (("Soul's Grace how much life do I gain", "Soul's Grace"),
                               ("does Excommunicate put the creature on top of the library",
                                "Excommunicate")):
            first = searcher.search(question).hits[0]
            assert first.record["kind"] == "card" and first.record["title"] == card
            assert first.parts["proximity"] > 0
        # Etherium Sculptor has rulings: they answer, its record restates it (above)
        hits = searcher.search("Etherium Sculptor reduce colored mana in the cost").hits
        assert hits[0].record["kind"] == "ruling"
    finally:
        searcher.close()


def test_a_card_named_by_a_term_of_the_rules_is_not_named_and_a_named_cards_name_counts(
        large_home) -> None:
    """M10 prints an aura named Lifelink: "my lifelink creature ..." means the keyword, not
    the card (every word of its name is a term the rules define, so none is the query's
    phrasing). A card the query names has its name found in every record about it: its
    share of the query counts as found, so a ruling sharing no other word with the query
    still ranks among the rest by its card's score, instead of at 0 ("Sun Titan returns
    itself" once showed Salvage Titan first)."""
    from kb.build import ensure_built
    from kb.search import Searcher, _cards_named
    from tests.conftest import DATA

    aura = {"id": "mtgjson-m10:card:lifelink", "kind": "card", "cards": ["Lifelink"]}
    mirror = {"id": "mtgjson-ala:card:lich-s-mirror", "kind": "card", "cards": ["Lich's Mirror"]}
    said = stems("my lifelink creature and Lich's Mirror")
    # "lifelink" and "creature" are defined terms; "lich" and "mirror" are not
    assert set(_cards_named(said, [aura, mirror], frozenset(stems("lifelink creature")))) == {
        "Lich's Mirror"}
    # a query of names only still names its cards (no word of it is a rules term)
    assert set(_cards_named(stems("Lich's Mirror"), [mirror], frozenset())) == {"Lich's Mirror"}
    searcher = Searcher(ensure_built(DATA, large_home).index)
    try:
        hits = searcher.search("Etherium Sculptor reduce colored mana in the cost").hits
        about = [h for h in hits if "Etherium Sculptor" in h.record["cards"]]
        assert hits[0] in about and all(h.score > 0 for h in about)
        # a question whose words are the card's name and its asking only: still named
        first = searcher.search("what does Lich's Mirror do?").hits[0]
        assert "Lich's Mirror" in first.record["cards"]
    finally:
        searcher.close()


def test_proximity_computed_once_per_wording_equals_its_own(large_home) -> None:
    from kb.build import ensure_built
    from kb.search import ReadQuery, Searcher, proximity
    from tests.conftest import DATA

    searcher = Searcher(ensure_built(DATA, large_home).index)
    query = "exalted creature attacks alone"
    hits = searcher.search(query, limit=20).hits
    assert hits and len({h.record["id"] for h in hits}) == len(hits)
    read = ReadQuery.of(query)
    weights = {s: max(searcher._engine.idf(s), 0.1) for s in read.content}
    for hit in hits:
        if "subject" not in hit.parts and "card" not in hit.parts and not hit.context:
            assert abs(hit.parts["proximity"] - proximity(hit.record, read, weights)) < 1e-9


def test_a_questions_phrasing_weighs_half_of_what_it_asks_about(shipped_searcher) -> None:
    """Words no term of the rules holds ("how many", "need") are the question's phrasing:
    read from the records' defined terms, they weigh half in proximity."""
    from kb.search import MIN_IDF, PHRASING_WEIGHT

    result = shipped_searcher.search("how many cards does a commander deck need?")
    phrasing = set(stems("many need"))
    assert set(result.phrasing) == phrasing
    assert set(result.to_json(explain=True)["phrasing"]) == phrasing
    hit = next(h for h in result.hits if h.record["id"] == "cr-2026-01-16:903.5a")
    assert "exactly 100 cards" in hit.record["text"]
    idf = shipped_searcher._engine.idf
    asked = sum(max(idf(s), MIN_IDF) for s in stems("cards commander deck"))
    # "many" is found where "100" stands (a "how many" asks for a number); "need" is not
    many, need = (max(idf(s), MIN_IDF) * PHRASING_WEIGHT for s in stems("many need"))
    assert abs(hit.parts["proximity"] - (asked + many) / (asked + many + need)) < 1e-9
    # a query of phrasing only is all it says: nothing weighs less
    assert shipped_searcher.search("how many").phrasing == []


def test_a_question_whose_rare_words_are_phrasing_finds_by_what_it_names(
        shipped_searcher) -> None:
    """Records are found by a query's rare words; when some of those are its phrasing
    ("need", "still"), the rarest word that names (here "target") finds too: 605.1a, the
    answer, says none of "need", "still", "count" (a defined term: "Counts As")."""
    query = "if a mana ability needs a target, does it still count as a mana ability?"
    result = shipped_searcher.search(query)
    assert {"need", "still"} <= set(result.phrasing) and "count" not in result.phrasing
    ids = [h.record["id"] for h in result.hits]
    assert "cr-2026-01-16:605.1a" in ids[:3]
    answer = next(h.record for h in result.hits if h.record["id"] == "cr-2026-01-16:605.1a")
    assert not {"need", "still", "count"} & set(stems(answer["text"]))


def test_minus_counters_are_not_plus_counters(shipped_searcher) -> None:
    # "-1/-1" is one word of its own (kb.index), not the numbers "1 1" of every "+1/+1"
    hits = shipped_searcher.search("a creature with -1/-1 counters").hits[:3]
    assert hits and all("-1/-1" in h.record["text"] for h in hits)


def test_a_ruling_of_another_card_that_names_the_card_is_not_about_it(shipped_searcher) -> None:
    from kb.search_cards import about, named_cards

    hits = shipped_searcher.search("Immortal Coil's lose-the-game ability gets countered").hits
    coil = [h for h in hits if h.record["id"].startswith(
        "shards-of-alara-faq-2008:card:immortal-coil:ruling:")]
    mirror = [h for h in hits if h.record["id"].startswith(
        "shards-of-alara-faq-2008:card:lich-s-mirror:ruling:")]
    assert hits[0] in coil and coil and mirror
    # Lich's Mirror's rulings name Immortal Coil: scored as records about another card
    assert all("Immortal Coil" in h.record["cards"] and "card" not in h.parts
               and "subject" in h.parts for h in mirror)
    named = named_cards(stems("Immortal Coil"), [mirror[0].record])
    assert about(mirror[0].record, named) == [] and about(coil[0].record, named) == [
        "Immortal Coil"]


def test_a_rule_naming_a_card_in_its_example_is_not_about_the_card(large_home) -> None:
    """614.13b's example names Thunder-Thrash Elder (ALA is in the home): a query naming
    the card scored 614.13b by the best score of the records about the card (its own
    rulings) and ranked it among them. On 6 CRs + 4 sets, 707.4 (Giant Growth in its
    example), 2008's phasing rule and the keyword Phasing came first so for a question
    on Giant Growth."""
    from kb.build import ensure_built
    from kb.search import Searcher
    from kb.search_cards import about, named_cards
    from tests.conftest import DATA

    searcher = Searcher(ensure_built(DATA, large_home).index)
    try:
        rule_id = "cr-2026-01-16:614.13b"
        rule = searcher._versions.fetch([rule_id])[rule_id]  # noqa: SLF001
        assert "Thunder-Thrash Elder" in rule["cards"]
        named = named_cards(stems("Thunder-Thrash Elder devour"), [rule])
        assert named and about(rule, named) == []
        hits = searcher.search("Thunder-Thrash Elder devour counters when it enters").hits
        assert hits[0].record["id"].startswith("mtgjson-ala:card:thunder-thrash-elder:ruling:")
        kinds = {"rule", "keyword", "glossary"}
        ranked = [h for h in hits if h.record["kind"] in kinds]
        assert ranked and all("card" not in h.parts for h in ranked)
    finally:
        searcher.close()


def _counted_takes(monkeypatch) -> list[int | None]:  # type: ignore[no-untyped-def]
    """The number of candidates of each take a search makes from now on."""
    from kb.index import Engine

    takes: list[int | None] = []
    documents = Engine.documents

    def counted(self, ranking, limit=30, payloads=None):  # type: ignore[no-untyped-def]
        takes.append(limit)
        return documents(self, ranking, limit, payloads)

    monkeypatch.setattr(Engine, "documents", counted)
    return takes


def test_hits_are_filled_when_the_candidates_versions_collapse(large_home, monkeypatch) -> None:
    from kb.build import ensure_built
    from kb.search import Searcher
    from tests.conftest import DATA

    takes = _counted_takes(monkeypatch)
    searcher = Searcher(ensure_built(DATA, large_home).index)
    found = searcher.search("exalted", limit=10)
    # 30 documents' candidates (36 records: versions that say the same share a document)
    # were the versions of fewer than 10 rules and entries (four rules versions, the
    # keyword in four FAQs): more were taken, and the ten hits are ten different answers
    first = round(30 * searcher._engine.records_per_document())  # noqa: SLF001
    assert 30 < first < 40 and takes[:2] == [first, 2 * first] and found.total > 2 * first
    assert len({h.record["id"] for h in found.hits}) == len(found.hits) == 10


def test_a_rules_heading_is_its_subject(shipped_searcher) -> None:
    """A rule of a section the query doesn't name (a variant, another keyword) answers
    something narrower: its heading's words count against it; named, they don't."""
    from kb.search_cards import subjects

    plain = shipped_searcher.search("poison counters shared by a team", limit=20).hits
    variant = [h for h in plain if h.record["kind"] == "rule"
               and "Two-Headed Giant" in h.record["title"]]
    assert variant and all(h.parts["subject"] < h.parts["proximity"] for h in variant)
    assert all(subjects(h.record) == ["Two-Headed Giant Variant"] for h in variant)
    named = shipped_searcher.search("Two-Headed Giant variant poison counters shared",
                                    limit=20).hits
    said = [h for h in named if h.record["kind"] == "rule" and h.context is None
            and "Two-Headed Giant" in h.record["title"]]  # (not a pointer's rule: its parts)
    assert said and all("subject" not in h.parts for h in said)


def test_how_many_is_answered_where_a_number_stands(shipped_searcher) -> None:
    """"how many" asks for a number: a rule saying one ("play one land") holds the
    question's "many", a rule on the same words without a number doesn't."""
    from kb.search import ReadQuery, proximity

    def rule(number: str) -> dict:
        return next(r for r in shipped_searcher._engine.rule(number, None, None)
                    if r["source"].startswith("cr-2026"))

    query = ReadQuery.of("how many lands can I play during my turn")
    assert query.answer == ("number", "mani")
    weights = dict.fromkeys(query.content, 1.0)
    one_land, put_lands = rule("305.2"), rule("305.4")
    assert "one land" in one_land["text"] and not any(c.isdigit() for c in put_lands["text"])
    assert proximity(one_land, query, weights) > proximity(put_lands, query, weights)
    plain = ReadQuery.of("lands I can play during my turn")
    assert plain.answer is None
    assert proximity(one_land, plain, dict.fromkeys(plain.content, 1.0)) == 1.0


def test_a_total_not_exact_bounds_the_collapsed_hits_from_above(large_home) -> None:
    """Over several rules versions a broad query's `total` counts matching records before
    their versions collapse: it says so (`total_exact`, "up to N"), and the hits there are
    fit under it."""
    from kb.build import ensure_built
    from kb.present import format_search
    from kb.search import Searcher
    from tests.conftest import DATA

    searcher = Searcher(ensure_built(DATA, large_home).index)
    first = searcher.search("exalted", limit=10)
    assert not first.total_exact and first.to_json()["total_exact"] is False
    everything = searcher.search("exalted", limit=1000)
    assert everything.total_exact
    assert len(first.hits) < len(everything.hits) <= everything.total < first.total
    assert f"up to {first.total} result(s)" in format_search(first)
    assert f"{everything.total} result(s)" in format_search(everything)


def test_a_rule_is_read_under_its_heading(shipped_searcher) -> None:
    """A subrule's heading ("508.1b Declare Attackers Step") stands by every stretch of its
    text: the query's words in the heading and those in the text count together, as one
    record's; a glossary entry's title is no heading of its text."""
    from kb.search import ReadQuery, proximity

    engine = shipped_searcher._engine
    rule = next(r for r in engine.rule("508.1b") if r["source"] == "cr-2026-01-16")
    read = ReadQuery.of("declare attackers step planeswalkers battles")
    weights = {s: max(engine.idf(s), 0.1) for s in read.content}
    heading_only = {s: w for s, w in weights.items() if s in stems(rule["title"])}
    assert 0 < sum(heading_only.values()) < sum(weights.values())
    assert "declar" not in stems(rule["text"])
    assert proximity(rule, read, weights) == 1.0
    entry = {**rule, "kind": "glossary"}
    assert proximity(entry, read, weights) < 1.0


def test_a_record_is_about_what_its_first_sentence_says(shipped_searcher) -> None:
    """The query's words standing together count half by the densest stretch and half by
    the first sentence: a rule that states them first (603.7e: "the source of that delayed
    triggered ability is ...") holds more of the query than one that comes to them after
    stating something else (113.7: "The source of an ability is ... To determine the source
    of a delayed triggered ability, see rules 603.7d-f.")."""
    from kb.search import ReadQuery, _densest, _part_stems, proximity

    engine = shipped_searcher._engine
    read = ReadQuery.of("source of a delayed triggered ability")
    weights = {s: max(engine.idf(s), 0.1) for s in read.content}
    total = sum(weights.values())
    rules = {n: next(r for r in engine.rule(n) if r["source"] == "cr-2026-01-16")
             for n in ("603.7e", "113.7")}
    for rule in rules.values():  # each has the whole query in one stretch
        assert _densest(_part_stems(rule["text"]), weights, 12) == total
    assert proximity(rules["603.7e"], read, weights) == 1.0
    assert 0.5 < proximity(rules["113.7"], read, weights) < 1.0


def test_a_record_gathering_many_rules_is_not_read_by_its_first_sentence(
        shipped_searcher) -> None:
    """A keyword's record holds all its rules: its first sentence (702.26a, what phasing
    is) is not what it is about, so a question about a later rule of it (702.26d: phasing
    out doesn't make a permanent leave the battlefield) finds the whole query in it; the
    same text read as one rule's statement holds less."""
    from kb.search import ReadQuery, proximity

    engine = shipped_searcher._engine
    read = ReadQuery.of("phasing doesn't cause a permanent to change zones")
    weights = {s: max(engine.idf(s), 0.1) for s in read.content}
    keyword = next(r for r in shipped_searcher.search("phasing", kind="keyword").hits
                   if r.record["source"] == "cr-2026-01-16").record
    assert keyword["text"].startswith("702.26a Phasing is a static ability")
    assert proximity(keyword, read, weights) == 1.0
    assert proximity({**keyword, "kind": "rule", "title": "702.26"}, read, weights) < 1.0


def test_a_first_sentence_is_not_a_definitions_number() -> None:
    """A glossary entry numbering its definitions ("1. Part of a card ...") has the first
    definition as its first sentence; a rule's own number is no sentence end either."""
    from kb.search import _lead

    toughness = "1. Part of a card that only creature cards have. A creature card's toughness"
    assert set(stems("part card creature")) <= _lead(toughness, None)
    assert "toughness" not in " ".join(_lead(toughness, None))
    assert set(stems("trample static ability")) <= _lead(
        "702.19a Trample is a static ability. The ability has no effect", None)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="ab1 .!?\n\t\u2028é", max_size=24))
def test_a_first_sentence_is_found_as_its_plain_definition(text: str) -> None:
    """The first sentence is what the plain (backtracking) pattern finds: the first line up
    to the first ".", "!" or "?" after a letter that stands before a space or the end,
    else the whole first line."""
    import re

    from kb.search import _FIRST_SENTENCE

    plain = re.compile(r"[^\n]*?[A-Za-z][^\n]*?[.!?](?=\s|$)|[^\n]*")
    found = _FIRST_SENTENCE.match(text)
    assert found is not None
    assert found.group(0) == plain.match(text).group(0)  # type: ignore[union-attr]


def test_the_groups_of_a_take_are_counted_whatever_their_order(large_home,
                                                                monkeypatch) -> None:
    """A take of candidates that is not the last is counted, not re-ranked: the count of
    groups is the one `group` makes of the candidates in any order (real candidates of
    four rules versions and a set: lineages, glossary names, repeated texts)."""
    import random

    import kb.search as search_module
    from kb.build import ensure_built
    from kb.search import Searcher
    from tests.conftest import DATA

    searcher = Searcher(ensure_built(DATA, large_home).index)
    engine, versions = searcher._engine, searcher._versions
    counted = 0
    for query in ("is regeneration a replacement effect?", "hexproof", "attacks alone",
                  "what happens when a creature with lifelink deals damage"):
        ranking = engine.ranking(engine.scores(search_module.WordQuery(
            words=[(s, 1.0) for s in search_module.stems(query)])))
        for limit in (30, 60, 240):
            records = [c.record for c in engine.candidates(ranking, limit)]
            count = versions.count_groups(records)
            assert count is not None
            for seed in range(4):
                order = list(records)
                random.Random(seed).shuffle(order)
                assert len(versions.group([(1.0, {}, [r]) for r in order])) == count
                counted += 1
    assert counted == 48
    reranked: list[int] = []
    rerank = search_module._reranked

    def once(docs, *args, **kwargs):  # type: ignore[no-untyped-def]
        reranked.append(sum(len(records) for _, records in docs))
        return rerank(docs, *args, **kwargs)

    monkeypatch.setattr(search_module, "_reranked", once)
    takes = _counted_takes(monkeypatch)
    searcher.search("exalted", limit=10)
    assert len(takes) > 1 and reranked == [takes[-1]]  # only the last take is re-ranked


def test_a_word_a_rule_only_denies_is_not_found_in_it(shipped_searcher) -> None:
    """120.3a ("Damage dealt to a player by a source without infect causes that player to
    lose that much life") names infect only to deny it: a question about infect damage
    finds less of itself there than in 702.90b (damage from a source with infect), and the
    infect rule ranks first. A query that itself says what is not ("a source without
    infect") finds the words 120.3a denies as said."""
    from kb.search import ReadQuery, proximity

    engine = shipped_searcher._engine
    rules = {n: next(r for r in engine.rule(n) if r["source"] == "cr-2026-01-16")
             for n in ("120.3a", "702.90b")}
    assert "without infect" in rules["120.3a"]["text"]
    question = "does infect damage make my opponent lose life?"
    read = ReadQuery.of(question)
    assert not read.negates
    weights = {s: max(engine.idf(s), 0.1) for s in read.content}
    assert proximity(rules["120.3a"], read, weights) < proximity(rules["702.90b"], read, weights)
    first = shipped_searcher.search(question, kind="rule").hits[0].record
    assert first["id"] == rules["702.90b"]["id"]
    denying = ReadQuery.of("damage to a player from a source without infect")
    assert denying.negates
    weights = {s: max(engine.idf(s), 0.1) for s in denying.content}
    assert proximity(rules["120.3a"], denying, weights) == 1.0


def test_denied_marks_the_word_after_a_denying_word() -> None:
    from kb.index import stems
    from kb.text import denied, negates

    said = tuple(stems("Damage dealt to a creature by a source with neither wither nor "
                       "infect causes that much damage"))
    marked = denied(said)
    assert "~wither" in marked and "~infect" in marked and "infect" not in marked
    assert len(marked) == len(said) and marked[:8] == said[:8]
    plain = tuple(stems("a source with infect"))
    assert denied(plain) is plain
    assert negates(["i", "can't", "block"]) and negates(["a", "creature", "without", "flying"])
    assert not negates(["does", "infect", "damage", "stay"])


def test_a_question_is_answered_by_rules_before_cards_that_use_its_words(large_home) -> None:
    """A question that names no card is answered by rules, FAQ rulings and answers
    first: a card whose printed text happens to use its words ("draw a card", "creature
    card from your graveyard"), and a card's own rulings, come after them, unless the
    query names the card, asks for cards (`kind="card"`) or reads like card text rather
    than a question."""
    from kb.build import ensure_built
    from kb.search import Searcher
    from kb.search_cards import filed_under
    from tests.conftest import DATA

    searcher = Searcher(ensure_built(DATA, large_home).index)
    try:
        for question in ("can I sacrifice a creature to draw a card?",
                         "when I return a creature card from my graveyard to my hand, is "
                         "that casting it?",
                         "what happens when a creature with flying gets exalted?"):
            # ranked for 30 hits at once (as a page would be): the cards, if the rest
            # leave room for any, after the rest
            hits = searcher._search(question, None, None, 30, None).hits  # noqa: SLF001
            kinds = [h.record["kind"] for h in hits]
            of_cards = [h.record["kind"] == "card" or bool(filed_under(h.record["id"], "card"))
                        for h in hits]
            if True in of_cards:
                first = of_cards.index(True)
                assert all(of_cards[first:]) and first >= 10, (question, kinds)
            # a page of 10 (as few candidates as fill it): its cards, if any, come last
            page = [h.record["kind"] == "card" or bool(filed_under(h.record["id"], "card"))
                    for h in searcher.search(question).hits]
            if True in page:
                first = page.index(True)
                assert first > 0 and all(page[first:]), question
            cards = searcher.search(question, kind="card", limit=3).hits
            assert cards and all(h.record["kind"] == "card" for h in cards)
        # card text, not a question: cards rank among the rest by their score
        text = "return target creature card from your graveyard to your hand"
        kinds = [h.record["kind"] for h in searcher.search(text, limit=10).hits]
        assert kinds[0] == "card", kinds
        # a question naming the card has the card's rulings and the card among its hits
        named = searcher.search("can Courier's Capsule be sacrificed to draw cards?").hits
        assert any("Courier's Capsule" in (h.record.get("cards") or []) for h in named[:3])
    finally:
        searcher.close()


def test_a_questions_page_is_filled_by_answers_before_any_card(large_home, monkeypatch) -> None:
    """The cards and card rulings a question ranks after the rest fill none of its hits:
    candidates are taken until ten other answers are among them (over 40 card sets
    they were half of the groups a question's first candidates made), so its page shows
    a card only when nothing else matched enough."""
    from kb.build import ensure_built
    from kb.search import Searcher
    from kb.search_cards import filed_under
    from tests.conftest import DATA

    def of_a_card(hit) -> bool:  # type: ignore[no-untyped-def]
        return hit.record["kind"] == "card" or bool(filed_under(hit.record["id"], "card"))

    searcher = Searcher(ensure_built(DATA, large_home).index)
    try:
        takes = _counted_takes(monkeypatch)
        # its first 30 candidates made ten groups, four of them cards (a page ending in
        # Waveskimmer Aven, Court Archers, Battlegrace Angel, Welkin Guide): more taken
        hits = searcher.search("what happens when a creature with flying gets exalted?").hits
        assert len(hits) == 10 and not any(of_a_card(h) for h in hits)
        assert len(takes) > 1
        # its groups besides cards were once nine hits (504 Draw Step shows its subrules
        # 504.1 and 504.2): the page ended in Courier's Capsule
        hits = searcher.search("can I sacrifice a creature to draw a card?").hits
        assert len(hits) == 10 and not any(of_a_card(h) for h in hits)
    finally:
        searcher.close()


def test_the_hits_asked_for_are_filled_when_headings_show_their_subrules(large_home) -> None:
    """Twenty groups can be fewer hits (a heading shown with its subrules stands for
    them): candidates are taken until the hits are filled ("what is the stack" gave 12 of
    20; 405 Stack shows 405.1 to 405.6)."""
    from kb.build import ensure_built
    from kb.search import Searcher
    from tests.conftest import DATA

    searcher = Searcher(ensure_built(DATA, large_home).index)
    try:
        for limit in (20, 30):
            found = searcher.search("what is the stack", limit=limit)
            ids = [i for h in found.hits for i in h.shows()]
            assert len(found.hits) == limit and len(ids) == len(set(ids))
            assert any(h.covers for h in found.hits)
    finally:
        searcher.close()


def test_a_date_before_every_version_takes_no_more_candidates(large_home, monkeypatch) -> None:
    """Hits are filled by taking more candidates only while more add answers: as of a
    date before every version none is shown, and the search stops at once instead of
    taking every match."""
    from kb.build import ensure_built
    from kb.search import Searcher
    from tests.conftest import DATA

    searcher = Searcher(ensure_built(DATA, large_home).index)
    try:
        takes = _counted_takes(monkeypatch)
        found = searcher.search("what happens to a spell on the stack", as_of="2001-01-01")
        assert found.hits == [] and found.total > 4 * max(t or 0 for t in takes)
        assert len(takes) <= 3
    finally:
        searcher.close()


def test_a_query_asks_about_play_when_a_question_or_in_the_first_person() -> None:
    from kb.search import ReadQuery

    for asked in ("is a token a card?", "how does exalted work",
                  "can I respond to a spell with split second",
                  "I have nine cards in hand at the end of my turn",
                  "my opponent stole my creature"):
        assert ReadQuery.of(asked).asks, asked
    for text in ("return target creature card from your graveyard to your hand",
                 "exalted", "702.83a", "whenever a creature you control attacks alone"):
        assert not ReadQuery.of(text).asks, text


def test_asking_for_more_hits_never_reorders_the_first_page(large_home) -> None:
    """The candidates re-ranked grow with the hits asked for; the first page (`PAGE`) is
    the one asked for alone whatever the limit, the rest follow it, no rule twice."""
    from kb.build import ensure_built
    from kb.search import PAGE, Searcher
    from tests.conftest import DATA

    searcher = Searcher(ensure_built(DATA, large_home).index)
    try:
        reordered = 0
        for query in ("what happens if both players lose at the same time",
                      "can I respond to a spell with split second",
                      "my opponent sacrificed the creature I was targeting in response, "
                      "what happens to my removal spell?",
                      "declare attackers step choosing which player each creature attacks",
                      "exhalted", "mana burn", "702.83"):
            page = [h.record["id"] for h in searcher.search(query).hits]
            for limit in (PAGE + 1, 25, 60):
                hits = searcher.search(query, limit=limit).hits
                assert [h.record["id"] for h in hits][:len(page)] == page, (query, limit)
                ids = [i for h in hits for i in (h.record["id"], *(v["id"] for v in h.versions))]
                assert len(ids) == len(set(ids)), (query, limit)
                assert len(hits) <= limit
            # the page alone, re-ranked as deep as 60 hits would be, is not the same page
            deeper = [h.record["id"] for h in searcher._search(  # noqa: SLF001
                query, None, None, 60, None).hits][:PAGE]
            reordered += deeper[:len(page)] != page
        assert reordered  # without the rule, some first page would change
    finally:
        searcher.close()


def test_a_question_ranks_answers_filed_under_a_keyword_it_never_says_after_the_rest(
        large_home) -> None:
    """A ruling or Q&A answer filed under a keyword (the 2012 keyword thread's
    `:keyword:provoke:qa:4`) answers a question about that keyword: a question that never
    says it ranks it after the rules (it used to be first for "can I tap a creature I
    gained control of this turn", by the words it shares with any such question), while
    one that says the keyword still has that keyword's answers first."""
    from kb.build import ensure_built
    from kb.search import Searcher
    from kb.search_cards import filed_under
    from tests.conftest import DATA

    searcher = Searcher(ensure_built(DATA, large_home).index)
    try:
        question = ("I gained control of my opponent's creature this turn, can I tap it to "
                    "use its ability right away?")
        filed = [filed_under(h.record["id"], "keyword") for h in searcher.search(question).hits]
        assert filed[0] is None, filed
        if any(filed):
            first = next(i for i, f in enumerate(filed) if f)
            assert all(filed[first:]), filed
        named = searcher.search("can my opponent peek at my face-down morph?").hits
        assert any(filed_under(h.record["id"], "keyword") == "morph" for h in named[:3])
    finally:
        searcher.close()


def test_a_question_asking_what_a_term_is_finds_the_records_defining_it(shipped_searcher) -> None:
    """"what is a mana ability" asks for the term the records define as "mana ability":
    the words around the name only ask (`_named_phrase`). It used to look for records
    defining "what is a mana ability" and found none: the rules on mana (106.x, whose
    heading says "Mana") ranked first, and 605 Mana Abilities not in the first ten."""
    from kb.search import ReadQuery, _named_phrase

    assert _named_phrase(ReadQuery.of("what is a mana ability?")) == ["mana", "abil"]
    assert _named_phrase(ReadQuery.of("what is protection from red")) == ["protect", "from", "red"]
    assert _named_phrase(ReadQuery.of("bands with other")) == ["band", "with", "other"]
    for question in ("what is a mana ability", "what are mana abilities?"):
        first = shipped_searcher.search(question).hits[0]
        assert first.record["rule"] == "605", (question, first.record["id"])
        assert first.record["id"].startswith("cr-2026-01-16:")


def test_a_search_runs_with_the_collector_paused_and_leaves_it_as_it_was(
        shipped_searcher, monkeypatch) -> None:
    """A search frees what it makes by reference counting; the cyclic collector's passes
    during it were a sixth of a warm search's CPU over every rules version. It is off
    while a search runs, and as it was after (off stays off)."""
    import gc

    from kb.index import Engine

    seen: list[bool] = []
    scores = Engine.scores

    def watched(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(gc.isenabled())
        return scores(self, *args, **kwargs)

    monkeypatch.setattr(Engine, "scores", watched)
    was = gc.isenabled()
    try:
        for enabled in (True, False):
            (gc.enable if enabled else gc.disable)()
            seen.clear()
            assert shipped_searcher.search("can I respond to a mana ability", limit=25).hits
            assert seen and not any(seen)
            assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_a_legend_called_by_its_own_name_is_named_where_written_as_a_name(
        shipped_searcher) -> None:
    """Players call a legend by the name before its epithet: "Tezzeret's first ability" is
    Tezzeret the Seeker's (the FAQ's ruling on it answers), when the query writes the name
    with its capital; in lower case the word is not read as a name."""
    from kb.search_cards import given_name, named_cards

    assert [given_name(n) for n in ("Tezzeret the Seeker", "Rafiq of the Many",
                                    "Daxos of Meletis", "Jace Beleren", "Into the Roil",
                                    "Lightning Bolt")] == [
        "tezzeret", "rafiq", "daxo", None, None, None]
    ruling = "shards-of-alara-faq-2008:card:tezzeret-the-seeker:ruling:1"
    named = shipped_searcher.search("can I use Tezzeret's first ability with no targets?")
    assert named.hits[0].record["id"] == ruling and "card" in named.hits[0].parts
    unnamed = shipped_searcher.search("can I use tezzeret's first ability with no targets?")
    assert all("card" not in h.parts for h in unnamed.hits)
    record = {"cards": ["Tezzeret the Seeker"]}
    said = stems("after Tezzeret's -5")
    assert named_cards(said, [record], frozenset({1})) == {"Tezzeret the Seeker": {"tezzeret"}}
    assert named_cards(said, [record]) == {}


def test_a_glossary_definition_of_a_term_a_question_only_uses_comes_after_the_rules(
        shipped_searcher) -> None:
    """A question about a situation is answered by the rules on it, not by the definition
    of one term it uses: Equip's glossary entry (a definition, not a pointer) ranks after
    every rule and ruling; a question that is about the term keeps its definition."""
    from kb.search_pointers import is_pointer

    result = shipped_searcher.search(
        "my equipped creature stopped being a creature, what happens to the equipment?",
        limit=1000)
    ids = [h.record["id"] for h in result.hits]
    entry = ids.index("cr-2026-01-16:glossary:equip")
    assert entry >= 3
    # after the entry: only what a question ranks last (definitions aside, unnamed subjects)
    assert all(h.record["kind"] == "glossary" and not is_pointer(h.record)
               or "unnamed" in h.parts for h in result.hits[entry:])
    assert any(h.record["kind"] == "rule" for h in result.hits[:entry])
    caster = [h.record["id"] for h in shipped_searcher.search(
        "who is the caster of a spell?").hits]
    assert "cr-2026-01-16:glossary:caster-obsolete" in caster[:2]


def test_a_keywords_own_entry_is_no_answer_to_a_question_that_never_says_it(
        shipped_searcher) -> None:
    """Triple's entry (701.11: "to triple a creature's power ... toughness") is no answer
    to a question about toughness 0 that never says triple: like an answer filed under a
    keyword the question doesn't say, it ranks after the rest."""
    result = shipped_searcher.search(
        "an indestructible creature gets -2/-2 and its toughness becomes 0, does it die?",
        limit=1000)
    ids = [h.record["id"] for h in result.hits]
    triple = ids.index("cr-2026-01-16:keyword:triple")
    assert "unnamed" in result.hits[triple].parts
    assert all("unnamed" in h.parts or h.record["kind"] in ("glossary", "section")
               for h in result.hits[triple:])  # (a rules chapter too: a table of contents)
    # a question that says the keyword still has its entry among the answers
    said = [h.record["id"] for h in shipped_searcher.search(
        "how does triple work on a creature's power?").hits[:3]]
    assert "cr-2026-01-16:keyword:triple" in said


def test_a_question_of_how_things_were_is_answered_in_its_renamed_terms_era(
        large_home) -> None:
    """A renamed term ("converted mana cost", today "mana value") is read in today's terms,
    unless the query asks how things were: then the versions that used the term answer."""
    from kb.build import ensure_built
    from kb.search import Searcher
    from tests.conftest import DATA

    searcher = Searcher(ensure_built(DATA, large_home).index)
    try:
        today = searcher.search("what is the converted mana cost of a card with X in its cost?",
                                limit=5).hits
        then = searcher.search("back when it was called converted mana cost, what was the "
                               "converted mana cost of a card with X in its cost?",
                               limit=5).hits
    finally:
        searcher.close()
    rule = next(h.record for h in today if "X is treated as 0" in h.record["text"])
    assert rule["source"] == "cr-2026-01-16" and "mana value" in rule["text"]
    old = next(h.record for h in then if "X is treated as 0" in h.record["text"])
    assert old["source"] == "cr-2012-10-01" and "converted mana cost" in old["text"]


def test_a_question_of_how_things_were_shows_the_version_its_words_match(large_home) -> None:
    """A query asking how things were without a date ("the old legend rule") shows each
    rule in the version its words match best: the legend rule that put every legend of a
    name into the graveyard (2008-2012), not today's, where one of them is chosen; asked
    of today, today's."""
    from kb.build import ensure_built
    from kb.search import Searcher
    from tests.conftest import DATA

    searcher = Searcher(ensure_built(DATA, large_home).index)
    try:
        then = searcher.search("Under the old legend rule, if my opponent played the same "
                               "legend I already had out, did both of them die?", limit=3).hits
        now = searcher.search("if my opponent played the same legend I already had out, "
                              "did both of them die?", limit=3).hits
    finally:
        searcher.close()
    old = then[0].record
    assert old["source"] in {"cr-2008-10-01", "cr-2009-10-01", "cr-2012-10-01"}
    assert "all are put into their owners' graveyards" in old["text"]
    assert "cr-2026-01-16:704.5j" in {v["id"] for v in then[0].versions}
    legend = next(h.record for h in now if "legend rule" in h.record["text"])
    assert legend["source"] == "cr-2026-01-16" and "chooses one of them" in legend["text"]
