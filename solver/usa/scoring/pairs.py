"""Ferry+beacon and swing+slide pairs: the city scores the best pairing, a maximum matching.

Two tiles pair when they lie on adjacent spaces (same area: adjacency never crosses a street
and both spaces are of the pair's kind). Each tile is in at most one pair.

>>> len(best_pairs([(0, 0), (0, 2)], [(0, 1)], lambda a, b: abs(a[1] - b[1]) == 1))
1
>>> len(best_pairs([(0, 0), (1, 1)], [(0, 1), (1, 0)], lambda a, b: True))
2
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import networkx as nx

from solver.usa.game.city import Space


def best_pairs(first: Sequence[Space], second: Sequence[Space],
               pairable: Callable[[Space, Space], bool]) -> list[tuple[Space, Space]]:
    """A largest set of disjoint (first, second) pairs, each pairable."""
    edges = [(("a", a), ("b", b)) for a in first for b in second if pairable(a, b)]
    if not edges:  # nothing to pair: skip the graph and the matching (they are costly)
        return []
    graph = nx.Graph()
    graph.add_edges_from(edges)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs = []
    for u, v in matching:
        a, b = (u, v) if u[0] == "a" else (v, u)
        pairs.append((a[1], b[1]))
    return sorted(pairs)
