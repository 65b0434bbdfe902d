"""Настройки nbgrader для оцениваемых работ русского курса; nbgrader запускают из teacher/ru/.

Папка курса — эта папка: в source/ лежат работы, собранные из английских и каталогов переводов
(`make ru-notebooks`), с решениями и скрытыми проверками; nbgrader создаёт рядом release/,
submitted/, autograded/, feedback/ и gradebook.db. Всё, кроме заготовок ответов, — как в
teacher/nbgrader_config.py (тот же курс twentyone_edu, те же проверки); README.md рядом
описывает каждый шаг.
"""

from pathlib import Path

c = get_config()  # noqa: F821 (nbgrader provides get_config)

# Настройки английского курса, из его файла, чтобы они никогда не разошлись.
load_subconfig(str(Path(__file__).resolve().parents[1] / "nbgrader_config.py"))  # noqa: F821

# Заготовки, которые ученик видит вместо решения.
c.ClearSolutions.code_stub = {"python": "# ВАШ КОД\nraise NotImplementedError()"}
c.ClearSolutions.text_stub = "ВАШ ОТВЕТ"
