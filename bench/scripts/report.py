#!/usr/bin/env python3
"""Turns results.json into report.md, report.json (results plus the target checks) and PNG
plots. Runs on its own too: report.py results.json OUT_DIR (a ctest test feeds it a small
fake input)."""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plots  # noqa: E402
import targets  # noqa: E402
from report_format import fmt, table  # noqa: E402
from report_events import section_events  # noqa: E402


def section_cubit(data):
    out = ["## 1. IDL_Cubit latency", "",
           "p50 / p99 in µs (oneways: per send), calls/s, and p50 as a ratio to raw TCP with the",
           "same bytes (same run, same placement). *same*: client and server on CPU 0; *diff*:",
           "server on CPU 1, client on CPU 0.", ""]
    wire = data.get("wire_bytes", {})
    if wire:
        out += ["Bytes on the wire per call (rtorb, GIOP 1.2, counted by a relay):", ""]
        out += table(["operation", "request", "reply"],
                     [[k, v["request"], v["reply"]] for k, v in wire.items()])
    rows = data.get("rows", [])
    raw = {(r["run"], r["placement"], r["operation"]): r for r in rows if r["system"] == "raw-tcp"}
    for run in sorted({r["run"] for r in rows}):
        for placement in ("same", "diff"):
            sel = [r for r in rows if r["run"] == run and r["placement"] == placement]
            if not sel:
                continue
            out += [f"### run {run}, {placement} CPU", ""]
            body = []
            for r in sel:
                base = raw.get((run, placement, r["operation"]))
                ratio = r["p50_us"] / base["p50_us"] if base and base["p50_us"] else None
                body.append([r["operation"], r["system"], r["p50_us"], r["p99_us"], r["max_us"],
                             round(r["calls_per_second"]), fmt(ratio, 2) + " ×" if ratio else "–"])
            out += table(["operation", "system", "p50 µs", "p99 µs", "max µs", "calls/s",
                          "p50 / raw TCP"], body)
    return out + floor_section(data) + oneway_sensitivity_section(data)


def oneway_sensitivity_section(data):
    """Raw senders with a few ns of spinning per send, next to the ORBs' cube_oneway rates
    of the same run on one CPU: where the scheduler puts a sender that does that much more
    work per message than raw send."""
    sens = data.get("oneway_sensitivity", [])
    if not sens:
        return []
    out = ["### Oneways on one CPU: what a few ns per send cost", "",
           "cube_oneway's bytes from raw TCP senders that spin the given time in user space",
           "before each send, to a raw server reading one request per recv or up to 64 KiB (as",
           "an ORB's buffered reader does); the ORBs' rows are their cube_oneway runs on one CPU",
           "in the same run. p50 is the time of one send as the client sees it; the ratio is",
           "to the raw sender with no extra work and one request per read.", ""]
    rows = data.get("rows", [])
    body = []
    for run in sorted({r["run"] for r in sens}):
        sel = [r for r in sens if r["run"] == run]
        base = next((r for r in sel if r["read_bytes"] == 0 and r["extra_work_ns"] == 0), None)
        if not base:
            continue
        def line(sender, extra, r):
            return [run, sender, extra, fmt(r["p50_us"], 3), round(r["calls_per_second"]),
                    fmt(r["calls_per_second"] / base["calls_per_second"], 2) + " ×"]
        for r in sel:
            reads = "one request" if r["read_bytes"] == 0 else f"up to {r['read_bytes']} B"
            body.append(line(f"raw, server reads {reads}", f"+{r['extra_work_ns']} ns", r))
        for r in rows:
            if ((r["run"], r["placement"], r["operation"]) == (run, "same", "cube_oneway")
                    and not r["system"].startswith("raw")):
                extra = round((r["p50_us"] - base["p50_us"]) * 1000)
                body.append(line(r["system"], f"({extra:+d} ns p50)", r))
    return out + table(["run", "sender → server", "extra work per send", "p50 µs per send",
                        "sends/s", "/ raw"], body)


