"""Builds notate's C extension against the library of this repository.

The extension is linked to build/libnotate.a, which the repository's
Makefile builds from its own sources (re2c, bison and a C compiler, as for
the command line); no C source of the library is copied here.  The version
is the library's, NOTATE_VERSION of include/notate/notate.h.

NOTATE_MAKE_ARGS (for example "CC=clang") is passed to that make.
"""
import os
import re
import shlex
import subprocess
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
HEADER = ROOT / "include" / "notate" / "notate.h"
LIBRARY = ROOT / "build" / "libnotate.a"


def library_version():
    """NOTATE_VERSION, read from the public header."""
    m = re.search(r'^#define NOTATE_VERSION "([^"]+)"', HEADER.read_text(), re.M)
    if m is None:
        raise SystemExit(f"notate: no NOTATE_VERSION in {HEADER}")
    return m.group(1)


class BuildWithLibrary(build_ext):
    """Has make bring build/libnotate.a up to date before linking to it."""

    def run(self):
        args = shlex.split(os.environ.get("NOTATE_MAKE_ARGS", ""))
        env = dict(os.environ)
        # A make run above this one (make check) must not lend its jobserver.
        env.pop("MAKEFLAGS", None)
        env.pop("MFLAGS", None)
        subprocess.run(["make", "-C", str(ROOT), "--no-print-directory", *args,
                        "SANITIZE=", "build/libnotate.a"], check=True, env=env)
        (ROOT / "build" / "python").mkdir(parents=True, exist_ok=True)
        super().run()


setup(
    version=library_version(),
    ext_modules=[
        Extension(
            "notate._notate",
            sources=["src/_notate.c"],
            include_dirs=[str(ROOT / "include")],
            extra_objects=[str(LIBRARY)],
            libraries=["z"],
            extra_compile_args=["-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Werror"],
            depends=[str(HEADER), str(LIBRARY)],
        )
    ],
    cmdclass={"build_ext": BuildWithLibrary},
    # What the build makes stays in the repository's build/, beside the library.
    options={"build": {"build_base": str(ROOT / "build" / "python")},
             "egg_info": {"egg_base": str(ROOT / "build" / "python")}},
)
