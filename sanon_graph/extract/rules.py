"""The offline rules extractor: the recognizers of sanon_graph/extract/recognizers/, run by
its engine. This module keeps the import path the rest of the code (and users) know."""

from ..normalize import MONTHS, normalize_date
from .recognizers import RulesExtractor, gazetteers

__all__ = ["MONTHS", "RulesExtractor", "gazetteers", "normalize_date"]