def floor_section(data):
    """Raw TCP plus the mapping's own work (rtorb-mapping-floor) for the long sequences, next
    to what the ORBs measured on the same CPU in the same run."""
    floor = data.get("mapping_floor", [])
    if not floor:
        return []
    out = ["### The mapping's floor for long sequences (same CPU)", "",
           "The user-space work an ORB under the IDL to C++11 mapping that copies the longs",
           "once out of its receive buffer does for cube_long_sequence beyond sending the",
           "bytes: the request's longs copied into the servant's vector, the servant itself",
           "(a new vector, every element cubed) and the reply's longs copied into the",
           "client's vector, timed with no ORB and no socket. Raw TCP plus that is the lowest",
           "p50 such an ORB can reach. An ORB that reads the longs from the socket straight",
           "into the sequence skips a copy and can go below it: omniORB on both sides, rtorb's",
           "thread-per-connection server for the request (its vector is zero-filled first,",
           "as the mapping's resize does).", ""]
    rows = data.get("rows", [])
    body = []
    for f in floor:
        label = f"cube_long_sequence[{f['seq_len']}]"
        sel = {r["system"]: r for r in rows if r["run"] == f["run"] and
               r["placement"] == "same" and r["operation"] == label}
        raw = sel.get("raw-tcp")
        if not raw:
            continue
        bound = raw["p50_us"] + f["p50_us"]
        line = [f["run"], label, raw["p50_us"], f["p50_us"], fmt(bound, 1),
                fmt(bound / raw["p50_us"], 2) + " ×"]
        for system in ("rtorb-per-connection", "rtorb-pool2", "omniorb"):
            r = sel.get(system)
            line.append(f"{fmt(r['p50_us'], 1)} ({fmt(r['p50_us'] / bound, 2)} ×)" if r else "–")
        body.append(line)
    return out + table(["run", "operation", "raw TCP µs", "mapping µs", "floor µs",
                        "floor / raw", "rtorb per-connection µs (/ floor)",
                        "rtorb pool of 2 µs (/ floor)", "omniORB µs (/ floor)"], body)


def section_concurrency(data):
    out = ["## 2. Concurrency", "",
           "Client threads each with its own connection, calling cube_long for a fixed time;",
           "total calls/s, p99 over all calls, and the fewest and most calls of one thread.", ""]
    body = [[r["run"], r["placement"], r["server"], r["threads"], round(r["calls_per_second"]),
             r["p99_us"], min(r["per_thread_calls"]), max(r["per_thread_calls"])]
            for r in data.get("rows", [])]
    return out + table(["run", "placement", "server", "client threads", "calls/s", "p99 µs",
                        "min calls/thread", "max calls/thread"], body)


def section_overlap(data):
    out = ["## 13. Concurrent calls over one connection (issue 32)", "",
           f"{data.get('callers', 16)} client threads share one connection (rtorb's multiplexed",
           "strategy, omniORB with one connection per server and several calls on it) and call",
           f"cube_long for a fixed time; the servant sleeps {data.get('sleep_ms', 10)} ms per call.",
           "Served side by side, a call takes about that long; one after another, 16 times it.", ""]
    body = [[r["run"], r["server"], r["client"], round(r["calls_per_second"]),
             fmt(r["p50_us"] / 1000, 1), fmt(r["p99_us"] / 1000, 1), fmt(r["max_us"] / 1000, 1)]
            for r in data.get("rows", [])]
    return out + table(["run", "server", "client", "calls/s", "p50 ms", "p99 ms", "max ms"], body)


