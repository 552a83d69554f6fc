"""python -m notate: check, lint and convert as the notate command does,
through this package (the same library)."""
from __future__ import annotations

import argparse
import os
import sys
from typing import List, Optional

import notate


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m notate",
        description="check, lint or convert move records, as the notate command does")
    p.add_argument("command", choices=["check", "lint", "convert"])
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("-g", "--game", help="the game, when the file name does not tell it")
    p.add_argument("-v", "--verbose", action="store_true", help="also report legal files")
    p.add_argument("-q", "--quiet", action="store_true", help="no findings; the exit status tells")
    p.add_argument("--strict", action="store_true")
    p.add_argument("--lenient", action="store_true")
    p.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--ignore", action="append", default=[], metavar="CODE[,CODE...]")
    p.add_argument("--select", action="append", default=[], metavar="CODE[,CODE...]")
    p.add_argument("--to", metavar="FORM", help="convert: the target form")
    return p


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _verbose_line(r: notate.Result, lint: bool) -> str:
    s = r.summary
    return (f"{r.file}: {r.game}: {'illegal' if s.errors else 'legal'}, "
            f"{_plural(s.games, 'game')}, {_plural(s.moves, 'move')}, "
            f"{_plural(s.errors, 'error')}, {_plural(s.warnings, 'warning')}, "
            f"{_plural(s.style if lint else 0, 'style finding')}, result {s.result or '-'}")


def _globs(items: List[str]) -> List[str]:
    return [g for item in items for g in item.split(",") if g]


def _check(a: argparse.Namespace, lint: bool) -> int:
    status = 0
    for path in a.files:
        try:
            r = notate.check(path, a.game, a.strict, a.lenient, a.rule, lint,
                             ignore=_globs(a.ignore), select=_globs(a.select))
        except notate.ReadError as e:
            print(f"notate: {path}: {e.strerror}", file=sys.stderr)
            status = max(status, 2)
            continue
        except notate.Error as e:
            print(f"notate: {e}", file=sys.stderr)
            status = max(status, 2 if isinstance(e, notate.UnknownGameError) else 3)
            continue
        if not a.quiet:
            for d in r.diagnostics:
                if lint or d.severity != "style":
                    print(d)
            if a.verbose:
                print(_verbose_line(r, lint))
        found = r.summary.errors + (r.summary.warnings + r.summary.style if lint else 0)
        if found:
            status = max(status, 1)
        if r.summary.unreadable:
            status = max(status, 2)
    return status


def _convert(a: argparse.Namespace) -> int:
    if not a.to:
        print("notate: convert needs --to FORM", file=sys.stderr)
        return 3
    status = 0
    for path in a.files:
        try:
            text = notate.convert(path, a.to, a.game, strict=a.strict, lenient=a.lenient,
                                  rules=a.rule)
        except notate.NotConvertibleError as e:
            for d in e.result.diagnostics:
                print(d, file=sys.stderr)
            print(f"notate: {path}: not converted", file=sys.stderr)
            status = max(status, 1)
            continue
        except notate.ReadError as e:
            print(f"notate: {path}: {e.strerror}", file=sys.stderr)
            status = max(status, 2)
            continue
        except notate.Error as e:
            print(f"notate: {e}", file=sys.stderr)
            return 3
        sys.stdout.write(text)
    return status


def main(argv: Optional[List[str]] = None) -> int:
    """The command line: returns the exit status the notate command gives."""
    a = _parser().parse_args(argv)
    try:
        if a.command == "convert":
            return _convert(a)
        return _check(a, a.command == "lint")
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 2


if __name__ == "__main__":
    sys.exit(main())
