"""The error users see: bad input, reported in one line ("file: field: problem").

One subclass per kind of failure, so a caller (or a test) can tell them apart while the user
still reads one line: the file cannot be read, it is not JSON, a field is malformed, or the
contents are well formed but impossible (beyond the box, against the rules).
"""

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
        """The same error (of the same kind) with a source and an outer field prefix filled in.

        >>> err = BadField("expected a list", field="[2]").located("x.json", "tiles")
        >>> type(err).__name__, str(err)
        ('BadField', 'x.json: tiles[2]: expected a list')
        """
        inner = self.field
        if field and inner:
            inner = f"{field}.{inner}" if not inner.startswith("[") else f"{field}{inner}"
        elif field:
            inner = field
        return type(self)(self.message, source or self.source, inner)

    def __str__(self) -> str:
        parts = [p for p in (self.source, self.field, self.message) if p]
        return ": ".join(parts)


class ModelMismatch(AssertionError):
    """A solver's model and the game's scorer disagree about a city: a defect in the model,
    never a user error (both games' solvers re-score every answer and raise this)."""


class UnreadableFile(CitiesError):
    """The file cannot be read: missing, a directory, not UTF-8 text, too large."""


class NotJson(CitiesError):
    """The file is not JSON within the limits (syntax, nesting depth, integer digits)."""


class BadField(CitiesError):
    """A field is missing, of the wrong type, out of range, or names nothing known."""


class BeyondTheBox(CitiesError):
    """Well formed, but more of something than the box holds (a tile twice, 300 pieces)."""


class AgainstTheRules(CitiesError):
    """Well formed and within the box, but no legal play reaches it."""


class OutOfTime(CitiesError):
    """Well formed, but deciding it takes longer than the time allowed (a search over orders
    of play is exponential in the worst case; its caller bounds it by its time limit)."""
