"""What every finished game of Between Two Cities must show: each move legal when replayed
through fresh positions, every city full, and the table's scores the cities' own but for
rivalry."""

from __future__ import annotations

from solver.twocities.game.components import load_components
from solver.twocities.game.pool import Placement
from solver.twocities.game.tiles import parse_tile
from solver.twocities.rules.legality import check
from solver.twocities.rules.position import Position


def replay_is_legal(game) -> None:
    """Replay the log through fresh positions: every move the engine accepted is legal."""
    fresh = [Position.start(c.position.rules, c.position.mat, c.position.reveal_mode)
             for c in game.cities]
    arrivals: dict[tuple, list[str]] = {}
    for move in game.log:
        key = (move["city"], move["round"], move["part"], move["turn"])
        arrivals.setdefault(key, []).append(move["tile"])
    for move in game.log:
        pos = fresh[move["city"]]
        if move["round"] == 2 and not pos.revealed:
            # the duplexes arriving together are revealed together, as in the game
            key = (move["city"], move["round"], move["part"], move["turn"])
            pos = pos.reveal(tuple(parse_tile(t) for t in arrivals[key]))
        tile = parse_tile(move["tile"], load_components().civics)
        assert move["at"] is not None, move
        reading = "permissive" if move.get("fallback") == "permissive" else None
        v = check(pos, tile, tuple(move["at"]), reading)
        assert v.legal, (move, v.reason)
        fresh[move["city"]] = pos.play(Placement(tile, tuple(move["at"])))


def finished_properly(game) -> None:
    rules = game.rules
    for c in game.cities:
        pos = c.position
        assert pos.finished, c.name
        assert pos.singles_placed == rules.singles and pos.duplexes_placed == rules.duplexes
        city = pos.to_city()
        assert city.size == rules.size
        assert all(city.at(rc) is not None for rc in city.cells())  # a full square


def table_agrees_with_alone(game) -> None:
    """The table scorer adds only rivalry: every other category equals the city scored alone;
    factories too for a city with the most factories."""
    from solver.twocities.scoring.categories import score_city

    result = game.table()
    most = max(len(c.city.of_type("factory")) for c in result.cities)
    for entry in result.cities:
        alone = score_city(entry.city.with_context(type(entry.city.context)()), game.rules)
        for cat, pts in alone.categories.items():
            if cat == "district":
                continue
            if cat == "factory" and len(entry.city.of_type("factory")) < most:
                assert entry.score.categories[cat] <= pts
                continue
            assert entry.score.categories[cat] == pts, (entry.name, cat)
