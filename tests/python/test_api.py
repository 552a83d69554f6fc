"""notate's Python API against the notate command on the same files: every
function, every game, bad input, errors that raise, memory and threads."""
import io
import json
import os
import shutil
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import notate
from conftest import BAD_INPUT, EXAMPLES, ROOT, cli, corpus

GAMES = [g.name for g in notate.games()]


def lines_of(result):
    return [str(d) for d in result.diagnostics]


def cli_lines(*args):
    status, out, _ = cli("check", *args)
    return status, [l for l in out.splitlines() if l]


def test_version_is_the_librarys():
    header = (ROOT / "include" / "notate" / "notate.h").read_text()
    assert f'#define NOTATE_VERSION "{notate.__version__}"' in header
    status, out, _ = cli("--version")
    assert out.strip() == f"notate {notate.__version__}"
    from importlib.metadata import version
    assert version("notate") == notate.__version__


def test_games_as_the_command_lists_them():
    _, out, _ = cli("games")
    for g in notate.games():
        assert f"{g.name}: {g.title}" in out
        assert " ".join(g.extensions) in out
        assert " ".join(g.forms) in out
        assert g.codes
    assert set(GAMES) == {"backgammon", "bao", "umlabalaba"}


def test_explain_every_code():
    for g in notate.games():
        for c in g.codes:
            e = notate.explain(c.code)
            assert e == c
            assert e.game == g.name
    _, out, _ = cli("explain", "CAPTURE_REQUIRED")
    e = notate.explain("CAPTURE_REQUIRED")
    assert out.startswith(f"{e.code} ({e.severity}): {e.summary}")
    with pytest.raises(notate.OptionError):
        notate.explain("no-such-code")


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_check_agrees_with_the_command(path):
    rel = path.relative_to(ROOT)
    r = notate.check(rel)
    status, lines = cli_lines(rel)
    assert lines_of(r) == lines
    assert r.legal == (status == 0)
    _, out, _ = cli("check", "-v", rel)
    assert f"{r.game}: {'legal' if r.legal else 'illegal'}, " in out
    assert f", {r.summary.moves} move" in out
    for d in r.diagnostics:
        assert d.file == str(rel) and d.line >= 1 and d.column >= 1
        assert (d.end_line, d.end_column) >= (d.line, d.column)
        assert d.severity in ("error", "warning", "style")
        assert d.game >= 0 and d.move >= 0 and d.code and d.message


@pytest.mark.parametrize("game,folder", [
    ("backgammon", "illegal"), ("backgammon", "strict"), ("backgammon", "sgf"),
    ("backgammon", "xg"), ("backgammon", "real"), ("bao", "illegal"), ("bao", "legal"),
    ("umlabalaba", "illegal"), ("umlabalaba", "legal"), ("umlabalaba", "pgn")])
def test_the_corpora_agree_with_the_command(game, folder):
    for path in corpus(game, folder, limit=25):
        for strict in (False, True):
            try:
                r = notate.check(path, strict=strict)
            except notate.UnknownGameError:
                status, _, err = cli("check", *(["--strict"] if strict else []), path)
                assert status == 2 and err, path
                continue
            status, lines = cli_lines(*(["--strict"] if strict else []), path)
            assert lines_of(r) == lines, path
            assert r.legal == (status == 0), path


def test_sources_of_every_kind_agree():
    path = ROOT / "examples" / "bao" / "illegal-capture-required.bao"
    data = path.read_bytes()
    by_path = lines_of(notate.check(path))
    by_str = lines_of(notate.check(str(path)))
    by_bytes = lines_of(notate.check(data, name=str(path)))
    by_array = lines_of(notate.check(bytearray(data), name=str(path)))
    by_view = lines_of(notate.check(memoryview(data), name=str(path)))
    with open(path, "rb") as f:
        by_file = lines_of(notate.check(f))
    by_bytesio = lines_of(notate.check(io.BytesIO(data), game="bao", name=str(path)))
    text = data.decode()
    by_text = lines_of(notate.check(text.encode(), game="bao", name=str(path)))
    assert by_path == by_str == by_bytes == by_array == by_view == by_file == by_bytesio \
        == by_text
    assert by_path and "CAPTURE_REQUIRED" in by_path[0]
    # Without a name, bytes are found by their content.
    assert notate.check(data).game == "bao"
    assert notate.check(data).diagnostics[0].file == "<bytes>"


