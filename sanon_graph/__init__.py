"""sanon-graph: linkage-aware masking of document corpora before RAG indexing.

The data flows one way: documents -> entities -> graph -> scores -> decisions ->
masked documents and reports. Each stage is a module; `pipeline.analyze` wires them.
"""

__version__ = "0.1.0"
