"""The daily puzzle in a browser (``cities serve``)."""
