"""The Cities USA domain: spaces, tiles, components, cities, files and notation."""
