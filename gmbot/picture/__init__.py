"""Pictures of the board: another rendering of the same redacted view the text mails are
rendered from (gmbot/service/views/results.py), drawn with Pillow on the map's province raster
(docs/maps.md). No variant and no rule is known here: what a viewer may see was decided
before the view reached this package."""
