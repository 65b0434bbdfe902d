"""nbgrader's collect, taking each submission only from the student it names (issue 32).

A student can hand in under any name, e.g. `nbgrader submit --student=<a classmate>`; nbgrader's
own collect then takes that as the classmate's newest submission and at most logs a warning.
Each class here decides who really handed a submission in, collects it only when that is the
student it names, and logs "Skipped ...: it names anna but belongs to boris" for the rest. Set
one in the teacher's nbgrader_config.py (teacher/README.md, deploy/README.md):

- `OwnedCollect`, on one server with a system user per student: the folder's owner decides.
- `StudentFolderCollect`, on Kubernetes as deploy/config.yaml mounts the exchange: every pod
  runs as the same user, each student's pod can write only the inbound's folder named after
  them, `inbound/<student>/`, and that folder decides.
"""

from __future__ import annotations

import os
import pwd
from typing import Any

from nbgrader.exchange.default.collect import ExchangeCollect
from traitlets import Bool


class _CheckedCollect(ExchangeCollect):  # type: ignore[misc]  # nbgrader's exchange: no types
    """nbgrader's collect, taking only the submissions handed in by the student they name."""

    src_records: list[dict[str, Any]]  # nbgrader's init_src sets it: one record per student

    def _handed_in_by(self, record: dict[str, Any]) -> str:
        """Who really handed the submission in."""
        raise NotImplementedError

    def _sort_by_timestamp(self, records: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """A student's own submissions, newest first, warning of each another user wrote; the
        others only if the student has none (copy_files then drops them)."""
        own = []
        for record in records:
            student = self._handed_in_by(record)
            if student == record["username"]:
                own.append(record)
            else:
                self.log.warning("Skipped %s: it names %s but belongs to %s",
                                 record["filename"], record["username"], student)
        return super()._sort_by_timestamp(own or records)

    def copy_files(self) -> None:
        """Collect as nbgrader does, only the submissions their students handed in."""
        self.src_records = [record for record in self.src_records
                            if self._handed_in_by(record) == record["username"]]
        super().copy_files()


class OwnedCollect(_CheckedCollect):
    """For one server with a system user per student: the submission folder's owner."""

    def _handed_in_by(self, record: dict[str, Any]) -> str:
        """The system user who owns the submission's folder."""
        uid = os.stat(os.path.join(self.inbound_path, record["filename"])).st_uid
        try:
            return pwd.getpwuid(uid).pw_name
        except KeyError:
            return f"uid {uid}"


class StudentFolderCollect(_CheckedCollect):
    """For Kubernetes (deploy/config.yaml): submissions in inbound/<student>/, that folder."""

    check_owner = Bool(False, help="nbgrader's owner check: off, every pod runs as one user "
                                   "(the student's folder is checked instead)").tag(config=True)

    def init_src(self) -> None:
        """nbgrader's, looking one folder down: inbound/*/<student>+<assignment>+*."""
        chosen = self.coursedir.student_id
        self.coursedir.student_id = f"*{os.sep}{chosen or '*'}"  # nbgrader's pattern names it
        try:
            super().init_src()
        finally:
            self.coursedir.student_id = chosen

    def _path_to_record(self, path: str) -> dict[str, Any]:
        """nbgrader's record, its file name kept under the student's folder."""
        record: dict[str, Any] = super()._path_to_record(path)
        record["filename"] = os.path.join(os.path.basename(os.path.dirname(path)),
                                          record["filename"])
        return record

    def _handed_in_by(self, record: dict[str, Any]) -> str:
        """The student whose folder holds the submission: only their pod can write there."""
        return str(record["filename"]).split(os.sep)[0]
