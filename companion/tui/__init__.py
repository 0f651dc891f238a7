"""The Textual shell: the app, its screens and widgets, laid out in `.tcss` files."""
