"""The review room: a learner's mistakes due for review, review sessions on the lesson player, the chart of mastery per rule and the printable progress card (issue 19)."""
