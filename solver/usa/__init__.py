"""Cities USA: a 3x3 (or 3x5) grid of rotatable city tiles, four spaces each, streets on arms.

Layers, as for Between Two Cities: ``data/`` (the sample components) -> ``game/`` (the domain:
tiles, components, city, city file, notation, requirement vocabulary) -> ``scoring/`` (one pure
function per category) and ``rules/`` (legality of every city action); ``show.py`` renders.
"""
