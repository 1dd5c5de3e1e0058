"""A total's splits checked one at a time, or several in one check (``ProofSettings.most_batched``),
on a suite of ``bench_solver`` (a script, not a test).

Each pool is solved twice in one process, the order alternating pool by pool so both see the
same machine load: ``before`` (one split a check, ``most_batched=1``) and ``now`` (as
``cities solve`` runs).  Both must agree on every proven score.

    python bench/bench_batch.py [--suite standard] [--count 50] [--seed 1] [--time-limit 60]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import run_ab  # noqa: E402

from solver.twocities.cpsat.settings import ProofSettings  # noqa: E402


def _configure(config: str) -> ProofSettings:
    return ProofSettings(most_batched=1) if config == "before" else ProofSettings()


if __name__ == "__main__":
    run_ab(__doc__.splitlines()[0], _configure)
