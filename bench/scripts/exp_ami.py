"""Experiment: AMI (issue 19). cube_long calls/s from one client thread keeping 1, 10, 100
and 1000 AMI calls (sendc_cube_long) outstanding on one connection, against synchronous
calls from 1..16 threads (each its own connection) to the same rtorb server, and against
omniORB's synchronous calls, in both placements. The rtorb server runs as a pool of 2 and
as a thread per connection (omniORB's own model)."""

from benchlib import PLACEMENTS, Server, log, run_json

WINDOWS = [1, 10, 100, 1000]
CLIENT_THREADS = [1, 2, 4, 8, 16]
RTORB_SERVER = ["-ORBEndpoint", "iiop://127.0.0.1:0", "-ORBServerThreads"]
# (program prefix, the report's "server" column, the server's arguments)
SERVERS = [("rtorb", "pool of 2", RTORB_SERVER + ["2"]),
           ("rtorb", "per connection", RTORB_SERVER + ["per_connection"]),
           ("omni", "per connection", ["-ORBendPoint", "giop:tcp:127.0.0.1:"])]
OMNI_CLIENT = ["-ORBmaxGIOPConnectionPerServer", "64"]


def run_kind(ctx, server, placement, run_no, duration, calls):
    kind, model, args = server
    server_cpu, client_cpu = PLACEMENTS[placement]
    ior_file = f"{ctx.work}/ami-{kind}.ior"
    rows = []
    with Server([f"{ctx.bin}/{kind}-cubit-server", "--ior-file", ior_file] + args,
                cpu=server_cpu, ready_file=ior_file) as s:
        client = f"{ctx.bin}/{kind}-cubit-client"
        if kind == "rtorb":
            for window in WINDOWS:
                # --ami prints one JSON object (the synchronous runs print a list).
                r = run_json([client, s.ready, "--ami", str(window), "--calls", str(calls),
                              "--json"], cpu=client_cpu, timeout=120)
                rows.append({"system": "rtorb", "server": model, "mode": "ami",
                             "outstanding": window,
                             "threads": 1, "calls_per_second": r["calls_per_second"],
                             "placement": placement, "run": run_no})
        for threads in CLIENT_THREADS:
            argv = [client, s.ready, "--op", "cube_long", "--threads", str(threads),
                    "--duration", str(duration), "--json"]
            if kind == "omni":
                argv += OMNI_CLIENT
            for r in run_json(argv, cpu=client_cpu, timeout=120):
                rows.append({"system": "omniORB" if kind == "omni" else "rtorb",
                             "server": model, "mode": "sync",
                             "outstanding": threads, "threads": threads,
                             "calls_per_second": r["calls_per_second"],
                             "placement": placement, "run": run_no})
    return rows


def run_experiment(ctx):
    log("== AMI")
    duration = 0.25 if ctx.quick else 0.8
    calls = 2000 if ctx.quick else 50000
    servers = [s for s in SERVERS if s[0] == "rtorb" or ctx.has_omni]
    rows = []
    for run_no in range(1, ctx.runs + 1):
        for placement in PLACEMENTS:
            for server in servers:
                log(f"   run {run_no} {placement:4s} {server[0]} {server[1]}")
                rows += run_kind(ctx, server, placement, run_no, duration, calls)
    return {"duration_s": duration, "calls": calls, "rows": rows}
