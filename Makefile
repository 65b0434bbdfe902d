# The two commands: `make lab` (set up and open the course) and `make test` (set up and run
# every test). `make bench` measures the speed targets of DESIGN.md.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PYTEST_ARGS ?=
# Extra Voilà options, e.g. VOILA_ARGS="--Voila.ip=0.0.0.0 --port=8866 --no-browser" for a class;
# the settings for a class are in voila.json, which Voilà reads from the folder it starts in.
VOILA_ARGS ?=
# Each visitor's kernel talks to Voilà over IPC sockets, files named after the kernel, not TCP
# ports picked free and bound a moment later, which a class arriving at once could race for
# ("Address already in use"). Not in voila.json: Windows has no IPC sockets.
VOILA_KERNELS := --KernelManager.transport=ipc
# JupyterLab refuses to start as root (e.g. in a container) unless told it may.
LAB_ARGS ?= $(if $(filter 0,$(shell id -u)),--allow-root)
# A Jupyter config folder whose labconfig makes Russian JupyterLab's default language (binder/start
# uses it too); added to JUPYTER_CONFIG_PATH for one launch, it changes none of your settings.
LAB_RU := JUPYTER_CONFIG_PATH="$(CURDIR)/binder/lab-ru$${JUPYTER_CONFIG_PATH:+:$$JUPYTER_CONFIG_PATH}"
VOILA_PORT ?= 8866
# Voilà's pool of pre-heated kernels, each of which has built the app before its visitor comes
# (voila.json turns it on, one kernel: one user). For a class, the class's size:
# make voila VOILA_POOL=30 VOILA_ARGS="--Voila.ip=0.0.0.0 --port=8866 --no-browser"
VOILA_POOL ?= 1
# Seconds before a kernel a visitor took from the pool is replaced. A visitor who finds the pool
# empty (a reload, the 31st student) waits for that refill, so for one person it starts at once;
# for a class, a minute later, once the class has arrived, so refilling does not slow the arrival.
VOILA_FILL ?= $(if $(filter 1,$(VOILA_POOL)),1,60)

.PHONY: lab lab-ru teacher teacher-ru test bench lint voila voila-ru lite book handouts course-branch translations ru-notebooks clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 10), "twentyone_edu needs Python 3.10 or newer"'
	@$(PYTHON) -c 'import ensurepip' 2>/dev/null || { echo "Python's venv module is missing: on Debian/Ubuntu run 'sudo apt install python3-venv', then try again."; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.lab-installed: $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[lab]'
	@touch $@

$(VENV)/.test-installed: $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $@ $(VENV)/.lab-installed $(VENV)/.lite-installed $(VENV)/.teacher-installed \
		$(VENV)/.book-installed

$(VENV)/.teacher-installed: $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[lab,teacher]'
	@touch $@ $(VENV)/.lab-installed

$(VENV)/.book-installed: $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[book]'
	@touch $@

$(VENV)/.lite-installed: $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[lite]'
	@touch $@

lab: $(VENV)/.lab-installed
	$(BIN)/python -m jupyterlab $(LAB_ARGS) notebooks/00_start_here.ipynb

# The Russian course, with JupyterLab's menus in Russian (unless you chose a language yourself in
# Settings → Language: your choice wins).
lab-ru: $(VENV)/.lab-installed
	$(LAB_RU) $(BIN)/python -m jupyterlab $(LAB_ARGS) notebooks/ru/00_start_here.ipynb

# The teacher's side (teacher/README.md): nbgrader in the venv, and JupyterLab opened in teacher/
# with nbgrader's Formgrader. In a terminal: `. .venv/bin/activate`, `cd teacher`, then nbgrader.
teacher: $(VENV)/.teacher-installed
	cd teacher && ../$(BIN)/python -m jupyterlab $(LAB_ARGS)

# The same for the Russian class: JupyterLab in teacher/ru/, its Formgrader the Russian course's.
teacher-ru: $(VENV)/.teacher-installed
	cd teacher/ru && ../../$(BIN)/python -m jupyterlab $(LAB_ARGS)

test: $(VENV)/.test-installed
	$(BIN)/ruff check .
	$(BIN)/python -m mypy
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: $(VENV)/.test-installed
	$(BIN)/python -m benchmarks

voila: $(VENV)/.test-installed
	$(BIN)/python -m voila $(VOILA_KERNELS) --VoilaConfiguration.default_pool_size=$(VOILA_POOL) --VoilaKernelManager.fill_delay=$(VOILA_FILL) $(VOILA_ARGS) notebooks/app.ipynb

# The app in Russian: Voilà itself opens no link with a query, so the browser is sent to
# ?lang=ru once the port answers (for a minute at most).
voila-ru: $(VENV)/.test-installed
	@for i in $$(seq 60); do sleep 1; $(BIN)/python -c 'import socket; socket.create_connection(("localhost", $(VOILA_PORT)), 1)' 2>/dev/null && exec $(BIN)/python -m webbrowser -t "http://localhost:$(VOILA_PORT)/?lang=ru"; done &
	$(BIN)/python -m voila $(VOILA_KERNELS) --VoilaConfiguration.default_pool_size=$(VOILA_POOL) --VoilaKernelManager.fill_delay=$(VOILA_FILL) --no-browser --port=$(VOILA_PORT) --Voila.port_retries=0 notebooks/app.ipynb

# The course as a JupyterLite site in build/lite: every lesson runs in the student's browser,
# no server. PYODIDE=folder-or-tarball serves Pyodide from the site instead of its CDN.
PYODIDE ?=
lite: $(VENV)/.lite-installed
	$(BIN)/python deploy/lite.py --output build/lite $(if $(PYODIDE),--pyodide "$(PYODIDE)")

# The course as a book in build/book/{en,ru}: every lesson, the app and the teacher's guide with
# their computed outputs, to read with no kernel (deploy/book.py). Each notebook runs once; its
# executed copy is kept in build/book-executed and reused while it and the package are unchanged.
# HUB=https://your.hub puts your JupyterHub's address in the lessons' hub buttons.
HUB ?=
book: $(VENV)/.book-installed
	$(if $(HUB),HUB="$(HUB)") $(BIN)/python deploy/book.py --output build/book

# A printable handout per lesson and language, and an answer key per lesson for the teacher, in
# build/handouts/{en,ru}/ (deploy/handouts.py): from the executed copies `make book` keeps,
# printed to PDF by Chromium at /usr/bin/chromium (Debian: sudo apt install chromium).
handouts: $(VENV)/.book-installed
	$(BIN)/python deploy/handouts.py --output build/handouts

# The student course (notebooks/ only) on the branch the README's nbgitpuller link pulls.
course-branch:
	$(PYTHON) deploy/course_branch.py

# The Russian course (twentyone_edu/locale/STYLE.md): re-extract the notebooks' prose and merge it
# into the Russian catalogs, then write notebooks/ru and teacher/ru from them.
translations: $(VENV)/.lab-installed
	$(BIN)/python -m twentyone_edu.locale update

ru-notebooks: $(VENV)/.lab-installed
	$(BIN)/python -m twentyone_edu.locale build

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache .mypy_cache
