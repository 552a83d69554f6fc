# GNU Backgammon's side of the record peer tests
# (tests/backgammon/test_records_gnubg.c).  Run by gnubg itself:
#     NT_MODE=selfplay NT_SEED=N NT_PLAN=7,5,m3 NT_OUT=DIR gnubg -t -q -r -p records_peer.py
#     NT_MODE=import NT_LIST=FILE gnubg -t -q -r -p records_peer.py
# selfplay: gnubg plays every item of the plan with itself (a number is a
# match of that length, mK a money session of K games), exports each as
# DIR/selfplay-N-I.mat and writes what it recorded as DIR/selfplay-N-I.txt.
# import: imports each .mat file named in FILE and writes what it read as
# FILE.txt next to it.  The record is written one action per line in the
# form the C test writes notate's replay in:
#     GAME <left score> <right score>
#     <X|O> move <dice> <from>/<to> ...   (steps sorted, highest first)
#     <X|O> roll <dice>                   (dice set, nothing played)
#     <X|O> double | take | drop
#     RESULT <X|O|-> <points> <resigned 0|1>
# X is the left player (named first on the score lines), O the right one.
import os

import gnubg


def dice(d):
    return "%d%d" % (max(d), min(d))


def dump(out):
    m = gnubg.match(0, 0, 0, 0)
    for g in m["games"]:
        info = g["info"]
        out.write("GAME %d %d\n" % (info["score-X"], info["score-O"]))
        for a in g["game"]:
            kind = a["action"]
            if kind == "move":
                steps = sorted(a["move"], key=lambda s: (-s[0], -s[1]))
                out.write("%s move %s%s\n" % (a["player"], dice(a["dice"]),
                          "".join(" %d/%d" % s for s in steps)))
            elif kind == "set" and "dice" in a:
                out.write("%s roll %s\n" % (a["player"], dice(a["dice"])))
            elif kind in ("double", "take", "drop"):
                out.write("%s %s\n" % (a["player"], kind))
            elif kind == "resign":
                continue
            else:
                out.write("%s %s\n" % (a.get("player", "?"), kind))
        winner = info.get("winner") or "-"
        out.write("RESULT %s %d %d\n" % (winner, info.get("points-won") or 0,
                  1 if info.get("resigned") else 0))


def selfplay():
    seed = int(os.environ["NT_SEED"])
    outdir = os.environ["NT_OUT"]
    gnubg.command("set display off")
    gnubg.command("set rng mersenne")
    gnubg.command("set seed %d" % seed)
    for p in (0, 1):
        gnubg.command("set player %d gnubg" % p)
        gnubg.command("set player %d chequerplay evaluation plies 0" % p)
        gnubg.command("set player %d cubedecision evaluation plies 0" % p)
    for i, item in enumerate(os.environ["NT_PLAN"].split(",")):
        if item.startswith("m"):
            gnubg.command("set automatic game off")
            gnubg.command("new session")
            for _ in range(int(item[1:]) - 1):
                gnubg.command("new game")
        else:
            gnubg.command("set automatic game on")
            gnubg.command("new match %d" % int(item))
        base = os.path.join(outdir, "selfplay-%d-%d" % (seed, i))
        gnubg.command("export match mat %s.mat" % base)
        with open(base + ".txt", "w") as out:
            dump(out)


def imports():
    with open(os.environ["NT_LIST"]) as names:
        for name in names:
            name = name.strip()
            gnubg.command("import mat " + name)
            with open(name + ".txt", "w") as out:
                dump(out)


if os.environ.get("NT_MODE") == "import":
    imports()
else:
    selfplay()
