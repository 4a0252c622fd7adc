"""The play room: a whole hand against three computer partners, with a coach (``view``)."""
