"""notate for Python: read board-game move records, replay them under each
game's rules, report where they go wrong, and convert them.

The games are those of the notate library this package is built with
(backgammon, Bao la Kiswahili, Umlabalaba): see :func:`games`.

A *source* is what a function reads:

* a path (:class:`str` names a file as :func:`open` does, or any
  :class:`os.PathLike` such as :class:`pathlib.Path`);
* :class:`bytes`, :class:`bytearray` or :class:`memoryview`: the record itself;
* a binary file object (anything with ``read(n)`` returning bytes).

To check text held in a :class:`str`, encode it: ``notate.check(text.encode())``.
``name`` gives a record held in memory a file name, used in diagnostics and to
tell its game by extension.

Findings (illegal moves, syntax errors, style) never raise: they are the
``diagnostics`` of a result.  What is not a finding raises a subclass of
:class:`Error`: a file that cannot be read, a record of no known game, an
unknown game, form or rule, a move the record does not have.

Every call releases the GIL while the library runs, so threads check files in
parallel.
"""
from __future__ import annotations

import errno as _errno
import io
import os
from operator import itemgetter as _item
from . import _notate

# typing costs a script's start-up more than checking a file: only type
# checkers (which take any TYPE_CHECKING as true) read these imports.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import (IO, Any, Dict, Iterator, List, Mapping, Optional,
                        Sequence, Tuple, Union)
    Source = Union[str, os.PathLike, bytes, bytearray, memoryview, IO[bytes]]
    Rules = Union[Mapping[str, str], Sequence[str], None]

__version__: str = _notate.VERSION
__all__ = [
    "check", "read", "convert", "format", "show", "legal_moves", "games",
    "explain", "Diagnostic", "Summary", "Result", "Move", "GameRecord",
    "Game", "Code", "Error", "ReadError", "UnknownGameError", "OptionError",
    "NoSuchMoveError", "NotConvertibleError", "__version__",
]

_SEVERITY = {1: "style", 2: "warning", 3: "error"}


class Error(Exception):
    """Something that is not a finding went wrong (the base of every
    exception notate raises)."""


class ReadError(Error, OSError):
    """The input could not be opened or read."""


class UnknownGameError(Error, ValueError):
    """No game recognises the record (give ``game=``), or a game name is
    unknown."""


class OptionError(Error, ValueError):
    """A bad argument: an unknown form, a wrong rule choice, a selector the
    game has not, a position the game cannot read."""


class NoSuchMoveError(Error, LookupError):
    """:func:`show` was asked for a game or move the record does not have."""


class NotConvertibleError(Error):
    """The record cannot be converted (or formatted): ``result`` holds the
    findings that say why."""

    def __init__(self, message: str, result: "Result") -> None:
        super().__init__(message)
        self.result = result


class _Row(tuple):
    """A record made of a tuple (the C binding builds the tuple; making one
    costs no more than the tuple): named fields, compared and hashed as
    values."""

    __slots__ = ()
    _fields: "Tuple[str, ...]" = ()

    def __new__(cls, *values: "Any") -> "_Row":
        if len(values) != len(cls._fields):
            raise TypeError(f"{cls.__name__} takes {len(cls._fields)} values")
        return tuple.__new__(cls, values)

    def __repr__(self) -> str:
        inner = ", ".join(f"{f}={v!r}" for f, v in zip(self._fields, self))
        return f"{type(self).__name__}({inner})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = tuple.__hash__

    def _asdict(self) -> "Dict[str, Any]":
        """The fields as a dict (for a pandas row, JSON)."""
        return dict(zip(self._fields, self))


def _fields(cls: type) -> type:
    for i, name in enumerate(cls._fields):
        setattr(cls, name, property(_item(i), doc=f"field {i}: {name}"))
    return cls


