"""The jobs of the command line and the API (solve, count, make, rate, certify, ...) on
any puzzle: ``route`` is the one place that says which engine answers a puzzle and which
options apply to it; each other module maps a job onto the engines ``route`` names."""
