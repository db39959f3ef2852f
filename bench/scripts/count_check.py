#!/usr/bin/env python3
"""Counts, not timings: heap calls and mutex locks per steady-state call of rtorb's
benchmark programs, with the whitebox experiment's method (exp_whitebox.preload_counts:
the LD_PRELOAD counter, two runs of different lengths, their difference), and fails unless
a call allocates nothing on either side and takes no lock on the client, and the server
takes at most one (the reply send's). A ctest test runs it on a short workload:

  count_check.py BUILD_DIR twoway|high_priority"""

import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import exp_mt_cubit  # noqa: E402
import exp_whitebox  # noqa: E402

SIZES = (100, 600)  # calls in the short and the long run


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
    """{side: (heap calls, locks)} over calls_made(n2) - calls_made(n1) calls."""
    n1, n2 = SIZES
    tag = label.replace("/", "-").replace(" ", "-")
    c1 = exp_whitebox.preload_counts(ctx, tag, workload, n1)
    c2 = exp_whitebox.preload_counts(ctx, tag, workload, n2)
    calls = calls_made(n2) - calls_made(n1)
    return calls, {side: (exp_whitebox.heap_calls(c2[side]) - exp_whitebox.heap_calls(c1[side]),
                          exp_whitebox.locks(c2[side]) - exp_whitebox.locks(c1[side]))
                   for side in ("client", "server")}


def check(label, calls, sides):
    """Problems found, each a line; prints the counts either way."""
    problems = []
    lock_bounds = {"client": 0, "server": calls}
    for side, (heap, locks) in sides.items():
        print(f"{label} {side}: {heap} heap calls and {locks} locks over {calls} calls")
        if heap != 0:
            problems.append(f"{label} {side}: {heap} heap calls over {calls} calls, not 0")
        if locks > lock_bounds[side]:
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
