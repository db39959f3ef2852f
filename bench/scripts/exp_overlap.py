"""Experiment (issue 32): 16 concurrent calls over ONE connection to a servant that sleeps
10 ms per call (rtorb-cubit-server / omni-cubit-server --sleep-ms 10). Sixteen client
threads call cube_long for a fixed time through one multiplexed connection: rtorb's client
with -ORBClientStrategy multiplexed, omniORB's with one connection per server and several
calls on it. A server that serves the calls of one connection side by side answers each in
about 10 ms; one that serves them one after another, in about 16 x 10 ms. Servers: rtorb
with a pool of 16 (its default -ORBMaxThreadsPerConnection 16) and omniORB's default
(thread per connection, up to 100 threads per connection), in the same run, with the
server and client on different CPUs."""

from benchlib import PLACEMENTS, Server, log, run_json

SLEEP_MS = 10
CALLERS = 16
SERVERS = {
    "rtorb-pool16": ("rtorb", ["-ORBEndpoint", "iiop://127.0.0.1:0", "-ORBServerThreads", "16"]),
    "omniorb": ("omni", ["-ORBendPoint", "giop:tcp:127.0.0.1:"]),
}
CLIENTS = {
    "rtorb": ["-ORBClientStrategy", "multiplexed"],
    "omni": ["-ORBmaxGIOPConnectionPerServer", "1", "-ORBoneCallPerConnection", "0"],
}


def run_server(ctx, server, run_no, duration):
    kind, args = SERVERS[server]
    server_cpu, client_cpu = PLACEMENTS["diff"]
    ior_file = f"{ctx.work}/overlap-{server}.ior"
    rows = []
    with Server([f"{ctx.bin}/{kind}-cubit-server", "--ior-file", ior_file, "--sleep-ms",
                 str(SLEEP_MS)] + args, cpu=server_cpu, ready_file=ior_file) as s:
        for client in CLIENTS:
            if client == "omni" and not ctx.has_omni:
                continue
            argv = [f"{ctx.bin}/{client}-cubit-client", s.ready, "--op", "cube_long",
                    "--threads", str(CALLERS), "--duration", str(duration), "--json"]
            argv += CLIENTS[client]
            # Served one after another, the warm-up alone takes 100 x 16 x 10 ms per thread.
            for r in run_json(argv, cpu=client_cpu, timeout=600):
                rows.append(dict(r, server=server, client=client, run=run_no))
    return rows


def run_experiment(ctx):
    log("== Concurrent calls over one connection to a sleeping servant")
    duration = 0.5 if ctx.quick else 2.0
    servers = [s for s in SERVERS if ctx.has_omni or not s.startswith("omni")]
    rows = []
    for run_no in range(1, ctx.runs + 1):
        for server in servers:
            log(f"   run {run_no} {server}")
            rows += run_server(ctx, server, run_no, duration)
    return {"sleep_ms": SLEEP_MS, "callers": CALLERS, "duration_s": duration, "rows": rows}
