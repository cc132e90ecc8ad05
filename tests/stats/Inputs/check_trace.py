"""Checks a trace that ITO_TRACE writes: it parses as JSON in the Chrome
trace-event format, its slices are well formed and do not overlap on a
track, and every steal's flow arrow goes from one process to another.
Prints what is wrong and exits 1, or prints "trace ok" and the counts."""
import argparse
import bisect
import collections
import json
import sys


def main():
    p = argparse.ArgumentParser()
    p.add_argument("file")
    p.add_argument("--ranks", type=int, required=True)
    p.add_argument("--need", action="append", default=[],
                   help="a slice name that must occur (run, idle, steal, ...)")
    a = p.parse_args()
    with open(a.file) as f:
        trace = json.load(f)
    wrong = []
    events = trace["traceEvents"]
    names = {e["args"]["name"] for e in events
             if e["ph"] == "M" and e["name"] == "process_name"}
    if names != {f"rank {r}" for r in range(a.ranks)}:
        wrong.append(f"process names {sorted(names)}")
    slices = collections.defaultdict(list)
    counts = collections.Counter()
    flows = collections.defaultdict(dict)
    for e in events:
        if e["ph"] == "X":
            if not (0 <= e["pid"] < a.ranks and e["dur"] >= 0 and e["ts"] >= 0):
                wrong.append(f"bad slice {e}")
            slices[e["pid"]].append((e["ts"], e["ts"] + e["dur"], e["name"]))
            counts[e["name"]] += 1
        elif e["ph"] in ("s", "f"):
            flows[e["id"]][e["ph"]] = e
    # A full buffer drops the slices that end later, such as the idle time
    # around a steal recorded before it: nesting holds only in whole traces.
    whole = trace["otherData"]["dropped_events"] == 0
    for pid, ss in slices.items() if whole else []:
        # run and idle alternate; a steal, a wait or a release lies within
        # one of them.
        top = sorted(s for s in ss if s[2] in ("run", "idle"))
        for x, y in zip(top, top[1:]):
            if y[0] < x[1] - 0.01:
                wrong.append(f"rank {pid}: {x} overlaps {y}")
        starts = [t[0] for t in top]
        start = min((t[0] for t in top), default=0)
        end = max((t[1] for t in top), default=0)
        for inner in (s for s in ss if s[2] not in ("run", "idle")):
            if inner[2] in ("release", "acquire") and (
                    inner[0] >= end - 0.01 or inner[1] <= start + 0.01):
                continue  # the fences where a region begins and ends
            i = bisect.bisect_right(starts, inner[0] + 0.01) - 1
            if i < 0 or inner[1] > top[i][1] + 0.01:
                wrong.append(f"rank {pid}: {inner} is not within a run or idle slice")
    for fid, ends in flows.items():
        if set(ends) != {"s", "f"}:
            wrong.append(f"flow {fid} has only {set(ends)}")
        elif ends["s"]["pid"] == ends["f"]["pid"] or not all(
                0 <= ends[k]["pid"] < a.ranks for k in "sf"):
            wrong.append(f"flow {fid} goes from {ends['s']['pid']} to {ends['f']['pid']}")
    if len(flows) != counts["steal"]:
        wrong.append(f"{len(flows)} flows for {counts['steal']} steals")
    for name in a.need:
        if not counts[name]:
            wrong.append(f"no {name} slice")
    for w in wrong[:20]:
        print("trace wrong:", w)
    if not wrong:
        print("trace ok")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
