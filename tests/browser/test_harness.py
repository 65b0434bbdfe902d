"""The harness on a throwaway one-button notebook: if these fail, the course is not to blame."""

import nbformat

CELL = """import ipywidgets as w
out = w.Output()
button = w.Button(description="Press me")
button.add_class("harness-button")
button.on_click(lambda _: out.append_stdout("pressed\\n"))
display(w.VBox([button, out]))
"""
STDOUT = ".widget-output [data-mime-type='application/vnd.jupyter.stdout']"


def write_notebook(jupyter_home) -> str:
    """A one-cell notebook with a button in the course copy; its path there."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(CELL)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, jupyter_home["course"] / "harness.ipynb")
    return "harness.ipynb"


def test_lab_runs_all_cells_and_a_click_reaches_the_kernel(lab, browser_page, jupyter_home, axe):
    page = browser_page
    lab.open_and_run(page, write_notebook(jupyter_home))
    page.locator(".harness-button").click()
    page.locator(STDOUT).filter(has_text="pressed").wait_for()
    assert axe.serious(page) == []


def test_voila_renders_the_widget_and_a_click_reaches_the_kernel(jupyter_home, voila,
                                                                 browser_page, axe):
    server = voila(write_notebook(jupyter_home))
    page = browser_page
    page.goto(server.url)
    page.locator(".harness-button").click()
    page.locator(STDOUT).filter(has_text="pressed").wait_for()
    assert page.get_by_text("Error displaying widget").count() == 0
    assert axe.serious(page) == []
