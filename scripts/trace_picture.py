#!/usr/bin/python3
"""trace_picture.py TRACE.json OUT.png [--from MS] [--to MS]

Draws a trace that `ito-run --trace` wrote as a picture, laid out as
Perfetto shows it: a track per process, the scheduler's slices (run, idle,
steal) on its first row and what happens inside them (waits, faults,
releases, acquires, fetches) on the second, an arrow from victim to thief
for each steal, and each process's `cache bytes` counter below. For
documents and reports where a browser is not at hand; Perfetto remains the
way to explore a trace. Needs matplotlib (Debian's python3-matplotlib).
"""
import argparse
import json

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

COLORS = {
    "run": "#4c9a2a", "idle": "#c8c8c8", "steal": "#d9822b",
    "wait": "#c23b22", "fault": "#8e44ad", "release": "#2e86c1",
    "acquire": "#5dade2", "range fetch": "#f1c40f", "checkout miss": "#e67e22",
}
SCHEDULER = {"run", "idle", "steal"}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[2])
    ap.add_argument("trace")
    ap.add_argument("output")
    ap.add_argument("--from", dest="start", type=float, default=None,
                    help="start of the window, ms")
    ap.add_argument("--to", dest="end", type=float, default=None,
                    help="end of the window, ms")
    args = ap.parse_args()
    events = json.load(open(args.trace))["traceEvents"]
    names = {e["pid"]: e["args"]["name"] for e in events if e.get("ph") == "M"}
    pids = sorted(names)
    lo = min(e["ts"] for e in events if "ts" in e)
    t0 = lo + (args.start or 0) * 1000
    t1 = lo + args.end * 1000 if args.end is not None else max(
        e["ts"] + e.get("dur", 0) for e in events if "ts" in e)

    def ms(ts):
        return (ts - t0) / 1000.0

    fig, (ax, cx) = plt.subplots(2, 1, figsize=(11, 1.3 * len(pids) + 2.2),
                                 sharex=True,
                                 gridspec_kw={"height_ratios": [len(pids), 1.2]})
    row = {}
    for i, pid in enumerate(pids):
        row[pid] = (len(pids) - 1 - i) * 2.5
    seen = set()
    for e in events:
        if e.get("ph") != "X" or e["ts"] + e["dur"] < t0 or e["ts"] > t1:
            continue
        y = row[e["pid"]] + (1.1 if e["name"] in SCHEDULER else 0.0)
        label = e["name"] if e["name"] not in seen else None
        seen.add(e["name"])
        ax.broken_barh([(ms(e["ts"]), max(e["dur"] / 1000.0, 0.002))],
                       (y, 1.0), facecolors=COLORS.get(e["name"], "#7f8c8d"),
                       label=label)
    starts = {e["id"]: e for e in events if e.get("ph") == "s"}
    for e in events:
        if e.get("ph") != "f" or e["id"] not in starts:
            continue
        s = starts[e["id"]]
        if s["ts"] < t0 or e["ts"] > t1:
            continue
        ax.annotate("", xy=(ms(e["ts"]), row[e["pid"]] + 1.6),
                    xytext=(ms(s["ts"]), row[s["pid"]] + 1.6),
                    arrowprops=dict(arrowstyle="->", color="black", lw=0.6))
    ax.set_yticks([row[p] + 1.05 for p in pids], [names[p] for p in pids])
    ax.set_ylim(-0.3, row[pids[0]] + 2.4)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, 1.18), ncol=6,
              fontsize="small", frameon=False)
    for pid in pids:
        pts = [(ms(e["ts"]), e["args"]["bytes"] / 2**20) for e in events
               if e.get("ph") == "C" and e["pid"] == pid and t0 <= e["ts"] <= t1]
        if pts:
            cx.step(*zip(*sorted(pts)), where="post", label=names[pid])
    cx.set_ylabel("cache MiB")
    cx.set_xlabel("ms since the program started")
    if cx.get_legend_handles_labels()[0]:
        cx.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(args.output, dpi=110)


if __name__ == "__main__":
    main()
