"""Experiment 12, the event channels (issue 29): supplier-to-consumer latency with 1, 10 and
100 consumers, throughput 1:1 and N:N, connect and disconnect cost, and the inversion test
(the 30 Hz consumer's latency while a low-priority group floods), through rtorb-event-service
(TAO's RtecEventComm, reactive and priority dispatching, and its CosEvent face) and through
omniEvents' daemon (CosEvent, its cycle period shortened with eventc -c), with a plain rtorb
oneway push of the same event straight to the consumer as the reference. Channels and the
direct consumer on CPU 1, suppliers and consumers on CPU 0. Programs: bench/events."""

import contextlib
import json
import os
import select
import shutil
import subprocess

from benchlib import PLACEMENTS, Server, log, run_json
from exp_naming import free_port, wait_for_port

SERVER_CPU, CLIENT_CPU = PLACEMENTS["diff"]
OMNI_EVENTS = "/usr/sbin/omniEvents"
OMNI_CYCLE_NS = 100_000  # omniEvents batches a channel's events every cycle (100 ms default)
HIGH_TYPE, LOW_TYPE = 130, 105  # types below 16 are reserved by the channel
HIGH_PRIORITY, LOW_PRIORITY = 30000, 5000
PERIOD_30HZ_US = 33_333
FLOOD_INTERVAL_US = 50  # the low group's flood: 20,000 events/s
# (system, face); "oneway" pushes straight to the consumer, no channel.
SYSTEMS = [("rtorb-rtec reactive", "rtec"), ("rtorb-rtec priority", "rtec"),
           ("rtorb-cos", "cos"), ("omniEvents", "cos"), ("oneway", "direct")]
CONSUMER_COUNTS = [1, 10, 100]
THROUGHPUT_SHAPES = [(1, 1), (4, 4)]  # (suppliers, consumers)


class Channels:
    """rtorb-event-service in one dispatching mode (both faces), or omniEvents' daemon with
    `count` channels made by eventc; ref(face, i) is channel i's reference."""

    def __init__(self, ctx, kind, count=1):
        self.ctx, self.kind, self.servers = ctx, kind, []
        self.work = os.path.join(ctx.work, f"events-{free_port()}")
        os.makedirs(self.work)
        if kind == "omniEvents":
            self._start_omni(count)
        else:
            self._start_rtorb(kind.split()[-1])

    def _start_rtorb(self, mode):
        rtec, cos = (os.path.join(self.work, n) for n in ("rtec.ior", "cos.ior"))
        self.servers.append(Server(
            [f"{self.ctx.bin}/rtorb-event-service", "--ior-file", rtec, "--cos-ior-file", cos,
             "--dispatching", mode, "-ORBEndpoint", "iiop://127.0.0.1:0", "-ORBLockMemory", "yes"],
            cpu=SERVER_CPU, ready_file=rtec, log=os.path.join(self.work, "service.log")))
        self.rtec, self.cos = f"file://{rtec}", f"file://{cos}"

    def _start_omni(self, count):
        port = free_port()
        env = dict(os.environ, OMNIORB_USEHOSTNAME="127.0.0.1")
        daemon = Server([OMNI_EVENTS, "-f", "-p", str(port), "-l", self.work], cpu=SERVER_CPU,
                        env=env, log=os.path.join(self.work, "omniEvents.log"))
        self.servers.append(daemon)
        wait_for_port(port, daemon)
        factory = f"corbaloc::127.0.0.1:{port}/omniEvents"
        self.cos_refs = []
        for i in range(count):
            out = subprocess.run(["eventc", "-i", f"Bench{i}", "-c",
                                  str(OMNI_CYCLE_NS), "-q", "200000", "-v", factory],
                                 capture_output=True, text=True, timeout=20, env=env)
            ior = next((w for w in out.stdout.split() if w.startswith("IOR:")), None)
            if ior is None:
                raise RuntimeError(f"eventc made no channel: {out.stderr.strip()[-300:]}")
            self.cos_refs.append(ior)
        self.cos = self.cos_refs[0]

    def ref(self, face, index=0):
        if self.kind == "omniEvents":
            return self.cos_refs[index]
        return self.rtec if face == "rtec" else self.cos

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        for s in self.servers:
            s.stop()
        shutil.rmtree(self.work, ignore_errors=True)


