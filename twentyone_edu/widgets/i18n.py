"""Every label, message and explanation the widgets show, in English and Russian, in one place."""

from __future__ import annotations

from ..errors import RuleError

LANGUAGES = ("en", "ru")

# key -> (English, Russian); format fields in braces are filled by text(key, language, **fields)
TEXT: dict[str, tuple[str, str]] = {
    "language": ("Language", "Язык"),
    # explorers, quiz
    "quiz_check": ("Check", "Проверить"),
    "quiz_hint": ("Hint {next} of {total}", "Подсказка {next} из {total}"),
    "quiz_no_more_hints": ("No more hints", "Подсказок больше нет"),
    "quiz_hint_label": ("Hint {n}:", "Подсказка {n}:"),
    "quiz_placeholder": ("e.g. 4/51, 0.0784 or 7.84 %", "например 4/51, 0,0784 или 7,84 %"),
    "quiz_correct": ("✓ Correct!", "✓ Верно!"),
    "quiz_not_yet": ("✗ Not yet. Try again.", "✗ Пока нет. Попробуйте ещё раз."),
    "quiz_empty": ("Type an answer first.", "Сначала введите ответ."),
    "quiz_choose": ("Choose an answer first.", "Сначала выберите ответ."),
    "quiz_more_digits": ("{answer} has {digits} significant digit(s): give at least {needed}, "
                         "or the exact fraction.",
                         "В ответе {answer} значащих цифр: {digits}. Нужно не меньше {needed} "
                         "или точная дробь."),
    "quiz_not_number": ("{answer} is not a number (write e.g. 4/51, 0.0784 or 7.84 %)",
                        "{answer} — не число (напишите, например, 4/51, 0,0784 или 7,84 %)"),
    "quiz_zero_denominator": ("{answer}: a fraction cannot have the denominator 0",
                              "{answer}: у дроби не может быть знаменателя 0"),
    "quiz_too_long": ("The answer is too long (at most {limit} characters).",
                      "Ответ слишком длинный (не больше {limit} символов)."),
    "quiz_exponent": ("{answer}: the power of ten is too large (at most {limit})",
                      "{answer}: слишком большая степень десяти (не больше {limit})"),
    # table, cards, banker chooser
    "rank_A": ("ace", "туз"),
    "rank_2": ("two", "двойка"),
    "rank_3": ("three", "тройка"),
    "rank_4": ("four", "четвёрка"),
    "rank_5": ("five", "пятёрка"),
    "rank_6": ("six", "шестёрка"),
    "rank_7": ("seven", "семёрка"),
    "rank_8": ("eight", "восьмёрка"),
    "rank_9": ("nine", "девятка"),
    "rank_10": ("ten", "десятка"),
    "rank_J": ("jack", "валет"),
    "rank_Q": ("queen", "дама"),
    "rank_K": ("king", "король"),
    "suit_♠": ("spades", "пик"),
    "suit_♥": ("hearts", "червей"),
    "suit_♦": ("diamonds", "бубён"),
    "suit_♣": ("clubs", "треф"),
    "card_with_suit": ("{rank} of {suit}", "{rank} {suit}"),
    "card_closed": ("closed card", "закрытая карта"),
    "card_peek": ("{card}, closed (shown to its holder)", "{card}, закрытая (видна владельцу)"),
    "cards_none": ("no cards", "нет карт"),
    "not_accepted": ("Not accepted: {reason}", "Не принято: {reason}"),
    "unexpected": ("Something went wrong inside the course ({reason}). It is not your mistake; "
                   "please tell your teacher.",
                   "Что-то сломалось внутри курса ({reason}). Это не ваша ошибка; "
                   "сообщите, пожалуйста, учителю."),
}


def check_language(language: str) -> str:
    """The language code if it is one the widgets speak ('en' or 'ru')."""
    if language not in LANGUAGES:
        raise RuleError(f"language={language!r} is not available (use 'en' or 'ru')")
    return language


def text(key: str, language: str = "en", **fields) -> str:
    """The widget text for `key` in `language`, with the format fields filled in."""
    english, russian = TEXT[key]
    template = russian if check_language(language) == "ru" else english
    return template.format(**fields) if fields else template
