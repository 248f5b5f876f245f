"""The ``rules`` MkDocs plugin: glue between MkDocs's public events and the generator.

Configured in ``mkdocs.yml``::

    plugins:
      - search
      - rules:
          content: content      # the rule sources, relative to mkdocs.yml
          previous: old-content # optional: a What changed page against an earlier folder

``strict_links: true`` makes a link without a page an error. ``rulesite build`` gives a
build's settings as these options (:mod:`rulesite.adapters.mkdocs.run`), and reads what the
build made from the plugin itself (:meth:`RulesPlugin.outcome`). Everything the site adds
reaches MkDocs as generated files. Under ``serve`` an edit rebuilds only what it changed
(:mod:`.incremental`), with the theme's templates compiled once (:mod:`.template_cache`),
and a broken source keeps the last good pages with its error on each.
"""

from __future__ import annotations

import contextlib
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import jinja2
from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.livereload import LiveReloadServer
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

import engine
from rulesite.adapters.finish import Finisher, KeptBetweenBuilds
from rulesite.adapters.mkdocs.added_files import folder_files, hand_over_static
from rulesite.adapters.mkdocs.banner import with_error_banner
from rulesite.adapters.mkdocs.idle_collect import IdleCollector
from rulesite.adapters.mkdocs.incremental import ServedPages
from rulesite.adapters.mkdocs.template_cache import CompiledTemplates
from rulesite.adapters.search_worker import MATERIAL
from rulesite.adapters.site_engine import EngineBuild
from rulesite.adapters.tree import (
    PACKAGE_ASSETS,
    SCRIPTS,
    STYLES,
    THEME_OVERRIDES,
    asset_sources,
    generated_texts,
    short_link_texts,
    site_nav,
)
from rulesite.core.errors import SourceError, printable, printable_diagnostic
from rulesite.core.generate import GeneratedSite, generate
from rulesite.core.search_index import search_records, with_search_records
from rulesite.publish.csp import with_csp_meta
from rulesite.publish.helpers import scratch_folder
from rulesite.publish.previews import SiteFacts
from rulesite.publish.serving import serving_middleware
from rulesite.publish.sources_git import git_provenance
from rulesite.publish.swap import OutputRefused, check_output, mark, protected_folders
from rulesite.publish.version import site_version
from rulesite.runtime import write_assets

log = get_plugin_logger(__name__)

LISTEN_BACKLOG = 1024  # 200 simultaneous readers; socketserver's default of 5 drops some


class RulesConfig(Config):
    """The plugin's options in ``mkdocs.yml``."""

    content = c.Type(str, default="content")
    strict_links = c.Type(bool, default=False)
    node_modules = c.Type(str, default="node_modules")  # where npm installed pyodide
    cache = c.Type(str, default=".cache")  # built engine wheels, kept between builds
    # Megabytes the service worker may precache on a reader's first visit; a larger site
    # precaches its shell and keeps each page once opened.
    precache_mb = c.Type((int, float), default=0)
    # Where a topic the topic index knows but the content lacks links to ("https://…/{slug}").
    missing_topic_url = c.Optional(c.Type(str))
    # An earlier content folder (relative to mkdocs.yml): a What changed page against it.
    previous = c.Optional(c.Type(str))


