"""The keywords that exile a card now and cast it on a later turn (foretell, plot): the
model, and each keyword's check on its real text in every Comprehensive Rules version at
hand, on changed copies and on rewordings."""

from __future__ import annotations

import pytest

from kb.rules.keywords._cov_later import scenario
from kb.rules.keywords.foretell import MODEL as FORETELL
from kb.rules.keywords.plot import MODEL as PLOT
from tests.cov_support import assert_keyword


def test_foretell_and_plot_in_the_model():
    assert scenario("", FORETELL, "my main phase") == (2, None, 3, True)
    assert scenario("", FORETELL, "my turn with a spell on the stack") == (2, None, 3, True)
    assert scenario("", FORETELL, "an opponent's turn") == (None, None, None, False)
    assert scenario("", PLOT, "my main phase") == (3, None, 0, False)
    assert scenario("", PLOT, "my turn with a spell on the stack")[0] is None


CASES = [
    ("foretell",
     [(r"during their turn", "during an opponent's turn"),
      (r"may pay \{2\} and exile", "may pay {3} and exile"),
      (r"from their hand face down", "from their hand"),
      (r"after the current turn has ended", "during the current turn"),
      (r"by paying any foretell cost it has rather than paying that spell's mana cost\.",
       "without paying its mana cost.")],
     []),
    ("plot",
     [('It becomes a plotted card', 'It becomes a foretold card'),
      (r"during your main phase while the stack is empty, you may exile",
       "during your turn, you may exile"),
      (r"exile this card from your hand", "exile this card from your graveyard"),
      (r"without paying its mana cost during", "by paying any plot cost it has rather than "
                                               "paying that spell's mana cost during"),
      (r"during any turn after the turn in which it became plotted", "during the current turn")],
     []),
]


@pytest.mark.parametrize("name, changes, rewordings", CASES, ids=[c[0] for c in CASES])
def test_real_changed_and_reworded_definitions(name, changes, rewordings):
    assert_keyword(name, changes, rewordings)
