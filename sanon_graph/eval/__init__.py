"""Measurements of an analysis: linkage quality against hand-labelled links (privacy and
utility evaluations come with their own issues)."""
