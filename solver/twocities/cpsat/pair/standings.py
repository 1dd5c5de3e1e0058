"""A split's cities ranked against each other in the districts (``cpsat.pair.ranks``), for the
pair search (``cpsat.pair.descent``): each city solved again at every standing, and the
split refuted where in every case one city falls short (``by_standings``)."""

from __future__ import annotations

from dataclasses import replace

from solver.common.sat import Budget
from solver.common.status import Status
from solver.twocities.cpsat.model.answers import Answer
from solver.twocities.cpsat.model.values import city_values
from solver.twocities.cpsat.pair.city import MEMO, TOP, solve_city
from solver.twocities.cpsat.pair.quick import Pair
from solver.twocities.cpsat.pair.ranks import contested, refuted, standing_context
from solver.twocities.cpsat.pair.splits import Value
from solver.twocities.cpsat.pair.witness import city_witness
from solver.twocities.cpsat.settings import DEFAULT_SETTINGS, ProofSettings
from solver.twocities.game.city import City
from solver.twocities.game.pool import Pool
from solver.twocities.scoring.categories import score_city
from solver.twocities.scoring.rivals import with_rivals


def by_standings(pool: Pool, alones: dict[int, Pool],
                 optima: dict[int, tuple[int, Answer]], need: int, value: Value,
                 budget: Budget, workers: int, unsolved: int | None = None,
                 settings: ProofSettings = DEFAULT_SETTINGS) -> Pair | bool | None:
    """Whether a pair of the split may beat ``value`` once the districts rank the two
    cities against each other (``cpsat.pair.ranks``): each city solved again with each
    district's points lowered to its standing.  None: no pair can; else the pair of the
    cities found in the first case where both make it (True: no such pair known).
    ``optima``: each city's optimum alone where known (a city missing is solved alone only
    if its standings leave a case open that needs it).  ``unsolved``: a city whose cases
    are only witnessed (``cpsat.pair.witness``), never solved: where no witness climbs, the
    case is open and no pair is known (True).  ``settings``: each city's solve's."""
    top = pool.rules.size ** 2
    districts = contested(pool.context, top)
    if not districts:
        return True
    cities: dict[tuple[int, tuple[int, ...]], City] = {}

    def reach(i: int, standings: tuple[int, ...]) -> int:
        if not any(standings) and i in optima:  # ahead everywhere: the city alone
            cities[(i, standings)] = optima[i][1].city
            return optima[i][0]
        if budget.exhausted():
            return TOP  # not known
        alone = alones[i]
        ranked = replace(alone, context=standing_context(alone.context, districts, standings,
                                                         top))
        if high is None:  # only whether it makes ``need``: a witness will do, if one climbs
            memo = MEMO.get()
            seen = city_witness(ranked, need, memo.cities if memo is not None else None,
                                greedy=False)
            if seen is not None:
                cities[(i, standings)] = seen.city.with_context(pool.context)
                placed[(i, standings)] = seen.placements
                return TOP  # makes it; how far above is not known
        if i == unsolved:
            return TOP  # not known: only a witness was asked
        outcome = solve_city(ranked, budget, workers, need, settings=settings)
        if outcome.best is not None:
            cities[(i, standings)] = outcome.best.city.with_context(pool.context)
            placed[(i, standings)] = outcome.best.placements
        if outcome.status == Status.INFEASIBLE:
            return need - 1
        return outcome.bound if outcome.bound is not None else TOP

    def counted(i: int, standings: tuple[int, ...]) -> int | None:
        """A bound without a solve: what the memo knows, else the counted caps."""
        ranked = replace(alones[i], context=standing_context(alones[i].context, districts,
                                                             standings, top))
        memo = MEMO.get()
        known = memo.bound(ranked) if memo is not None else None
        return known if known is not None else sum(city_values(ranked).caps().values())

    def found(i: int, standings: tuple[int, ...]) -> int | None:
        """The best a city of this side already found scores at these standings (each
        scored with the case's tables), kept as the case's city."""
        ranked = standing_context(alones[i].context, districts, standings, top)
        known = [(score_city(city.with_context(ranked), pool.rules).total, key)
                 for key, city in cities.items() if key[0] == i]
        if i in optima:
            known.append((score_city(optima[i][1].city.with_context(ranked), pool.rules).total,
                          (i, (0,) * len(districts))))
        if not known:
            return None
        score, key = max(known)
        witnesses[(i, standings)] = key
        return score

    witnesses: dict[tuple[int, tuple[int, ...]], tuple[int, tuple[int, ...]]] = {}
    placed = {(i, (0,) * len(districts)): optima[i][1].placements for i in optima}
    high = value[1] + 1 if need == value[0] else None
    case = refuted(reach, len(districts), need, high, counted, found)
    if case is None:
        return None
    keys = [(i, standings) for i, standings in enumerate(case)]
    known_pair = None
    if any(k not in cities for k in keys) and all(k in cities or k in witnesses for k in keys):
        # a side a known city made: that city, if the two ranked against each other beat
        # ``value``; else the case's sides are solved as they would be without the known
        # cities, which finds the pair a solved case offers (the pair that proves a level)
        made = [_witnessed(k, cities, placed, witnesses, optima) for k in keys]
        if None not in made:
            known_pair = Pair((made[0][0], made[1][0]), (made[0][1], made[1][1]))
            if known_pair.value() > value:
                return known_pair
            if unsolved is not None:
                return True  # its cases are solved with the full search, if it comes to it
        case = refuted(reach, len(districts), need, high, counted)
        if case is None:
            return None
        keys = [(i, standings) for i, standings in enumerate(case)]
    pair = None
    if all(k in cities for k in keys):
        pair = Pair((cities[keys[0]], cities[keys[1]]), (placed[keys[0]], placed[keys[1]]))
        if pair.value() > value:
            return pair
        if unsolved is not None:
            return True  # the cities solved against each other come with the full search
        pair = _each_against(pool, alones, pair, need, budget, workers, settings)
    if known_pair is not None and (pair is None or pair.value() <= value):
        # the known cities, each kept with the other solved against it, last
        other = _each_against(pool, alones, known_pair, need, budget, workers, settings)
        pair = other if pair is None or other.value() > pair.value() else pair
    return True if pair is None else pair


