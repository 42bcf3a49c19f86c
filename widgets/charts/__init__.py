"""Charts drawn on the server with matplotlib: the odds lesson's (:mod:`.odds`)."""
