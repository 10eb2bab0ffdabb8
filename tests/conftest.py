"""The test session's own settings: the language a user chose for themselves (remembered
in their Jupyter data directory, or fixed by ``ZUZLAB_LANG``) must not change what the
tests see. Set before zuzlab is imported; notebook kernels and JupyterLab inherit it."""

import os
import tempfile

os.environ["JUPYTER_DATA_DIR"] = tempfile.mkdtemp(prefix="zuzlab-test-data-")
os.environ.pop("ZUZLAB_LANG", None)
