"""Benchmark: the ``tile-values`` study's throughput in solves per second per core, on the
local executor and on a Dask cluster on this same machine (the cost of going distributed).

    python bench/bench_analyze.py                 # 12 runs (96 solves) each way, 2 processes
    python bench/bench_analyze.py --runs 24 --workers 2 --json

Both executors run the same runs (seed 0) into fresh directories, with one process per core
(``--workers``) and one CP-SAT worker per solve; the Dask cluster is a
``distributed.LocalCluster`` of ``--workers`` worker processes, started before the clock runs.
Throughput is solves / wall seconds / processes.  The results are checked to be identical.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import record  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.common.executors import DaskExecutor, LocalExecutor  # noqa: E402
from solver.twocities.studies import STUDIES  # noqa: E402
from solver.twocities.studies.runner import Analysis, analyze  # noqa: E402

STUDY = "tile-values"


def throughput(result: Analysis, workers: int) -> dict[str, float]:
    solves = result.ran * result.study.solves_per_run
    return {"runs": result.ran, "solves": solves, "seconds": round(result.seconds, 1),
            "solves_per_second_per_core": round(solves / result.seconds / workers, 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=12)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    run = record.start()

    from distributed import LocalCluster

    with tempfile.TemporaryDirectory() as tmp:
        local = analyze(STUDY, args.runs, 0, LocalExecutor(args.workers), Path(tmp, "local"))
        with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster:
            dask = analyze(STUDY, args.runs, 0, DaskExecutor(cluster.scheduler_address),
                           Path(tmp, "dask"))
    assert dask.rows == local.rows, "the executors disagree"
    report = {"study": STUDY, "solves_per_run": STUDIES[STUDY].solves_per_run,
              "processes": args.workers, "local": throughput(local, args.workers),
              "dask": throughput(dask, args.workers)}
    report["dask_over_local"] = round(report["dask"]["solves_per_second_per_core"]
                                      / report["local"]["solves_per_second_per_core"], 3)
    run.save(report, suite="analyze")
    if args.json:
        print(json.dumps(report, indent=2))
        return
    for name in ("local", "dask"):
        r = report[name]
        print(f"{name:5}: {r['solves']} solves in {r['seconds']} s: "
              f"{r['solves_per_second_per_core']} solves/s/core")
    print(f"dask / local throughput: {report['dask_over_local']}")


if __name__ == "__main__":
    main()
