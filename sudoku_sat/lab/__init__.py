"""The laboratory: ratings, explanations, cross-checks."""
