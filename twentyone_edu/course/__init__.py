"""The course around the lessons: graded assignments with per-student numbers (nbgrader), and
the build of the Russian notebooks from the English ones and the catalogs.

The top layer: it may import every layer below (words, game, exact, simulate, plots, widgets);
nothing below imports it.
"""
