"""Each game's web pages as static files (docs/site.md): gathered from the store through
the views' single redaction point (gather.py), rendered from templates/site/ (pages.py),
written only where they changed (write.py), for the whole home or its configured site
(build.py)."""
