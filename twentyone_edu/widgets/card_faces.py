"""Playing cards drawn as SVG, large enough for a classroom projector, with text alternatives (R8).

A card is shown face up ('open', a bought card), face down ('closed', a dealt card nobody may see)
or as 'peek' (a closed card shown to its holder: face up inside a dashed frame). Suits differ in
shape as well as colour, and every card carries its name for screen readers.
"""

from __future__ import annotations

from collections.abc import Iterable

import ipywidgets as widgets

from ..game.cards import MOST_CARDS, Card, parse_cards
from ..words import card_letters
from ..words.errors import CardError
from ..words.messages import message
from ..words.validate import bounded, one_of, quote, whole
from .common import COLOURS, escape
from .i18n import check_language, text

OPEN, CLOSED, PEEK = "open", "closed", "peek"
WIDTH, HEIGHT = 100, 140  # the viewBox of one card
RED, BLACK, NO_SUIT = "#b0001a", "#111111", "#1c2a5a"

# Suit outlines in a 24 × 24 box: spades and clubs black, hearts and diamonds red.
_SUIT_SHAPES = {
    "♥": '<path d="M12 22C12 22 1.5 14.5 1.5 8C1.5 4.4 4.2 2 7.4 2C9.5 2 11.1 3.3 12 5'
         'C12.9 3.3 14.5 2 16.6 2C19.8 2 22.5 4.4 22.5 8C22.5 14.5 12 22 12 22Z"/>',
    "♦": '<path d="M12 1L21 12L12 23L3 12Z"/>',
    "♠": '<path d="M12 1.5C12 1.5 1.5 9 1.5 14.6C1.5 17.7 4 19.8 7 19.8C8.8 19.8 10.3 19 11.1 '
         '17.8C10.9 19.9 9.9 21.6 8.2 22.8L15.8 22.8C14.1 21.6 13.1 19.9 12.9 17.8C13.7 19 15.2 '
         '19.8 17 19.8C20 19.8 22.5 17.7 22.5 14.6C22.5 9 12 1.5 12 1.5Z"/>',
    "♣": '<circle cx="12" cy="6.8" r="4.8"/><circle cx="6.6" cy="13.8" r="4.8"/>'
         '<circle cx="17.4" cy="13.8" r="4.8"/>'
         '<path d="M10.8 12C10.8 17 10 20.3 7.8 22.8L16.2 22.8C14 20.3 13.2 17 13.2 12Z"/>',
}


def card_name(card: Card, language: str = "en") -> str:
    """The card in words, e.g. 'king of spades' / 'король пик', or 'king' without a suit."""
    rank = text(f"rank_{card.rank}", language)
    if card.suit is None:
        return rank
    return text("card_with_suit", language, rank=rank, suit=text(f"suit_{card.suit}", language))


def _suit(suit: str, x: float, y: float, size: float, colour: str) -> str:
    scale = size / 24
    return (f'<g transform="translate({x:g} {y:g}) scale({scale:g})" fill="{colour}">'
            f"{_SUIT_SHAPES[suit]}</g>")


def _face(card: Card, dashed: bool, language: str) -> str:
    rank = card_letters.written(card.rank, language)
    colour = NO_SUIT if card.suit is None else RED if card.suit in "♥♦" else BLACK
    rank_size = 30 if card.rank == "10" else 34
    border = ('stroke="#c77700" stroke-width="5" stroke-dasharray="9 5"' if dashed
              else 'stroke="#333" stroke-width="2"')
    parts = [f'<rect x="2" y="2" width="96" height="136" rx="9" fill="#fff" {border}/>',
             f'<text x="9" y="36" font-size="{rank_size}" font-weight="bold" fill="{colour}" '
             f'font-family="Arial, Helvetica, sans-serif">{rank}</text>',
             f'<text x="91" y="130" font-size="{rank_size}" font-weight="bold" fill="{colour}" '
             f'font-family="Arial, Helvetica, sans-serif" text-anchor="end">{rank}</text>']
    if card.suit is None:
        parts.append(f'<text x="50" y="86" font-size="44" font-weight="bold" fill="{colour}" '
                     f'font-family="Arial, Helvetica, sans-serif" text-anchor="middle">'
                     f"{rank}</text>")
    else:
        parts += [_suit(card.suit, 10, 42, 20, colour), _suit(card.suit, 26, 48, 48, colour)]
    return "".join(parts)


def _back() -> str:
    diamonds = "".join(f"M{x} {y - 5}L{x + 5} {y}L{x} {y + 5}L{x - 5} {y}Z"
                       for x in range(18, 83, 16) for y in range(22, 119, 16))
    return ('<rect x="2" y="2" width="96" height="136" rx="9" fill="#1f4e9c" stroke="#333" '
            'stroke-width="2"/>'
            f'<path d="{diamonds}" fill="#8fb3ea"/>'
            '<rect x="10" y="10" width="80" height="120" rx="5" fill="none" stroke="#fff" '
            'stroke-width="3"/>')


