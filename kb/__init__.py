"""The mtgkb knowledge base: records, cross-references, search, rules model, HTML."""
