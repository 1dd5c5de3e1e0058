"""The pair proof: two cities from one pool, the lower city's score first.  ``solve``'s
``solve_pair`` starts from the quick pair (``quick``), proves by the split search
(``descent``, over the splits of ``splits`` and ``choose``, each city by ``city``, the
standings by ``ranks`` and ``standings``, witnesses by ``witness``) and hands what is left
to the full model."""
