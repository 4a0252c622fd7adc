"""The dialogs room: profiles, settings, help and about."""