def test_options_reach_the_library(tmp_path):
    mat = corpus("backgammon", "strict", limit=1)[0]
    plain, strict = notate.check(mat), notate.check(mat, strict=True)
    assert lines_of(plain) != lines_of(strict)
    status, lines = cli_lines("--strict", mat)
    assert lines_of(strict) == lines
    lint = notate.check(ROOT / "examples" / "bao" / "opening.bao", lint=True)
    status, out, _ = cli("lint", "examples/bao/opening.bao")
    assert [str(d).replace(str(ROOT) + "/", "") for d in lint.diagnostics] == \
        [l for l in out.splitlines() if l]
    ill = ROOT / "examples" / "bao" / "illegal-capture-required.bao"
    ignored = notate.check(ill, ignore="CAPTURE_*")
    assert ignored.diagnostics == [] and ignored.summary.ignored == 1
    assert notate.check(ill, select=["NOTHING"]).summary.ignored == 1
    short = (ROOT / "examples" / "bao" / "opening.bao").read_bytes()
    assert notate.check(short, game="bao", lenient=True).legal
    for rel in ("examples/bao/opening.bao", "examples/bao/self-play-95.bao"):
        for rule in ("takasia=off", "mtaji_nyumba=choice"):
            r = notate.check(rel, rules={rule.split("=")[0]: rule.split("=")[1]})
            assert r == notate.check(rel, rules=[rule])
            status, lines = cli_lines("--rule", rule, rel)
            assert lines_of(r) == lines


def test_errors_that_are_not_findings_raise(tmp_path):
    with pytest.raises(notate.ReadError) as e:
        notate.check(tmp_path / "missing.mat")
    assert isinstance(e.value, OSError) and e.value.filename.endswith("missing.mat")
    with pytest.raises(notate.ReadError):
        notate.check(tmp_path)                      # a folder
    with pytest.raises(notate.UnknownGameError):
        notate.check(b"just some words\n")
    with pytest.raises(notate.ReadError):
        notate.check("this is not a path")      # a str is a path, as open() has it
    with pytest.raises(notate.UnknownGameError):
        notate.check(b"x", game="chess")
    chess = tmp_path / "game.pgn"
    chess.write_bytes(b'[Event "x"]\n[White "a"]\n[Black "b"]\n\n1. e4 e5 2. Nf3 *\n')
    with pytest.raises(notate.UnknownGameError, match="not a umlabalaba record"):
        notate.check(chess)
    with pytest.raises(notate.OptionError):
        notate.check(ROOT / "examples" / "bao" / "opening.bao", rules={"takasia": "maybe"})
    with pytest.raises(notate.OptionError, match="no rule choices"):
        notate.check(ROOT / "examples" / "umlabalaba" / "centre-point.umla",
                     rules={"board": "24"})
    with pytest.raises(notate.OptionError):
        notate.check(b"x", game="bao", rules=["no-equals-sign"])
    with pytest.raises(notate.OptionError):
        notate.convert(ROOT / "examples" / "bao" / "opening.bao", to="sheet")
    with pytest.raises(notate.NoSuchMoveError):
        notate.show(ROOT / "examples" / "bao" / "opening.bao", move=9999)
    with pytest.raises(notate.OptionError):
        notate.show(ROOT / "examples" / "backgammon" / "club-night.bg", ply=2)
    with open(ROOT / "examples" / "bao" / "opening.bao") as text_file:
        with pytest.raises(notate.OptionError):
            notate.check(text_file)
    with pytest.raises(TypeError):
        notate.check(12)

    class Broken(io.RawIOBase):
        def read(self, n=-1):
            raise RuntimeError("the disk went away")
    with pytest.raises(RuntimeError, match="the disk went away"):
        notate.check(Broken(), game="bao")
    with pytest.raises(notate.NotConvertibleError) as e:
        notate.convert(ROOT / "examples" / "bao" / "illegal-capture-required.bao", to="json")
    assert e.value.result.diagnostics[0].code == "CAPTURE_REQUIRED"
    with pytest.raises(notate.OptionError):
        notate.legal_moves("backgammon", "not-a-position", "3-1")
    with pytest.raises(notate.OptionError):
        notate.legal_moves("umlabalaba", "x")
    assert issubclass(notate.ReadError, notate.Error)
    assert issubclass(notate.OptionError, ValueError)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_convert_and_format_agree_with_the_command(path):
    rel = path.relative_to(ROOT)
    game = notate.check(rel).game
    forms = next(g.forms for g in notate.games() if g.name == game)
    for form in forms:
        status, out, _ = cli("convert", "--to", form, rel)
        if status == 0:
            assert notate.convert(rel, to=form) == out, form
        else:
            with pytest.raises(notate.Error):
                notate.convert(rel, to=form)
    status, out, _ = cli("fmt", rel)
    if status == 0:
        assert notate.format(rel) == out
    else:
        with pytest.raises(notate.Error):
            notate.format(rel)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_show_agrees_with_the_command(path):
    rel = path.relative_to(ROOT)
    status, out, _ = cli("show", "-f", "json", rel)
    assert status in (0, 1)
    assert notate.show(rel) == json.loads(out)
    status, out, _ = cli("show", "-f", "json", "--game-no", "1", "--move", "1", rel)
    if status == 0:
        assert notate.show(rel, move=1, game_no=1) == json.loads(out)


