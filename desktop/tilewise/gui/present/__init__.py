"""The presenter room: classroom mode on a projector, with a notes window."""
