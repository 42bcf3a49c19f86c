"""The pages around the lessons: the start page, the links and footer between lessons, and
the variant a learner picked, remembered for the session (:mod:`.lesson`)."""
