"""Cities USA legality: every action on a city in progress, and the legal moves of a tile."""
