"""Keyword, card and glossary-term mentions (`kb.links.names`), on real sentences."""

from __future__ import annotations

from kb.links.names import NameMatcher, phrase_forms, word_forms


def matcher() -> NameMatcher:
    names = NameMatcher()
    for keyword in ("devour", "exalted", "unearth", "cycling", "enchant", "phasing", "equip"):
        names.add("keyword", keyword)
    for card in ("Skullmulcher", "Sphinx's Herald", "Elspeth, Knight-Errant", "Cancel"):
        names.add("card", card, inflect=False, case_sensitive=True)
    names.add("glossary", "Attacks Alone")
    names.add("glossary", "Triggered Ability")
    return names


def found(text: str) -> list[tuple[str, str, str]]:
    return [(text[h.start:h.end], h.kind, h.name) for h in matcher().find(text)]


def test_inflections_of_the_brief():
    assert {"devoured", "devours", "devouring"} <= word_forms("devour")
    assert "cycled" in word_forms("cycling")
    assert "unearthed" in word_forms("unearth")
    assert "equipped" in word_forms("equip")
    assert word_forms("fortify") == {"fortify", "fortifying", "fortifies", "fortified"}
    assert word_forms("sacrifice") == {"sacrifice", "sacrifices", "sacrificed", "sacrificing"}
    assert word_forms("exalted") == {"exalted"}
    assert ("attacked", "alone") in phrase_forms(("attacks", "alone"))
    assert ("triggered", "abilities") in phrase_forms(("triggered", "ability"))


def test_mentions_in_faq_sentences():
    # Shards of Alara FAQ, Skullmulcher and the devour rulings
    text = ("When Skullmulcher comes into play, draw a card for each creature it devoured. "
            "A creature you already control can be devoured by only one of them.")
    assert found(text) == [("Skullmulcher", "card", "Skullmulcher"),
                           ("devoured", "keyword", "devour"),
                           ("devoured", "keyword", "devour")]


def test_glossary_term_with_an_inflected_verb():
    # 2008 FAQ, exalted rulings
    text = ("Each time a creature you control attacks alone, both the exalted ability and the "
            "other ability will trigger. If a creature attacked alone during the first combat")
    assert found(text) == [("attacks alone", "glossary", "Attacks Alone"),
                           ("exalted", "keyword", "exalted"),
                           ("attacked alone", "glossary", "Attacks Alone")]


def test_common_words_are_not_mentions():
    # "enchantment" is not enchant; "phase" is not phasing; "cancel" is not the card Cancel
    text = ("Angelic Benediction {3}{W} Enchantment. If an effect creates an additional combat "
            "phase, the spell may cancel the cycle.")
    assert found(text) == []


def test_case_and_punctuation_of_card_names():
    text = ("Cancel counters a spell. Sphinx's Herald's ability and Elspeth, Knight-Errant "
            "both mention Skullmulcher's devour ability; an enchanted creature is equipped.")
    assert found(text) == [
        ("Cancel", "card", "Cancel"), ("Sphinx's Herald", "card", "Sphinx's Herald"),
        ("Elspeth, Knight-Errant", "card", "Elspeth, Knight-Errant"),
        ("Skullmulcher", "card", "Skullmulcher"), ("devour", "keyword", "devour"),
        ("enchanted", "keyword", "enchant"), ("equipped", "keyword", "equip"),
    ]


def test_cycled_and_phased_but_not_their_nouns():
    text = "When you cycle it, or after it's cycled, and when it phased out"
    assert found(text) == [("cycled", "keyword", "cycling"), ("phased", "keyword", "phasing")]


def test_blocked_spans_and_longest_first():
    names = matcher()
    text = "Triggered abilities: see rule 702.81, Exalted; a triggered ability."
    start = text.index("rule")
    hits = names.find(text, blocked=[(start, start + len("rule 702.81, Exalted"))])
    assert [text[h.start:h.end] for h in hits] == ["Triggered abilities", "triggered ability"]


def test_keyword_actions_have_no_noun_like_s_form():
    names = NameMatcher()
    names.add("keyword", "counter", s_form=False)
    text = ("Skullmulcher comes into play with that many +1/+1 counters on it. Effects such as "
            "Stifle counter triggered abilities; the ability is countered.")
    assert [h.name for h in names.find(text)] == ["counter", "counter"]
    assert [text[h.start:h.end] for h in names.find(text)] == ["counter", "countered"]


def test_curly_apostrophes_line_breaks_and_punctuation_around_names():
    names = matcher()
    names.add("card", '"Ach! Hans, Run!"', inflect=False, case_sensitive=True)
    text = ('Sphinx\u2019s Herald and Elspeth,\n  Knight-Errant; "Ach! Hans, Run!" names '
            "no Cancellation, and aren't Cancel'd.")
    assert [text[h.start:h.end] for h in names.find(text)] == [
        "Sphinx\u2019s Herald", "Elspeth,\n  Knight-Errant", '"Ach! Hans, Run!"']
