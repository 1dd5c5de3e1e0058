"""Cities USA scoring: one pure function per category."""
