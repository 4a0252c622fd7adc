"""Child process for the kill test: record moves through ProgressStore forever.

Usage: ``python progress_child.py DB START``. Each move ``i`` (from START on) is saved as its
own lesson ``m<i>`` in one transaction; after ``save_lesson`` returns (committed) the child
prints ``ack <i>`` and flushes. Then the move's mistake is kept for review (issue 19) and
answered in review, each in its own transaction: ``mistake <i>`` once the situation is
committed, ``review <i>`` once its review is. The parent SIGKILLs it at a random moment.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tilewise.store.progress import ProgressStore
from tilewise.store.review import ReviewQueue


def main() -> None:
    path, start = Path(sys.argv[1]), int(sys.argv[2])
    store = ProgressStore(path)
    profiles = store.profiles()
    profile = profiles[0] if profiles else store.create_profile("Kim", "en")
    queue = ReviewQueue(store)
    print(f"open {store.recovered_from}", flush=True)
    i = start
    while True:
        session = {"lesson": f"m{i}", "index": i % 9, "attempts": [1, i % 3], "moves": [i] * 8}
        store.save_lesson(profile.id, "core", f"m{i}", session, mastery=(i % 10) / 10,
                          completed=i % 2 == 0)
        print(f"ack {i}", flush=True)
        mistake = {"step_id": f"m{i}", "step_index": i % 9, "kind": "task",
                   "action": {"type": "pass", "seat": "E", "tiles": ["J", "1C", "2C"]},
                   "reason": "JOKER_NOT_PASSABLE", "rule": "joker_never_passed",
                   "state": {"phase": "charleston", "hands": {"E": ["J"] * (i % 5)}},
                   "before": {}}
        [situation] = queue.add_mistakes(profile.id, "core", "l", [mistake])
        print(f"mistake {i}", flush=True)
        queue.review(situation, "good")
        print(f"review {i}", flush=True)
        i += 1


if __name__ == "__main__":
    main()
