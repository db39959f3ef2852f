"""Experiment: the third paper's Figure 17 (issue 19). Calls/s of oneways under SyncScope
WITH_SERVER and WITH_TARGET against twoways, to a servant that does real work (1,000
primality checks per call, rtorb-cubit-server --work), with SYNC_NONE and the default
WITH_TRANSPORT oneways beside them, in both placements. WITH_SERVER answers once the
servant is found, so the client sends its next request while the servant still works;
WITH_TARGET and a twoway wait for the work. The rtorb server runs in each of its three
models: the default (reactive, ORB::run), a thread per connection and a pool of 2."""

from benchlib import PLACEMENTS, Server, log, run_json

WORK = 1000
RTORB_SERVER = ["-ORBEndpoint", "iiop://127.0.0.1:0"]
# (label, -ORBServerThreads): the label is the report's "server" column.
SERVER_MODELS = [("reactive", "0"), ("per connection", "per_connection"), ("pool of 2", "2")]
# (label, operation, --sync-scope); a twoway's scope is meaningless and left out.
MODES = [("twoway", "cube_long", None), ("oneway WITH_TARGET", "cube_oneway", "target"),
         ("oneway WITH_SERVER", "cube_oneway", "server"),
         ("oneway WITH_TRANSPORT", "cube_oneway", "transport"),
         ("oneway SYNC_NONE", "cube_oneway", "none")]


def run_placement(ctx, placement, server, run_no, calls):
    server_cpu, client_cpu = PLACEMENTS[placement]
    ior_file = f"{ctx.work}/sync-scope.ior"
    label_of_server, threads = server
    rows = []
    with Server([f"{ctx.bin}/rtorb-cubit-server", "--ior-file", ior_file, "--work", str(WORK)]
                + RTORB_SERVER + ["-ORBServerThreads", threads], cpu=server_cpu,
                ready_file=ior_file) as s:
        client = f"{ctx.bin}/rtorb-cubit-client"
        for label, op, scope in MODES:
            argv = [client, s.ready, "--op", op, "--calls", str(calls), "--json"]
            if scope:
                argv += ["--sync-scope", scope]
            # A twoway at the end: the server has worked through every oneway before the
            # next mode's clock starts.
            for r in run_json(argv, cpu=client_cpu, timeout=300):
                rows.append({"mode": label, "placement": placement, "run": run_no,
                             "server": label_of_server,
                             "calls_per_second": r["calls_per_second"]})
            run_json([client, s.ready, "--op", "cube_void", "--calls", "1", "--json"],
                     cpu=client_cpu, timeout=300)
    return rows


def run_experiment(ctx):
    log("== SyncScope against twoways with a working servant (Figure 17)")
    calls = 500 if ctx.quick else 5000
    rows = []
    for run_no in range(1, ctx.runs + 1):
        for placement in PLACEMENTS:
            for server in SERVER_MODELS:
                log(f"   run {run_no} {placement} {server[0]}")
                rows += run_placement(ctx, placement, server, run_no, calls)
    return {"work": WORK, "calls": calls, "rows": rows}
