"""Tile faces at run time: painting the generated SVG faces and caching them per size."""
