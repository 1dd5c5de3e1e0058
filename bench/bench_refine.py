"""The caps solved beside the descent's first checks: every category's, or ``ProofSettings.refined``
only, on the standard suite (a script, not a test).

Each pool of ``bench_solver``'s suite is solved twice in one process, the order alternating
pool by pool so both see the same machine load: ``before`` (every category cap solved beside
the first checks, ``caps.SOLVED``) and ``now`` (``ProofSettings.refined``, as ``cities solve`` runs
with two workers).  Both must agree on every proven score.

``--off``: no caps solved beside the checks (``before``: ``ProofSettings.refined`` empty, the
descent from the counted caps) against the solver's own (``now``).

``--shops``: the shops' cap solved on every pool (``before``) or only where it may fall
(``now``, ``caps.may_fall``), the offices' as ``cities solve`` does; ``--offices``: the same
for the offices' cap, the shops' as ``cities solve`` does; ``--fall``: both caps on every
pool (``before``) or both only where they may fall (``now``).

    python bench/bench_refine.py [--off | --shops | --offices | --fall]
        [--suite standard] [--count 50] [--seed 1] [--time-limit 60]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import run_ab  # noqa: E402

from solver.twocities.cpsat.city import caps as caps_module  # noqa: E402
from solver.twocities.cpsat.settings import ProofSettings  # noqa: E402


def _configure(config: str) -> ProofSettings:
    return ProofSettings(refined=caps_module.SOLVED) if config == "before" else ProofSettings()


def _configure_off(config: str) -> ProofSettings:
    return ProofSettings(refined=()) if config == "before" else ProofSettings()


def _configure_shops(config: str) -> ProofSettings:
    return ProofSettings(shops_where_they_may_fall=config == "now")


def _configure_offices(config: str) -> ProofSettings:
    return ProofSettings(offices_where_they_may_fall=config == "now")


def _configure_fall(config: str) -> ProofSettings:
    return ProofSettings(shops_where_they_may_fall=config == "now",
                         offices_where_they_may_fall=config == "now")


if __name__ == "__main__":
    #: each comparison's switch and what it configures (none given: caps refined or not)
    CHANGES = {"--shops": _configure_shops,
               "--fall": _configure_fall, "--offices": _configure_offices,
               "--off": _configure_off}
    configure = _configure
    for flag, change in CHANGES.items():
        if flag in sys.argv:
            sys.argv.remove(flag)
            configure = change
            break
    run_ab(__doc__.splitlines()[0], configure)
