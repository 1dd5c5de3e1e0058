"""The player's seat in a game played through the web: a seat of the game engine (either
game's ``Bot`` protocol) whose decisions come from the request, in the order the engine asks
for them.  When the engine asks for one the request does not hold, ``NeedDecision`` says what
is asked (and what the player may choose from), and the turn is played again from the saved
game once the player has decided: the server keeps no game, the game file is the state.
"""

from __future__ import annotations

from typing import Any

from solver.common.errors import CitiesError


class NeedDecision(Exception):  # noqa: N818 - not an error: the turn waits for the player
    """The engine asks the player for a decision the request does not hold yet."""

    def __init__(self, need: dict[str, Any]):
        super().__init__(need.get("kind"))
        self.need = need


class Decisions:
    """The player's decisions for one turn: ``[{"pick": [0, 3]}, {"place": [1, 2]}, ...]``,
    taken one at a time, each of the kind the engine asks for."""

    def __init__(self, decisions: Any):
        if not isinstance(decisions, list):
            raise CitiesError("expected a list of decisions such as {\"pick\": [0, 3]}",
                              field="decisions")
        self.decisions, self.used = decisions, 0

    @property
    def where(self) -> str:
        return f"decisions[{self.used - 1}]"

    def take(self, kind: str, need: dict[str, Any]) -> Any:
        """The next decision's value, which must be of ``kind``; none left: ``NeedDecision``."""
        if self.used >= len(self.decisions):
            raise NeedDecision({"kind": kind, **need})
        item = self.decisions[self.used]
        self.used += 1
        if not isinstance(item, dict) or list(item) != [kind]:
            raise CitiesError(f"the game asks for a {kind} decision here ({{\"{kind}\": ...}})",
                              field=self.where)
        return item[kind]

    def refuse(self, message: str) -> CitiesError:
        return CitiesError(message, field=self.where)

    def check_all_used(self) -> None:
        if self.used < len(self.decisions):
            raise CitiesError("the turn ended before this decision was asked for",
                              field=f"decisions[{self.used}]")
