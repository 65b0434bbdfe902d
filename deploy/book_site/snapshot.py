"""A widget's first view as still HTML, for the book: the state nbclient saved with an executed
notebook, drawn without JavaScript or a kernel.

ipywidgets' own page renderer (@jupyter-widgets/html-manager) ships with no Python package and
would be fetched from a CDN, so the book draws the course's widgets itself: their text, tables
and charts as they first showed, their controls as still labels (nothing to click that does
nothing), and a note that the lesson is live behind the launch buttons.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from twentyone_edu.words.wording import template

VIEW = "application/vnd.jupyter.widget-view+json"
STATE = "application/vnd.jupyter.widget-state+json"
# A widget the book leaves out: each exercise's own language switch (the book has its own).
LEFT_OUT = {"t21-language"}


def _children(state: dict, models: dict) -> list[dict]:
    """The models a box holds, in order."""
    return [models[ref.removeprefix("IPY_MODEL_")] for ref in state.get("children", [])
            if ref.removeprefix("IPY_MODEL_") in models]


def _label(state: dict) -> str:
    """A control's description as a label before it, if it has one."""
    text = state.get("description") or ""
    return f'<span class="t21-still-label">{html.escape(text)}</span> ' if text else ""


def _options(state: dict) -> list[str]:
    return list(state.get("_options_labels") or [])


def _chosen(state: dict) -> str:
    index, options = state.get("index"), _options(state)
    return options[index] if isinstance(index, int) and 0 <= index < len(options) else ""


def _box(state: dict, models: dict) -> str:
    kind = "row" if state.get("_model_name") == "HBoxModel" else "column"
    inner = "".join(render(model, models) for model in _children(state, models))
    return f'<div class="t21-still-{kind}">{inner}</div>'


def _tab(state: dict, models: dict) -> str:
    titles = list(state.get("titles") or [])
    parts = []
    for index, model in enumerate(_children(state, models)):
        title = titles[index] if index < len(titles) else ""
        parts.append(f'<div class="t21-still-tab"><p class="t21-still-tab-title">'
                     f"{html.escape(title)}</p>{render(model, models)}</div>")
    return "".join(parts)


def _html(state: dict, _: dict) -> str:
    math = " t21-still-math" if state.get("_model_name") == "HTMLMathModel" else ""
    return f'<div class="t21-still-html{math}">{_label(state)}{state.get("value", "")}</div>'


def _text_label(state: dict, _: dict) -> str:
    return f'<span class="t21-still-text">{html.escape(str(state.get("value", "")))}</span>'


def _button(state: dict, _: dict) -> str:
    return f'<span class="t21-still-button">{html.escape(state.get("description") or "")}</span>'


def _choice_row(state: dict, _: dict) -> str:
    chosen = state.get("index")
    items = "".join(
        f'<span class="t21-still-button{" t21-still-chosen" if i == chosen else ""}">'
        f"{html.escape(option)}</span>" for i, option in enumerate(_options(state)))
    return f'<span class="t21-still-choices">{_label(state)}{items}</span>'


def _radio(state: dict, _: dict) -> str:
    chosen = state.get("index")
    items = "".join(f'<li>{"●" if i == chosen else "○"} {html.escape(option)}</li>'
                    for i, option in enumerate(_options(state)))
    return f'{_label(state)}<ul class="t21-still-radio">{items}</ul>'


def _field(state: dict, _: dict) -> str:
    value = state.get("value")
    if state.get("_model_name") == "DropdownModel":
        value = _chosen(state) + " ▾"
    if value in (None, ""):
        shown = f'<span class="t21-still-placeholder">{html.escape(state.get("placeholder") or "")}'
        return f'{_label(state)}<span class="t21-still-field">{shown}</span></span>'
    return f'{_label(state)}<span class="t21-still-field">{html.escape(str(value))}</span>'


def _checkbox(state: dict, _: dict) -> str:
    mark = "☑" if state.get("value") else "☐"
    return f'<span class="t21-still-text">{mark} {html.escape(state.get("description") or "")}'\
           "</span>"


def _progress(state: dict, _: dict) -> str:
    return (f'<span class="t21-still-text">{_label(state)}{state.get("value")} / '
            f'{state.get("max")}</span>')


def _output(state: dict, _: dict) -> str:
    parts = []
    for output in state.get("outputs", []):
        if output.get("output_type") == "stream":
            parts.append(f"<pre>{html.escape(output.get('text', ''))}</pre>")
        elif "text/html" in output.get("data", {}):
            parts.append(str(output["data"]["text/html"]))
        elif "image/png" in output.get("data", {}):
            alt = html.escape(output["data"].get("text/plain", ""))
            parts.append(f'<img src="data:image/png;base64,{output["data"]["image/png"]}" '
                         f'alt="{alt}">')
        elif "text/plain" in output.get("data", {}):
            parts.append(f"<pre>{html.escape(output['data']['text/plain'])}</pre>")
    return "".join(parts)


RENDERERS: dict[str, Callable[[dict, dict], str]] = {
    "VBoxModel": _box, "HBoxModel": _box, "BoxModel": _box, "GridBoxModel": _box,
    "TabModel": _tab, "AccordionModel": _tab,
    "HTMLModel": _html, "HTMLMathModel": _html, "LabelModel": _text_label,
    "ButtonModel": _button, "ToggleButtonModel": _button,
    "ToggleButtonsModel": _choice_row, "RadioButtonsModel": _radio,
    "DropdownModel": _field, "TextModel": _field, "TextareaModel": _field,
    "IntTextModel": _field, "FloatTextModel": _field, "BoundedIntTextModel": _field,
    "BoundedFloatTextModel": _field, "IntSliderModel": _field, "FloatSliderModel": _field,
    "CheckboxModel": _checkbox, "IntProgressModel": _progress, "FloatProgressModel": _progress,
    "OutputModel": _output,
}


def render(model: dict, models: dict) -> str:
    """One widget model and the models it holds, as still HTML."""
    state = {**model["state"], "_model_name": model["model_name"]}
    if LEFT_OUT & set(state.get("_dom_classes", [])):
        return ""
    if (state.get("layout") and models.get(state["layout"].removeprefix("IPY_MODEL_"), {})
            .get("state", {}).get("display") == "none"):
        return ""
    renderer = RENDERERS.get(model["model_name"])
    return renderer(state, models) if renderer else ""


def still(model_id: str, models: dict, language: str) -> str:
    """The widget `model_id` as the book shows it: its first view and the note that it is live."""
    note = html.escape(template("book.still", language))
    return (f'<div class="t21-still">{render(models[model_id], models)}'
            f'<p class="t21-still-note">{note}</p></div>')


def freeze_widgets(notebook: dict, language: str) -> int:
    """Replace every widget output of an executed notebook by its still HTML, and drop the saved
    widget state (which would make the page fetch ipywidgets' renderer); return how many."""
    models = notebook.get("metadata", {}).pop("widgets", {}).get(STATE, {}).get("state", {})
    frozen = 0
    for cell in notebook.get("cells", []):
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(VIEW)
            if view is None:
                continue
            model_id = view["model_id"]
            shown = still(model_id, models, language) if model_id in models else ""
            output["data"] = {"text/html": shown or html.escape(template("book.still", language))}
            frozen += 1
    return frozen
