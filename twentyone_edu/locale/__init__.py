"""Gettext catalogs of the course: the Russian notebooks are built from the English ones."""
