"""Classroom mode: a class code that seeds every quiz, learners' answers kept in a database,
and a teacher's page over them (see README, "Classroom").

Modules: :mod:`.config` (settings), :mod:`.codes` (class codes, names, tokens), :mod:`.store`
(the storage interface) and :mod:`.backends` (SQLite and PostgreSQL), :mod:`.limits` (limits
on passcode and join tries), :mod:`.session` (the learner fixed at kernel start, and what
quizzes record), :mod:`.join` (the start page's join form and progress), :mod:`.stats` (the
teacher's numbers) and :mod:`.teacher` (the teacher's page). Nothing here is imported by the
engine.
"""