def section_collocation(data):
    out = ["## 3. Collocation", "",
           "Calls per second in one process: a remote call over loopback (a second ORB), a",
           "collocated call through the POA, a direct collocated call, and a plain virtual",
           "call on the servant.", ""]
    body = []
    for r in data.get("rows", []):
        for mode in ("remote", "thru_poa", "direct", "virtual"):
            m = r["modes"].get(mode)
            if isinstance(m, dict):
                body.append([r["run"], r["operation"], mode, round(m["calls_per_second"]),
                             m["ns_per_call"]])
            else:
                body.append([r["run"], r["operation"], mode, "not available", m or ""])
    return out + table(["run", "operation", "mode", "calls/s", "ns per call"], body)


def section_demux(data):
    out = ["## 4. Demultiplexing", "",
           "In-process dispatch time of one GIOP Request (bytes already received) to the servant",
           "upcall and its reply, as the number of servants, POA depth and operations grow.", ""]
    body = []
    for r in data.get("runs", []):
        for dim, points in r.get("series", {}).items():
            for p in points:
                body.append([r["run"], dim, p["n"], p["ns_per_dispatch"]])
        c = r.get("combined")
        if c:
            body.append([r["run"], "1/1/1 → 100000/25/50", "", f"{c['base_ns']:.0f} → {c['worst_ns']:.0f}"])
    return out + table(["run", "dimension", "n", "ns per dispatch"], body)


def section_whitebox(data):
    out = ["## 5. Whitebox: per steady-state twoway cube_long call", "",
           "Counted from outside: an LD_PRELOAD library (malloc/calloc/realloc/free,",
           "pthread_mutex_lock/trylock, rwlocks) and `strace -f -c` (system calls), as (count after N2 calls −",
           "count after N1 calls) / (N2 − N1), each count the median of three runs.", ""]
    body = [[r["system"], r["side"], r.get("mallocs_per_call"), r.get("frees_per_call"),
             r.get("locks_per_call"), r.get("syscalls_per_call"), r.get("top_syscalls", "")]
            for r in data.get("rows", [])]
    return out + table(["system", "side", "allocations", "frees", "locks", "system calls",
                        "system calls by name"], body)


def section_footprint(data):
    out = ["## 6. Footprint (stripped bytes)", ""]
    body = [[k, v] for k, v in data.get("sizes", {}).items()]
    out += table(["file", "stripped bytes"], body)
    if data.get("note"):
        out += [data["note"], ""]
    return out


def section_naming(data):
    out = ["## 8. Naming Service at scale (one context, one client thread)", "",
           "Per-call latency in µs (median / p99); list is the whole context through "
           "`list(1000)` and its iterator. omniNames logs every change to its data "
           "directory; `rtorb-naming --store` syncs every acknowledged bind.", ""]
    body = [[r["server"], r["bindings"], fmt(r["bind"]["median_us"]), fmt(r["bind"]["p99_us"]),
             fmt(r["bind_total_ms"] / 1000, 2), fmt(r["list_ms"]),
             fmt(r["resolve"]["median_us"]), fmt(r["resolve"]["p99_us"])]
            for r in data.get("rows", [])]
    out += table(["server", "bindings", "bind median", "bind p99", "all binds (s)", "list (ms)",
                  "resolve median", "resolve p99"], body)
    for f in data.get("failures", []):
        out += [f"- {f['server']} at {f['bindings']} bindings failed: {f['error']}"]
    return out + [""]


MT_CONFIGS = ["rtorb/server_declared", "rtorb/client_propagated", "omniorb/default",
              "omniorb/per_thread"]
MT_PLACEMENTS = {"unpinned": "server and client unpinned",
                 "one_cpu": "server and client on CPU 0"}


def _mt_rate_name(rate):
    return f"low threads at {rate:g} Hz" if rate else "low threads flat out"


