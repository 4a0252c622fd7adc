"""The gettext runtime: domains, ``_``/``ngettext``/``pgettext``/``N_``, the language table."""
