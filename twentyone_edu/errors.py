"""The errors every public function raises: each message names the bad value and what is valid."""


class TwentyOneError(ValueError):
    """Base class of every error the package raises on bad input or an illegal action."""


class CardError(TwentyOneError):
    """A card, hand or shoe that cannot exist (R1–R3)."""


class RuleError(TwentyOneError):
    """A rule set, variant, policy or parameter that is not valid (R4–R20)."""


class StakeError(TwentyOneError):
    """A stake that is not a positive whole number within the purse (R5–R6)."""


class IllegalAction(TwentyOneError):
    """An action at the table out of turn or out of order (R7–R20)."""