def mt_latency_table(rows, configs, placement, rate):
    """One row per N: each configuration's high-thread p50 / p99 / max, its missed
    deadlines and its low threads' calls/s."""
    lows = sorted({r["low"] for r in rows if r["placement"] == placement})
    header = ["N"]
    for c in configs:
        header += [f"{c} p50 / p99 / max µs", f"{c} missed, low calls/s"]
    failed = lambda r: r["high"]["errors"] + r["low_errors"]  # noqa: E731
    body = []
    for low in lows:
        line = [low]
        for c in configs:
            r = targets.mt_point(rows, c, placement, low, rate)
            if r is None:
                line += ["–", "–"]
                continue
            h = r["high"]
            line += [f"{h['p50_us']:.0f} / {h['p99_us']:.0f} / {h['max_us']:.0f}",
                     f"{h['missed_deadlines']}, {r['low_calls_per_second']:,.0f}"
                     + (f" ({failed(r)} calls failed)" if failed(r) else "")]
        body.append(line)
    return table(header, body)


def mt_growth_table(rows, configs, placement, rate):
    """p50 and p99 at the largest N over N = 0, per configuration."""
    lows = [r["low"] for r in rows if r["placement"] == placement]
    if not lows:
        return []
    top = max(lows)
    body = []
    for c in configs:
        base = targets.mt_point(rows, c, placement, 0, rate)
        worst = targets.mt_point(rows, c, placement, top, rate)
        if not base or not worst:
            continue
        b, w = base["high"], worst["high"]
        ratio = lambda f: fmt(w[f] / b[f], 2) + " ×" if b[f] else "–"  # noqa: E731
        body.append([c, worst.get("high_sched", "?"), ratio("p50_us"), ratio("p99_us"),
                     fmt(w["jitter_us"]), w["missed_deadlines"] + w["errors"],
                     worst.get("priority_violations")])
    return table(["configuration", "high thread", f"p50 N={top} / N=0", f"p99 N={top} / N=0",
                  f"jitter µs N={top}", "missed + failed", "priority violations"], body)


def mt_context_switch_table(switches):
    body = [[s["placement"], s["sched"], fmt(s["yield_us"], 3), fmt(s["yield_no_switch_us"], 3),
             fmt(s["futex_us"], 3), fmt(s["futex_no_switch_us"], 3)] for s in switches]
    return table(["placement", "threads", "yield µs/switch", "yield alone µs",
                  "futex hand-off µs", "futex calls alone µs"], body)


def mt_scavenger_table(rows):
    body = [[r["placement"], r["config"], r["low"], _mt_rate_name(r["low_rate_hz"]),
             fmt(r.get("scavenger_share"), 2), fmt(r["high"]["p50_us"]),
             fmt(r["low_calls_per_second"], 0)]
            for r in rows if r.get("scavenger")]
    return table(["placement", "configuration", "N", "low rate", "scavenger share",
                  "high p50 µs", "low calls/s"], body)


def mt_counts_table(counts):
    body = [[r["config"], r["side"], r.get("mallocs_per_call"), r.get("frees_per_call"),
             r.get("locks_per_call"), r.get("syscalls_per_call"), r.get("top_syscalls", "")]
            for r in counts]
    return table(["configuration", "side", "allocations", "frees", "locks", "system calls",
                  "system calls by name"], body)


