#!/usr/bin/env python3
"""Checks counters of an ITO_STATS=json file against bounds.

Usage: stats_bounds.py FILE BOUND...
where each BOUND is WHO.COUNTER<=N or WHO.COUNTER>=N, WHO being a rank
number or `total`. Prints each counter it checks; exits 1 if a bound fails.
"""
import json
import re
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        stats = json.load(f)
    failed = False
    for bound in sys.argv[2:]:
        m = re.fullmatch(r"(\w+)\.(\w+)(<=|>=)(\d+)", bound)
        if not m:
            sys.exit("bad bound: " + bound)
        who, counter, op, limit = m.group(1), m.group(2), m.group(3), int(m.group(4))
        table = stats["total"] if who == "total" else stats["per_rank"][int(who)]
        value = table[counter]
        ok = value <= limit if op == "<=" else value >= limit
        print("%s.%s = %d (%s %d) %s" % (who, counter, value, op, limit,
                                         "ok" if ok else "FAILED"))
        failed |= not ok
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
