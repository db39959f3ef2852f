#!/usr/bin/env python3
"""Counts, not timings: heap calls and mutex locks per steady-state call of rtorb's
benchmark programs, with the whitebox experiment's method (exp_whitebox.measure_workload:
the LD_PRELOAD counter, runs of two lengths, their difference, each count the median of
three runs). It fails unless, over 2,000 calls, neither side allocates and the client takes
no lock, and the server takes one lock per call at most (the reply send's). Start-up and
shutdown vary by a heap call or lock or two between runs of one length, whatever the
length; that much (NOISE) is allowed either way, so one allocation in 500 calls would
still show. A ctest test runs it:

  count_check.py BUILD_DIR twoway|high_priority"""

import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import exp_mt_cubit  # noqa: E402
import exp_whitebox  # noqa: E402

SIZES = (200, 2200)  # calls in the short and the long run
NOISE = 2  # heap calls or locks by which runs of one length differ (start-up, shutdown)


class Context:
    """What the experiments read of bench_run's context."""

    def __init__(self, build, work):
        self.build = build
        self.bin = os.path.join(build, "bin")
        self.work = work
        self.quick = True


def twoway(ctx):
    """cube_long against the default (reactive) server: {label: (workload, calls_made)}."""
    def workload(n, wrap):
        exp_whitebox.one_run(ctx, "rtorb-reactive", n, wrap)
    return {"twoway cube_long": (workload, exp_whitebox.calls_made)}


def high_priority(ctx):
    """The MT_Cubit high thread alone against each priority model's lane."""
    return {config: (exp_mt_cubit.high_priority_workload(ctx, config), lambda n: n + 1)
            for config in exp_mt_cubit.COUNTED_CONFIGS if config.startswith("rtorb/")}


def count(ctx, label, workload, calls_made):
    """{side: (heap calls, locks)} over calls_made(n2) - calls_made(n1) calls, each count
    the median of three runs (exp_whitebox.median_counts), no strace."""
    tag = label.replace("/", "-").replace(" ", "-")
    sides = exp_whitebox.measure_workload(ctx, tag, workload, calls_made, (SIZES, SIZES),
                                          repeats=3, traced=False)
    calls = next(iter(sides.values()))["calls_counted"]
    return calls, {side: (row["heap_calls_counted"], row["locks_counted"])
                   for side, row in sides.items()}


def check(label, calls, sides):
    """Problems found, each a line; prints the counts either way."""
    problems = []
    lock_bounds = {"client": 0, "server": calls}  # the server's reply send takes one
    for side, (heap, locks) in sides.items():
        print(f"{label} {side}: {heap} heap calls and {locks} locks over {calls} calls")
        if abs(heap) > NOISE:
            problems.append(f"{label} {side}: {heap} heap calls over {calls} calls, not 0")
        if locks > lock_bounds[side] + NOISE:
            problems.append(f"{label} {side}: {locks} locks over {calls} calls, more than "
                            f"{lock_bounds[side]}")
    return problems


def main():
    if len(sys.argv) != 3 or sys.argv[2] not in ("twoway", "high_priority"):
        sys.exit("usage: count_check.py BUILD_DIR twoway|high_priority")
    with tempfile.TemporaryDirectory(prefix="rtorb-count-") as work:
        ctx = Context(os.path.abspath(sys.argv[1]), work)
        problems = []
        for label, (workload, calls_made) in globals()[sys.argv[2]](ctx).items():
            calls, sides = count(ctx, label, workload, calls_made)
            problems += check(label, calls, sides)
    for p in problems:
        print("FAILED:", p)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
