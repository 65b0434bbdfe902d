"""UX reviews 15 and 16 (issue 34): the map shown greyed while another rules' map is computed,
the odds of a soft hand, and the longest number a box reads."""

from twentyone_edu.widgets import strategy
from twentyone_edu.widgets.strategy import StrategyExplorer


def test_the_map_is_greyed_while_the_chosen_rules_map_is_computed(monkeypatch):
    """A new rule set chosen: until its map comes, the old map and its answer are greyed (the
    review saw the old map in full colour under the new rules' name); Stop, or the map's
    arrival, takes the grey away."""
    explorer = StrategyExplorer()
    assert "t21-strategy-stale" not in explorer._dom_classes
    asked = []
    monkeypatch.setattr(explorer.computation, "ask", lambda *request: asked.append(request))
    monkeypatch.setattr(strategy._HEAT_MAPS, "get", lambda key: None)
    explorer.rules_menu.value = "ochko"
    assert asked and explorer.state == "computing"
    assert "t21-strategy-stale" in explorer._dom_classes
    assert ".t21-strategy-stale .t21-strategy-mapbox" in explorer.legend.value  # (its style)
    monkeypatch.setattr(explorer.computation, "stop", lambda: True)
    explorer.stop()
    assert "t21-strategy-stale" not in explorer._dom_classes
    explorer.rules_menu.value = "blackjack"
    key, work, done, _ = asked[-1]
    assert "t21-strategy-stale" in explorer._dom_classes
    done(work())
    assert explorer.state == "ready" and "t21-strategy-stale" not in explorer._dom_classes


def test_the_odds_of_a_soft_hand_say_it_cannot_bust():
    """UX review 16: «Better: buy a card» on A 7 read as a slip; the odds of a soft hand say
    that its ace counts 11, or 1 rather than bust; a hard hand's say nothing of it."""
    from twentyone_edu.game.rules import HISTORICAL, VARIANTS
    from twentyone_edu.widgets.i18n import text
    from twentyone_edu.widgets.table_odds import exact_odds, odds_html

    for hand, total in (("A 7", 18), ("A A", 12), ("10 6", None)):
        odds = exact_odds("You", hand, "", HISTORICAL)
        assert odds.total == total
        for language in ("en", "ru"):
            shown = odds_html(odds, language)
            said = text("odds_soft", language, total=total)
            assert (said in shown) == (total is not None), (hand, language)
    ochko = VARIANTS["ochko"]  # (its ace is always 11)
    assert exact_odds("You", "A 7", "", ochko).total is None


def test_a_seed_is_refused_past_the_digits_the_boxes_read():
    """The boxes read whole numbers of up to MOST_DIGITS digits; one digit more is «more than
    12 digits» (not «not a whole number»), in words that name that many, in both languages."""
    from twentyone_edu.widgets.common import InputError
    from twentyone_edu.widgets.i18n import text
    from twentyone_edu.widgets.live_table import MOST_DIGITS, parse_seed

    assert parse_seed("9" * MOST_DIGITS) == int("9" * MOST_DIGITS)
    try:
        parse_seed("9" * (MOST_DIGITS + 1))
    except InputError as refused:
        assert refused.key == "bad_seed_long"
    else:
        raise AssertionError("a seed one digit too long was read")
    for language in ("en", "ru"):
        assert str(MOST_DIGITS) in text("bad_seed_long", language, value="x")
