"""The whole box as a pool (``solve``), and its proof by classes of counts (``classes``)."""
