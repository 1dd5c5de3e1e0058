"""``cities solve``: the best city a pool (or the box) can make, proven optimal, or the best
found and its bound; a pool's two cities split between them (``--pair``)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from solver.common import options as limits
from solver.common.errors import CitiesError
from solver.frontend import options
from solver.frontend.app import console, guarded, new_app, print_answer, print_json, solve_progress
from solver.twocities.game.components import load_components
from solver.twocities.game.pool import load_pool
from solver.twocities.show import pair_status_line, render_solve

app = new_app("Between Two Cities: proven optimal cities.")


@app.command()
def solve(
    pool_file: Annotated[str | None, typer.Argument(
        metavar="POOL", help="A pool file (JSON); - for stdin. Not with --box.")] = None,
    time_limit: Annotated[float, options.time_limit(
        "Seconds before giving up the proof (the best city so far is shown).")] = 60.0,
    workers: Annotated[int, options.count(
        "--workers", limits.WORKERS, "CP-SAT workers (cores): checks of exact scores "
        "run this many at a time, one thread each.")] = 2,
    pair: Annotated[bool, typer.Option("--pair", help="Split the pool between its two mats' "
                                       "cities: best lower city, then the higher.")] = False,
    box: Annotated[bool, typer.Option("--box",
                                      help="The best city the whole box can make.")] = False,
    edition: Annotated[str, typer.Option("--edition", help="With --box.")] = "essential",
    variant: Annotated[str, typer.Option("--variant", help="With --box.")] = "standard",
    mat: Annotated[str | None, typer.Option("--mat", help="With --box: one mat (default: "
                                            "every mat, one after another, sharing "
                                            "--time-limit).")] = None,
    json_out: options.Json = False,
    components: options.Components = None,
) -> None:
    """The best city a pool of tiles can make, proven optimal (or the best found and its bound).

    Status: optimal (proven), feasible (best found, not proven: the bound says how far it
    could be), infeasible (no legal city) or unknown (no city found within the time limit).
    """
    # Imported here: OR-Tools takes about a second to load, which no other command needs.
    from solver.twocities.cpsat import solve_pair, solve_pool
    from solver.twocities.cpsat.box.solve import solve_box

    def run() -> None:
        comps = load_components(components)
        show = solve_progress() if not json_out else None
        if box:
            if pool_file is not None:
                raise CitiesError("give a pool file or --box, not both")
            results = []
            for m, result in solve_box(edition, variant, mat, comps, time_limit=time_limit,
                                       workers=workers, progress=show):
                results.append((m, result))
                if not json_out:
                    _print_solve(result, f"box, {edition} {variant}" + (f", mat {m}" if m else ""))
            if json_out:
                out = [{"mat": m, **r.to_json()} for m, r in results]
                print_json(out[0] if len(out) == 1 else out)
            return
        if pool_file is None:
            raise CitiesError("missing POOL (a pool file), or use --box")
        if mat is not None:
            raise CitiesError("--mat goes with --box (a pool file names its own mat)")
        pool = load_pool(pool_file, comps)
        if pair:
            pr = solve_pair(pool, time_limit=time_limit, workers=workers, progress=show)
            if json_out:
                print_json(pr.to_json())
                return
            for i, r in enumerate(pr.cities):
                _print_solve(r, f"city {i + 1} of the pair", status=False)
            console.print(pair_status_line(pr))
            return
        result = solve_pool(pool, time_limit=time_limit, workers=workers, progress=show)
        if json_out:
            print_json(result.to_json())
        else:
            _print_solve(result, "")

    guarded(run)


def _print_solve(result: Any, title: str, status: bool = True) -> None:
    print_answer(render_solve(result, title, status))
