"""Shared widget helpers: escaping user text, the inline message line (never a traceback), the
widgets' colours, and charts shown as images with a text alternative."""

from __future__ import annotations

import base64
import html
import re
import struct
from collections.abc import Callable

import ipywidgets as widgets

from ..words.errors import RuleError, TwentyOneError
from .i18n import check_language, text

# The colours of the widgets' own text, each at least 4.5:1 against white and against HIGHLIGHT
# (WCAG AA); none carries meaning alone: a word or a sign always says the same.
COLOURS = {
    "error": "#9b0000",  # input not accepted, a wrong answer, a purse in debt
    "right": "#0a6b0a",  # a right answer
    "caution": "#7a4a00",  # an answer that cannot be checked as typed
    "banker": "#1f4e9c",  # the banker's badge and frame
    "you": "#2e6b2e",  # the student's badge
    "to_act": "#8a4b00",  # the badge of the player to act
    "muted": "#555555",  # "no cards"
}
# points: the smallest text of each explorer's chart, 20 px or more as shown beside its
# controls on a 1024 px projector (the advice's bars and the running mean are shown narrower
# than they are drawn, the strategy map wider)
CHART_FONT = {"advice": 17, "simulation": 19, "strategy": 16.5}
PHONE_CHART_FONT = 13  # points: 18 px in a chart drawn for a phone's column, 16 px as shown at 360
PHONE_PX = 600  # the widest screen shown a chart's `narrow` picture: app_style's phone
HIGHLIGHT = "#fff6d6"  # the background of the row of the player to act
INK = "#111111"  # the text on HIGHLIGHT, also under a dark theme
# Darker backgrounds for coloured buttons: JupyterLab paints button_style "warning" #f57c00 and
# "success" #388e3c, under their white text 2.7:1 and 4.1:1; these give 5.0:1 and 5.1:1 (axe-core
# asks 4.5:1).
BUTTON_STYLES = {"warning": {"button_color": "#b45309"}, "success": {"button_color": "#2e7d32"}}


# A one-pixel image, a real one: an image that cannot load showed as undrawn in the book (CI 61)
PIXEL = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"


def page_listener(flag: str, script: str) -> str:
    """An invisible image whose loading runs `script` once per page (window.`flag` says it
    ran): an HTML widget's own <script> does not run, and widgets have no key or pointer
    events of the page. `script` may not hold a double quote."""
    return (f'<img alt="" width="1" height="1" style="display:none" src="{PIXEL}" '
            f'onload="if (!window.{flag}) {{ window.{flag} = true; {script} }}">')


def bar_html(share, colour: str) -> str:
    """A horizontal bar `share` (0–1) of its cell wide: a chance seen as a length."""
    return (f"<div aria-hidden='true' style='background:{colour};height:16px;margin:2px 0;"
            f"width:{100 * float(share):.1f}%'></div>")


def escape(value) -> str:
    """Any value as text that is safe inside HTML: user input never becomes markup."""
    return html.escape(str(value), quote=True)


# A rule's code in a sentence: " (R4)", " (R3, R10)", " (R11–R13)", or the "R18: " that opens
# a bracket of words ("(R18: the discards would be shuffled)", whose words stay).
RULE_CODE = re.compile(r" ?\(R\d+(?:(?:, |–)R\d+)*\)|(?<=\()R\d+(?:(?:, |–)R\d+)*: ")


def marked(value) -> str:
    """`escape(value)` with each rule code in a span of class t21-rule-code: the lessons show
    the codes, the course app hides them but in its log (app_style)."""
    return RULE_CODE.sub(lambda code: f"<span class='t21-rule-code'>{code.group()}</span>",
                         escape(value))


class InputError(RuleError):
    """Bad input found by a widget itself (e.g. a seed 'xyz'); its message is in every language.

    `key` names a TEXT entry of i18n.py; `fields` fill it in.
    """

    def __init__(self, key: str, **fields):
        self.key, self.fields = key, fields
        self.code, self.params = key, fields
        ValueError.__init__(self, text(key, "en", **fields))

    def in_language(self, language: str) -> str:
        """The message in `language`."""
        return text(self.key, language, **self.fields)