@pytest.mark.parametrize("path", [p for p in EXAMPLES if "illegal" not in p.name],
                         ids=lambda p: p.name)
def test_read_agrees_with_convert_to_json(path):
    rel = path.relative_to(ROOT)
    status, out, _ = cli("convert", "--to", "json", rel)
    assert status == 0
    records = [json.loads(l) for l in out.splitlines() if l and '"moves"' in l]
    games = list(notate.read(rel))
    assert len(games) == len(records) == notate.check(rel).summary.games
    for g, rec in zip(games, records):
        assert g.number == rec["game"] and g.file == str(rel)
        assert [(m.index, m.side, m.text, m.line, m.column) for m in g.moves] == \
            [(m["index"], m["side"], m["move"], m["line"], m["column"]) for m in rec["moves"]]
        assert g.figures == rec["figures"]
        assert g.result == rec["figures"]["result"] or g.result is not None
    # Positions, lazily: the last move's is the game's final position.
    for g in games:
        if not g.moves:
            continue
        last = g.moves[-1]
        assert last._position is None
        status, out, _ = cli("show", "-f", "json", "--game-no", g.number, rel)
        assert last.position == json.loads(out)
        if "last" in last.position:
            assert last.position["last"].endswith(last.text.split(": ")[-1]) or \
                last.text.startswith(last.position["last"].split(":")[0])


def test_read_gives_headers_players_and_results():
    bao = next(notate.read(ROOT / "examples" / "bao" / "opening.bao"))
    assert bao.headers["South"] == "Player A" and bao.headers["North"] == "Player B"
    assert ("Rules", "bao-kiswahili-1") in bao.tags
    assert bao.players == ("Player A", "Player B")
    assert bao.moves[1].position["last"] == bao.moves[1].text
    mat = list(notate.read(ROOT / "examples" / "backgammon" / "gnubg-11-point.mat"))
    _, out, _ = cli("stats", "-f", "json", "examples/backgammon/gnubg-11-point.mat")
    assert len(mat) == 6
    for g in mat:
        assert g.players == ("Mochi", "Takumi") or set(g.players) == {"Mochi", "Takumi"}
        assert g.winner in (1, 2) and g.result
        assert g.facts["match_length"] == 11
        assert g.moves[2].position["last"] == g.moves[2].text
    um = next(notate.read(ROOT / "examples" / "umlabalaba" / "centre-point.umla"))
    assert um.headers["Variant"] == "umlabalaba"
    assert um.moves[0].position["after_move"] == 1
    with open(ROOT / "examples" / "bao" / "opening.bao", "rb") as f:
        from_file = next(notate.read(f))
    assert from_file.moves[3].position == bao.moves[3].position


def test_legal_moves_agree_with_the_command():
    _, out, _ = cli("moves", "--game", "backgammon", "-f", "json", "4HPwATDgc/ABMA", "3-1")
    assert notate.legal_moves("backgammon", "4HPwATDgc/ABMA", "3-1") == json.loads(out)
    assert notate.legal_moves("backgammon", "4HPwATDgc/ABMA", (3, 1)) == json.loads(out)
    _, out, _ = cli("moves", "--game", "bao", "-f", "json")
    assert notate.legal_moves("bao") == json.loads(out)
    pos = notate.show(ROOT / "examples" / "bao" / "opening.bao")["baopos"]
    _, out, _ = cli("moves", "--game", "bao", "-f", "json", pos)
    assert notate.legal_moves("bao", pos) == json.loads(out)