def section_mt_cubit(data):
    out = ["## 7. MT_Cubit (priority inversion)", "",
           "One SCHED_FIFO client thread calls cube_octet at 20 Hz while N SCHED_OTHER client",
           "threads of the same process call at 10 Hz or flat out; all start together and run",
           f"{data.get('seconds_per_point', '?')} s (so the high thread's p99 is one of its few",
           "slowest calls). Every thread is released on one clock grid, so at 10 Hz all N low",
           "calls start with every second high call: the worst case. Latency is the high",
           "thread's call; a missed deadline is a call ending after its release + 50 ms. rtorb",
           "serves the two priorities on their own lanes (server_declared: each object's",
           "priority; client_propagated: the caller's); omniORB multiplexes its default",
           "connections, or gives each thread one (per_thread). Priority violations are requests",
           "the rtorb server saw served at another priority than theirs. With N = 0 the CPUs",
           "sleep between calls, so that latency includes waking them (costly on a virtual",
           "machine), which busy low threads can spare a later call.", ""]
    out += [f"- {n}" for n in data.get("notes", [])] + ([""] if data.get("notes") else [])
    all_rows = data.get("rows", [])
    rows = [r for r in all_rows if not r.get("scavenger")]
    configs = [c for c in MT_CONFIGS if any(r["config"] == c for r in rows)]
    for placement, where in MT_PLACEMENTS.items():
        if not any(r["placement"] == placement for r in rows):
            continue
        for rate in sorted({r["low_rate_hz"] for r in rows if r["low"] > 0}, reverse=True):
            out += [f"### {where}, {_mt_rate_name(rate)}", ""]
            out += mt_latency_table(rows, configs, placement, rate)
            out += mt_growth_table(rows, configs, placement, rate)
    if data.get("context_switch"):
        out += ["### The OS's context switch (rtorb-context-switch, two threads on CPU 0)", ""]
        out += mt_context_switch_table(data["context_switch"])
    if any(r.get("scavenger") for r in all_rows):
        out += ["### CPU left to a scavenger", "",
                "A SCHED_IDLE thread in the client process spins; its share is its rate during",
                "the run over its rate with the clients idle (before and after). On two CPUs",
                "it can have at most one of them either way. A virtual CPU's speed drifts by",
                "10-20 % from one half second to the next, so read it to ±0.2.", ""]
        out += mt_scavenger_table(all_rows)
    if data.get("high_priority_counts"):
        out += ["### Locks and allocations per high-priority request", "",
                "The high thread alone (`--calls`, no low threads, unpinned) calls cube_octet",
                "back to back against a fresh server, counted as in section 5: (count of a run",
                "of N2 calls − count of N1 calls) / (N2 − N1), so start-up, warm-up and",
                "shutdown cancel. Allocations are malloc, calloc, realloc and aligned",
                "allocations; locks are pthread mutex lock/trylock and rwlock calls through the",
                "PLT (rtorb's priority-inheriting PiMutex among them; locks glibc takes inside",
                "itself are not seen); system calls from `strace -f -c`. rtorb's server side is",
                "its high lane; omniORB's is omni-cubit-server (no priorities), its client's",
                "high thread SCHED_FIFO.", ""]
        out += mt_counts_table(data["high_priority_counts"])
    failures = data.get("failures", [])
    if failures:
        out += ["### Points that failed", ""]
        body = [[f["placement"], f["config"], f.get("low", "–"), f.get("low_rate_hz", "–"),
                 f["error"].replace("|", "/").replace("\n", " ")] for f in failures]
        out += table(["placement", "configuration", "N", "low rate Hz", "error"], body)
    return out


def section_ami(data):
    out = ["## 9. AMI (issue 19)", "",
           "cube_long calls/s: rtorb AMI from one client thread with N calls outstanding on one",
           "connection (sendc_cube_long, the reply handler sending the next), against",
           "synchronous calls from N threads (a connection each) to the same rtorb server (a",
           "pool of 2, and a thread per connection) and to omniORB (thread per connection).", ""]
    body = [[r["run"], r["placement"], r["system"], r.get("server", "pool of 2"), r["mode"],
             r["outstanding"], round(r["calls_per_second"])] for r in data.get("rows", [])]
    return out + table(["run", "placement", "system", "server", "mode",
                        "outstanding (ami) / threads (sync)", "calls/s"], body)


def section_sync_scope(data):
    out = ["## 10. SyncScope against twoways, a working servant (issue 19, Figure 17)", "",
           f"Calls/s from one client thread to an rtorb server whose servant checks "
           f"{data.get('work', '?')} numbers for primality per call (about 20,000 divisions): "
           "twoway cube_long, and cube_oneway under each SyncScope. WITH_SERVER is answered "
           "once the servant is found, before the work; WITH_TARGET after it; WITH_TRANSPORT "
           "and SYNC_NONE count sends only (the server works through them later). The server "
           "runs in each model: reactive (the default), a thread per connection, a pool of 2.",
           ""]
    body = [[r["run"], r["placement"], r.get("server", "pool of 2"), r["mode"],
             round(r["calls_per_second"])] for r in data.get("rows", [])]
    return out + table(["run", "placement", "server", "mode", "calls/s"], body)


