"""The lesson player room: the step player and the pictures it draws from lesson data."""