def card_label(card: Card | None, state: str = OPEN, language: str = "en") -> str:
    """The text alternative of a card as shown: its name, or 'closed card' if face down."""
    if state == CLOSED or card is None:
        return text("card_closed", language)
    name = card_name(card, language)
    return text("card_peek", language, card=name) if state == PEEK else name


def card_svg(card: Card | str | None, state: str = OPEN, language: str = "en",
             height: int = 112) -> str:
    """One card as an inline SVG image with role="img", an aria-label and a <title> (R8)."""
    check_language(language)
    height = whole(height, "height", 10, 1000, CardError)
    if isinstance(card, str):
        parsed = parse_cards(card)
        if len(parsed) != 1:
            raise CardError("one_card", card=quote(card))
        card = parsed[0]
    elif card is not None and not isinstance(card, Card):
        parse_cards([card])  # refused, by name
    one_of(state, "state", (OPEN, CLOSED, PEEK), CardError, message("use.card_state"))
    label = escape(card_label(card, state, language))
    body = _back() if state == CLOSED or card is None else _face(card, state == PEEK, language)
    width = round(height * WIDTH / HEIGHT)
    return (f'<svg role="img" aria-label="{label}" xmlns="http://www.w3.org/2000/svg" '
            f'width="{width}" height="{height}" viewBox="0 0 {WIDTH} {HEIGHT}" '
            f'style="margin:2px;flex:none"><title>{label}</title>{body}</svg>')


def slot_svg(height: int = 112) -> str:
    """An empty place for a card, dashed: where a seat's cards will come (R7)."""
    height = whole(height, "height", 10, 1000, CardError)
    width = round(height * WIDTH / HEIGHT)
    return (f'<svg class="t21-slot" aria-hidden="true" xmlns="http://www.w3.org/2000/svg" '
            f'width="{width}" height="{height}" viewBox="0 0 {WIDTH} {HEIGHT}" '
            f'style="margin:2px;flex:none"><rect x="4" y="4" width="{WIDTH - 8}" '
            f'height="{HEIGHT - 8}" rx="10" fill="none" stroke="#9a9a9a" stroke-width="4" '
            f'stroke-dasharray="12 9"/></svg>')


def shoe_html(language: str = "en", height: int = 56) -> str:
    """The shoe as a picture: three backs, each over the last by half a card (R1, R18)."""
    back = card_svg(None, CLOSED, language, height)
    overlap = round(height * WIDTH / HEIGHT / 2)
    under = f'<span style="display:inline-flex;margin-left:-{overlap}px">{back}</span>'
    return f'<span class="t21-shoe-picture" style="display:inline-flex">{back}{under * 2}</span>'


def hand_html(cards: Iterable[Card], states: Iterable[str] | None = None,
              language: str = "en", height: int = 112) -> str:
    """A row of cards as HTML; `states` gives each card's state (all open if omitted)."""
    cards = bounded(cards, "cards", MOST_CARDS, CardError,
                    message("use.most_cards", most=MOST_CARDS))
    states = [OPEN] * len(cards) if states is None else bounded(
        states, "states", len(cards), CardError, message("use.card_states"))
    if len(states) != len(cards):
        raise CardError("states_cards", states=len(states), cards=len(cards))
    if not cards:
        return (f'<span style="color:{COLOURS["muted"]};font-style:italic">'
                f'{escape(text("cards_none", language))}</span>')
    svgs = "".join(card_svg(c, s, language, height) for c, s in zip(cards, states, strict=True))
    return f'<div style="display:flex;flex-wrap:wrap;align-items:center">{svgs}</div>'


class CardsView(widgets.HTML):
    """A row of SVG cards as an ipywidgets.HTML; `show(cards, states)` redraws it (R8)."""

    def __init__(self, cards: Iterable[Card] = (), states: Iterable[str] | None = None,
                 language: str = "en", height: int = 112, **kwargs):
        super().__init__(**kwargs)
        self.add_class("t21-cards")
        self.height = whole(height, "height", 10, 1000, CardError)
        self.language = check_language(language)
        self.show(cards, states)

    def show(self, cards: Iterable[Card], states: Iterable[str] | None = None,
             language: str | None = None) -> None:
        """Show these cards in these states (open if omitted), in `language` if given."""
        if language is not None:
            self.language = check_language(language)
        cards = bounded(cards, "cards", MOST_CARDS, CardError,
                    message("use.most_cards", most=MOST_CARDS))
        states = None if states is None else bounded(states, "states", len(cards), CardError,
                                                     message("use.card_states"))
        self.value = hand_html(cards, states, self.language, self.height)
        self.cards, self.states = cards, [OPEN] * len(cards) if states is None else states
