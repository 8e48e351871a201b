"""Making puzzles."""
