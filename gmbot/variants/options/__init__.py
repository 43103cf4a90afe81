"""The options: house rules a game switches on in its game file's `options:` (any variant),
each a folder declared like a variant (gmbot/variants/declaration.py), its rule set a mixin
of hooks composed over the variant's."""
