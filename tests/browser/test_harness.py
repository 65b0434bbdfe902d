"""The harness itself: a throwaway notebook with one button, in JupyterLab and in Voilà."""

import nbformat

CELL = """import ipywidgets as w
out = w.Output()
button = w.Button(description="Press me")
button.add_class("harness-button")
button.on_click(lambda _: out.append_stdout("pressed\\n"))
display(w.VBox([button, out]))
"""


def write_notebook(jupyter_home):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(CELL)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, jupyter_home["course"] / "notebooks" / "harness.ipynb")


def test_lab(lab, browser_page, jupyter_home, screenshot, axe):
    write_notebook(jupyter_home)
    page = browser_page
    lab.open_and_run(page, "notebooks/harness.ipynb")
    page.locator(".harness-button").click()
    page.locator(".widget-output [data-mime-type='application/vnd.jupyter.stdout']").filter(
        has_text="pressed").wait_for()
    screenshot(page, "harness_lab")
    print(axe(page, [".jupyter-widgets"]))
    print(axe(page, ["body"]))


def test_voila(jupyter_home, voila, browser_page, screenshot, axe):
    write_notebook(jupyter_home)
    server = voila("notebooks/harness.ipynb")
    page = browser_page
    page.goto(server.url)
    page.locator(".harness-button").click()
    page.get_by_text("pressed").wait_for()
    screenshot(page, "harness_voila")
    print(axe(page, ["body"]))
