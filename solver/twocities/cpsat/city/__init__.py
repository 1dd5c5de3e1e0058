"""The single-city proof: caps (``caps``), the compositions of a choose pool
(``compositions``), the descent through exact scores (``descent``) and ``solve``'s
``solve_pool``, which ties them up and re-scores every answer."""