def section_buffering(data):
    out = ["## 11. Request buffering for oneways (issue 19, the paper's Figure 16)", "",
           "Oneways/s: rtorb SYNC_NONE oneways under a BufferingConstraint flushing every N",
           "messages (`--buffer-count N`: one gather-write per batch), rtorb's unbuffered oneways",
           "(SYNC_WITH_TRANSPORT), omniORB's oneways and raw TCP (one send per message, same bytes). Each ORB run",
           "ends with one twoway on the connection, timed: only what the server read counts.", ""]
    body = [[r["run"], r["placement"], r["workload"], r["system"], r["mode"],
             round(r["calls_per_second"])] for r in data.get("rows", [])]
    return out + table(["run", "placement", "request", "system", "mode", "oneways/s"], body)


SECTIONS = {"cubit": section_cubit, "concurrency": section_concurrency,
            "collocation": section_collocation, "demux": section_demux,
            "whitebox": section_whitebox, "footprint": section_footprint,
            "mt_cubit": section_mt_cubit, "naming": section_naming, "ami": section_ami,
            "sync_scope": section_sync_scope, "buffering": section_buffering,
            "events": section_events, "overlap": section_overlap}


def check_table(checks):
    body = [[c["target"], c["scope"], fmt(c["value"], 3), c["limit"],
             "PASS" if c["pass"] else "**FAIL**", c["detail"]] for c in checks]
    return table(["target", "where", "value", "limit", "result", "numbers"], body)


def section_targets(checks):
    issue = [c for c in checks if not c.get("extra")]
    extra = [c for c in checks if c.get("extra")]
    passed = sum(1 for c in issue if c["pass"])
    out = ["## Targets (issue 5)", "", f"{passed} of {len(issue)} checks pass.", ""]
    out += check_table(issue)
    if extra:
        out += ["", "## Beyond the targets", "",
                "The same kind of check on configurations the issue sets no target for.", ""]
        out += check_table(extra)
    return out


def write_report(results, out_dir):
    checks = targets.evaluate(results)
    images = plots.draw(results, out_dir)
    m = results.get("machine", {})
    lines = ["# rtorb benchmark report", "",
             f"{m.get('date', '?')} on {m.get('host', '?')}: {m.get('cpus', '?')} CPUs "
             f"({m.get('cpu_model', '?')}), kernel {m.get('kernel', '?')}, load before "
             f"{m.get('load_before', '?')}. {'Quick run. ' if results.get('quick') else ''}"
             f"Total {results.get('seconds', '?')} s.", ""]
    lines += section_targets(checks)
    for name, section in SECTIONS.items():
        data = results.get("experiments", {}).get(name)
        if data is None:
            continue
        if "error" in data:
            lines += [f"## {name}", "", f"Not measured: {data['error']}", ""]
            continue
        lines += section(data)
        lines += [f"![{n}]({os.path.basename(p)})" for n, p in images.get(name, [])] + [""]
    with open(os.path.join(out_dir, "report.md"), "w") as f:
        f.write("\n".join(lines))
    with open(os.path.join(out_dir, "report.json"), "w") as f:
        json.dump(dict(results, targets=checks), f, indent=1)
    return checks


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: report.py results.json OUT_DIR")
    os.makedirs(sys.argv[2], exist_ok=True)
    checks = write_report(json.load(open(sys.argv[1])), sys.argv[2])
    extra = sum(1 for c in checks if c.get("extra"))
    print(f"report: {sys.argv[2]}/report.md, {len(checks) - extra} target checks, "
          f"{extra} beyond the targets")