def start_consumer(ctx, face, channel, cpu=CLIENT_CPU, **options):
    argv = [f"{ctx.bin}/rtorb-events-consumer", "receive", "--face", face, "--channel", channel]
    for name, value in options.items():
        argv += [f"--{name.replace('_', '-')}", str(value)]
    proc = subprocess.Popen(["taskset", "-c", cpu] + argv, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    # A consumer whose connect hangs must not hang the run.
    ready, _, _ = select.select([proc.stdout], [], [], 30)
    line = proc.stdout.readline() if ready else "(nothing within 30 s)"
    if line.strip() != "READY":
        proc.kill()
        raise RuntimeError(f"consumer did not start: {line} {proc.stderr.read()[-300:]}")
    return proc


def consumer_result(proc, timeout=120, terminate=False):
    if terminate:
        proc.terminate()
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise RuntimeError("consumer did not finish")
    if proc.returncode != 0:
        raise RuntimeError(f"consumer exited {proc.returncode}: {err.strip()[-300:]}")
    return json.loads(out.strip().splitlines()[-1])


def supplier_argv(ctx, face, channel, **options):
    argv = [f"{ctx.bin}/rtorb-events-supplier", "--face", face, "--channel", channel]
    for name, value in options.items():
        argv += [f"--{name.replace('_', '-')}", str(value)]
    return argv


def one_transfer(ctx, face, channel, consumers, suppliers, supply, seconds, direct=False):
    """Starts the consumers, runs the suppliers to the end, returns the consumers' result
    (after `seconds` at most: a consumer the channel dropped reports what it received)."""
    options = dict(consumers=consumers, suppliers=suppliers, type=HIGH_TYPE, seconds=seconds)
    if direct:
        ior = os.path.join(ctx.work, f"direct-{free_port()}.ior")
        proc = start_consumer(ctx, face, "-", cpu=SERVER_CPU, ior_file=ior, **options)
        channel = f"file://{ior}"
    else:
        proc = start_consumer(ctx, face, channel, **options)
    try:
        run_json(supplier_argv(ctx, face, channel, suppliers=suppliers, type=HIGH_TYPE, **supply),
                 cpu=CLIENT_CPU, timeout=300)
    except Exception:
        proc.kill()
        raise
    return consumer_result(proc, timeout=seconds + 30)


@contextlib.contextmanager
def serving(ctx, system, count=1):
    """The channels a system's rows go through (None for the plain oneway)."""
    if system == "oneway":
        yield None
        return
    kind = "rtorb-rtec reactive" if system == "rtorb-cos" else system
    with Channels(ctx, kind, count) as channels:
        yield channels


def transfer(ctx, system, face, consumers, suppliers, supply, seconds):
    with serving(ctx, system) as channels:
        channel = channels.ref(face) if channels else None
        return one_transfer(ctx, face, channel, consumers, suppliers, supply, seconds,
                            direct=channels is None)


def attempt(failures, run, what, measure):
    """measure()'s row, or None with the failure recorded: one system failing must not
    lose the others' rows."""
    try:
        return measure()
    except Exception as e:
        failures.append({"run": run, "what": what, "error": str(e)})
        log(f"   {what} failed: {e}")
        return None


def latency_rows(ctx, run, systems, failures):
    events = 300 if ctx.quick else 3000
    rows = []
    for system, face in systems:
        for consumers in CONSUMER_COUNTS if face != "direct" else [1]:
            # Paced so one event's fan-out is done before the next: latency, not queueing.
            interval = 1000 if consumers <= 10 else 5000
            what = f"latency {system}, {consumers} consumers"
            log(f"   {what}")
            seconds = events * interval // 1_000_000 + 20
            r = attempt(failures, run, what, lambda: transfer(
                ctx, system, face, consumers, 1, dict(events=events, interval_us=interval),
                seconds))
            if r:
                rows.append(dict(r, run=run, system=system, consumers=consumers, sent=events))
    return rows


def throughput_rows(ctx, run, systems, failures):
    events = 20_000 if ctx.quick else 200_000
    rows = []
    for system, face in systems:
        if face == "direct":
            continue
        for suppliers, consumers in THROUGHPUT_SHAPES:
            what = f"throughput {system}, {suppliers}:{consumers}"
            log(f"   {what}")
            r = attempt(failures, run, what, lambda: transfer(
                ctx, system, face, consumers, suppliers,
                dict(events=events // suppliers, interval_us=0), 60))
            if r:
                rows.append({"run": run, "system": system, "suppliers": suppliers,
                         "consumers": consumers, "received": r["received"],
                         "sent": events // suppliers * suppliers,
                         "events_per_second": r["events_per_second"]})
    return rows


def connect_cost(ctx, system, face, times):
    with serving(ctx, system) as channels:
        return run_json([f"{ctx.bin}/rtorb-events-consumer", "connect", "--face", face,
                         "--channel", channels.ref(face), "--times", str(times)],
                        cpu=CLIENT_CPU, timeout=300)


def connect_rows(ctx, run, systems, failures):
    times = 100 if ctx.quick else 1000
    rows = []
    for system, face in systems:
        if face == "direct":
            continue
        r = attempt(failures, run, f"connect {system}",
                    lambda: connect_cost(ctx, system, face, times))
        if r:
            rows.append({"run": run, "system": system,
                         "connect_p50_us": r["connect"]["p50_us"],
                         "connect_p99_us": r["connect"]["p99_us"],
                         "disconnect_p50_us": r["disconnect"]["p50_us"],
                         "disconnect_p99_us": r["disconnect"]["p99_us"]})
    return rows


def inversion_once(ctx, channels, face, seconds, flood_interval_us):
    """The 30 Hz group's consumer while a low-priority consumer's group is flooded (every
    flood_interval_us, 0: no flood); omniEvents has no priorities, so its two groups are
    two channels of one daemon."""
    high_ref, low_ref = channels.ref(face, 0), channels.ref(face, 1 if face == "cos" else 0)
    high = start_consumer(ctx, face, high_ref, type=HIGH_TYPE, rt_info=HIGH_PRIORITY,
                          deadline_us=PERIOD_30HZ_US, suppliers=1)
    low = start_consumer(ctx, face, low_ref, type=LOW_TYPE, rt_info=LOW_PRIORITY, suppliers=0)
    flood = None
    try:
        if flood_interval_us:
            flood = subprocess.Popen(["taskset", "-c", CLIENT_CPU] + supplier_argv(
                ctx, face, low_ref, type=LOW_TYPE, interval_us=flood_interval_us,
                seconds=seconds + 1, end=0, priority=LOW_PRIORITY if face == "rtec" else 0),
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        supplied = run_json(supplier_argv(
            ctx, face, high_ref, type=HIGH_TYPE, interval_us=PERIOD_30HZ_US, seconds=seconds,
            priority=HIGH_PRIORITY if face == "rtec" else 0), cpu=CLIENT_CPU, timeout=seconds + 60)
        result = consumer_result(high)
        flooded = json.loads(flood.communicate(timeout=seconds + 60)[0]) if flood else {"sent": 0}
    finally:
        for p in (high, flood):
            if p and p.poll() is None:
                p.kill()
    low_result = consumer_result(low, terminate=True)
    return dict(result, flood_sent=flooded["sent"], flood_received=low_result["received"],
                sent=supplied["sent"])


def inversion_pair(ctx, system, face, seconds):
    """The idle and the flooded row of one system, on the same channels."""
    rows = []
    with serving(ctx, system, count=2) as channels:
        for load, interval in (("idle", 0), ("flood", FLOOD_INTERVAL_US)):
            log(f"   inversion {system}, {load}")
            rows.append(dict(inversion_once(ctx, channels, face, seconds, interval),
                             system=system, load=load))
    return rows


def inversion_rows(ctx, run, systems, failures):
    seconds = 5 if ctx.quick else 20
    rows = []
    for system, face in [s for s in systems if s[0] in ("rtorb-rtec priority", "omniEvents")]:
        pair = attempt(failures, run, f"inversion {system}",
                       lambda: inversion_pair(ctx, system, face, seconds))
        rows += [dict(r, run=run) for r in pair or []]
    return rows


def installed_systems():
    """omniEvents' rows only where its daemon is installed (a missing row fails its check)."""
    return [s for s in SYSTEMS if s[0] != "omniEvents" or shutil.which(OMNI_EVENTS)]


def run_experiment(ctx):
    log("== 12. Event channels")
    out = {"latency": [], "throughput": [], "connect": [], "inversion": [], "failures": []}
    systems = installed_systems()
    for run in range(1, ctx.runs + 1):
        for part, measure in (("latency", latency_rows), ("throughput", throughput_rows),
                              ("connect", connect_rows), ("inversion", inversion_rows)):
            out[part] += measure(ctx, run, systems, out["failures"])
    return out
