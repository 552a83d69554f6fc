"""The examples of doc/python.md run as written, from the top of the
checkout (the pandas one aside: pandas is not a dependency)."""
import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT

DOC = (ROOT / "doc" / "python.md").read_text()
BLOCKS = [b for b in re.findall(r"```python\n(.*?)```", DOC, re.S)
          if "import pandas" not in b and not b.startswith(">>>")]


def test_the_guide_has_its_examples():
    titles = re.findall(r"^## (.*)$", DOC, re.M)
    for t in ("Checking a record", "Reading games", "Converting"):
        assert t in titles
    # check, read and convert in ten lines each.
    for word in ("notate.check(", "notate.read(", "notate.convert("):
        block = next(b for b in BLOCKS if word in b)
        assert len(block.strip().splitlines()) <= 10, word


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: b.strip().splitlines()[0][:40])
def test_an_example_runs(block):
    code = block if "import notate" in block else "import notate\n" + block
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                       text=True, env=dict(os.environ))
    assert p.returncode == 0, p.stderr


def test_the_version_example():
    import notate
    m = re.search(r">>> notate.__version__.*\n'([^']+)'", DOC)
    assert m and m.group(1) == notate.__version__
