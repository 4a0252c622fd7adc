"""The rules core: pure Python, standard library only, no Qt and no sentences.

Every judgement returns a verdict with a stable reason code from the referee protocol
(``../shared/referee/PROTOCOL.md``); the GUI turns codes into translated sentences.
"""
