"""The scorer: pure functions, one per category (``categories``), shop lines (``shops``), and
whole tables ranked against each other (``table``)."""
