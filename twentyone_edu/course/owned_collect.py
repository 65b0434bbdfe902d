"""nbgrader's collect for a hub with one operating-system user per student (issue 32).

A student can write a folder into the exchange's inbound under any name, e.g. with
`nbgrader submit --student=<a classmate>`; nbgrader's own collect then takes it as the
classmate's newest submission and only logs a warning. `OwnedCollect` counts a submission only
when its folder belongs to the OS user it names: another student's forgery never replaces a
student's own work, and is skipped with a warning naming both. Set it in the teacher's
nbgrader_config.py, on such a hub only (where every server runs as one OS user, on Kubernetes or
with SimpleLocalProcessSpawner, every folder has the same owner and nothing would be collected):

    c.ExchangeFactory.collect = "twentyone_edu.course.owned_collect.OwnedCollect"
"""

from __future__ import annotations

import os
import pwd
from typing import Any

from nbgrader.exchange.default.collect import ExchangeCollect


class OwnedCollect(ExchangeCollect):  # type: ignore[misc]  # nbgrader's exchange: no types
    """nbgrader's collect, taking only submissions owned by the student they name."""

    src_records: list[dict[str, Any]]  # nbgrader's init_src sets it: one record per student

    def _owner(self, record: dict[str, Any]) -> str:
        """The OS user who owns the submission's folder in the inbound."""
        uid = os.stat(os.path.join(self.inbound_path, record["filename"])).st_uid
        try:
            return pwd.getpwuid(uid).pw_name
        except KeyError:
            return f"uid {uid}"

    def _sort_by_timestamp(self, records: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """A student's own submissions, newest first, warning of each another user wrote; the
        forged ones only if the student has none (copy_files then drops them)."""
        owned = []
        for record in records:
            owner = self._owner(record)
            if owner == record["username"]:
                owned.append(record)
            else:
                self.log.warning("Skipped %s: it names %s but belongs to %s",
                                 record["filename"], record["username"], owner)
        return super()._sort_by_timestamp(owned or records)

    def copy_files(self) -> None:
        """Collect as nbgrader does, only the submissions their students own."""
        self.src_records = [record for record in self.src_records
                            if self._owner(record) == record["username"]]
        super().copy_files()
