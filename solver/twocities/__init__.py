"""Between Two Cities, in layers: ``game`` (the domain and its notation) -> ``scoring`` (pure
functions) and ``rules`` (legality, positions, games) -> ``cpsat`` (proofs of optimal cities);
``show`` draws cities and scores on a terminal. ``data/`` holds the components and rulesets."""
