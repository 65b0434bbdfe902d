"""The game as its rules describe it (R1–R20): cards and the shoe, the value of a hand, the rule
sets of the historical game and its descendants, and the live `Table` with its events.

Imports only `words` below it. Every value type here checks itself when it is made (a Shoe, a
Card, a RuleSet), so nothing above must check it again. Within it, from the bottom up: cards,
rules, hands, events, table.
"""
