"""What turns a build into a published site, whichever engine built it.

``csp`` – the Content-Security-Policy every page carries; ``precompress`` – the
``.br``/``.gz`` siblings; ``dense_cache`` – the runtime's densest forms, cached;
``offline`` – the service worker (workbox-build under
Node); ``node`` – the build's Node scripts, in the background and time-limited;
``serving`` – the local server's headers and precompressed files; ``swap`` – the
one lock and atomic swap that put a site in place; ``progress`` – what a long
build says it is doing; ``short_link_files`` – the short links' many small files;
``sources_git`` – the rule sources' version and date, where git keeps them;
``site_address`` – whether a build knows the address it is published at;
``previews`` – the preview image, icons and manifest, and their tags in every page.
"""

__all__ = [
    "csp",
    "dense_cache",
    "node",
    "offline",
    "precompress",
    "previews",
    "progress",
    "serving",
    "short_link_files",
    "site_address",
    "sources_git",
    "swap",
    "version",
]
