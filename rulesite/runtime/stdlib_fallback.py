"""``sitecustomize`` of the trimmed stdlib: every other stdlib module still imports.

The site's ``python_stdlib.zip`` holds only the modules a walkthrough uses,
so the runtime downloads and imports less. A try-it cell may import any stdlib
module: this finder, consulted after every other one, notices a module that
only the full stdlib has, fetches ``python_stdlib_full.zip`` from beside the
trimmed one (a synchronous request, allowed in the worker the runtime runs
in), puts it on ``sys.path`` and lets the normal path finder load the module.
A left-out submodule of a package the trimmed zip keeps (``email.message``)
is found by adding the package's folder in the full zip to its ``__path__``.
The build fills in the names: top-level ones, and the dotted names of such
submodules.
"""

import sys

_FULL_ZIP = "python_stdlib_full.zip"
_MOUNTED_AT = "/lib/python_stdlib_full.zip"
_ONLY_IN_FULL: frozenset[str] = frozenset()  # ONLY_IN_FULL: the build fills in the names


def _fetch(url):
    import js  # type: ignore[import-not-found]  # Pyodide's bridge to JavaScript

    # The site's worker fetches it as the host best sends it (its Brotli sibling, decoded,
    # from a host that sends files as they are on disk): transfer.js.
    fetch_sync = getattr(js, "rulesFetchSync", None)
    if fetch_sync is not None:
        try:
            return fetch_sync(url).to_py()
        except Exception as error:
            raise ImportError(f"loading the full standard library from {url}: {error}") from error
    request = js.XMLHttpRequest.new()
    request.open("GET", url, False)
    request.responseType = "arraybuffer"
    request.send(None)
    if request.status != 200:
        raise ImportError(f"loading the full standard library from {url}: HTTP {request.status}")
    return request.response.to_py()


class FullStdlibFinder:
    """Mounts the full stdlib the first time a module only it has is imported."""

    mounted = False

    @classmethod
    def find_spec(cls, fullname, path=None, target=None):
        if fullname not in _ONLY_IN_FULL and fullname.partition(".")[0] not in _ONLY_IN_FULL:
            return None
        from importlib.machinery import PathFinder

        if not cls.mounted:
            cls._mount(fullname)
        if path is not None:
            # A submodule: its package's folder in the full zip joins the package's path.
            folder = f"{_MOUNTED_AT}/{fullname.rpartition('.')[0].replace('.', '/')}"
            if folder not in path:
                path.append(folder)
        return PathFinder.find_spec(fullname, path)

    @classmethod
    def _mount(cls, fullname):
        from pathlib import Path

        import pyodide_js  # type: ignore[import-not-found]  # exists inside Pyodide only

        try:
            data = _fetch(f"{pyodide_js.lockfileBaseUrl}{_FULL_ZIP}")
        except Exception as error:  # no network, no XMLHttpRequest: say which module failed
            message = f"{fullname}: the full standard library is unavailable ({error})"
            raise ImportError(message) from error
        Path(_MOUNTED_AT).write_bytes(data)
        sys.path.append(_MOUNTED_AT)
        cls.mounted = True


sys.meta_path.append(FullStdlibFinder)
