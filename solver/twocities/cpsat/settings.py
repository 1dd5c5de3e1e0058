"""How a proof goes about its search: the choices ``solve_pool`` and ``solve_pair`` hand down
to the parts that read them.

None of them changes what a proof proves, only how it gets there and how much it holds at
once; the defaults are the solver's own, and a benchmark or a test compares another choice
by passing other settings (``dataclasses.replace(ProofSettings(), alike=False)``).

>>> from dataclasses import replace
>>> settings = replace(ProofSettings(), sure_first=False)
>>> settings.sure_first, settings.alike
(False, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.twocities.game.vocab import OFFICE, SHOP


@dataclass(frozen=True)
class ProofSettings:
    """The proof's choices (module doc), each read by one part of the solver."""

    #: The district root's symmetry as a prefix chain (3n constraints) rather than an
    #: implication for every earlier cell (n(n-1)/2) (``model.districts``).
    root_chain: bool = True
    #: The caps solved beside the descent's first checks (``city.caps.solved_caps``): the
    #: ones that lower the tiles' own bound; the others cost their thread more time than
    #: the bound they give saves.
    refined: tuple[str, ...] = (SHOP, OFFICE)
    #: Solve the shops' cap beside the first checks only where it may fall below its counted
    #: cap (``city.caps.may_fall``); False: on every pool.
    shops_where_they_may_fall: bool = True
    #: The same for the offices' cap.
    offices_where_they_may_fall: bool = True
    #: A pool with tiles to choose: of compositions alike but for their taverns' kinds, only
    #: the one of the most tavern points is checked (each check would find the same layouts,
    #: its tavern points aside) (``city.descent``).
    alike: bool = True
    #: A level's checks of a pool with tiles to choose, the compositions whose points rest
    #: least on the layout first (``city.descent``).
    sure_first: bool = True
    #: The most compositions' models the descent holds at once (each a few MB, and rebuilt
    #: in well under a tenth of a second when dropped).
    most_models: int = 256
    #: The most splits of one total one check asks for at once (``city.descent``): a solve
    #: on the clock checks a total's splits of one space in ``workers`` checks of at most
    #: this many each.
    most_batched: int = 16
    #: The most compositions worth listing (``city.compositions``): a pool choosing from far
    #: more tiles, such as the whole box, is solved by the full model alone.
    most_compositions: int = 3_000_000
    #: A choose pair's limits (``pair.choose``): the most compositions of one city worth
    #: bounding (above: the full model alone), candidates worth joining and splits worth
    #: searching (above either: the floor listed rises).
    most_listed: int = 20_000_000
    most_candidates: int = 60_000
    most_splits: int = 400_000
    #: The stronger city of a level's split is asked for the level by one short check
    #: (``pair.city.reach``) only where its bound lies this far above it.
    reach_margin: int = 5
    #: A level's splits ask the standings before the stronger city's own optimum once this
    #: many were refuted by the standings after both cities alone had reached their level:
    #: where a level holds a pair among its first splits, the stronger city's optimum is the
    #: quick way to it; where many splits are refuted by their standings, solving the
    #: stronger city alone first is mostly work lost (``pair.descent``).
    standings_first_after: int = 3
    #: Where a level's stronger city makes the level (a witness, ``pair.witness``) but the
    #: pair of the two ranked against each other falls short, ask the standings, that city
    #: only witnessed, before its own optimum (a long descent) (``pair.descent``).
    standings_witnessed: bool = True


#: The solver's own settings: every default above.
DEFAULT_SETTINGS = ProofSettings()
