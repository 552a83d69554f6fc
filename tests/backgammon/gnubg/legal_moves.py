# Lists GNU Backgammon's legal moves for positions, for the engine tests
# (tests/backgammon/test_movegen_gnubg.c).  Run by gnubg itself:
#     NT_GNUBG_IN=in.txt NT_GNUBG_OUT=out.txt gnubg -t -q -p legal_moves.py
# Each input line is "POSITIONID D1 D2" (the player on roll moves).  Each
# output line is "POSITIONID D1 D2", a tab, the number of moves, then for
# each move a tab, the Position ID after it (the mover still second, as
# before the move), a space and gnubg's text of the move.  The position
# after a move is computed here from gnubg's own parse of its text, so the
# result is gnubg's, not the engine's.
import os

import gnubg

gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("set evaluation chequerplay evaluation plies 0")
gnubg.command("set evaluation chequerplay evaluation prune off")
gnubg.command("new game")


def after(board, text):
    opp, me = [list(b) for b in board]
    for src, dst in gnubg.parsemove(text):
        me[24 if src == 25 else src - 1] -= 1
        if dst <= 0:
            continue
        me[dst - 1] += 1
        if opp[24 - dst] == 1:
            opp[24 - dst] = 0
            opp[24] += 1
    return gnubg.positionid((tuple(opp), tuple(me)))


with open(os.environ["NT_GNUBG_IN"]) as fin, \
        open(os.environ["NT_GNUBG_OUT"], "w") as fout:
    for line in fin:
        pid, d1, d2 = line.split()
        gnubg.command("set board " + pid)
        gnubg.command("set dice %s %s" % (d1, d2))
        board = gnubg.positionfromid(pid)
        try:
            moves = [m["move"] for m in gnubg.hint(100000)["hint"]]
        except Exception:
            moves = []  # no legal move: gnubg has no hint to give
        fout.write("%s %s %s\t%d" % (pid, d1, d2, len(moves)))
        for m in moves:
            fout.write("\t%s %s" % (after(board, m), m))
        fout.write("\n")
