"""The ground: words and numbers. Every message the package shows, as data (a code and its
parameters) and as words in English or Russian; the errors, which carry their message; the
checks every argument passes; and numbers written as each language writes them.

Imports nothing of the package outside this folder. Within it, from the bottom up: catalogs
(gettext, the languages), notation (numbers already checked), messages (codes, English
templates, `phrase`), errors, validate, numerals and wording (the checked public entry points).
"""
