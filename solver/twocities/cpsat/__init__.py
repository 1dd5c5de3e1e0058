"""Proofs of optimal cities with CP-SAT, by problem:

- ``model``: the CP-SAT model of a city (one module per scoring category, mirroring the
  scorer), exact score values per category (``model.values``), reading an answer back and
  re-scoring it (``model.answers``) and the full model's solve (``model.fullmodel``);
- ``city``: the single-city proof: caps, tile compositions of choose pools, the descent
  through exact scores, and ``city.solve`` which ties them up;
- ``pair``: the pair proof (two cities from one pool, the lower score first): the quick
  pair, the split search and its parts, and ``pair.solve``;
- ``box``: the whole box as a pool, and its branch and bound by classes of counts.

Each sub-package builds only on those listed before it (``lint-imports`` holds it), and
all on ``settings``: ``ProofSettings``, how a proof goes about its search.  The two entry
points are exported here: ``solve_pool`` (one city) and ``solve_pair`` (two), each taking
``settings=ProofSettings(...)`` where a benchmark or a test compares another choice.
"""

from solver.twocities.cpsat.city.solve import SolveResult, solve_pool
from solver.twocities.cpsat.pair.solve import PairResult, solve_pair
from solver.twocities.cpsat.settings import ProofSettings

__all__ = ["PairResult", "ProofSettings", "SolveResult", "solve_pair", "solve_pool"]
