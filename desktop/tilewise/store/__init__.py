"""Learner profiles and progress (SQLite), settings, and where files live (platformdirs)."""
