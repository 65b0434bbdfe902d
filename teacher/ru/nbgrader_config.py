"""Настройки nbgrader для оцениваемых работ русского курса; nbgrader запускают из teacher/ru/.

Папка курса — эта папка: в source/ лежат работы, собранные из английских и каталогов переводов
(`make ru-notebooks`), с решениями и скрытыми проверками; nbgrader создаёт рядом release/,
submitted/, autograded/, feedback/ и gradebook.db. Всё, кроме заготовок ответов, — как в
teacher/nbgrader_config.py (тот же курс twentyone_edu, те же проверки); README.md рядом
описывает каждый шаг.
"""

from pathlib import Path

c = get_config()  # noqa: F821 (nbgrader provides get_config)

# Настройки английского курса, из его файла, чтобы они никогда не разошлись. Без них (папку ru/
# скопировали одну) nbgrader показал бы в отзывах скрытые проверки: тогда он не работает вовсе.
ENGLISH = Path(__file__).resolve().parents[1] / "nbgrader_config.py"
if not ENGLISH.is_file():
    raise SystemExit(
        f"Нет файла {ENGLISH}: папке teacher/ru/ нужны настройки teacher/nbgrader_config.py "
        "уровнем выше. Скопируйте папку teacher/ целиком и запускайте nbgrader в teacher/ru/. "
        f"(No {ENGLISH}: copy the whole teacher/ folder, teacher/ru/README.md.)")
load_subconfig(str(ENGLISH))  # noqa: F821

# Заготовки, которые ученик видит вместо решения.
c.ClearSolutions.code_stub = {"python": "# ВАШ КОД\nraise NotImplementedError()"}
c.ClearSolutions.text_stub = "ВАШ ОТВЕТ"
