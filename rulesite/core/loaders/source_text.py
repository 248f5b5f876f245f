"""Reading a source file's text: only regular files inside the content folder, size bounded.

Sources come from people the site's owner does not control. A symbolic link
may not lead out of the content folder (``wiki/secrets.txt → /proc/self/environ``
would publish the build's environment), a FIFO or device is never opened for
reading (a FIFO would block the build forever), and a file in the wrong shape
(a folder, a broken link) is an error rather than a page that silently vanishes.
"""

from __future__ import annotations

import os
import re
import stat
from functools import lru_cache
from pathlib import Path

from rulesite.core.errors import SourceError

# What a folder of sources says of an entry it does not read, and of one that is not a folder.
IGNORED = "not a source the site reads (ignored)"
HIDDEN = "a hidden file (its name starts with a dot): not read"
NOT_A_FOLDER = "not a folder (a broken link, or a file where a source folder should be)"
# C0 controls but tab and newline, DEL and the C1 controls: no source means one, and a NUL
# in a wiki heading reached the navigation raw.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# Far above any rules text (the whole LRR is ~1 MB), small enough to read at once.
MAX_SOURCE_BYTES = 16 * 1024 * 1024
_KINDS = {
    stat.S_IFIFO: "a FIFO",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
    stat.S_IFDIR: "a folder",
}


@lru_cache(maxsize=1 << 16)  # every source is named on every generation under serve
def source_name(path: Path, content_dir: Path, given: str) -> str:
    """How diagnostics name ``path`` of the content folder ``content_dir`` (resolved), which
    was given as ``given``: the folder itself as given (``/proc/self``, ``/``), a file in it
    under the folder's own name as given (``content/rules/x.md``), never under where a link
    in the path resolves to (``/proc/self`` is ``/proc/3176``)."""
    if path == content_dir:
        return given
    # "/" has no name of its own, nor "." or "..": those are named in full.
    label = given if Path(given).name in ("", ".", "..") else Path(given).name
    return f"{label.rstrip('/')}/{path.relative_to(content_dir).as_posix()}"


def _kind(mode: int) -> str:
    return _KINDS.get(stat.S_IFMT(mode), "not a regular file")


def source_problem(path: Path, content_dir: Path) -> str | None:
    """Why ``path`` cannot be a source of ``content_dir`` (already resolved), or ``None``.

    Only looks (``stat``), never opens: a FIFO is found out without blocking.
    """
    try:
        target = path.resolve(strict=True)
    except RuntimeError:  # Python 3.11 reports a symbolic link loop this way
        return "symbolic link loop"
    except OSError as exc:
        if path.is_symlink():
            return "broken symbolic link" if exc.errno == 2 else "symbolic link loop"
        return f"cannot read the file: {exc.strerror}"
    if not target.is_relative_to(content_dir):
        return "symbolic link leads outside the content folder"
    mode = target.stat().st_mode
    if not stat.S_ISREG(mode):
        return f"{_kind(mode)}, not a source file"
    return None


def folder_problems(folder: Path, content_dir: Path) -> dict[Path, str | None]:
    """Each entry of ``folder``, a folder of ``content_dir`` (already resolved), and why it
    cannot be a source (``None`` when it can), as :func:`source_problem` says.

    One look at the folder: a plain file (no link) in a folder inside the content folder
    is a source without resolving its path, which on a large corpus was a second per build.
    """
    inside = Path(os.path.realpath(folder)).is_relative_to(content_dir)
    with os.scandir(folder) as entries:
        return {
            Path(entry.path): None
            if inside and entry.is_file(follow_symlinks=False)
            else source_problem(Path(entry.path), content_dir)
            for entry in entries
        }


def read_source(path: Path, name: str) -> str:
    """The UTF-8 text of ``path``, lines ending in a plain newline; ``name`` is shown in errors.

    A leading byte-order mark is dropped (editors on Windows write one).

    Raises:
        SourceError: the file cannot be read, is not a regular file, is larger than
            ``MAX_SOURCE_BYTES``, or is not UTF-8 (naming the line of the first bad byte).
    """
    try:
        data = _read_regular_file(path, name)
    except OSError as exc:
        raise SourceError.at(name, 1, f"cannot read the file: {exc.strerror}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise SourceError.at(
            name, line, f"not UTF-8 text: byte 0x{data[exc.start]:02x} cannot be decoded"
        ) from None
    # Line ends as open() in text mode reads them, so Windows files count lines the same way.
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    control = _CONTROL.search(text)
    if control:
        line = text.count("\n", 0, control.start()) + 1
        code = f"U+{ord(control.group()):04X}"
        raise SourceError.at(name, line, f"a control character ({code}): no source may hold one")
    return text


def source_lines(text: str) -> list[str]:
    """A source's lines as an editor and the parsers count them: split at newlines only.

    ``str.splitlines`` also splits at U+2028, U+2029 and other separators the Markdown
    parser reads as text, so every line number after one was off by one.
    """
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def _read_regular_file(path: Path, name: str) -> bytes:
    # Non-blocking: opening a FIFO must not wait for a writer. The type is checked on the
    # open descriptor, so a file swapped for a FIFO after a check is still caught.
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    with os.fdopen(fd, "rb") as file:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SourceError.at(name, 1, f"{_kind(info.st_mode)}, not a source file")
        # Checked before reading, and the read bounded too, in case the file grows meanwhile.
        data = b"" if info.st_size > MAX_SOURCE_BYTES else file.read(MAX_SOURCE_BYTES + 1)
        if info.st_size > MAX_SOURCE_BYTES or len(data) > MAX_SOURCE_BYTES:
            raise SourceError.at(
                name, 1, f"larger than {MAX_SOURCE_BYTES:,} bytes, the most a source may have"
            )
        return data
