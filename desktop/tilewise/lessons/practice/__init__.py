"""Practice modes on the rules core: pure engines the GUI drives (no Qt, no sentences).

- :mod:`tilewise.lessons.practice.lines`: the core pack's two Charleston practice lines and
  how far a hand is along each.
- :mod:`tilewise.lessons.practice.charleston`: a seeded American deal played through the whole
  Charleston with three computer partners (:class:`CharlestonPractice`).
- :mod:`tilewise.lessons.practice.claims`: a WSM table where the computer deals and discards
  and the learner answers each claim window (:class:`ClaimsDrill`).

Every move goes through the rules core (``tilewise.rules``); a refusal carries the core's
reason code, which the GUI explains with ``tilewise.gui.reasons.explain``.
"""
