"""Shared set-up of the Python tests: where the repository, the notate
command, the shared library and the sample corpora are.  `make python-check`
(part of `make check`) installs the package with pip into build/ and runs
these with Debian's pytest."""
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTATE = Path(os.environ.get("NOTATE", ROOT / "build" / "notate")).resolve()
BUILD = Path(os.environ.get("NT_BUILD", ROOT / "build")).resolve()
SHARED = Path(os.environ.get("SHARED", ROOT.parent / "shared")).resolve()
EXAMPLES = sorted(p for p in (ROOT / "examples").glob("*/*") if p.is_file())
BAD_INPUT = sorted((ROOT / "tests" / "robust" / "bad-input").iterdir())


def cli(*args, cwd=ROOT):
    """Runs the notate command: (status, stdout, stderr)."""
    p = subprocess.run([str(NOTATE), "--no-rc", *map(str, args)], cwd=cwd,
                       capture_output=True)
    return p.returncode, p.stdout.decode("utf-8", "surrogateescape"), \
        p.stderr.decode("utf-8", "surrogateescape")


def corpus(game, folder, limit=None):
    """The sample corpus's files of one folder (the corpora are not in the
    repository; CI provides them as the C suites' do)."""
    d = SHARED / "corpus" / game / folder
    if not d.is_dir():
        pytest.fail(f"no corpus folder {d} (set SHARED)")
    files = sorted(p for p in d.iterdir() if p.is_file() and p.suffix not in (".tsv", ".md"))
    return files[:limit] if limit else files
