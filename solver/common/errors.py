"""The one error type users see: bad input, reported in one line."""

from __future__ import annotations


class CitiesError(Exception):
    """Bad input. ``str(err)`` is one line naming the source, the field and the problem.

    >>> str(CitiesError("unknown token 'X'", source="city.json", field="grid row 2, column 3"))
    "city.json: grid row 2, column 3: unknown token 'X'"
    """

    def __init__(self, message: str, source: str | None = None, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.source = source
        self.field = field

    def located(self, source: str | None = None, field: str | None = None) -> CitiesError:
        """The same error with a source (and an outer field prefix) filled in."""
        inner = self.field
        if field and inner:
            inner = f"{field}.{inner}" if not inner.startswith("[") else f"{field}{inner}"
        elif field:
            inner = field
        return CitiesError(self.message, source or self.source, inner)

    def __str__(self) -> str:
        parts = [p for p in (self.source, self.field, self.message) if p]
        return ": ".join(parts)


class ModelMismatch(AssertionError):
    """A solver's model and the game's scorer disagree about a city: a defect in the model,
    never a user error (both games' solvers re-score every answer and raise this)."""
