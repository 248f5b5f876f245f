"""Runs inside Pyodide (under Node): a zip of Python sources rewritten with bytecode.

Bytecode is only valid for the interpreter that made it, so the site's
Pyodide compiles its own stdlib and the engine wheel; ``precompile.mjs`` boots
it and calls :func:`stdlib_zip` or :func:`wheel` with paths it mounted from the
host. The ``.pyc`` files are PEP 552 "unchecked hash" files: the importer uses
them without reading or stat-ing a source, which is the time saved at boot.
Output is reproducible: fixed timestamps, sorted entries.
"""

import base64
import hashlib
import importlib
import importlib.util
import marshal
import sys
import zipfile

_FIXED_TIME = (1980, 1, 1, 0, 0, 0)
# PEP 552 flags: bit 0 = hash-based, bit 1 = check the source; unchecked = 0b01.
_UNCHECKED_HASH = (0b01).to_bytes(4, "little")


def _pyc(source: bytes, filename: str) -> bytes | None:
    """The ``.pyc`` bytes for ``source``, or None when it is not valid Python 3.14."""
    try:
        code = compile(source, filename, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    header = importlib.util.MAGIC_NUMBER + _UNCHECKED_HASH + importlib.util.source_hash(source)
    return header + marshal.dumps(code)


def _entry(name: str, compress: int) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, _FIXED_TIME)
    info.compress_type = compress
    info.external_attr = 0o644 << 16
    return info


def stdlib_zip(source: str, target: str, mounted_at: str) -> int:
    """Write ``target``: ``source``'s modules as bytecode only; returns how many were compiled.

    ``mounted_at`` is where the zip sits on ``sys.path`` in the browser
    (``/lib/python314.zip``): tracebacks name stdlib files by that path. The
    zip is stored uncompressed, so the importer reads members without
    inflating them; the server's Brotli makes the download small.
    """
    compiled = 0
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w") as zout:
        for info in sorted(zin.infolist(), key=lambda i: i.filename):
            data = zin.read(info)
            name = info.filename
            pyc = _pyc(data, f"{mounted_at}/{name}") if name.endswith(".py") else None
            if pyc is not None:
                name, data, compiled = name + "c", pyc, compiled + 1
            zout.writestr(_entry(name, zipfile.ZIP_STORED), data)
    return compiled


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _cached_name(name: str) -> str:
    folder, _, stem = name.rpartition("/")
    cached = f"__pycache__/{stem[:-3]}.{sys.implementation.cache_tag}.pyc"
    return f"{folder}/{cached}" if folder else cached


def wheel(source: str, target: str, site_packages: str) -> int:
    """Write ``target``: the wheel ``source`` plus ``__pycache__`` bytecode for each module.

    Sources stay (tracebacks and try-it cells show engine code); the RECORD
    lists the added files with their hashes, as the wheel format requires.
    Stored uncompressed, as the stdlib zip is, so the server's Brotli shrinks the
    whole of it (deflated member by member it was 426 KB on the wire; stored, 248 KB).
    Returns how many modules were compiled.
    """
    added: dict[str, bytes] = {}
    with zipfile.ZipFile(source) as zin:
        members = {info.filename: zin.read(info) for info in zin.infolist()}
    for name, data in members.items():
        if name.endswith(".py"):
            pyc = _pyc(data, f"{site_packages}/{name}")
            if pyc is not None:
                added[_cached_name(name)] = pyc
    record = next(name for name in members if name.endswith(".dist-info/RECORD"))
    kept = [line for line in members[record].decode().splitlines() if not line.startswith(record)]
    kept += [_record_line(name, data) for name, data in sorted(added.items())]
    members[record] = ("\n".join([*kept, f"{record},,"]) + "\n").encode()
    with zipfile.ZipFile(target, "w") as zout:
        # RECORD last, as wheel tools expect; everything else in a stable order.
        for name in sorted({*members, *added}, key=lambda n: (n == record, n)):
            data = added[name] if name in added else members[name]
            zout.writestr(_entry(name, zipfile.ZIP_STORED), data)
    return len(added)


def _owner(name: str) -> str:
    """The module a zip entry belongs to: ``a/b.pyc`` and ``a/b/__init__.pyc`` to ``a.b``, a
    folder ``a/b/`` and a data file ``a/b/x.txt`` to their package ``a.b``."""
    if name.endswith(".pyc"):
        return name.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".")
    folder = name.rstrip("/") if name.endswith("/") else name.rpartition("/")[0]
    return folder.replace("/", ".")


def used_stdlib(stdlib_path: str, package: str) -> list[str]:
    """Stdlib modules (dotted names) in use once ``package`` and all its modules are imported.

    Called after Pyodide booted and installed the wheel with ``loadPackage``, as
    the widget does, so what those two imported is in ``sys.modules`` already.
    """
    import pkgutil

    root = importlib.import_module(package)
    for module in pkgutil.walk_packages(root.__path__, f"{package}."):
        importlib.import_module(module.name)
    prefix = stdlib_path + "/"
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if (getattr(module, "__file__", None) or "").startswith(prefix)
    )


def trimmed_zip(
    full: str, target: str, keep: list[str], fallback_source: str, mounted_at: str
) -> list[str]:
    """Write ``target``: the modules of ``full`` named in ``keep``, plus the fallback.

    Trimmed module by module, not package by package: a walkthrough imports three of
    ``encodings``' 124 modules and only ``email``'s ``__init__`` (measured: 1.5 MB of
    bytecode less, 300 KB less on the wire with Brotli). ``fallback_source`` becomes
    ``sitecustomize``, told which names only ``full`` holds: whole top-level packages and
    modules, and the left-out submodules of the packages kept. ``mounted_at`` is where
    the trimmed zip sits on ``sys.path``. Returns the names left out.
    """
    kept = set(keep)
    with zipfile.ZipFile(full) as zin:
        infos = zin.infolist()
        owners = {i.filename: _owner(i.filename) for i in infos}
        # The folder of user packages stays: Pyodide installs wheels beside it.
        chosen = [
            i for i in infos if owners[i.filename] in kept or i.filename.startswith("site-packages")
        ]
        modules = {owners[i.filename] for i in infos if i.filename.endswith(".pyc")}
        left = modules - {owners[i.filename] for i in chosen}
        kept_top = {owners[i.filename].partition(".")[0] for i in chosen}
        only_in_full = sorted(
            {name.partition(".")[0] for name in left} - kept_top
            | {name for name in left if name.partition(".")[0] in kept_top}
        )
        marker = "frozenset()  # ONLY_IN_FULL"
        if marker not in fallback_source:
            raise ValueError(f"the stdlib fallback has no {marker!r} to fill in")
        source = fallback_source.replace(marker, f"frozenset({tuple(only_in_full)!r})  #", 1)
        fallback = _pyc(source.encode(), f"{mounted_at}/sitecustomize.py")
        if fallback is None:
            raise SyntaxError("the stdlib fallback does not compile")
        with zipfile.ZipFile(target, "w") as zout:
            for info in chosen:
                zout.writestr(_entry(info.filename, zipfile.ZIP_STORED), zin.read(info))
            zout.writestr(_entry("sitecustomize.pyc", zipfile.ZIP_STORED), fallback)
    return only_in_full
