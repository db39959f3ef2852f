"""Experiment 5, whitebox: heap allocations, mutex locks and system calls per steady-state
twoway cube_long call, client side and server side, for rtorb and omniORB, measured from
outside: the LD_PRELOAD counter (bench/whitebox) and `strace -f -c`. Each figure is
(count of a run of n2 calls - count of a run of n1 calls) / (calls difference), so start-up,
warm-up and shutdown cancel. measure_workload counts any client and server pair this way
(exp_mt_cubit counts a high-priority request with it)."""

import json
import os
import shutil

from benchlib import Server, log, run

SYSTEMS = {
    "rtorb-reactive": ("rtorb", ["-ORBEndpoint", "iiop://127.0.0.1:0", "-ORBServerThreads", "0"]),
    "rtorb-pool2": ("rtorb", ["-ORBEndpoint", "iiop://127.0.0.1:0", "-ORBServerThreads", "2"]),
    "rtorb-per-connection": ("rtorb", ["-ORBEndpoint", "iiop://127.0.0.1:0",
                                       "-ORBServerThreads", "per_connection"]),
    "omniorb": ("omni", ["-ORBendPoint", "giop:tcp:127.0.0.1:"]),
}


def calls_made(n):
    return n + max(n // 10, 100)


def one_run(ctx, system, n, wrap):
    """Runs a server and a client of n calls (then shutdown); wrap(side, argv) -> (argv, env)."""
    kind, args = SYSTEMS[system]
    ior_file = f"{ctx.work}/wb-{system}.ior"
    argv, env = wrap("server", [f"{ctx.bin}/{kind}-cubit-server", "--ior-file", ior_file] + args)
    server = Server(argv, env=env, ready_file=ior_file)
    try:
        argv, env = wrap("client", [f"{ctx.bin}/{kind}-cubit-client", server.ready, "--op",
                                    "cube_long", "--calls", str(n), "--shutdown", "--json"])
        run(argv, env=env, timeout=300)
        server.wait(30)
    finally:
        server.stop()


def preload_counts(ctx, tag, workload, n):
    """workload(n, wrap) runs n calls, each side's argv and environment made by wrap."""
    lib = os.path.join(ctx.build, "lib", "librtorb-call-counter.so")
    files = {side: f"{ctx.work}/count-{tag}-{side}-{n}.json" for side in ("client", "server")}
    for f in files.values():
        if os.path.exists(f):
            os.unlink(f)

    def wrap(side, argv):
        return argv, dict(os.environ, LD_PRELOAD=lib, RTORB_COUNT_OUT=files[side])

    workload(n, wrap)
    return {side: json.loads(open(f).read().splitlines()[-1]) for side, f in files.items()}


def median_counts(ctx, tag, workload, n, repeats):
    """preload_counts of `repeats` runs of n calls, each counter the median of the runs:
    now and then a run starts a thread or reads a file more or less than the others, one
    heap call or lock either way, which is not the calls' work."""
    runs = [preload_counts(ctx, tag, workload, n) for _ in range(repeats)]
    return {side: {k: sorted(r[side][k] for r in runs)[repeats // 2] for k in runs[0][side]}
            for side in runs[0]}


def parse_strace(path):
    counts = {}
    for line in open(path):
        tokens = line.split()
        if len(tokens) < 5 or not tokens[0][0].isdigit():
            continue
        try:
            counts[tokens[-1]] = int(tokens[3])
        except ValueError:
            continue
    return counts


def strace_counts(ctx, tag, workload, n):
    files = {side: f"{ctx.work}/strace-{tag}-{side}-{n}.txt" for side in ("client", "server")}

    def wrap(side, argv):
        return ["strace", "-f", "-c", "-o", files[side]] + argv, None

    workload(n, wrap)
    return {side: parse_strace(f) for side, f in files.items()}


def locks(counts):
    return counts["mutex_lock"] + counts["mutex_trylock"] + counts.get("rwlock", 0)


def per_call(a, b, calls):
    return round((b - a) / calls, 3)


def heap_calls(counts):
    return sum(counts[k] for k in ("malloc", "calloc", "realloc", "memalign"))


def measure_workload(ctx, tag, workload, calls_made=calls_made, sizes=None, repeats=3,
                     traced=True):
    """Per-call figures of one workload, {side: {mallocs_per_call, heap_calls_counted,
    calls_counted, frees_per_call, locks_per_call, locks_counted, syscalls_per_call,
    syscalls_by_name, top_syscalls}}: workload(n, wrap) runs a server and a client of n
    calls (calls_made(n) of them in all, warm-up included); sizes: ((n1, n2) counted,
    (m1, m2) under strace), by default the cubit client's; each count the median of
    `repeats` runs (median_counts); traced: strace too, where it is installed."""
    if sizes is None:
        sizes = ((300, 1300), (200, 700)) if ctx.quick else ((1000, 6000), (300, 1800))
    (n1, n2), (m1, m2) = sizes
    c1 = median_counts(ctx, tag, workload, n1, repeats)
    c2 = median_counts(ctx, tag, workload, n2, repeats)
    calls = calls_made(n2) - calls_made(n1)
    s1 = s2 = None
    if traced and shutil.which("strace"):
        s1, s2 = strace_counts(ctx, tag, workload, m1), strace_counts(ctx, tag, workload, m2)
        strace_calls = calls_made(m2) - calls_made(m1)
    sides = {}
    for side in ("client", "server"):
        a, b = c1[side], c2[side]
        # The raw difference too: per_call's rounding would hide one allocation in 2000.
        row = {"mallocs_per_call": per_call(heap_calls(a), heap_calls(b), calls),
               "heap_calls_counted": heap_calls(b) - heap_calls(a), "calls_counted": calls,
               "frees_per_call": per_call(a["free"], b["free"], calls),
               "locks_per_call": per_call(locks(a), locks(b), calls),
               "locks_counted": locks(b) - locks(a)}
        if s1 is not None:
            x, y = s1[side], s2[side]
            row["syscalls_per_call"] = per_call(x.get("total", 0), y.get("total", 0), strace_calls)
            by_name = {k: per_call(x.get(k, 0), y.get(k, 0), strace_calls)
                       for k in y if k != "total"}
            row["syscalls_by_name"] = {k: v for k, v in by_name.items() if abs(v) >= 0.05}
            row["top_syscalls"] = ", ".join(f"{k} {v:g}" for k, v in sorted(
                row["syscalls_by_name"].items(), key=lambda kv: -kv[1]))
        sides[side] = row
    return sides


def measure(ctx, system):
    def workload(n, wrap):
        one_run(ctx, system, n, wrap)

    sides = measure_workload(ctx, system, workload)
    return [dict(system=system, side=side, **row) for side, row in sides.items()]


def run_experiment(ctx):
    log("== 5. Whitebox")
    rows = []
    for system in SYSTEMS:
        if system == "omniorb" and not ctx.has_omni:
            continue
        log(f"   {system}")
        rows += measure(ctx, system)
    return {"rows": rows}
