"""Experiment 7, MT_Cubit (priority inversion; "ORB Core architectures and priority
inversion", section 2): one SCHED_FIFO client thread calling cube_octet at 20 Hz and N
low-priority client threads at 10 Hz or flat out, all in one client process against one
server, as N grows. rtorb with its two priority models; omniORB with its default
connections and with a connection per calling thread. Both unpinned and with server and
client on CPU 0; plus the OS's own context-switch cost (rtorb-context-switch) and the CPU
left to a SCHED_IDLE scavenger. Last, the whitebox count of a high-priority request
(exp_whitebox's method): heap calls, mutex locks and system calls per call of the high
thread alone (--calls N), client side and server side.

The rtorb programs' contract (bench/mt_cubit):
  rtorb-mt-cubit-server --ior-dir DIR [ORB options]: writes DIR/high.ior, DIR/low.ior,
      DIR/stats.ior and, last, DIR/propagated.ior once ready; stops on SIGTERM.
  rtorb-mt-cubit-client --ior-dir DIR --model server_declared|client_propagated [driver
      options]: prints mt_driver.hpp's JSON line, priority_violations from the server.
      With --calls N (and --low 0) the high thread alone makes N calls back to back."""

import os
import signal

import exp_whitebox
from benchlib import Server, log, run_json

LOW_COUNTS = [0, 1, 5, 10, 20, 50]
LOW_COUNTS_QUICK = [0, 10, 50]
LOW_RATES = [10, 0]  # Hz; 0: flat out
# Where server and client run: None leaves both to the scheduler; "0" pins both to CPU 0.
PLACEMENTS = {"unpinned": None, "one_cpu": "0"}
# The scavenger's points (10 Hz, where CPU is left over; flat out leaves none by design).
SCAVENGER_COUNTS = [0, 50]
# The configurations whose high-priority request is counted. omniORB's per_thread is left
# out: with the high thread alone it makes the same calls on the same one connection.
COUNTED_CONFIGS = ["rtorb/server_declared", "rtorb/client_propagated", "omniorb/default"]

OMNI_SERVER = ["-ORBendPoint", "giop:tcp:127.0.0.1:"]
# A real-time deployment's memory (as in exp_cubit); the endpoint is rtorb's default,
# 127.0.0.1 on a free port.
RTORB_SERVER = ["-ORBLockMemory", "yes"]
# configuration -> (orb, model, extra client arguments)
CONFIGS = {
    "rtorb/server_declared": ("rtorb", "server_declared", []),
    "rtorb/client_propagated": ("rtorb", "client_propagated", []),
    "omniorb/default": ("omniorb", "default", []),
    # A connection per calling thread: omniORB's closest to rtorb's, for a fair comparison.
    "omniorb/per_thread": ("omniorb", "per_thread", ["-ORBmaxGIOPConnectionPerServer", "64",
                                                     "-ORBoneCallPerConnection", "1"]),
}


def missing_programs(ctx, orb):
    names = {"rtorb": ["rtorb-mt-cubit-server", "rtorb-mt-cubit-client"],
             "omniorb": ["omni-cubit-server", "omni-mt-cubit-client"]}[orb]
    return [n for n in names if not os.path.exists(f"{ctx.bin}/{n}")]


def start_server(ctx, orb, cpu, tag, wrap=None):
    """The configuration's server; returns (Server, client arguments naming its object).
    wrap("server", argv) -> (argv, env), as exp_whitebox's counting runs give it."""
    if orb == "rtorb":
        ior_dir = f"{ctx.work}/mt-{tag}"
        os.makedirs(ior_dir, exist_ok=True)
        for name in ("high", "low", "stats", "propagated"):
            if os.path.exists(f"{ior_dir}/{name}.ior"):
                os.unlink(f"{ior_dir}/{name}.ior")
        argv = [f"{ctx.bin}/rtorb-mt-cubit-server", "--ior-dir", ior_dir] + RTORB_SERVER
        ready_file, target = f"{ior_dir}/propagated.ior", ["--ior-dir", ior_dir]
    else:
        ready_file = f"{ctx.work}/mt-{tag}.ior"
        argv = [f"{ctx.bin}/omni-cubit-server", "--ior-file", ready_file] + OMNI_SERVER
        target = None  # the IOR itself, once written
    argv, env = wrap("server", argv) if wrap else (argv, None)
    server = Server(argv, cpu=cpu, env=env, ready_file=ready_file, log=f"{ctx.work}/mt-{tag}.log")
    return server, target or ["--ior", server.ready]


