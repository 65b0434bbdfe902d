"""SVG cards: text alternatives in both languages, face down for closed cards (R8), safe HTML."""

import re
import xml.etree.ElementTree as ET

import pytest

from twentyone_edu import CardError, parse_cards
from twentyone_edu.widgets.card_faces import CardsView, card_name, card_svg, hand_html
from twentyone_edu.widgets.common import MessageLine, escape
from twentyone_edu.words.validate import quote

SVG = "{http://www.w3.org/2000/svg}"


def parsed(svg: str) -> ET.Element:
    """The SVG as an XML tree: it must be well-formed to be drawn at all."""
    return ET.fromstring(svg)


@pytest.mark.parametrize("token, english, russian", [
    ("K♠", "king of spades", "король пик"),
    ("Q♥", "queen of hearts", "дама червей"),
    ("10♦", "ten of diamonds", "десятка бубён"),
    ("A♣", "ace of clubs", "туз треф"),
    ("7", "seven", "семёрка"),
    ("J", "jack", "валет"),
])
def test_card_names_in_both_languages(token, english, russian):
    (card,) = parse_cards(token)
    assert card_name(card, "en") == english
    assert card_name(card, "ru") == russian
    for language, name in (("en", english), ("ru", russian)):
        root = parsed(card_svg(card, "open", language))
        assert root.get("role") == "img"
        assert root.get("aria-label") == name
        assert root.find(f"{SVG}title").text == name


def test_every_rank_and_suit_has_a_name_and_draws():
    for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"):
        for suit in ("♠", "♥", "♦", "♣", ""):
            (card,) = parse_cards(rank + suit)
            russian = {"A": "Т", "K": "К", "Q": "Д", "J": "В"}.get(rank, rank)
            for language, letter in (("en", rank), ("ru", russian)):
                root = parsed(card_svg(card, "open", language))
                texts = [t.text for t in root.iter(f"{SVG}text")]
                assert letter in texts, "the rank is written on the card in the language's letter"


def test_suits_differ_in_shape_not_only_colour():
    def shape(token):
        root = parsed(card_svg(token))
        return [ET.tostring(g) for g in root.iter(f"{SVG}g")]

    def fill(token):
        return {g.get("fill") for g in parsed(card_svg(token)).iter(f"{SVG}g")}

    shapes = [shape(s) for s in ("K♠", "K♥", "K♦", "K♣")]
    bodies = [re.sub(rb'fill="[^"]*"', b"", b"".join(s)) for s in shapes]
    assert len(set(bodies)) == 4, "with colour removed, the four suits still look different"
    assert fill("K♥") == fill("K♦") != fill("K♠") == fill("K♣")


def test_closed_card_is_face_down_and_tells_nothing():
    svg = card_svg("K♠", "closed", "en")
    root = parsed(svg)
    assert root.get("aria-label") == "closed card"
    assert not list(root.iter(f"{SVG}text")), "no rank is written on a closed card"
    assert "king" not in svg and "K" not in "".join(root.itertext())
    assert parsed(card_svg("K♠", "closed", "ru")).get("aria-label") == "закрытая карта"


def test_peek_shows_the_card_to_its_holder_and_says_it_is_closed():
    root = parsed(card_svg("A♥", "peek", "en"))
    assert root.get("aria-label") == "ace of hearts, closed (shown to its holder)"
    assert "A" in [t.text for t in root.iter(f"{SVG}text")]
    assert "закрытая" in parsed(card_svg("A♥", "peek", "ru")).get("aria-label")


def test_bad_card_state_or_language_is_rejected():
    with pytest.raises(CardError, match="'sideways'"):
        card_svg("K", "sideways")
    with pytest.raises(CardError, match="'Z'"):
        card_svg("Z")
    with pytest.raises(Exception, match="'de'"):
        card_svg("K", "open", "de")


def test_hand_html_and_cards_view():
    cards = parse_cards("K♠ 9♥ A")
    html = hand_html(cards, ["closed", "open", "open"], "ru")
    labels = re.findall(r'aria-label="([^"]*)"', html)
    assert labels == ["закрытая карта", "девятка червей", "туз"]
    view = CardsView(cards, ["open", "open", "closed"], language="en")
    assert re.findall(r'aria-label="([^"]*)"', view.value) == [
        "king of spades", "nine of hearts", "closed card"]
    assert "t21-cards" in view._dom_classes
    view.show([], language="ru")
    assert "нет карт" in view.value and "<svg" not in view.value
    with pytest.raises(ValueError):
        hand_html(cards, ["open"])


def test_escape_and_message_line():
    assert escape("<b>x</b> & 'y'") == "&lt;b&gt;x&lt;/b&gt; &amp; &#x27;y&#x27;"
    line = MessageLine("en")
    calls = []

    def reject(value):
        calls.append(value)
        raise CardError("card_token", token=quote(value))

    def broken():
        return 1 / 0

    line.guard(reject)("<b>x</b>")
    assert calls == ["<b>x</b>"]
    assert "Not accepted: &#x27;&lt;b&gt;x&lt;/b&gt;&#x27; is not a card" in line.value
    assert "<b>" not in line.value
    line.set_language("ru")
    assert "Не принято:" in line.value
    assert line.guard(lambda: 5)() == 5 and line.value == ""
    line.guard(broken)()
    assert "ZeroDivisionError" in line.value and "Traceback" not in line.value
    assert len(line.unexpected) == 1 and isinstance(line.unexpected[0], ZeroDivisionError)
