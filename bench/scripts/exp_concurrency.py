"""Experiment 2, concurrency: 1..16 client threads (each its own connection) calling
cube_long against rtorb (reactive; leader/followers pools of 1, 2, 4; a thread per
connection) and omniORB
(thread per connection, and its thread pool of 2), in both placements."""

from benchlib import PLACEMENTS, Server, log, run_json

CLIENT_THREADS = [1, 2, 4, 8, 16]
RTORB = ["-ORBEndpoint", "iiop://127.0.0.1:0"]
OMNI = ["-ORBendPoint", "giop:tcp:127.0.0.1:"]
OMNI_POOL = ["-ORBthreadPerConnectionPolicy", "0", "-ORBmaxServerThreadPoolSize"]

SERVERS = {
    "rtorb-reactive": ("rtorb", RTORB + ["-ORBServerThreads", "0"]),
    "rtorb-pool1": ("rtorb", RTORB + ["-ORBServerThreads", "1"]),
    "rtorb-pool2": ("rtorb", RTORB + ["-ORBServerThreads", "2"]),
    "rtorb-pool4": ("rtorb", RTORB + ["-ORBServerThreads", "4"]),
    "rtorb-per-connection": ("rtorb", RTORB + ["-ORBServerThreads", "per_connection"]),
    "omniorb-tpc": ("omni", OMNI),
    "omniorb-pool1": ("omni", OMNI + OMNI_POOL + ["1"]),
    "omniorb-pool2": ("omni", OMNI + OMNI_POOL + ["2"]),
    "omniorb-pool4": ("omni", OMNI + OMNI_POOL + ["4"]),
}
# omniORB's client opens at most 5 connections to one server unless told otherwise.
OMNI_CLIENT = ["-ORBmaxGIOPConnectionPerServer", "64"]


def run_server(ctx, server, placement, run_no, duration):
    kind, args = SERVERS[server]
    server_cpu, client_cpu = PLACEMENTS[placement]
    ior_file = f"{ctx.work}/{server}.ior"
    rows = []
    with Server([f"{ctx.bin}/{kind}-cubit-server", "--ior-file", ior_file] + args,
                cpu=server_cpu, ready_file=ior_file) as s:
        for threads in CLIENT_THREADS:
            argv = [f"{ctx.bin}/{kind}-cubit-client", s.ready, "--op", "cube_long", "--threads",
                    str(threads), "--duration", str(duration), "--json"]
            if kind == "omni":
                argv += OMNI_CLIENT
            for r in run_json(argv, cpu=client_cpu, timeout=120):
                rows.append(dict(r, server=server, placement=placement, run=run_no))
    return rows


def run_experiment(ctx):
    log("== 2. Concurrency")
    duration = 0.25 if ctx.quick else 0.8
    servers = [s for s in SERVERS if ctx.has_omni or not s.startswith("omni")]
    if ctx.quick:
        servers = [s for s in servers if s in ("rtorb-reactive", "rtorb-pool2", "rtorb-per-connection",
                                               "omniorb-tpc",
                                               "omniorb-pool2")]
    rows = []
    for run_no in range(1, ctx.runs + 1):
        for placement in PLACEMENTS:
            for server in servers:
                log(f"   run {run_no} {placement:4s} {server}")
                rows += run_server(ctx, server, placement, run_no, duration)
    return {"duration_s": duration, "rows": rows}