@_fields
class Diagnostic(_Row):
    """One finding: ``file, line, column, end_line, end_column, severity``
    (``"error"``, ``"warning"`` or ``"style"``), ``code`` (as the game's
    rules name it), ``message`` (quotes the move as written), ``game``
    (1-based; 0 for the file as a whole), ``where`` (a binary record's place,
    ``"record 581 (game 7, row 14)"``; None for text) and ``move`` (1-based;
    0 if none).  ``str()`` gives the line the command writes."""

    __slots__ = ()
    _fields = ("file", "line", "column", "end_line", "end_column", "severity",
               "code", "message", "game", "where", "move")

    def __str__(self) -> str:
        place = f"{self[9]}" if self[9] is not None else f"{self[1]}:{self[2]}"
        return f"{self[0]}:{' ' if self[9] is not None else ''}{place}: " \
               f"{self[5]}: {self[7]} [{self[6]}]"


@_fields
class Summary(_Row):
    """What one input held, counted: ``games, moves, errors, warnings,
    style, unreadable`` (not read to its end), ``result`` (the last game's,
    in the game's notation) and ``ignored`` (findings dropped by
    ``ignore``/``select``)."""

    __slots__ = ()
    _fields = ("games", "moves", "errors", "warnings", "style", "unreadable",
               "result", "ignored")


class _Record:
    """Named fields, a repr and value equality, for the classes below."""

    __slots__ = ()
    _fields: "Tuple[str, ...]" = ()

    def __init__(self, *values: "Any") -> None:
        for name, value in zip(self._fields, values):
            setattr(self, name, value)

    def __repr__(self) -> str:
        inner = ", ".join(f"{f}={getattr(self, f)!r}" for f in self._fields)
        return f"{type(self).__name__}({inner})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and all(
            getattr(self, f) == getattr(other, f) for f in self._fields)

    __hash__ = None  # type: ignore[assignment]


class Result(_Record):
    """What :func:`check` found in one input: ``file``, ``game`` (the game
    it was read as), ``diagnostics`` (a list of :class:`Diagnostic`) and
    ``summary`` (:class:`Summary`)."""

    __slots__ = ("file", "game", "diagnostics", "summary")
    _fields = __slots__
    file: str
    game: str
    diagnostics: "List[Diagnostic]"
    summary: Summary

    def __init__(self, file: str, game: str, diagnostics: "List[Diagnostic]",
                 summary: Summary) -> None:
        self.file = file
        self.game = game
        self.diagnostics = diagnostics
        self.summary = summary

    @property
    def legal(self) -> bool:
        """No error, and the input was read to its end."""
        return self.summary[2] == 0 and not self.summary[5]


class Move(_Record):
    """One move the rules accepted: ``game`` (1-based), ``index`` (1-based
    in the game), ``side`` (who moved, in the game's words), ``text`` (as
    written), ``line``, ``column``, ``where`` (a binary record's place, or
    None), and ``position`` (computed when first asked for)."""

    __slots__ = ("game", "index", "side", "text", "line", "column", "where",
                 "_replay", "_position")
    _fields = ("game", "index", "side", "text", "line", "column", "where")
    game: int
    index: int
    side: str
    text: str
    line: int
    column: int
    where: "Optional[str]"

    def __init__(self, *values: "Any", replay: "Any" = None) -> None:
        super().__init__(*values)
        self._replay = replay
        self._position: "Optional[Dict[str, Any]]" = None

    @property
    def position(self) -> "Dict[str, Any]":
        """The position after the move, as ``notate show -f json`` gives it
        (computed on first use, by replaying the record to here)."""
        if self._position is None:
            self._position = self._replay(self.game, self.index)
        return self._position


class GameRecord(_Record):
    """One game of a record, as :func:`read` yields it.

    ``file``; ``game`` (its name, ``"backgammon"``); ``number`` (1-based in
    the file); ``headers`` (a dict of the headers and tags as written, the
    last of a repeated one) and ``tags`` (every one, in order, as pairs);
    ``players`` (a pair, None where the record names none); ``result`` (in
    the game's notation); ``winner`` (1 or 2, 0 for a draw, None while
    unfinished); ``facts`` (every record fact: ``points``, ``score1``, ...);
    ``figures`` (as ``notate stats`` gives them); ``moves`` (a list of
    :class:`Move`); ``diagnostics`` (the findings in this game).
    """

    __slots__ = ("file", "game", "number", "headers", "tags", "players", "result",
                 "winner", "facts", "figures", "moves", "diagnostics")
    _fields = __slots__
    file: str
    game: str
    number: int
    headers: "Dict[str, str]"
    tags: "List[Tuple[str, str]]"
    players: "Tuple[Optional[str], Optional[str]]"
    result: "Optional[str]"
    winner: "Optional[int]"
    facts: "Dict[str, Any]"
    figures: "Dict[str, Any]"
    moves: "List[Move]"
    diagnostics: "List[Diagnostic]"


