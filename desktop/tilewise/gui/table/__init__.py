"""The table room: the view that draws a table, its tile items, and their accessibility."""
