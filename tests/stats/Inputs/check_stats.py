"""Checks the JSON that ITO_STATS=json:FILE writes: that it parses, that
its figures agree with one another, and the bounds the test asks for.
Prints what is wrong and exits 1, or prints "stats ok"."""
import argparse
import json
import sys

SHARES = ("busy", "waiting", "stealing", "idle")


def bounds(text):
    lo, hi = text.split(":")
    return float(lo), float(hi)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("file")
    p.add_argument("--ranks", type=int, required=True)
    p.add_argument("--busy", action="append", default=[],
                   help="RANK:LO:HI, bounds of a rank's busy share")
    p.add_argument("--efficiency", type=bounds)
    p.add_argument("--waiting", action="store_true",
                   help="some rank waited for data while running tasks")
    p.add_argument("--steals", action="store_true",
                   help="at least one steal, with its latency")
    a = p.parse_args()
    with open(a.file) as f:
        s = json.load(f)
    wrong = []

    def check(ok, what):
        if not ok:
            wrong.append(what)

    ranks = s["per_rank"]
    check(s["ranks"] == a.ranks and len(ranks) == a.ranks,
          f"{len(ranks)} ranks, not {a.ranks}")
    check([r["rank"] for r in ranks] == list(range(len(ranks))),
          "ranks out of order")
    total = s["total"]
    for key, value in total.items():
        if key.endswith(("_ns", "_bytes")) or key in ("forks", "steals"):
            if key != "steal_ns_max":
                check(value == sum(r[key] for r in ranks),
                      f"total {key} is not the sum over ranks")
    for who, obj in [(f"rank {r['rank']}", r) for r in ranks] + [("total", total)]:
        shares = [obj[k] for k in SHARES]
        check(all(0 <= x <= 1 for x in shares), f"{who}: a share out of [0, 1]")
        check(abs(sum(shares) - 1) < 0.01, f"{who}: shares add up to {sum(shares)}")
        check(obj["region_ns"] > 0, f"{who}: no time in parallel regions")
        check(obj["steals"] <= obj["steal_attempts"], f"{who}: more steals than tries")
        check(obj["wait_idle_ns"] <= obj["wait_ns"], f"{who}: idle waits exceed waits")
        check(obj["steal_p50_us"] <= obj["steal_p99_us"], f"{who}: p50 above p99")
        # Quantiles are bin middles: at most a quarter of a power of two above.
        check(obj["steal_p99_us"] <= 1.25 * obj["steal_ns_max"] / 1e3 + 1e-3,
              f"{who}: p99 above the slowest steal")
    check(abs(s["efficiency"] - total["busy"]) < 1e-3, "efficiency is not the total busy share")
    for spec in a.busy:
        r, lo, hi = spec.split(":")
        busy = ranks[int(r)]["busy"]
        check(float(lo) <= busy <= float(hi), f"rank {r} busy {busy}, not in [{lo}, {hi}]")
    if a.efficiency:
        check(a.efficiency[0] <= s["efficiency"] <= a.efficiency[1],
              f"efficiency {s['efficiency']}, not in {a.efficiency}")
    if a.waiting:
        check(total["waiting"] > 0 and total["wait_ns"] > total["wait_idle_ns"],
              "no rank waited for data while running tasks")
    if a.steals:
        check(total["steals"] > 0 and total["steal_p50_us"] > 0, "no steal, or no latency")
    for w in wrong:
        print("stats wrong:", w)
    if not wrong:
        print("stats ok")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
