"""Time the greedy placer's pair on the shipped pair example (a script, not a test): the
scorer's helpers as they were (regions by networkx components, adjacency per city object,
buildings found on every call) against as they are, interleaved in one process.

Usage::

    python bench/bench_greedy.py
"""
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import record  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from functools import cached_property  # noqa: E402

import networkx as nx  # noqa: E402

from solver.twocities.game import city as C  # noqa: E402
from solver.twocities.game.geometry import square_adjacency  # noqa: E402
from solver.twocities.game.pool import load_pool  # noqa: E402
from solver.twocities.rules import greedy as G  # noqa: E402
from solver.twocities.scoring import categories as K  # noqa: E402
from solver.twocities.scoring import rivals as R  # noqa: E402

pool = load_pool(Path(__file__).resolve().parent.parent / "examples" / "pool-pair.json")
new = (K.region_sizes, C.City.adjacency, C.City.buildings)

def old_regions(city, types):
    nodes = [rc for rc, b in city.buildings() if b.type in types]
    graph = nx.Graph()
    graph.add_nodes_from(nodes)
    keep = set(nodes)
    graph.add_edges_from((a, b) for a in nodes for b in city.adjacency[a] if b in keep)
    return [len(c) for c in nx.connected_components(graph)]

def old_buildings(self):
    for rc in self.cells():
        b = self.at(rc)
        if isinstance(b, C.Building):
            yield rc, b

def old_adjacency(self):
    return dict(square_adjacency.__wrapped__(self.size, self.bridges))

def use(old: bool) -> None:
    K.region_sizes = old_regions if old else new[0]
    if old:
        cp = cached_property(old_adjacency)
        cp.__set_name__(C.City, "adjacency")
        C.City.adjacency = cp
    else:
        C.City.adjacency = new[1]
    C.City.buildings = old_buildings if old else new[2]
    R._total.cache_clear()

run = record.start()
seconds: dict[str, list[float]] = {"as they were": [], "as they are": []}
for rnd in range(3):
    for old in (True, False):
        use(old)
        t = time.monotonic()
        r = G.greedy(pool)
        s = time.monotonic() - t
        print(f"round {rnd} {'as they were' if old else 'as they are '}: greedy pair "
              f"{r.score} in {s:.2f} s", flush=True)
        seconds["as they were" if old else "as they are"].append(round(s, 2))
run.save({"pool": "examples/pool-pair.json", "score": r.score, "seconds": seconds},
         suite="greedy-pair")
