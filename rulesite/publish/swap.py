"""The one way a built site replaces the last: a swap in one step, under one lock.

The site is built next to the output and exchanged with it in one step only when the
build succeeded (``renameat2(RENAME_EXCHANGE)``), so a broken source, a failed, an
interrupted or a killed build leaves either the previous site exactly as it was or
the new one, never neither. One build at a time may write an output folder: a
second one started meanwhile stops at once, touching nothing.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fcntl
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

__all__ = [
    "MARKER",
    "BuildBusy",
    "OutputRefused",
    "check_output",
    "identity",
    "mark",
    "output_lock",
    "protected_folders",
    "swap",
]

# Written into every output this tool builds: only such a folder (or an empty one) is ever
# replaced, so a mistyped --out cannot delete a checkout, the sources or a home folder.
MARKER = ".rulesite-output"

_AT_FDCWD = -100
_RENAME_EXCHANGE = 2  # linux/fs.h


class BuildBusy(OSError):
    """Another build is writing the same output folder."""


class OutputRefused(OSError):
    """The output folder is not one this tool may replace; nothing was touched."""


def mark(site: Path, what: str = "site") -> None:
    """Mark ``site`` (before it is swapped in) as an output this tool built."""
    (site / MARKER).write_text(f"built by rulesite: {what}\n", encoding="utf-8")


# The checkout this package runs from (site-packages' folder, when installed).
CHECKOUT = Path(__file__).resolve().parents[2]


def protected_folders(content_dir: Path, config_folder: Path | None = None) -> dict[str, Path]:
    """The folders no output may be or hold (:func:`check_output`), nor lie in (the content)."""
    folders = {"checkout": CHECKOUT, "current folder": Path.cwd(), "content folder": content_dir}
    if config_folder is not None:
        folders["configuration's folder"] = config_folder
    return folders


def _is_ours(folder: Path) -> bool:
    if (folder / MARKER).is_file() or (folder / "rulesite.json").is_file():  # a generated tree
        return True
    # Sites built before the marker existed: the rules index and the service worker.
    return (folder / "assets" / "rules-index.json").is_file() and (folder / "sw.js").is_file()


def check_output(out_dir: Path, protected: dict[str, Path]) -> None:
    """Refuse an output folder this tool must not replace, before anything is built.

    ``protected`` names folders (the checkout, the content folder, the configuration's
    folder) that the output may not be, hold or lie inside of.

    Raises:
        OutputRefused: ``out_dir`` is a file or a link, is or holds or lies in a protected
            folder, or is a folder that is neither empty nor an output of this tool.
    """
    # Absolute but not resolved: a link at --out is refused, not followed.
    where = Path.cwd() / out_dir
    if where.is_symlink():
        raise OutputRefused(f"{out_dir} is a symbolic link; refused")
    out = where.resolve()
    for name, folder in protected.items():
        folder = folder.resolve()
        if out == folder or out in folder.parents:
            raise OutputRefused(f"{out_dir} is or holds the {name} ({folder}); refused")
        if name == "content folder" and folder in out.parents:
            raise OutputRefused(f"{out_dir} is inside the {name} ({folder}); refused")
    if os.path.lexists(out) and not out.is_dir():
        raise OutputRefused(f"{out_dir} is a file, not a folder; refused")
    if out.is_dir() and any(out.iterdir()) and not _is_ours(out):
        raise OutputRefused(
            f"{out_dir} holds files this tool did not build (no {MARKER}); "
            "refused: empty it or choose another folder"
        )


@contextlib.contextmanager
def output_lock(out_dir: Path) -> Iterator[None]:
    """Hold the output's parent folder for this build; stale leftovers of killed builds go.

    The lock is the kernel's, on the folder itself: it ends with the process, however
    the process ends, and leaves no lock file behind.

    Raises:
        BuildBusy: another build holds it.
    """
    fd = os.open(out_dir.parent, os.O_RDONLY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise BuildBusy(f"another build is writing into {out_dir.parent}") from None
        olds = sorted(out_dir.parent.glob(f".{out_dir.name}-old-*"), key=_old_site_age)
        if olds and not os.path.lexists(out_dir):
            # Only the fallback swap leaves one, killed between its renames: the only copy.
            olds.pop().rename(out_dir)
        for stale in [*out_dir.parent.glob(f".{out_dir.name}-staging-*"), *olds]:
            shutil.rmtree(stale, ignore_errors=True)
        yield
    finally:
        os.close(fd)  # releases the lock


def identity(folder: Path) -> tuple[int, int] | None:
    """Which folder is at ``folder`` (a rename keeps it); ``None`` when nothing is."""
    try:
        found = os.lstat(folder)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def _old_site_age(old: Path) -> int:
    return int(old.name.rpartition("-")[2]) if old.name.rpartition("-")[2].isdigit() else 0


def swap(new_site: Path, out_dir: Path) -> Path | None:
    """Put ``new_site`` where ``out_dir`` is in one step; returns where the old site went, to
    be removed. Every moment has either the old site or the new one at ``out_dir``."""
    if not os.path.lexists(out_dir):
        new_site.rename(out_dir)  # atomic: nothing there, then the new site
        return None
    try:
        _exchange(new_site, out_dir)
    except _NoExchange:
        return _swap_in_two_renames(new_site, out_dir)
    return new_site  # now holding the old site


class _NoExchange(Exception):
    """This system or filesystem cannot exchange two paths."""


def _exchange(first: Path, second: Path) -> None:
    """Swap two paths atomically: Linux's ``renameat2(RENAME_EXCHANGE)`` (glibc 2.28+).

    Raises:
        _NoExchange: not on this system or filesystem.
        OSError: the exchange failed.
    """
    renameat2 = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None)
    if renameat2 is None:
        raise _NoExchange
    args = (_AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second), _RENAME_EXCHANGE)
    if renameat2(*args) != 0:
        code = ctypes.get_errno()
        if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
            raise _NoExchange
        raise OSError(code, os.strerror(code), str(second))


def _swap_in_two_renames(new_site: Path, out_dir: Path) -> Path:
    """The swap where no exchange exists: the old site steps aside, then the new one comes.

    Interrupted between the two, the old site goes back; killed there, the next build
    puts it back (``output_lock``).
    """
    old = out_dir.with_name(f".{out_dir.name}-old-{time.time_ns()}")
    out_dir.rename(old)
    try:
        new_site.rename(out_dir)
    except BaseException:
        old.rename(out_dir)
        raise
    return old