class MessageLine(widgets.HTML):
    """An inline line that shows why input was not accepted, escaped, in the widget's language.

    `guard(callback)` wraps a widget callback: a TwentyOneError is shown as "Not accepted: …",
    worded from its code in the widget's language (messages.py); any other exception is a bug,
    shown politely and kept in `.unexpected` for the tests.
    """

    def __init__(self, language: str = "en", **kwargs):
        super().__init__(value="", **kwargs)
        self.add_class("t21-message")
        self.language = check_language(language)
        self.unexpected: list[BaseException] = []
        self._error: BaseException | None = None

    def clear(self) -> None:
        """Remove the message."""
        self._error = None
        self.value = ""

    def show(self, error: BaseException) -> None:
        """Show `error`: a TwentyOneError as "Not accepted: …", anything else as a bug."""
        self._error = error
        if isinstance(error, TwentyOneError):
            message = text("not_accepted", self.language, reason=error.in_language(self.language))
        else:
            message = text("unexpected", self.language, reason=type(error).__name__)
        self.value = (f'<div role="alert" style="color:{COLOURS["error"]};font-weight:bold">'
                      f"⚠ {marked(message)}</div>")

    def set_language(self, language: str) -> None:
        """Switch language, showing the current message again in it."""
        self.language = check_language(language)
        if self._error is not None:
            self.show(self._error)

    def guard(self, callback: Callable, clear: bool = True) -> Callable:
        """`callback` made safe for a widget: errors become a message, never a traceback.

        The message is cleared first, unless `clear` is False (e.g. a language switch).
        """

        def guarded(*args, **kwargs):
            if clear:
                self.clear()
            try:
                return callback(*args, **kwargs)
            except TwentyOneError as error:
                self.show(error)
            except Exception as error:  # a bug: the student must still never see a traceback
                self.unexpected.append(error)
                self.show(error)
            return None

        return guarded


# the box a chart's place shows until it is drawn: as wide as its column, about as high as a
# chart, its words centred (#333333 on #f2f2f2: 11.3:1)
WAIT_STYLE = ("display:flex;align-items:center;justify-content:center;box-sizing:border-box;"
              "width:100%;min-height:14em;padding:1em;border:2px dashed #767676;"
              "border-radius:6px;background:#f2f2f2;color:#333333;font-style:italic;"
              "text-align:center")


def _data(png: bytes) -> str:
    """A PNG picture as a data: address."""
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


class ChartImage(widgets.HTML):
    """A PNG chart as an <img> with a text alternative for screen readers (ipywidgets' Image
    has no alt text): `show(png, alt)` puts up a new picture, `.png` holds its bytes."""

    def __init__(self, **kwargs):
        super().__init__(value="", layout=widgets.Layout(flex="0 1 auto", min_width="0"),
                         **kwargs)
        self.png, self.alt = b"", ""

    def show(self, png: bytes, alt: str, text_px: float,
             narrow: tuple[bytes, float] | None = None) -> None:
        """Show the picture `png` described by `alt` (what it shows, in words), whose smallest
        text is `text_px` pixels high at its own size (for a check of the size shown); on a
        screen at most PHONE_PX wide the `narrow` picture and its text's height instead."""
        self.png, self.alt = png, alt
        picture = (f'<img src="{_data(png)}" alt="{escape(alt)}" data-text-px="{text_px:.1f}" '
                   'style="display:block;max-width:100%;height:auto"')
        if narrow is None:
            self.value = f"{picture}>"
        else:
            self.value = (f'<picture><source media="(max-width: {PHONE_PX}px)" '
                          f'srcset="{_data(narrow[0])}">{picture} '
                          f'data-narrow-text-px="{narrow[1]:.1f}"></picture>')

    def clear(self) -> None:
        """No picture."""
        self.png, self.alt, self.value = b"", "", ""

    def wait(self, words: str, again: bool = False) -> None:
        """Until the first picture comes, a grey box in its place that says `words` (UX review
        19: a tab's empty chart area for 2–4 s read as broken on a projector); `again`, until
        the next one comes, the last picture faded under `words`, as large as it was (UX
        review 23 read the last hand's bars under a new hand's verdict)."""
        if not self.png:
            self.value = f'<div class="t21-chart-wait" role="status" style="{WAIT_STYLE}">' \
                         f'{escape(words)}</div>'
        elif again:
            width, height = struct.unpack(">II", self.png[16:24])  # the PNG's IHDR
            self.value = (
                f'<div class="t21-chart-wait t21-chart-again" role="status" '
                f'style="position:relative;width:100%;max-width:{width}px">'
                f'<div aria-hidden="true" style="aspect-ratio:{width}/{height};opacity:0.2;'
                f'background:url({_data(self.png)}) center/contain no-repeat"></div>'
                f'<div style="position:absolute;inset:0;display:flex;align-items:center;'
                f'justify-content:center;color:#333333;font-style:italic;text-align:center">'
                f'{escape(words)}</div></div>')


def columns(left: list[widgets.Widget], picture: widgets.Widget) -> widgets.HBox:
    """The controls and the answer in one column, the picture beside them where there is room
    (a projector), below them where there is not (a phone): a row that wraps."""
    column = widgets.VBox(left, layout=widgets.Layout(flex="1 1 22em", min_width="0"))
    column.add_class("t21-column")
    picture.layout.flex, picture.layout.min_width = "1 1 24em", "0"
    row = widgets.HBox([column, picture], layout=widgets.Layout(
        flex_flow="row wrap", align_items="flex-start", width="100%"))
    row.add_class("t21-columns")
    return row
