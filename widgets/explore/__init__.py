"""Free play met in the lessons, checked by the same engine as the tasks: one deal judged by
two variants (:mod:`.compare`), a variant's whole ranking (:mod:`.ranking`), and who wins a
hand for any results of its tricks (:mod:`.ties`)."""
