"""The shared library: its soname follows NOTATE_VERSION_MAJOR, it exports
exactly the functions of notate.h, and a program can load it."""
import ctypes
import re
import subprocess

from conftest import BUILD, ROOT

HEADER = (ROOT / "include" / "notate" / "notate.h").read_text()


def header_functions():
    return set(re.findall(r"^NT_API\b[^;(]*?\b(nt_\w+)\(", HEADER, re.M))


def exported():
    out = subprocess.run(["nm", "-D", "--defined-only", str(BUILD / "libnotate.so")],
                         capture_output=True, text=True, check=True).stdout
    return {line.split()[-1] for line in out.splitlines() if line.strip()}


def test_every_declaration_is_exported():
    # A declaration without NT_API would be missing from the shared library.
    code = re.sub(r"/\*.*?\*/", "", HEADER, flags=re.S)
    declared = set(re.findall(r"(?<!\(\*)(?<!\w)(nt_\w+)\s*\(", code))
    assert declared, "no function found in notate.h"
    assert declared == header_functions()


def test_only_the_public_api_is_exported():
    names = exported()
    others = sorted(n for n in names if not n.startswith("nt_"))
    assert others == [], f"exported beyond the API: {others}"
    assert names == header_functions()


def test_soname_follows_the_major_version():
    major = re.search(r"^#define NOTATE_VERSION_MAJOR (\d+)$", HEADER, re.M).group(1)
    parts = re.search(r'^#define NOTATE_VERSION "(\d+)\.(\d+)\.(\d+)"', HEADER, re.M).groups()
    minor = re.search(r"^#define NOTATE_VERSION_MINOR (\d+)$", HEADER, re.M).group(1)
    patch = re.search(r"^#define NOTATE_VERSION_PATCH (\d+)$", HEADER, re.M).group(1)
    assert parts == (major, minor, patch)
    out = subprocess.run(["readelf", "-d", str(BUILD / "libnotate.so")],
                         capture_output=True, text=True, check=True).stdout
    assert re.search(r"\(SONAME\)\s+Library soname: \[libnotate\.so\.(\d+)\]", out).group(1) == major
    assert (BUILD / f"libnotate.so.{major}").resolve() == \
        (BUILD / f"libnotate.so.{'.'.join(parts)}").resolve()


def test_the_library_loads_and_answers():
    lib = ctypes.CDLL(str(BUILD / "libnotate.so"))
    lib.nt_game_count.restype = ctypes.c_size_t
    lib.nt_game_at.restype = ctypes.c_void_p
    lib.nt_game_at.argtypes = [ctypes.c_size_t]
    lib.nt_game_name.restype = ctypes.c_char_p
    lib.nt_game_name.argtypes = [ctypes.c_void_p]
    names = [lib.nt_game_name(lib.nt_game_at(i)).decode() for i in range(lib.nt_game_count())]
    import notate
    assert names == [g.name for g in notate.games()]
    # The internal functions are there, but not to be found.
    for hidden in ("nt_emit", "nt_input_fill", "nt_report_move", "bg_judge"):
        assert not hasattr(lib, hidden)
