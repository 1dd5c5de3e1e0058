"""Proofs of optimal cities with CP-SAT: the model (``model``, one module per category mirroring
the scorer), exact score values per category (``values``), caps, the descent through exact
scores (``descent``), tile compositions for choose pools, and ``solve`` which ties them up and
re-scores every answer."""
