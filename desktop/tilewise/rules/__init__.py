"""The rules core: pure Python, standard library only, no Qt and no sentences.

Every judgement returns a verdict with a stable reason code from the referee protocol
(``../shared/referee/PROTOCOL.md``); the GUI turns codes into translated sentences.

Modules: ``tiles`` (codes, sets, supply), ``seats`` (directions), ``verdict`` (``Reason``,
``Verdict``), ``state`` (reading a scenario's table state), ``charleston`` (passes, stop vote,
courtesy, ``CharlestonTable``, ``deal``), ``jokers`` (groups, practice card, joker exchange),
``claims`` (claims, window, precedence, ``possible_claims``), ``kongs`` (concealed and added
kongs), ``wins`` (winning hands, declare win, dead/long/short hands), ``referee`` (``judge``
and the ``tilewise referee`` command).
"""
