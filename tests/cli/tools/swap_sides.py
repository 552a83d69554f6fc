#!/usr/bin/python3
# A .mat match file as the other player exports it: players 1 and 2
# exchanged in the header tags and the score lines, and every cell moved
# to the other column, rows renumbered as the writer's columns then fall
# (the first row opens with an empty left cell).  The moves, dice and
# results stay as they were.  Used by tests/cli/test_diff_find.c (dedup).
# Usage: swap_sides.py IN.mat > OUT.mat
import re
import sys

ACTIONS = ('Wins', 'Loses', 'Losses', 'Doubles', 'Takes', 'Drops', 'Beavers',
           'Raccoons')
RIGHT = 33          # the column where a row's right cell begins


def cell(text, col):
    # The left column writes cube actions and results after one blank.
    text = text.strip()
    return ' ' + text if col == 0 and text.startswith(ACTIONS) else text


def row(n, left, right):
    line = '%3d) %s' % (n, left or '')
    return line.rstrip() if right is None else line.ljust(RIGHT) + right


def game_rows(events, out):
    n, cur = 1, [None, None]
    for col, text in events:
        col = 1 - col
        # A result stands on a line of its own unless it completes a row.
        if text.startswith('Wins') and not (col == 1 and cur[0] is not None):
            if cur != [None, None]:
                out.append(row(n, cur[0], cur[1]))
                n, cur = n + 1, [None, None]
            out.append(' ' * 5 + cell(text, 0) if col == 0
                       else ' ' * RIGHT + text)
            continue
        if col == 0:
            if cur != [None, None]:
                out.append(row(n, cur[0], cur[1]))
                n += 1
            cur = [cell(text, 0), None]
        else:
            out.append(row(n, cur[0] if cur[0] is not None else '',
                           cell(text, 1)))
            n, cur = n + 1, [None, None]
    if cur != [None, None]:
        out.append(row(n, cur[0], cur[1]))


def main():
    out, events, in_game = [], None, False
    for line in open(sys.argv[1]).read().split('\n'):
        # A result after the game's blank line: moved to the other column.
        if events is None and in_game and line.strip().startswith('Wins'):
            lead = len(line) - len(line.lstrip())
            out.append(' ' * RIGHT + line.strip() if lead < RIGHT - 10
                       else ' ' * 5 + cell(line, 0))
            continue
        m = re.match(r'; \[Player ([12])', line)
        if m:
            other = 'Player %d' % (3 - int(m.group(1)))
            out.append(line.replace('Player ' + m.group(1), other, 1))
            continue
        m = re.match(r'^ (\S.*?) : (\d+)\s+(\S.*?) : (\d+)\s*$', line)
        if m and events == []:
            left = ' %s : %s' % (m.group(3), m.group(4))
            out.append(left.ljust(RIGHT) + '%s : %s' % (m.group(1), m.group(2)))
            continue
        if re.match(r'^ Game \d+', line):
            if events is not None:
                game_rows(events, out)
            out.append(line)
            events, in_game = [], True
            continue
        if events is not None:
            if re.match(r'^\s*\d+\) ', line):
                for col, text in ((0, line[5:RIGHT]), (1, line[RIGHT:])):
                    if text.strip():
                        events.append((col, text.strip()))
                continue
            if line.strip().startswith('Wins'):
                lead = len(line) - len(line.lstrip())
                events.append((0 if lead < RIGHT - 10 else 1, line.strip()))
                continue
            if line.strip() == '':
                game_rows(events, out)
                events = None
        out.append(line)
    if events is not None:
        game_rows(events, out)
    sys.stdout.write('\n'.join(out))


main()