class Code(_Record):
    """One code of the diagnostics catalogue: ``code``, ``severity`` (its
    default), ``summary`` (one line), ``explain`` (the rule, with a legal
    and an illegal example), ``strict_error`` (``strict=True`` makes it an
    error) and ``game``."""

    __slots__ = ("code", "severity", "summary", "explain", "strict_error", "game")
    _fields = __slots__
    code: str
    severity: str
    summary: str
    explain: str
    strict_error: bool
    game: "Optional[str]"


class Game(_Record):
    """A game notate knows: ``name``, ``title``, ``extensions``,
    ``shared_extensions`` (read only when the content is the game's),
    ``forms`` (what :func:`convert` writes) and ``codes``."""

    __slots__ = ("name", "title", "extensions", "shared_extensions", "forms", "codes")
    _fields = __slots__
    name: str
    title: str
    extensions: "Tuple[str, ...]"
    shared_extensions: "Tuple[str, ...]"
    forms: "Tuple[str, ...]"
    codes: "Tuple[Code, ...]"


# ---------------------------------------------------------------- inputs

def _input(source: Source, name: Optional[str]) -> Tuple[int, Any, str]:
    """The C kind, the object and the name of a source."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        return _notate.SRC_BYTES, source, name or "<bytes>"
    if isinstance(source, str) or isinstance(source, os.PathLike):
        path = os.fspath(source)
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        return _notate.SRC_PATH, path, name or path
    if hasattr(source, "read"):
        if isinstance(source, io.TextIOBase):
            raise OptionError("open the file in binary mode ('rb'): notate reads bytes")
        fname = name or getattr(source, "name", None)
        if not isinstance(fname, str):
            fname = "<file>"
        return _notate.SRC_FILE, source, fname
    raise TypeError(f"a source is a path, bytes or a binary file, not {type(source).__name__}")


def _game_name(game: Optional[str]) -> Optional[str]:
    if game is None or game == "auto":
        return None
    if not isinstance(game, str):
        raise TypeError("game is a game's name (see notate.games())")
    if game not in _game_names():
        raise UnknownGameError(f"unknown game '{game}' (known: {', '.join(_game_names())})")
    return game


def _game_names() -> Tuple[str, ...]:
    return tuple(g[0] for g in _notate.games())


def _rules(rules: Rules, game: Optional[str]) -> List[str]:
    if rules is None:
        return []
    if hasattr(rules, "items"):   # a mapping
        items = [f"{k}={v}" for k, v in rules.items()]
    elif isinstance(rules, str):
        items = [rules]
    else:
        items = [str(r) for r in rules]
    for item in items:
        if "=" not in item:
            raise OptionError(f"a rule choice is NAME=VALUE, not '{item}'")
        if game is not None:
            why = _notate.check_rule(game, item)
            if why is not None:
                raise OptionError(f"rule '{item}': {why}")
    return items


def _globs(value: Union[str, Sequence[str], None]) -> List[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [v for v in value.split(",") if v]
    return list(value)


def _run(op: int, source: Source, *, name: Optional[str], game: Optional[str],
         strict: bool = False, lenient: bool = False, lint: bool = False,
         rules: Rules = None, ignore: Any = None, select: Any = None,
         max_errors: int = 0, form: Optional[str] = None, **more: Any) -> Dict[str, Any]:
    kind, obj, fname = _input(source, name)
    gname = _game_name(game)
    items = _rules(rules, gname)
    r = _notate.run(op, kind, obj, fname, gname, form, bool(strict), bool(lenient),
                    bool(lint), items, _globs(ignore), _globs(select), int(max_errors),
                    **more)
    r["file"] = fname
    stage = r["stage"]
    if stage == 1:
        code = r["errno"] or _errno.EIO
        raise ReadError(code, os.strerror(code), fname)
    if stage == 2:
        hint = " (a str is a path; give a record held in a str as text.encode())" \
            if kind == _notate.SRC_PATH else ""
        raise UnknownGameError(f"{fname}: no game recognises this record; give game={hint}")
    if stage == 3:
        raise UnknownGameError(f"{fname}: not a {r['game']} record: {r['what']}")
    if gname is None and items:
        for item in items:
            why = _notate.check_rule(r["game"], item)
            if why is not None:
                raise OptionError(f"rule '{item}': {why}")
    if r["rc"] == -1 and not r["diagnostics"]:
        code = r["errno"] or _errno.EIO
        raise ReadError(code, os.strerror(code), fname)
    return r


def _loads(text: str) -> "Any":
    import json   # only show, read's positions and legal_moves need it
    return json.loads(text)


def _diagnostics(rows: "List[tuple]") -> "List[Diagnostic]":
    new = tuple.__new__
    return [new(Diagnostic, row) for row in rows]


def _summary(t: tuple) -> Summary:
    return tuple.__new__(Summary, t)


def _result(r: Dict[str, Any]) -> Result:
    return Result(r["file"], r["game"], _diagnostics(r["diagnostics"]), _summary(r["summary"]))


def _text(r: Dict[str, Any], what: str) -> str:
    out: bytes = r["output"]
    if r["rc"] == -2:
        raise OptionError(f"{r['game']}: {what}")
    # A record with an error is not converted, whatever the writer managed.
    if r["rc"] != 0 or r["summary"][2] > 0:
        res = _result(r)
        first = str(res.diagnostics[0]) if res.diagnostics else "the record cannot be read"
        raise NotConvertibleError(f"{r['file']}: cannot be converted: {first}", res)
    return out.decode("utf-8", "surrogateescape")


# ---------------------------------------------------------------- the API

def check(source: Source, game: Optional[str] = None, strict: bool = False,
          lenient: bool = False, rules: Rules = None, lint: bool = False, *,
          name: Optional[str] = None, ignore: Union[str, Sequence[str], None] = None,
          select: Union[str, Sequence[str], None] = None, max_errors: int = 0) -> Result:
    """Replay every move of SOURCE under its game's rules and return what was
    found.

    ``game`` names the game (default: by file name, then by content);
    ``strict`` makes the warnings the rules promote errors; ``lenient``
    accepts a game's lenient forms; ``rules`` gives rule choices
    (``{"NAME": "VALUE"}`` or ``["NAME=VALUE"]``); ``lint`` adds style
    findings.  ``ignore`` and ``select`` are code globs, as the command
    line's ``--ignore`` and ``--select``.  Findings never raise.
    """
    r = _run(_notate.OP_CHECK, source, name=name, game=game, strict=strict,
             lenient=lenient, lint=lint, rules=rules, ignore=ignore, select=select,
             max_errors=max_errors)
    return _result(r)


def convert(source: Source, to: str, game: Optional[str] = None, *,
            strict: bool = False, lenient: bool = False, rules: Rules = None,
            name: Optional[str] = None) -> str:
    """The record rewritten in form ``to`` (one of the game's ``forms``, see
    :func:`games`; ``"json"``: JSON Lines, one object a game).

    Raises :class:`NotConvertibleError` (its ``result`` holds the findings)
    when the record has errors, :class:`OptionError` for a form the game
    has not.
    """
    if not isinstance(to, str) or not to:
        raise OptionError("to is a form's name (see notate.games())")
    r = _run(_notate.OP_CONVERT, source, name=name, game=game, strict=strict,
             lenient=lenient, rules=rules, form=to)
    if r["rc"] == -2:
        raise OptionError(f"{r['game']} has no form '{to}' (forms: "
                          f"{', '.join(_game(r['game']).forms)})")
    return _text(r, "")


def format(source: Source, game: Optional[str] = None, *, strict: bool = False,
           lenient: bool = False, rules: Rules = None, name: Optional[str] = None) -> str:
    """The record rewritten in its canonical form, as ``notate fmt`` writes it."""
    r = _run(_notate.OP_FORMAT, source, name=name, game=game, strict=strict,
             lenient=lenient, rules=rules)
    return _text(r, "the game has no canonical writer")


def show(source: Source, game: Optional[str] = None, move: Optional[int] = None, *,
         game_no: Optional[int] = None, row: Optional[int] = None,
         ply: Optional[int] = None, strict: bool = False, lenient: bool = False,
         rules: Rules = None, name: Optional[str] = None) -> Dict[str, Any]:
    """The position as a dict, as ``notate show -f json`` gives it: after
    ``move`` (default: the end) of game ``game_no`` (default: the last).
    ``row`` (backgammon: a row as the file numbers it; Umlabalaba, Bao: a
    move number) and ``ply`` select as the command line's options do.

    A record with an error shows the position where its replay stopped.
    Raises :class:`NoSuchMoveError` for a game or move the record has not.
    """
    more = {"game_no": -1 if game_no is None else int(game_no),
            "move": -1 if move is None else int(move),
            "row": 0 if row is None else int(row),
            "ply": -1 if ply is None else int(ply)}
    for key, value in more.items():
        if key != "row" and value != -1 and value < 0 or key == "row" and value < 0:
            raise OptionError(f"{key} must not be negative")
    r = _run(_notate.OP_SHOW, source, name=name, game=game, strict=strict,
             lenient=lenient, rules=rules, **more)
    rc = r["rc"]
    if rc == -4:
        moves, rows = r["shown"]
        raise NoSuchMoveError(f"{r['file']}: no such game or move (the game has "
                              f"{moves} moves, {rows} rows; the file "
                              f"{r['summary'][0]} games)")
    if rc == -5:
        raise OptionError(f"{r['game']} has no such selector (backgammon has no plies)")
    if rc == -2:
        raise OptionError(f"{r['game']} cannot show a position")
    out: bytes = r["output"]
    if not out.strip():
        res = _result(r)
        first = str(res.diagnostics[0]) if res.diagnostics else "nothing to show"
        raise NotConvertibleError(f"{r['file']}: {first}", res)
    return _loads(out.decode("utf-8", "surrogateescape"))


def read(source: Source, game: Optional[str] = None, strict: bool = False,
         lenient: bool = False, rules: Rules = None, *,
         name: Optional[str] = None) -> Iterator[GameRecord]:
    """The games of the record, one :class:`GameRecord` each: headers and
    tags, players, result, figures (as ``notate stats`` gives them), the
    moves the rules accepted and the findings.  Each move's ``position`` is
    computed when first asked for.

    A binary file object is read whole first, so that positions can be
    replayed from it.
    """
    kind, obj, fname = _input(source, name)
    if kind == _notate.SRC_FILE:
        source = obj.read()
        if not isinstance(source, bytes):
            raise OptionError("open the file in binary mode ('rb'): notate reads bytes")
    name = fname
    r = _run(_notate.OP_STATS, source, name=name, game=game, strict=strict,
             lenient=lenient, rules=rules, moves=True, facts=True)
    gname = r["game"]

    def replay(game_no: int, index: int) -> Dict[str, Any]:
        # A move's index counts plies where the game has them (Bao,
        # Umlabalaba); backgammon counts its actions, which show calls moves.
        try:
            return show(source, gname, game_no=game_no, ply=index, strict=strict,
                        lenient=lenient, rules=rules, name=name)
        except OptionError:
            return show(source, gname, index, game_no=game_no, strict=strict,
                        lenient=lenient, rules=rules, name=name)

    yield from _games_of(r, gname, replay)


def _games_of(r: Dict[str, Any], gname: str, replay: Any) -> Iterator[GameRecord]:
    n = max(r["summary"][0], 1 if r["moves"] else 0)
    records = {g: GameRecord(r["file"], gname, g, {}, [], (None, None), None, None, {}, {},
                             [], [])
               for g in range(1, n + 1)}
    file_tags: List[Tuple[str, str]] = []

    def at(g: int) -> Optional[GameRecord]:
        if g not in records and g > 0:
            records[g] = GameRecord(r["file"], gname, g, {}, [], (None, None), None, None,
                                    {}, {}, [], [])
        return records.get(g)

    for kind, g, key, value, number, _line, _col, _cut in r["facts"]:
        if kind == 1:
            if g == 0:
                file_tags.append((key, value))
                continue
            rec = at(g)
            rec.tags.append((key, value))
            rec.headers[key] = value
            continue
        target = [at(g)] if g > 0 else list(records.values())
        for rec in target:
            rec.facts[key] = value if value else number
            if key in ("player1", "player2"):
                p = list(rec.players)
                p[0 if key == "player1" else 1] = value
                rec.players = (p[0], p[1])
            elif key == "result":
                rec.result = value
            elif key == "winner":
                rec.winner = number
    for g, stat_name, value in r["stats"]:
        rec = at(g)
        if rec is not None:
            rec.figures[stat_name] = value
    for g, index, side, text, line, col, where in r["moves"]:
        rec = at(g)
        if rec is not None:
            rec.moves.append(Move(g, index, side, text, line, col, where, replay=replay))
    for d in _diagnostics(r["diagnostics"]):
        rec = at(d.game) if d.game > 0 else None
        for target in [rec] if rec is not None else list(records.values())[:1]:
            target.diagnostics.append(d)
    for g in sorted(records):
        rec = records[g]
        if file_tags:
            rec.tags[:0] = file_tags
            for k, v in file_tags:
                rec.headers.setdefault(k, v)
        yield rec


def legal_moves(game: str, position: Optional[str] = None,
                dice: Union[str, Sequence[int], None] = None) -> Dict[str, Any]:
    """The legal moves of a position, as ``notate moves -f json`` gives them.

    Backgammon: ``position`` is a GNU Backgammon Position ID and ``dice``
    the roll (``"3-1"`` or ``(3, 1)``).  Bao: a BaoPOS position (default:
    the initial one).  Raises :class:`OptionError` for a game without a
    move generator or a position it cannot read.
    """
    gname = _game_name(game)
    if gname is None:
        raise UnknownGameError("legal_moves needs a game's name")
    args: List[str] = []
    if position is not None:
        args.append(str(position))
    if dice is not None:
        args.append(dice if isinstance(dice, str) else "-".join(str(int(d)) for d in dice))
    rc, out, err = _notate.legal_moves(gname, args, _notate.MOVES_JSON)
    if rc == -2:
        raise OptionError(f"{gname} has no move generator")
    if rc != 0:
        raise OptionError(err.decode("utf-8", "replace").strip() or "bad position")
    return _loads(out.decode("utf-8"))


def _code(t: tuple, game: Optional[str]) -> Code:
    code, sev, summary, explain_text, strict_error = t
    return Code(code, _SEVERITY.get(sev, str(sev)), summary, explain_text,
                bool(strict_error), game)


def _game(name: str) -> Game:
    for g in games():
        if g.name == name:
            return g
    raise UnknownGameError(f"unknown game '{name}'")


def games() -> List[Game]:
    """The games notate knows, in a stable order."""
    return [Game(name, title, tuple(exts), tuple(shared), tuple(forms),
                 tuple(_code(c, name) for c in codes))
            for name, title, exts, shared, forms, codes in _notate.games()]


def explain(code: str) -> Code:
    """The rule behind a diagnostic code.  Raises :class:`OptionError` (a
    :class:`ValueError`) for a code no game has."""
    if not isinstance(code, str):
        raise TypeError("code is a str")
    t = _notate.explain(code)
    if t is None:
        raise OptionError(f"unknown code '{code}'")
    owner = next((g.name for g in games() if any(c.code == code for c in g.codes)), None)
    return _code(t, owner)
