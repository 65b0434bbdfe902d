"""Lesson 01's passage: the English course shows our translation beside every paragraph of the
original (issue 30.5); the Russian course shows the original alone."""

from __future__ import annotations

import re

from twentyone_edu.widgets import passage


def test_the_translation_has_a_paragraph_for_each_of_the_originals():
    assert len(passage.paragraphs(passage.TRANSLATION)) == len(passage.paragraphs(passage.ORIGINAL))


def test_each_paragraph_keeps_the_originals_numbers():
    # the numbers the rules rest on (16, 21, 15–17, 18) must survive the translation
    for original, ours in zip(passage.paragraphs(passage.ORIGINAL),
                              passage.paragraphs(passage.TRANSLATION), strict=True):
        assert sorted(re.findall(r"\d+", original)) == sorted(re.findall(r"\d+", ours))


def test_each_paragraph_has_as_many_sentences_as_the_original():
    def sentences(text: str) -> int:
        return len(re.findall(r"[.!?](?:\s|$)", re.sub(r"\bт\.\sе\.|\bстр\. |\bp\. ", "", text)))

    for original, ours in zip(passage.paragraphs(passage.ORIGINAL),
                              passage.paragraphs(passage.TRANSLATION), strict=True):
        assert sentences(original) == sentences(ours), ours[:60]


def test_english_shows_both_side_by_side_and_russian_the_original_alone():
    english, russian = passage.passage_html("en"), passage.passage_html("ru")
    rows = len(passage.paragraphs(passage.ORIGINAL))
    assert english.count("<tr>") == rows + 1 and english.count("<td") == 2 * rows
    assert russian.count("<td") == rows
    assert not re.search(r"[A-Za-z]{3,}", re.sub(r"<[^>]+>", "", russian))
    assert "banker deals everyone" in english
