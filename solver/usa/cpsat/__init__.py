"""Cities USA's CP-SAT model: the best city a pool can build, proven (``solve.py``).

One small module per family of constraints, each function named after the scorer's function
(``solver.usa.scoring``) or the geometry's (``solver.usa.game.geometry``) it mirrors.
"""