def log_tail(ctx, tag):
    try:
        with open(f"{ctx.work}/mt-{tag}.log") as f:
            return f.read()[-300:].strip()
    except OSError:
        return ""


def points(ctx):
    """(low threads, low rate Hz, scavenger) for one configuration and placement. N = 0 is
    run once: with no low threads the rate means nothing."""
    counts = LOW_COUNTS_QUICK if ctx.quick else LOW_COUNTS
    grid = [(0, LOW_RATES[0], False)]
    grid += [(n, rate, False) for rate in LOW_RATES for n in counts if n > 0]
    grid += [(n, LOW_RATES[0], True) for n in SCAVENGER_COUNTS]
    return grid


def run_point(ctx, client, cpu, low, rate, scavenger, seconds):
    argv = client + ["--low", str(low), "--low-rate", str(rate), "--seconds", str(seconds),
                     "--json"]
    if scavenger:
        argv.append("--scavenger")
    # Thread start-up, connections and the scavenger's two calibrations come on top.
    return run_json(argv, cpu=cpu, timeout=seconds + 60)


def start_servers(ctx, configs, placement):
    """A fresh server per configuration: {config: (Server, client argv)}, and failures."""
    started, failures = {}, []
    for config in configs:
        orb, model, extra = CONFIGS[config]
        tag = f"{placement}-{config.replace('/', '-')}"
        try:
            server, target = start_server(ctx, orb, PLACEMENTS[placement], tag)
        except Exception as e:
            log(f"   {config} {placement}: the server did not start: {e}")
            failures.append(dict(config=config, placement=placement,
                                 error=f"server did not start: {e}; {log_tail(ctx, tag)}"))
            continue
        program = "rtorb-mt-cubit-client" if orb == "rtorb" else "omni-mt-cubit-client"
        started[config] = (server, [f"{ctx.bin}/{program}"] + target + ["--model", model] + extra)
    return started, failures


def run_placement(ctx, configs, placement, seconds):
    """Every point of the grid, each run for every configuration in turn (so a disturbance
    of the machine lands on all of them alike), against servers started once."""
    cpu = PLACEMENTS[placement]
    servers, failures = start_servers(ctx, configs, placement)
    live = dict(servers)
    rows = []
    try:
        for low, rate, scavenger in points(ctx):
            log(f"   {placement:8s} N={low:<3d} low rate {rate:g} Hz"
                + (" with the scavenger" if scavenger else ""))
            for config, (server, client) in list(live.items()):
                where = dict(config=config, placement=placement, scavenger=scavenger)
                try:
                    row = dict(run_point(ctx, client, cpu, low, rate, scavenger, seconds),
                               **where)
                    rows.append(row)
                    failed = row["high"]["errors"] + row["low_errors"]
                    if failed:
                        log(f"   {config}: {failed} calls failed")
                except Exception as e:  # a failed point must not lose the rest of the grid
                    log(f"   {config}: {e}")
                    failures.append(dict(where, low=low, low_rate_hz=rate, error=str(e)[-300:]))
                    if server.proc.poll() is not None:
                        # The server died: its remaining points would fail the same way.
                        tag = f"{placement}-{config.replace('/', '-')}"
                        failures[-1]["error"] += f"; server exited: {log_tail(ctx, tag)}"
                        del live[config]
    finally:
        for server, _ in servers.values():
            server.stop()
    return rows, failures


