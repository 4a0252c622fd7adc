"""The practice room: the Charleston practice, the claims drill and the hub that opens them."""
