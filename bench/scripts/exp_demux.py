"""Experiment 4, demultiplexing: rtorb-demux-bench (bench/demux) run twice, pinned to CPU 0:
in-process dispatch time from a received GIOP Request to the upcall and reply, against the
number of servants, POA depth and operations, and the 1/1/1 versus 100000/25/50 case."""

from benchlib import log, run_json


def run_experiment(ctx):
    log("== 4. Demultiplexing")
    argv = [f"{ctx.bin}/rtorb-demux-bench", "--json", "--duration", "0.05" if ctx.quick else "0.2"]
    if ctx.quick:
        argv += ["--max-servants", "10000"]
    runs = []
    for run_no in range(1, ctx.runs + 1):
        runs.append(dict(run_json(argv, cpu="0", timeout=600), run=run_no))
    return {"runs": runs}
