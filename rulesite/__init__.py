"""The rules reference's site generator: rule sources in, a site out, through any engine.

The packages follow the data's way through the program:

* :mod:`rulesite.core` – sources → loaders → model → merge and links → render →
  search entries → :func:`rulesite.core.generate` (no site engine, no Node).
* :mod:`rulesite.runtime` – what a walkthrough runs on in the browser: the engine's
  wheel, Pyodide, the precompiled bytecode.
* :mod:`rulesite.adapters` – the site engines, each registered once
  (:mod:`rulesite.adapters.registry`): the generated tree any engine builds, the one
  finishing step, MkDocs with the ``rules`` plugin, ProperDocs, Zensical.
* :mod:`rulesite.publish` – what turns a build into a published site: the policy,
  compression, the offline worker, the Node runner, the local server, the one swap.

At the top: ``site_build`` (a registered engine's build, swapped in), ``cli`` (the
``rulesite`` command: build, serve, generate, diff, play, odds), ``play`` and ``__main__``.
"""

__all__ = ["adapters", "core", "publish", "runtime"]
