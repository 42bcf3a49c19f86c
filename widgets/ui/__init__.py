"""The kit every view shares: the feedback box (:mod:`.feedback`), feedback first (a click's
answer drawn before anything else, :mod:`.first`), and the buttons, labels, pickers and card
items built from engine values (:mod:`.common`)."""
