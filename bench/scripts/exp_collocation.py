"""Experiment 3, collocation: rtorb-collocation-bench (bench/collocation) run twice; calls/s of
a loopback remote call, a thru-POA collocated call, a direct collocated call (when the ORB
accepts -ORBCollocation direct) and a plain virtual call, for cube_long and sequences of 4
and 1024 longs. One process, so no placement: it is pinned to CPU 0."""

from benchlib import log, run_json


def run_experiment(ctx):
    log("== 3. Collocation")
    duration = "0.1" if ctx.quick else "0.3"
    rows = []
    for run_no in range(1, ctx.runs + 1):
        for r in run_json([f"{ctx.bin}/rtorb-collocation-bench", "--duration", duration, "--json"],
                          cpu="0", timeout=300):
            rows.append(dict(r, run=run_no))
    return {"rows": rows}