class RulesPlugin(BasePlugin[RulesConfig]):
    """Generates the rule pages, their search entries and the walkthrough assets."""

    def __init__(self) -> None:
        super().__init__()
        self.serving = False
        self.dirty = False  # serve's rebuilds are dirty: only changed files are rebuilt
        self.served: ServedPages | None = None  # then, the generated texts as files
        self.kept = KeptBetweenBuilds()  # and what the finishing made
        self.templates = CompiledTemplates()  # the theme's, compiled once while serving
        self.collector = IdleCollector(active=False)  # serving: full collections between builds
        self.site: GeneratedSite | None = None  # the last good generation
        self.error: SourceError | None = None  # what broke since, while serving
        self.failure: SourceError | None = None  # what stopped this build, if a source did
        self.scratch: Path | None = None
        self.finisher: Finisher | None = None  # this build's finishing, under way
        self.seconds = 0.0  # this build's time in the plugin's hooks
        # CPU seconds of the compressing workers and of Node, which run beside MkDocs.
        self.background = 0.0

    @contextlib.contextmanager
    def _timed(self) -> Iterator[None]:
        """Counts the time inside as the plugin's: every hook that does work uses it."""
        started = time.perf_counter()
        try:
            yield
        finally:
            self.seconds += time.perf_counter() - started

    def _project(self, config: MkDocsConfig) -> Path:
        return Path(config.config_file_path or ".").resolve().parent

    def _previous(self, config: MkDocsConfig) -> Path | None:
        """The earlier content folder to compare against, relative to ``mkdocs.yml``."""
        chosen = self.config.previous
        return self._project(config) / chosen if chosen else None

    def content_dir(self, config: MkDocsConfig) -> Path:
        """The rule sources' folder, relative to ``mkdocs.yml``."""
        return self._project(config) / self.config.content

    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        """Defined so MkDocs keeps this instance across ``serve`` rebuilds (the last good site)."""
        self.serving = command == "serve"
        self.dirty = dirty and self.serving
        # What the last builds left in their folder is a former session's (MkDocs keeps
        # this instance for the process): this one builds into a folder of its own.
        self.on_shutdown()
        self.kept, self.templates = KeptBetweenBuilds(), CompiledTemplates()
        self.collector = IdleCollector(active=self.serving)

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """Read and render the sources; add the site's styles and scripts."""
        self.seconds = self.background = 0.0  # a new build (``serve`` builds again and again)
        self.failure = None
        self.collector.build_started()
        with self._timed():
            return self._configure(config)

    def _configure(self, config: MkDocsConfig) -> MkDocsConfig:
        strict = self.config.strict_links or bool(config.strict)
        config.extra.setdefault("site_version", site_version())  # the footer's
        if not self.serving:  # MkDocs empties site_dir before it builds: only ever ours
            protected = protected_folders(self.content_dir(config), self._project(config))
            protected["docs folder"] = Path(config.docs_dir)
            try:
                check_output(Path(config.site_dir), protected)
            except OutputRefused as refused:
                raise PluginError(f"site_dir: {refused}") from None
        try:
            about = (Path(config.docs_dir) / "about.md").is_file()
            previous = self._previous(config)
            self.site = generate(
                self.content_dir(config),
                strict_links=strict,
                about=about,
                missing_topic_url=self.config.missing_topic_url,
                previous=previous,
                sources=git_provenance(self.content_dir(config)),
                previous_sources=git_provenance(previous) if previous else None,
            )
            self.error = None
        except SourceError as error:
            # One diagnostic a line, as MkDocs's log shows them; escaped for the terminal.
            log.error("\n".join(map(printable_diagnostic, error.diagnostics)))
            if not self.serving or self.site is None:
                count = len(error.diagnostics)
                raise self._failed(error, f"build stopped: {count} error(s) above") from error
            # Serving: the reader keeps the last good pages, with the error on each of them.
            self.error = error
        site = self.site
        for line in site.report.lines(list_warnings=False):
            log.info(printable(line))
        # Warnings, so `mkdocs build --strict` refuses them as it does its own.
        for warning in site.report.warnings:
            log.warning(printable_diagnostic(warning))
        for style in STYLES:
            if style not in config.extra_css:
                config.extra_css.append(style)
        # Before Material's own templates, after a project's custom_dir (which wins, as its own).
        dirs = config.theme.dirs
        if str(THEME_OVERRIDES) not in dirs:
            dirs.insert(1 if config.theme.custom_dir else 0, str(THEME_OVERRIDES))
        scripts = {str(script) for script in config.extra_javascript}
        config.extra_javascript.extend(s for s in SCRIPTS if s not in scripts)
        # Under the cache folder, not /tmp: a killed build's is removed by the next build.
        self.scratch = scratch_folder(self._project(config) / self.config.cache, "assets")
        sources = asset_sources(
            self._project(config) / self.config.cache,
            self._project(config) / self.config.node_modules,
        )
        try:
            write_assets(site.walkthroughs, self.scratch, dict(config), sources, not self.serving)
            # Loading workbox-build takes Node a second: done while MkDocs renders. An edit
            # under serve never waits for Brotli 11 (dense).
            self.finisher = Finisher(
                Path(config.site_dir),
                sources.cache_dir,
                sources.node_modules,
                facts=SiteFacts.of(config),
                dense=not self.serving,
                kept=self.kept if self.dirty else None,
            )
        except SourceError as error:
            self._drop_scratch()
            raise self._failed(error) from error
        return config

    def on_files(self, files: Files, /, *, config: MkDocsConfig) -> Files:
        """Add the generated pages and assets.

        A generated file replaces a written one of the same path; a written file replaces
        one of this package's default assets (as a theme's ``custom_dir`` overrides it).
        """
        with self._timed():
            assert self.site is not None and self.finisher is not None  # on_config ran
            # MkDocs has emptied site_dir by now: the short links are written meanwhile.
            self.finisher.write_short_links(short_link_texts(self.site, SiteFacts.of(config)))
            return self._add_files(files, config)

    def _add_files(self, files: Files, config: MkDocsConfig) -> Files:
        assert self.site is not None and self.scratch is not None  # on_config ran
        written = [page.src_uri for page in files.documentation_pages()]
        added = [
            file
            for file in folder_files(config, PACKAGE_ASSETS, "assets/")
            if files.get_file_from_path(file.src_uri) is None
        ]
        texts = generated_texts(self.site, config.site_url or "")
        if self.dirty:  # files, rewritten only when changed: MkDocs rebuilds only those
            if self.served is None:
                cache = self._project(config) / self.config.cache
                self.served = ServedPages(scratch_folder(cache, "served"))
            added += self.served.files(config, texts)
        else:
            added += [File.generated(config, path, content=text) for path, text in texts.items()]
        added += folder_files(config, self.scratch, "")
        for file in added:
            existing = files.get_file_from_path(file.src_uri)
            if existing is not None:
                files.remove(existing)
            files.append(file)
        if config.nav is None:
            config.nav = site_nav(self.site, written)
        return files

    def on_page_markdown(
        self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        """A hand-written page's ``<!-- walkthrough: NAME -->`` markers become widgets."""
        assert self.site is not None
        if page.file.src_uri in self.site.texts:
            return markdown
        with self._timed():
            try:
                return self.site.walkthroughs.expand_markers(
                    markdown, page.file.src_uri, page.file.url
                )
            except SourceError as error:
                raise self._failed(error) from error

    # Last, so the compressed siblings hold exactly what MkDocs writes.
    @event_priority(-100)
    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        """The Content-Security-Policy in every page; while serving a broken source, every
        page carries its error at the top. The page is handed to the compressing workers."""
        with self._timed():
            assert self.finisher is not None  # on_config ran
            if self.dirty and self.served is not None:
                self.served.built(page)
            return self.finisher.page(Path(page.file.abs_dest_path), self._with_banner(output))

    def _with_banner(self, output: str) -> str:
        return output if self.error is None else with_error_banner(output, self.error)

    def on_post_template(
        self, output_content: str, /, *, template_name: str, config: MkDocsConfig
    ) -> str:
        """The theme's own pages (404.html) carry the policy too; sitemap.xml is no page."""
        with self._timed():
            html_page = template_name.endswith(".html")
            return with_csp_meta(output_content) if html_page else output_content

    def on_nav(self, nav: Navigation, /, *, config: MkDocsConfig, files: Files) -> Navigation:
        """The files other than pages (the theme's, the runtime, the rule-number files) go to
        the compressing workers now, once MkDocs has settled which are included: they are
        done while MkDocs reads and converts the pages, on a core that is idle then."""
        with self._timed():
            if self.dirty and self.served is not None:
                gone = self.served.prepare(files, config, config.nav, str(self.error or ""))
                for relative in gone:  # its siblings went with it
                    self.kept.compressed.pop(relative, None)
            assert self.finisher is not None  # on_config ran
            hand_over_static(self.finisher, files, self.dirty)
        return nav

    def on_env(
        self, env: jinja2.Environment, /, *, config: MkDocsConfig, files: Files
    ) -> jinja2.Environment:
        """The static files to the workers: final here, with any a plugin added since ``on_nav``."""
        with self._timed():
            assert self.finisher is not None  # on_config ran
            hand_over_static(self.finisher, files, self.dirty)
            return self.templates.attach(env) if self.serving else env

    # After the search plugin's own on_post_build, which writes the index this extends.
    @event_priority(-50)
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """The site's search entries and rule-number files, the service worker, and the
        compressed siblings of it all."""
        with self._timed():
            try:
                served = self.served if self.dirty else None
                index = served.finish_search(Path(config.site_dir)) if served else None
                self._finish_site(Path(config.site_dir), index)
                mark(Path(config.site_dir))
            finally:
                self._drop_scratch()
                self.collector.build_ended()
        assert self.site is not None
        log.info(
            f"rules: generated in {self.seconds:.2f}s "
            f"(and {self.background:.2f} CPU s of workers and Node beside MkDocs)"
        )

    def outcome(self) -> EngineBuild:
        """What the last build made: its report and the plugin's share of its time."""
        assert self.site is not None  # a build ran
        return EngineBuild(
            report=self.site.report,
            generator=self.seconds,
            loading=self.site.loading_seconds,
            background=self.background,
        )

    def _failed(self, error: SourceError, message: str = "") -> PluginError:
        """The error that stops MkDocs's build, ``error`` kept as :attr:`failure` for whoever
        ran the build (:mod:`rulesite.adapters.mkdocs.run`) to report with its lines."""
        self.failure = error
        return PluginError(message or str(error))

    def _finish_site(self, site_dir: Path, index: dict[str, Any] | None) -> None:
        """``index``: Material's search index as a dirty build completed it, not read again."""
        assert self.site is not None and self.finisher is not None  # on_config ran
        search = site_dir / "search" / "search_index.json"
        if search.is_file():
            records = search_records(self.site.anchors, self.site.directly_indexed, self.site.gaps)
            self.finisher.search(search, records, with_search_records, MATERIAL, index)
        try:
            self.background = self.finisher.finish(self.config.precache_mb)
        except SourceError as error:
            raise self._failed(error) from error

    def on_build_error(self, *, error: Exception) -> None:
        """A failed build leaves no scratch folder, compressing workers or Node behind."""
        self._stop_helpers()
        if self.served is not None:
            self.served.failed()
        self.collector.build_ended()

    def on_shutdown(self) -> None:
        """Also after Ctrl+C, which MkDocs reports as no build error: the build's folder
        is removed next, and nothing may still be writing into it."""
        self._stop_helpers()
        self.collector.stop()
        if self.served is not None:
            shutil.rmtree(self.served.folder, ignore_errors=True)
            self.served = None

    def _stop_helpers(self) -> None:
        self._drop_scratch()
        if self.finisher is not None:
            self.finisher.cancel()

    def on_serve(
        self, server: LiveReloadServer, /, *, config: MkDocsConfig, builder: Any
    ) -> LiveReloadServer:
        """Watch the sources and the engine; serve with the site's headers and limits."""
        server.watch(str(self.content_dir(config)))
        server.watch(str(Path(engine.__file__).parent))
        server.request_queue_size = LISTEN_BACKLOG
        app = server.get_app()
        assert app is not None  # MkDocs's server sets its app when it is made
        server.set_app(serving_middleware(app, Path(config.site_dir)))
        return server

    def _drop_scratch(self) -> None:
        if self.scratch is not None:
            shutil.rmtree(self.scratch, ignore_errors=True)
            self.scratch = None
