"""Experiment: request buffering for oneways (issue 19, the paper's Figure 16). Oneway
throughput of rtorb's SYNC_NONE oneways under a BufferingConstraint that flushes every N
messages (rtorb-cubit-client --buffer-count N, N = 1, 2, 4 ... 256), against rtorb's
unbuffered oneways (the default SYNC_WITH_TRANSPORT: unbuffered SYNC_NONE refuses a 9 KB
request once the socket buffer is full, TRANSIENT, so it cannot run the flood), omniORB's oneways and raw TCP writes of the same bytes (one
send per message), for a small request (cube_oneway) and a 9 KB one (sequence_oneway of
2304 longs). Each rtorb and omniORB run ends with one twoway on the same connection, timed,
so the rate counts only what the server has read."""

import byte_counter
from benchlib import PLACEMENTS, Server, log, run_json

COUNTS = [1, 2, 4, 8, 16, 32, 64, 128, 256]
WORKLOADS = [("cube_oneway", "cube_oneway", 4), ("sequence_oneway[2304]", "sequence_oneway", 2304)]
RTORB_SERVER = ["-ORBEndpoint", "iiop://127.0.0.1:0"]
OMNI_SERVER = ["-ORBendPoint", "giop:tcp:127.0.0.1:"]


def calls_for(op, ctx):
    small = 20000 if ctx.quick else 200000
    return small if op == "cube_oneway" else small // 10


def orb_rows(ctx, kind, placement, run_no):
    server_cpu, client_cpu = PLACEMENTS[placement]
    ior_file = f"{ctx.work}/buffering-{kind}.ior"
    server_args = RTORB_SERVER if kind == "rtorb" else OMNI_SERVER
    client = f"{ctx.bin}/{kind}-cubit-client"
    rows = []
    with Server([f"{ctx.bin}/{kind}-cubit-server", "--ior-file", ior_file] + server_args,
                cpu=server_cpu, ready_file=ior_file) as s:
        for label, op, seq_len in WORKLOADS:
            modes = [("omniORB", [])] if kind == "omni" else (
                [("unbuffered", [])] +
                [(f"buffered {n}", ["--buffer-count", str(n)]) for n in COUNTS])
            for mode, extra in modes:
                argv = [client, s.ready, "--op", op, "--seq-len", str(seq_len),
                        "--calls", str(calls_for(op, ctx)), "--json"] + extra
                for r in run_json(argv, cpu=client_cpu, timeout=300):
                    rows.append({"system": "omniORB" if kind == "omni" else "rtorb",
                                 "mode": mode, "buffer_count": int(mode.split()[1]) if mode.startswith("buffered") else 0,
                                 "workload": label, "calls_per_second": r["calls_per_second"],
                                 "placement": placement, "run": run_no})
    return rows


def raw_rows(ctx, placement, run_no, sizes):
    server_cpu, client_cpu = PLACEMENTS[placement]
    port_file = f"{ctx.work}/buffering-raw.port"
    rows = []
    with Server([f"{ctx.bin}/raw-pingpong", "server", "--tcp", "127.0.0.1:0",
                 "--port-file", port_file], cpu=server_cpu, ready_file=port_file) as s:
        for label, op, _ in WORKLOADS:
            request, _ = sizes[label]
            argv = [f"{ctx.bin}/raw-pingpong", "client", "--tcp", f"127.0.0.1:{s.ready}",
                    "--request-bytes", str(request), "--reply-bytes", "0", "--oneway",
                    "--calls", str(calls_for(op, ctx)), "--label", label, "--json"]
            for r in run_json(argv, cpu=client_cpu, timeout=300):
                rows.append({"system": "raw-tcp", "mode": "raw", "buffer_count": 0,
                             "workload": label, "calls_per_second": r["calls_per_second"],
                             "request_bytes": request, "placement": placement, "run": run_no})
    return rows


def run_experiment(ctx):
    log("== Request buffering for oneways (Figure 16)")
    sizes = byte_counter.capture(ctx.bin, ctx.work, WORKLOADS)
    kinds = ["rtorb"] + (["omni"] if ctx.has_omni else [])
    rows = []
    for run_no in range(1, ctx.runs + 1):
        for placement in PLACEMENTS:
            for kind in kinds:
                log(f"   run {run_no} {placement:4s} {kind}")
                rows += orb_rows(ctx, kind, placement, run_no)
            rows += raw_rows(ctx, placement, run_no, sizes)
    return {"counts": COUNTS, "request_bytes": {k: v[0] for k, v in sizes.items()}, "rows": rows}
