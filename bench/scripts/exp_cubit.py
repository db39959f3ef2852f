"""Experiment 1, IDL_Cubit: every Cubit operation against rtorb (reactive, a pool of 2 and a
thread per connection),
omniORB and raw sockets (TCP and Unix) sending the same bytes, in both placements."""

from benchlib import PLACEMENTS, Server, log, run_json
import byte_counter

TWOWAY_OPS = ["cube_void", "cube_octet", "cube_long", "cube_struct"]
ONEWAY_OPS = ["ping_oneway", "cube_oneway"]
SMALL_OPS = TWOWAY_OPS + ONEWAY_OPS
SEQ_LENS = [4, 1024, 65536]
# Oneways run ten times the calls of a twoway: at 1-2 M sends/s on one CPU, 20,000 sends
# last about as long as the scheduler's 4 ms tick, and the rate swings with where it falls.
ONEWAY_CALL_FACTOR = 10
# The oneway-sensitivity runs: raw TCP senders that spin this long before each send.
EXTRA_WORK_NS = [0, 25, 50, 100, 200]

# rtorb servers are set up as a real-time deployment would be (-ORBLockMemory: no heap
# trimming, pages locked): otherwise glibc gives the top of the main arena back after each
# call that freed two 256 KiB sequences, and the reactive server faults 105 pages back in
# per call (309 us instead of 131 us for a sequence of 65536, docs/bench.md).
RTORB_COMMON = ["-ORBEndpoint", "iiop://127.0.0.1:0", "-ORBLockMemory", "yes"]
ORB_SERVERS = {
    "rtorb-reactive": ("rtorb", RTORB_COMMON + ["-ORBServerThreads", "0"]),
    "rtorb-pool2": ("rtorb", RTORB_COMMON + ["-ORBServerThreads", "2"]),
    "rtorb-per-connection": ("rtorb", RTORB_COMMON + ["-ORBServerThreads", "per_connection"]),
    "omniorb": ("omni", ["-ORBendPoint", "giop:tcp:127.0.0.1:"]),
}


def workloads():
    """(label, op, seq_len) for every operation the experiment times."""
    items = [(op, op, 4) for op in SMALL_OPS]
    items += [(f"cube_long_sequence[{n}]", "cube_long_sequence", n) for n in SEQ_LENS]
    return items


