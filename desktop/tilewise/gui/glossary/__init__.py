"""The glossary room: each term's word at each kind of table, in each language, searchable."""
