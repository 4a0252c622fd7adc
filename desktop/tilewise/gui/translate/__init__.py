"""The translator's preview window (``tilewise translate``): its own room of the GUI."""
