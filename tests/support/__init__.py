"""What several test modules share (no test module imports another): exhaustive search on
tiny cities and pairs, the checks a finished game must pass, the CP-SAT model check, and the
one-line refusal every front end gives bad input."""