@pytest.mark.parametrize("bad", BAD_INPUT, ids=lambda p: p.name)
@pytest.mark.parametrize("game", GAMES)
def test_bad_input_agrees_with_the_command(bad, game):
    rel = bad.relative_to(ROOT)
    status, lines = cli_lines("--game", game, rel)
    data = bad.read_bytes()
    r = notate.check(data, game=game, name=str(rel))
    assert [str(d) for d in r.diagnostics] == lines
    assert r.legal == (status == 0)


def test_truncated_non_utf8_and_nul_records(tmp_path):
    for path in EXAMPLES:
        if "illegal" in path.name:
            continue
        data = path.read_bytes()
        game = notate.check(path).game
        cases = {"truncated": data[: len(data) * 2 // 3],
                 "not-utf8": data[: len(data) // 2] + b"\xff\xfe\xc3" + data[len(data) // 2:],
                 "nul": data[: len(data) // 2] + b"\0" + data[len(data) // 2:]}
        for what, bytes_ in cases.items():
            f = tmp_path / f"{what}{path.suffix}"
            f.write_bytes(bytes_)
            r = notate.check(bytes_, game=game, name=str(f))
            status, lines = cli_lines("--game", game, f)
            assert [str(d) for d in r.diagnostics] == lines, (path, what)
            assert r.legal == (status == 0)


def test_python_dash_m_notate_is_the_command():
    import subprocess
    import sys
    for path in EXAMPLES:
        rel = str(path.relative_to(ROOT))
        for args in (["check", rel], ["check", "-v", rel], ["lint", rel],
                     ["convert", "--to", "json", rel]):
            py = subprocess.run([sys.executable, "-m", "notate", *args], cwd=ROOT,
                                capture_output=True, env=dict(os.environ))
            status, out, err = cli(*args)
            assert py.returncode == status, args
            assert py.stdout.decode() == out, args
            assert py.stderr.decode() == err, args


def rss_kb():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS")


def test_ten_thousand_checks_do_not_grow_memory(tmp_path):
    files = [p for p in EXAMPLES]
    datas = [(p.read_bytes(), str(p)) for p in files]
    def round_(n):
        for i in range(n):
            data, name = datas[i % len(datas)]
            if i % 2:
                r = notate.check(data, name=name)
            else:
                r = notate.check(files[i % len(files)])
            assert r.summary.games >= 1
    round_(1000)
    before = rss_kb()
    round_(10000)
    grown = rss_kb() - before
    assert grown < 2048, f"RSS grew {grown} kB over 10,000 checks"


def test_four_threads_agree_with_one():
    paths = EXAMPLES + corpus("backgammon", "real") + corpus("bao", "legal", 20) + \
        corpus("umlabalaba", "illegal", 20)
    def one(p):
        r = notate.check(p)
        return lines_of(r), r.summary
    alone = [one(p) for p in paths]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(one, paths * 3))
    assert together == alone * 3


def test_the_gil_is_released_while_the_library_runs(tmp_path):
    # The check blocks in C, opening a FIFO that this thread fills: were the
    # GIL held there, this thread could never write and the join would time out.
    fifo = tmp_path / "record.bao"
    os.mkfifo(fifo)
    data = (ROOT / "examples" / "bao" / "illegal-capture-required.bao").read_bytes()
    got = {}
    t = threading.Thread(target=lambda: got.setdefault("r", notate.check(fifo)))
    t.start()
    with open(fifo, "wb") as w:
        w.write(data)
    t.join(timeout=30)
    assert not t.is_alive(), "the check held the GIL"
    assert got["r"].diagnostics[0].code == "CAPTURE_REQUIRED"


def test_pip_installs_into_a_virtual_environment(tmp_path):
    # As doc/python.md says: a venv that sees Debian's setuptools, pip
    # asked for nothing from an index.
    import subprocess
    import sys
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)],
                   check=True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    p = subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "--no-build-isolation",
                        "--no-index", str(ROOT / "python")], capture_output=True, text=True,
                       env=env)
    assert p.returncode == 0, p.stderr
    p = subprocess.run([str(venv / "bin" / "python"), "-c",
                        "import notate, sys; r = notate.check(sys.argv[1]); "
                        "print(notate.__version__, r.legal, notate.__file__)",
                        str(ROOT / "examples" / "bao" / "opening.bao")],
                       capture_output=True, text=True, env=env, cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    version, legal, where = p.stdout.split()
    assert version == notate.__version__ and legal == "True"
    assert where.startswith(str(venv))
