"""``sitecustomize`` of the trimmed stdlib: every other stdlib module still imports.

The site's ``python_stdlib.zip`` holds only the packages a walkthrough uses,
so the runtime downloads and imports less. A try-it cell may import any stdlib
module: this finder, consulted after every other one, notices a module that
only the full stdlib has, fetches ``python_stdlib_full.zip`` from beside the
trimmed one (a synchronous request, allowed in the worker the runtime runs
in), puts it on ``sys.path`` and lets the normal path finder load the module.
The build fills in the module names.
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
        if cls.mounted or fullname.partition(".")[0] not in _ONLY_IN_FULL:
            return None
        from importlib.machinery import PathFinder
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
        return PathFinder.find_spec(fullname, path)


sys.meta_path.append(FullStdlibFinder)