def stop_server(server):
    """SIGTERM to the server itself, then waits for the process started: under strace that is
    strace, which writes its summary once the server it traces has exited (signalled itself,
    it would stop tracing first)."""
    pid = server.proc.pid
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            children = [int(c) for c in f.read().split()]
    except OSError:
        children = []
    if not children:
        return server.stop()
    for child in children:
        os.kill(child, signal.SIGTERM)
    return server.wait(30)


def high_priority_workload(ctx, config):
    """exp_whitebox's workload(n, wrap): a fresh server, and the configuration's client with
    its high thread alone making n calls back to back (--calls n); it checks every call."""
    orb, model, extra = CONFIGS[config]
    program = "rtorb-mt-cubit-client" if orb == "rtorb" else "omni-mt-cubit-client"
    tag = f"count-{config.replace('/', '-')}"

    def workload(n, wrap):
        server, target = start_server(ctx, orb, None, tag, wrap)
        try:
            argv, env = wrap("client", [f"{ctx.bin}/{program}"] + target + ["--model", model]
                             + extra + ["--calls", str(n), "--json"])
            row = run_json(argv, env=env, timeout=300)
            high = row["high"]
            if high["count"] != n or high["errors"] or row.get("priority_violations"):
                raise RuntimeError(f"{config}: {high['count']} of {n} calls right, "
                                   f"{row.get('priority_violations')} priority violations")
        finally:
            stop_server(server)

    return workload


def count_high_priority(ctx, configs):
    """Rows {config, side, mallocs_per_call, ...} of exp_whitebox.measure_workload, and
    notes for what was not counted."""
    if not os.path.exists(os.path.join(ctx.build, "lib", "librtorb-call-counter.so")):
        return [], ["high-priority request not counted: rtorb-call-counter not built"]
    rows, notes = [], []
    for config in COUNTED_CONFIGS:
        if config not in configs:
            continue
        log(f"   counting {config}'s high-priority request")
        try:
            # One warm-up call on top of n (mt_driver.hpp); it cancels like the rest.
            sides = exp_whitebox.measure_workload(ctx, f"mt-{config.replace('/', '-')}",
                                                  high_priority_workload(ctx, config),
                                                  calls_made=lambda n: n + 1)
        except Exception as e:  # the latency grid is already measured: keep it
            notes.append(f"{config}'s high-priority request not counted: {str(e)[-300:]}")
            log(f"   note: {notes[-1]}")
            continue
        rows += [dict(config=config, side=side, **row) for side, row in sides.items()]
    return rows, notes


def context_switch(ctx, placement):
    return dict(run_json([f"{ctx.bin}/rtorb-context-switch", "--json"],
                         cpu=PLACEMENTS[placement], timeout=60), placement=placement)


def run_experiment(ctx):
    log("== 7. MT_Cubit (priority inversion)")
    seconds = 1 if ctx.quick else 3
    notes, rows, failures, switches = [], [], [], []
    configs = []
    for config, (orb, _, _) in CONFIGS.items():
        missing = missing_programs(ctx, orb)
        if missing:
            notes.append(f"{config} not measured: {', '.join(missing)} not built")
            log(f"   note: {notes[-1]}")
        else:
            configs.append(config)
    has_switch = os.path.exists(f"{ctx.bin}/rtorb-context-switch")
    if not has_switch:
        notes.append("context switch not measured: rtorb-context-switch not built")
    for placement in PLACEMENTS:
        if has_switch:
            cs = context_switch(ctx, placement)
            log(f"   {placement:8s} context switch: yield {cs['yield_us']:.2f} µs, "
                f"futex {cs['futex_us']:.2f} µs ({cs['sched']})")
            switches.append(cs)
        got, failed = run_placement(ctx, configs, placement, seconds)
        rows += got
        failures += failed
    counted, counted_notes = count_high_priority(ctx, configs)
    return {"seconds_per_point": seconds, "rows": rows, "failures": failures,
            "context_switch": switches, "high_priority_counts": counted,
            "notes": notes + counted_notes}
