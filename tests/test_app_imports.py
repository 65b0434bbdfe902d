"""The app opens on its table without the heavy libraries the table does not use (issue 32:
what a kernel imports before the first click is time every arriving student waits for)."""

from __future__ import annotations

import subprocess
import sys

OPEN_THE_APP = """
import sys
import twentyone_edu.widgets as widgets
widgets.CourseApp(language="en")
print(" ".join(sorted(m for m in ("scipy", "sympy", "pandas") if m in sys.modules)))
"""


def test_the_apps_first_view_imports_no_scipy_sympy_or_pandas():
    done = subprocess.run([sys.executable, "-c", OPEN_THE_APP], capture_output=True, text=True,
                          check=True, timeout=120)
    assert done.stdout.strip() == ""
