"""The domain: tile and type vocabulary, tiles, the box's components, rulesets, cities, pools,
and their notations and files. Depends on nothing else in the game."""
