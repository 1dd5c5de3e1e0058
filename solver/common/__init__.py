"""What both games share: the one error type, JSON files in and out, CP-SAT settings."""
