"""The library room: the learner's lessons and progress."""
