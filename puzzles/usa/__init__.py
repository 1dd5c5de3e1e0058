"""The Cities USA daily puzzle (``cities daily --game usa``): draw, proof, greedy builder,
difficulty, puzzle file, grading and the terminal view."""
