"""Random small views and an exact brute force over them, for the hint, wrong-flag, probability
and kind-board tests.

A view is rows of '#' (covered), 'F' (a player's flag, covered underneath), '*' (a known mine),
'0'-'8' (an open number).
"""

import engine_util  # noqa: F401  (puts lib/ on sys.path)
from engine_util import neighbours


def random_view(rnd, max_w=6, max_h=5, flags=True):
    """(w, h, rows, total, mines): a view made from a real layout ``mines`` (a set of cells)."""
    w = rnd.randint(2, max_w)
    h = rnd.randint(2, max_h)
    cells = [(x, y) for y in range(h) for x in range(w)]
    mines = set(rnd.sample(cells, rnd.randint(1, max(1, len(cells) // 3))))
    p = rnd.random()
    pf = rnd.random() * 0.3 if flags else 0.0
    rows = []
    for y in range(h):
        row = ""
        for x in range(w):
            if (x, y) in mines:
                r = rnd.random()
                row += "*" if r < 0.05 else "F" if r < 0.05 + pf else "#"
            elif rnd.random() < p:
                row += str(sum(1 for c in neighbours(w, h, x, y) if c in mines))
            else:
                row += "F" if rnd.random() < pf / 2 else "#"
        rows.append(row)
    return w, h, rows, len(mines), mines


def numbers_of(rows):
    return [(x, y) for y in range(len(rows)) for x in range(len(rows[0])) if rows[y][x].isdigit()]


def forced(w, h, rows, total=None, only=None):
    """(safe, mine, count) for the covered cells ('#' and 'F'), from the numbers in ``only``
    (default: every number) and, unless None, the total: the cells safe / mines in every layout
    consistent with them, and how many layouts there are (0: inconsistent). Cells that touch no
    listed number are decided only through the total."""
    nums = numbers_of(rows) if only is None else list(only)
    covered = [(x, y) for y in range(h) for x in range(w) if rows[y][x] in "#F"]
    known = sum(r.count("*") for r in rows)
    cons = []
    front = []
    for (x, y) in nums:
        around = list(neighbours(w, h, x, y))
        need = int(rows[y][x]) - sum(1 for c in around if rows[c[1]][c[0]] == "*")
        cells = [c for c in around if rows[c[1]][c[0]] in "#F"]
        cons.append((need, cells))
        for c in cells:
            if c not in front:
                front.append(c)
    inner = [c for c in covered if c not in front]
    mine_in_all = {c: True for c in covered}
    safe_in_all = {c: True for c in covered}
    layouts = [0]
    value = {}

    def ok_partial():
        for need, cells in cons:
            m = sum(1 for c in cells if value.get(c) == 1)
            u = sum(1 for c in cells if c not in value)
            if m > need or m + u < need:
                return False
        return True

    def leaf():
        k = sum(value.values())
        if total is not None:
            rest = total - known - k
            if rest < 0 or rest > len(inner):
                return
            if inner:
                for c in inner:
                    if rest > 0:
                        safe_in_all[c] = False
                    if rest < len(inner):
                        mine_in_all[c] = False
        else:
            for c in inner:
                safe_in_all[c] = False
                mine_in_all[c] = False
        layouts[0] += 1
        for c in front:
            if value[c]:
                safe_in_all[c] = False
            else:
                mine_in_all[c] = False

    def go(i):
        if i == len(front):
            leaf()
            return
        for v in (0, 1):
            value[front[i]] = v
            if ok_partial():
                go(i + 1)
            del value[front[i]]

    if ok_partial():
        go(0)
    if not layouts[0]:
        return None
    safe = sorted(c for c in covered if safe_in_all[c])
    mine = sorted(c for c in covered if mine_in_all[c])
    return safe, mine, layouts[0]


def overfilled_numbers(w, h, rows):
    """The numbers with more flags and known mines around them than their value."""
    out = set()
    for (x, y) in numbers_of(rows):
        around = list(neighbours(w, h, x, y))
        if sum(1 for c in around if rows[c[1]][c[0]] in "F*") > int(rows[y][x]):
            out.add((x, y))
    return out


def overfill(rnd, w, h, rows, mines):
    """``rows`` with flags added beside some numbers until each has more flags and known mines
    around it than its value (on covered cells, mines or not): views where a number is
    overfilled by right flags and wrong ones alike."""
    rows = [list(r) for r in rows]
    numbers = numbers_of(["".join(r) for r in rows])
    rnd.shuffle(numbers)
    for (x, y) in numbers[:rnd.randint(1, 2)]:
        around = [c for c in neighbours(w, h, x, y) if rows[c[1]][c[0]] == "#"]
        rnd.shuffle(around)
        marked = sum(1 for c in neighbours(w, h, x, y) if rows[c[1]][c[0]] in "F*")
        for c in around:
            if marked > int(rows[y][x]):
                break
            rows[c[1]][c[0]] = "F"
            marked += 1
    return ["".join(r) for r in rows]