def _each_against(pool: Pool, alones: dict[int, Pool], pair: Pair, need: int, budget: Budget,
                  workers: int, settings: ProofSettings) -> Pair:
    """The best of ``pair`` and, for each of its cities kept, the other solved against it."""
    best = pair
    for i in (0, 1):
        other = _against(pool, alones[1 - i], pair.cities[i], pair.placed[i], 1 - i, need,
                         budget, workers, settings)
        if other is not None and other.value() > best.value():
            best = other
    return best


def _witnessed(key: tuple[int, tuple[int, ...]], cities: dict, placed: dict, witnesses: dict,
               optima: dict[int, tuple[int, Answer]]) -> tuple[City, tuple] | None:
    """The city (and its placements) that makes a case's side: solved there, or a city
    already known that makes it (``witnesses``: where it was solved, or the city alone)."""
    if key in cities:
        return cities[key], placed[key]
    source = witnesses.get(key)
    if source is None or source not in placed:
        return None
    city = cities.get(source)
    if city is None and source[0] in optima and not any(source[1]):
        city = optima[source[0]][1].city
    return None if city is None else (city, placed[source])


def _against(pool: Pool, alone: Pool, city: City, placed: tuple, i: int, need: int,
             budget: Budget, workers: int, settings: ProofSettings) -> Pair | None:
    """City ``i`` of the split solved with ``city`` (the other) among its rivals."""
    ranked = replace(alone, context=with_rivals(pool.context, [city]))
    outcome = solve_city(ranked, budget, workers, need, settings=settings)
    if outcome.best is None:
        return None
    found = outcome.best.city.with_context(pool.context)
    cities, placements = [city, city], [placed, placed]
    cities[i], placements[i] = found, outcome.best.placements
    return Pair((cities[0], cities[1]), (placements[0], placements[1]))
