"""Work done beside the game on a daemon thread of its own, so that no frame waits for it
(a shared file read and kept, a kept game loaded and replayed): its answer once done, or the
error it met, raised again on the game's thread.

    class Importing(BackgroundWork[Outcome]):
        def __init__(self, ...): ...; super().__init__("import")   # starts it
        def _work(self) -> Outcome: ...
    if work.done:
        answer = work.answer()
"""

from __future__ import annotations

import threading
from typing import Generic, TypeVar

T = TypeVar("T")


class BackgroundWork(Generic[T]):
    """Subclasses set what `_work` needs, then call this `__init__`, which starts it. A daemon:
    quitting never waits for it (what it writes is the archive's, whose writer thread ends it)."""

    def __init__(self, name: str) -> None:
        self._answer: T | BaseException | None = None
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def _work(self) -> T:
        raise NotImplementedError

    def _run(self) -> None:
        try:
            self._answer = self._work()
        except BaseException as error:  # raised again on the game's thread, in `answer`
            self._answer = error

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> bool:
        """Whether the work is over (tests)."""
        self._thread.join(timeout)
        return self.done

    def answer(self) -> T:
        """What the work gave; the error it met, raised here."""
        assert self.done and self._answer is not None
        if isinstance(self._answer, BaseException):
            raise self._answer
        return self._answer
