# The documentation site: the notebooks as staged by tools/docs_prep.py (stored outputs, nothing executed), an API
# reference read from the source, offline MathJax and Sphinx's own search. Built by `make docs`.
from pathlib import Path

project = 'hdcfl'
author = 'the hdcfl developers'
ROOT = Path(__file__).resolve().parent.parent

extensions = ['myst_nb', 'autoapi.extension', 'sphinx-mathjax-offline']
nb_execution_mode = 'off'  # the notebooks' stored outputs, as committed
myst_enable_extensions = ['dollarmath', 'amsmath', 'colon_fence']
suppress_warnings = ['myst.header', 'misc.highlighting_failure', 'mystnb.unknown_mime_type']
exclude_patterns = ['_build/html', '**.ipynb_checkpoints']
master_doc = 'index'

autoapi_type = 'python'
autoapi_dirs = [str(ROOT / 'hdcfl')]
autoapi_root = 'api'
autoapi_ignore = ['*_modidx*']
autoapi_options = ['members', 'undoc-members', 'show-module-summary']
autoapi_add_toctree_entry = True

html_theme = 'sphinx_book_theme'
html_title = 'hdcfl'
html_theme_options = {'show_toc_level': 2, 'use_download_button': False, 'use_fullscreen_button': False}
html_static_path = []
