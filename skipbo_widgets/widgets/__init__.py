"""Card-table widgets: an anywidget table inside an ipywidgets shell, one controller."""