def calls_for(seq_len, calls):
    return max(calls // {4: 1, 1024: 4, 65536: 40}[seq_len], 50)


def run_orb(ctx, system, placement, run_no):
    kind, server_args = ORB_SERVERS[system]
    server_cpu, client_cpu = PLACEMENTS[placement]
    ior_file = f"{ctx.work}/{system}.ior"
    server = [f"{ctx.bin}/{kind}-cubit-server", "--ior-file", ior_file] + server_args
    client = f"{ctx.bin}/{kind}-cubit-client"
    rows = []
    with Server(server, cpu=server_cpu, ready_file=ior_file) as s:
        ref = s.ready  # the IOR itself: omniORB reads no file:// URLs
        # Each oneway operation gets a client process (and connection) of its own, as the raw
        # baseline does: after a burst of twoway calls on one CPU the kernel's scheduler keeps
        # waking the server for every oneway (both ORBs drop from ~300-500k to ~110-130k
        # sends/s in the same client; docs/bench.md), which measures the scheduler's state,
        # not the ORB.
        oneway_calls = ctx.calls * ONEWAY_CALL_FACTOR
        batches = [(TWOWAY_OPS, 4, ctx.calls)] + [([op], 4, oneway_calls) for op in ONEWAY_OPS]
        batches += [(["cube_long_sequence"], n, calls_for(n, ctx.calls)) for n in SEQ_LENS]
        for ops, seq_len, calls in batches:
            argv = [client, ref, "--calls", str(calls), "--seq-len", str(seq_len), "--json"]
            for op in ops:
                argv += ["--op", op]
            for r in run_json(argv, cpu=client_cpu, timeout=300):
                rows.append(dict(r, system=system, placement=placement, run=run_no))
    return rows


def run_raw(ctx, transport, placement, run_no, sizes):
    server_cpu, client_cpu = PLACEMENTS[placement]
    port_file = f"{ctx.work}/raw-{transport}.port"
    address = ["--tcp", "127.0.0.1:0"] if transport == "tcp" else ["--unix", f"{ctx.work}/raw.sock"]
    rows = []
    with Server([f"{ctx.bin}/raw-pingpong", "server"] + address + ["--port-file", port_file],
                cpu=server_cpu, ready_file=port_file) as s:
        if transport == "tcp":
            address = ["--tcp", f"127.0.0.1:{s.ready}"]
        for label, op, seq_len in workloads():
            request, reply = sizes[label]
            calls = ctx.calls if op != "cube_long_sequence" else calls_for(seq_len, ctx.calls)
            if "oneway" in op:
                calls *= ONEWAY_CALL_FACTOR
            argv = [f"{ctx.bin}/raw-pingpong", "client"] + address + [
                "--request-bytes", str(request), "--reply-bytes", str(reply),
                "--calls", str(calls), "--label", label, "--json"]
            if "oneway" in op:
                argv.append("--oneway")
            for r in run_json(argv, cpu=client_cpu, timeout=300):
                rows.append(dict(r, system=f"raw-{transport}", placement=placement, run=run_no,
                                 request_bytes=request, reply_bytes=reply))
    return rows


def run_oneway_sensitivity(ctx, run_no, sizes):
    """cube_oneway's bytes from raw TCP senders that spin 0-200 ns before each send, to a
    server that reads one request per recv (as the raw baseline) or up to 64 KiB (as an
    ORB's buffered reader), all on CPU 0: how much of a one-CPU oneway rate a few ns of
    user-space work per message cost (docs/bench.md)."""
    request, _ = sizes["cube_oneway"]
    rows = []
    for read_bytes in (0, 65536):
        port_file = f"{ctx.work}/raw-sensitivity.port"
        server = [f"{ctx.bin}/raw-pingpong", "server", "--tcp", "127.0.0.1:0",
                  "--port-file", port_file, "--read-bytes", str(read_bytes)]
        with Server(server, cpu="0", ready_file=port_file) as s:
            for work in EXTRA_WORK_NS:
                argv = [f"{ctx.bin}/raw-pingpong", "client", "--tcp", f"127.0.0.1:{s.ready}",
                        "--request-bytes", str(request), "--reply-bytes", "0", "--oneway",
                        "--calls", str(ctx.calls * ONEWAY_CALL_FACTOR),
                        "--extra-work-ns", str(work), "--json"]
                for r in run_json(argv, cpu="0", timeout=300):
                    rows.append(dict(r, run=run_no, read_bytes=read_bytes, extra_work_ns=work))
    return rows


def run_floor(ctx, run_no):
    """The mapping's own user-space work for the long sequences (bench/cubit/mapping_floor.cpp),
    on CPU 0 like the same-CPU runs: raw TCP plus this is the lowest p50 a mapped ORB can
    reach."""
    rows = []
    for n in SEQ_LENS[1:]:
        argv = [f"{ctx.bin}/rtorb-mapping-floor", "--seq-len", str(n),
                "--calls", str(calls_for(n, ctx.calls)), "--json"]
        for r in run_json(argv, cpu="0", timeout=300):
            rows.append(dict(r, seq_len=n, run=run_no))
    return rows


def run_experiment(ctx):
    log("== 1. IDL_Cubit: capturing GIOP byte counts")
    sizes = byte_counter.capture(ctx.bin, ctx.work, workloads())
    for label, (out, back) in sizes.items():
        log(f"   {label:28s} {out:7d} bytes out {back:7d} back")
    rows = []
    floor = []
    sensitivity = []
    for run_no in range(1, ctx.runs + 1):
        log(f"   run {run_no} mapping floor")
        floor += run_floor(ctx, run_no)
        log(f"   run {run_no} oneway sensitivity (same CPU)")
        sensitivity += run_oneway_sensitivity(ctx, run_no, sizes)
        for placement in PLACEMENTS:
            for system in ORB_SERVERS:
                if system == "omniorb" and not ctx.has_omni:
                    continue
                log(f"   run {run_no} {placement:4s} {system}")
                rows += run_orb(ctx, system, placement, run_no)
            for transport in ("tcp", "unix"):
                log(f"   run {run_no} {placement:4s} raw-{transport}")
                rows += run_raw(ctx, transport, placement, run_no, sizes)
    return {"wire_bytes": {k: {"request": v[0], "reply": v[1]} for k, v in sizes.items()},
            "rows": rows, "mapping_floor": floor, "oneway_sensitivity": sensitivity}
