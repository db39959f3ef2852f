"""Experiment 7, MT_Cubit (priority inversion; "ORB Core architectures and priority
inversion", section 2): one SCHED_FIFO client thread calling cube_octet at 20 Hz and N
low-priority client threads at 10 Hz or flat out, all in one client process against one
server, as N grows. rtorb with its two priority models; omniORB with its default
connections and with a connection per calling thread. Both unpinned and with server and
client on CPU 0; plus the OS's own context-switch cost (rtorb-context-switch) and the CPU
left to a SCHED_IDLE scavenger.

The rtorb programs' contract (bench/mt_cubit):
  rtorb-mt-cubit-server --ior-dir DIR [ORB options]: writes DIR/high.ior, DIR/low.ior,
      DIR/stats.ior and, last, DIR/propagated.ior once ready; stops on SIGTERM.
  rtorb-mt-cubit-client --ior-dir DIR --model server_declared|client_propagated [driver
      options]: prints mt_driver.hpp's JSON line, priority_violations from the server."""

import os

from benchlib import Server, log, run_json

LOW_COUNTS = [0, 1, 5, 10, 20, 50]
LOW_COUNTS_QUICK = [0, 10, 50]
LOW_RATES = [10, 0]  # Hz; 0: flat out
# Where server and client run: None leaves both to the scheduler; "0" pins both to CPU 0.
PLACEMENTS = {"unpinned": None, "one_cpu": "0"}
# The scavenger's points (10 Hz, where CPU is left over; flat out leaves none by design).
SCAVENGER_COUNTS = [0, 50]

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


def start_server(ctx, orb, cpu, tag):
    """The configuration's server; returns (Server, client arguments naming its object)."""
    if orb == "rtorb":
        ior_dir = f"{ctx.work}/mt-{tag}"
        os.makedirs(ior_dir, exist_ok=True)
        for name in ("high", "low", "stats", "propagated"):
            if os.path.exists(f"{ior_dir}/{name}.ior"):
                os.unlink(f"{ior_dir}/{name}.ior")
        server = Server([f"{ctx.bin}/rtorb-mt-cubit-server", "--ior-dir", ior_dir] + RTORB_SERVER,
                        cpu=cpu, ready_file=f"{ior_dir}/propagated.ior",
                        log=f"{ctx.work}/mt-{tag}.log")
        return server, ["--ior-dir", ior_dir]
    ior_file = f"{ctx.work}/mt-{tag}.ior"
    server = Server([f"{ctx.bin}/omni-cubit-server", "--ior-file", ior_file] + OMNI_SERVER,
                    cpu=cpu, ready_file=ior_file, log=f"{ctx.work}/mt-{tag}.log")
    return server, ["--ior", server.ready]


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
    return {"seconds_per_point": seconds, "rows": rows, "failures": failures,
            "context_switch": switches, "notes": notes}
