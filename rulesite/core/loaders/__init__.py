"""One loader per source format, each turning a file into the shared :mod:`rulesite.core.model`."""
