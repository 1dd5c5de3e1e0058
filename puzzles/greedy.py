"""The greedy placer the difficulty rating compares with: it lives with the rules
(``solver.twocities.rules.greedy``), where a pair of cities also starts from it."""

from solver.twocities.rules.greedy import GreedyResult, greedy

__all__ = ["GreedyResult", "greedy"]
