"""Past events' results imported from a file (issue 26, item 3; ``docs/imports.md``):
the file's reading and checking (``parsing``), the ``ImportedEvent`` aggregate
(``aggregate``), the ImportedEvents application with its follower
(``application``: the imported games as the meta's data points with
``source = "imported"``) and the listing table (``tables``, which the platform's
schema imports: this package's ``__init__`` imports nothing)."""
