"""The in-house engines: propagation (UP, failed literals), completion, the EUP search,
and the registry of solve engines by name (:mod:`.registry`)."""
