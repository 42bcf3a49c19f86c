"""Playing cards: faces and backs drawn as SVG from code (:mod:`.svg`, :mod:`.card_art`,
:mod:`.court_figures`), and the row of clickable cards every task uses (:mod:`.cardrow`)."""
