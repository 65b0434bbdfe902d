"""The course's ipywidgets: live table, explorers, quiz; every label in English and Russian."""
