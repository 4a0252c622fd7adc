"""Whole hands: a seeded, pure hand engine for both rulesets, its computer partners and coach.

- :mod:`~tilewise.lessons.hand.dealcode`: deal codes (six symbols read aloud) and the wall.
- :mod:`~tilewise.lessons.hand.card`: the practice card and how far a hand is from each line.
- :mod:`~tilewise.lessons.hand.engine`: :class:`~tilewise.lessons.hand.engine.HandEngine`, one
  whole hand with every move judged by the referee.
- :mod:`~tilewise.lessons.hand.partners`: the computer partners' policy, with a reason per move.
- :mod:`~tilewise.lessons.hand.play`: ``tilewise play``, a whole hand headless.
"""
