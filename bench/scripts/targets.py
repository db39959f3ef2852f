"""The targets of issue 5, checked on results.json: each check gives rows of
{target, scope, value, limit, pass, detail}. Ratios are only taken within one run and one
placement. A target whose measurement is missing, or whose experiment failed or did not
run, is a failed check saying why: the count of checks never shrinks with what went wrong.
A placement where a target cannot hold stays a check; its row fails with the reason beside
the numbers. What each experiment runs (systems, server models) comes from its module, so
a row it should have made and did not is seen."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from exp_cubit import ORB_SERVERS  # noqa: E402
from exp_events import THROUGHPUT_SHAPES as EVENT_THROUGHPUT_SHAPES  # noqa: E402
from exp_mt_cubit import COUNTED_CONFIGS  # noqa: E402
from exp_overlap import CLIENTS as OVERLAP_CLIENTS  # noqa: E402
from exp_sync_scope import SERVER_MODELS  # noqa: E402
from exp_whitebox import SYSTEMS as WHITEBOX_ORB_SYSTEMS  # noqa: E402


def _index(rows):
    return {(r["run"], r["placement"], r["system"], r["operation"]): r for r in rows}


def _row(target, scope, value, limit, ok, detail, extra=False):
    """extra: a comparison of our own beyond the issue's targets, reported apart."""
    return {"target": target, "scope": scope, "value": round(value, 3) if value is not None else None,
            "limit": limit, "pass": ok, "detail": detail, "extra": extra}


def _missing(num, den, field, names):
    """Why a ratio cannot be taken, or None: which side's measurement is absent."""
    for row, name in zip((num, den), names):
        if row is None:
            return f"not measured: no {name} row"
        if row.get(field) is None:
            return f"not measured: {name} has no {field}"
    if not den[field]:
        return f"not measured: {names[1]}'s {field} is 0"
    return None


def _ratio_check(out, target, scope, num, den, field, limit, detail_fmt, at_least=False,
                 extra=False, names=("measured", "reference"), why_not=""):
    """why_not: the reason this placement or configuration cannot meet the target, shown
    beside the numbers when it fails."""
    bound = ("≥ " if at_least else "≤ ") + str(limit)
    missing = _missing(num, den, field, names)
    if missing:
        out.append(_row(target, scope, None, bound, False, missing, extra))
        return
    ratio = num[field] / den[field]
    ok = ratio >= limit if at_least else ratio <= limit
    detail = detail_fmt.format(a=num[field], b=den[field])
    if not ok and why_not:
        detail += f" ({why_not})"
    out.append(_row(target, scope, ratio, bound, ok, detail, extra))


def cubit_targets(data):
    out = []
    idx = _index(data.get("rows", []))
    scopes = sorted({(k[0], k[1]) for k in idx})
    if not scopes:
        out.append(_row("IDL_Cubit measured", "", None, "rows", False, "not measured: no rows"))
    for run, placement in scopes:
        for system in (s for s in ORB_SERVERS if s.startswith("rtorb")):
            scope = f"run {run}, {placement} CPU, {system}"
            get = lambda s, op: idx.get((run, placement, s, op))  # noqa: E731

            def check(target, op, base, field, limit, fmt, at_least=False):
                _ratio_check(out, target, scope, get(system, op), get(base, op), field, limit,
                             fmt, at_least, names=(f"{system} {op}", f"{base} {op}"))
            cl, seq, us = "cube_long", "cube_long_sequence[65536]", "{a:.1f} µs vs {b:.1f} µs"
            check("cube_long p50 ≤ 1.05 × raw TCP", cl, "raw-tcp", "p50_us", 1.05, us)
            check("cube_long p50 ≤ omniORB", cl, "omniorb", "p50_us", 1.0, us)
            check("cube_long p99 ≤ 1.25 × raw TCP", cl, "raw-tcp", "p99_us", 1.25, us)
            check("sequence 65536 p50 ≤ 1.10 × raw TCP", seq, "raw-tcp", "p50_us", 1.10, us)
            check("sequence 65536 p50 ≤ 0.9 × omniORB", seq, "omniorb", "p50_us", 0.9, us)
            for op in ("cube_oneway", "ping_oneway"):
                check(f"{op} sends/s ≥ 0.9 × raw TCP", op, "raw-tcp", "calls_per_second", 0.9,
                      "{a:.0f}/s vs {b:.0f}/s", at_least=True)
    return out


def concurrency_targets(data):
    out = []
    rows = data.get("rows", [])
    idx = {(r["run"], r["placement"], r["server"], r["threads"]): r for r in rows}
    if not idx:
        out.append(_row("concurrency measured", "", None, "rows", False, "not measured: no rows"))
    # The target's configuration (a pool of 2 on both), and each ORB's thread per connection.
    pairs = {"rtorb-pool2": ("omniorb-pool2", "pool of 2: calls/s ≥ 1.2 × omniORB (pool of 2)", ""),
             "rtorb-per-connection": ("omniorb-tpc", "thread per connection: calls/s ≥ 1.2 × omniORB",
                                      "")}
    for run, placement, threads in sorted({(k[0], k[1], k[3]) for k in idx if k[3] >= 4}):
        scope = f"run {run}, {placement} CPU, {threads} client threads"
        for server, (other, target, why_not) in pairs.items():
            _ratio_check(out, target, scope, idx.get((run, placement, server, threads)),
                         idx.get((run, placement, other, threads)), "calls_per_second", 1.2,
                         "{a:.0f}/s vs {b:.0f}/s", at_least=True, names=(server, other),
                         why_not=why_not)
        r = idx.get((run, placement, "rtorb-pool2", threads))
        per = (r or {}).get("per_thread_calls") or []
        target = "pool of 2: no client starves (min ≥ 0.5 × mean calls)"
        if not per:
            out.append(_row(target, scope, None, "≥ 0.5", False,
                            "not measured: no per-thread calls of rtorb-pool2"))
            continue
        fair = min(per) / (sum(per) / len(per))
        out.append(_row(target, scope, fair, "≥ 0.5", fair >= 0.5,
                        f"per-thread calls {min(per)}..{max(per)}"))
    return out


def overlap_targets(data):
    """Issue 32: 16 concurrent calls over one connection to a servant that sleeps 10 ms,
    every one answered in under 25 ms (the slowest call of the run), by rtorb's server
    with each client; omniORB's server with the same client, in the same run, is shown
    beside it (and checked apart, as a comparison of our own)."""
    out = []
    rows = data.get("rows", [])
    idx = {(r["run"], r["server"], r["client"]): r for r in rows}
    if not idx:
        out.append(_row("overlap measured", "", None, "rows", False, "not measured: no rows"))
    limit_us = 25_000
    target = "16 calls over one connection to a 10 ms servant: slowest answered in < 25 ms"
    for run in sorted({k[0] for k in idx}):
        for client in OVERLAP_CLIENTS:
            for server, extra in (("rtorb-pool16", False), ("omniorb", True)):
                r = idx.get((run, server, client))
                scope = f"run {run}, {server} server, {client} client"
                if r is None:
                    if client == "rtorb" or server == "rtorb-pool16":
                        out.append(_row(target, scope, None, "< 25 ms", False,
                                        f"not measured: no {server}/{client} row", extra))
                    continue
                other = idx.get((run, "omniorb" if server == "rtorb-pool16" else "rtorb-pool16",
                                 client))
                detail = f"max {r['max_us'] / 1000:.1f} ms, p99 {r['p99_us'] / 1000:.1f} ms, " \
                         f"{r['calls_per_second']:.0f} calls/s"
                if other is not None:
                    detail += f"; the other server: max {other['max_us'] / 1000:.1f} ms, " \
                              f"{other['calls_per_second']:.0f} calls/s"
                out.append(_row(target, scope, r["max_us"] / 1000, "< 25 ms",
                                r["max_us"] < limit_us, detail, extra))
    return out


def collocation_targets(data):
    out = []
    if not data.get("rows"):
        out.append(_row("collocation measured", "", None, "rows", False, "not measured: no rows"))
    for r in data.get("rows", []):
        modes = r.get("modes", {})
        scope = f"run {r['run']}, {r['operation']}"
        get = lambda m: modes.get(m) if isinstance(modes.get(m), dict) else None  # noqa: E731
        _ratio_check(out, "thru-POA ≥ 100 × loopback remote calls/s", scope, get("thru_poa"),
                     get("remote"), "calls_per_second", 100, "{a:.0f}/s vs {b:.0f}/s",
                     at_least=True, names=("thru_poa", "remote"))
        if get("direct") is None:
            why = modes.get("direct") or "-ORBCollocation direct rejected"
            out.append(_row("direct within 2 × plain virtual call", scope, None, "≥ 0.5", False,
                            f"direct collocation not available ({why})"))
            continue
        _ratio_check(out, "direct within 2 × plain virtual call", scope, get("direct"),
                     get("virtual"), "calls_per_second", 0.5, "{a:.0f}/s vs {b:.0f}/s",
                     at_least=True, names=("direct", "virtual"))
    return out


def demux_targets(data):
    out = []
    if not data.get("runs"):
        out.append(_row("demux measured", "", None, "runs", False, "not measured: no runs"))
    for r in data.get("runs", []):
        for dim, points in r.get("series", {}).items():
            if len(points) < 2:
                out.append(_row(f"demux: {dim} within 10 %", f"run {r['run']}", None, "≤ 1.1",
                                False, f"not measured: {len(points)} point(s)"))
                continue
            first, last = points[0], points[-1]
            ratio = last["ns_per_dispatch"] / first["ns_per_dispatch"]
            out.append(_row(f"demux: {dim} {last['n']} within 10 % of {first['n']}",
                            f"run {r['run']}", ratio, "≤ 1.1", ratio <= 1.10,
                            f"{last['ns_per_dispatch']:.0f} ns vs {first['ns_per_dispatch']:.0f} ns"))
        combined = r.get("combined")
        if combined:
            ratio = combined["worst_ns"] / combined["base_ns"]
            out.append(_row(f"demux: {combined.get('worst', 'worst case')} within 10 % of 1/1/1",
                            f"run {r['run']}", ratio, "≤ 1.1", ratio <= 1.10,
                            f"{combined['worst_ns']:.0f} ns vs {combined['base_ns']:.0f} ns"))
    return out


# The rtorb server models whose twoway call exp_whitebox counts.
WHITEBOX_SYSTEMS = [s for s in WHITEBOX_ORB_SYSTEMS if s.startswith("rtorb")]


def zero_allocations(target, scope, row, extra=False):
    """Strictly none: the per-call figure (three decimals, over thousands of calls, each
    count the median of three runs) must be 0; the raw difference is shown beside it."""
    allocs = row.get("mallocs_per_call") if row else None
    if allocs is None:
        return _row(target, scope, None, "= 0", False, "not measured: no allocation count", extra)
    detail = f"{allocs:g} malloc/calloc/realloc per call"
    if row.get("heap_calls_counted") is not None:
        detail += f" ({row['heap_calls_counted']} over {row.get('calls_counted', '?')} calls)"
    if "locks_per_call" in row:
        detail += f", {row['locks_per_call']:g} locks per call"
    return _row(target, scope, allocs, "= 0", allocs == 0, detail, extra)


def whitebox_targets(data):
    rows = {(r["system"], r["side"]): r for r in data.get("rows", [])}
    return [zero_allocations("zero heap allocations per steady-state twoway call",
                             f"{system} {side}", rows.get((system, side)))
            for system in WHITEBOX_SYSTEMS for side in ("client", "server")]


def footprint_targets(data):
    out = []
    for side in ("server", "client"):
        name = f"stripped libraries a minimal {side} links ≤ 1.0 MB"
        total = data.get(f"{side}_libraries_bytes")
        if total is None:
            out.append(_row(name, "", None, "≤ 1.0", False,
                            f"not measured: no {side}_libraries_bytes"))
            continue
        out.append(_row(name, "", total / 1e6, "≤ 1.0", total <= 1_000_000,
                        f"{total / 1e6:.2f} MB ({side} executable minus trivial one)"))
    return out


def mt_point(rows, config, placement, low, rate):
    """The MT_Cubit row of a configuration, placement, N and low rate (for N = 0 any rate:
    it is run once), without the scavenger runs."""
    for r in rows:
        if (r["config"], r["placement"], r["low"]) == (config, placement, low) and \
                not r.get("scavenger") and (low == 0 or r["low_rate_hz"] == rate):
            return r
    return None


def _mt_rtorb_checks(out, rows, config, placement, top, omni_best):
    base = mt_point(rows, config, placement, 0, 0)
    sat = mt_point(rows, config, placement, top, 0)
    scope = f"{placement}, {config}, N={top} flat out"
    if sat is None:
        out.append(_row("MT_Cubit point measured", scope, None, "a row", False, "no row"))
        return
    high = sat["high"]
    names = (f"N={top}", "N=0")
    _ratio_check(out, "MT_Cubit high p50 ≤ 1.3 × its N=0", scope, high, base and base["high"],
                 "p50_us", 1.3, "{a:.1f} µs vs {b:.1f} µs", names=names)
    _ratio_check(out, "MT_Cubit high p99 ≤ 2 × its N=0", scope, high, base and base["high"],
                 "p99_us", 2.0, "{a:.1f} µs vs {b:.1f} µs", names=names)
    out.append(_row("MT_Cubit high max < 1000 µs", scope, high["max_us"], "< 1000",
                    high["max_us"] < 1000, f"{high['max_us']:.1f} µs over {high['count']} calls"))
    bad = high["missed_deadlines"] + high["errors"]
    out.append(_row("MT_Cubit high: 0 missed deadlines, no failed call", scope, bad, "= 0",
                    bad == 0, f"{high['missed_deadlines']} missed, {high['errors']} failed"))
    v = sat.get("priority_violations")
    out.append(_row("MT_Cubit: 0 priority violations at the server", scope, v, "= 0", v == 0,
                    "not reported" if v is None else f"{v} requests served at the wrong priority"))
    best = omni_best["config"] if omni_best else "?"
    _ratio_check(out, "MT_Cubit low calls/s ≥ omniORB's best", scope, sat, omni_best,
                 "low_calls_per_second", 1.0, "{a:.0f}/s vs {b:.0f}/s (" + best + ")",
                 at_least=True, names=(config, "omniORB flat out"))


def _mt_count_checks(out, counts):
    """rtorb's high-priority request, as the twoway call of whitebox_targets: no heap calls.
    Not an issue 5 target, so reported apart."""
    rows = {(r["config"], r["side"]): r for r in counts}
    for config in (c for c in COUNTED_CONFIGS if c.startswith("rtorb/")):
        for side in ("client", "server"):
            out.append(zero_allocations("MT_Cubit: zero heap allocations per high-priority request",
                                        f"{config} {side}", rows.get((config, side)), extra=True))


def mt_cubit_targets(data):
    out = []
    _mt_count_checks(out, data.get("high_priority_counts", []))
    rows = [r for r in data.get("rows", []) if not r.get("scavenger")]
    if not any(r["orb"] == "rtorb" for r in rows):
        failed = [f["error"] for f in data.get("failures", []) if f["config"].startswith("rtorb")]
        why = "; ".join(data.get("notes", []) + failed[:1]) or "no rtorb rows"
        out.append(_row("MT_Cubit: rtorb measured", "", None, "rows", False, why))
    for placement in sorted({r["placement"] for r in rows}):
        top = max(r["low"] for r in rows if r["placement"] == placement)
        omni = [r for r in rows if r["orb"] == "omniorb" and r["placement"] == placement
                and r["low"] == top and r["low_rate_hz"] == 0]
        omni_best = max(omni, key=lambda r: r["low_calls_per_second"], default=None)
        for config in sorted({r["config"] for r in rows if r["placement"] == placement}):
            if config.startswith("rtorb/"):
                _mt_rtorb_checks(out, rows, config, placement, top, omni_best)
                continue
            # omniORB's growth, for comparison: the same checks, reported apart.
            base = mt_point(rows, config, placement, 0, 0)
            sat = mt_point(rows, config, placement, top, 0)
            scope = f"{placement}, {config}, N={top} flat out"
            for field, limit in (("p50_us", 1.3), ("p99_us", 2.0)):
                _ratio_check(out, f"MT_Cubit high {field[:3]} ≤ {limit:g} × its N=0", scope,
                             sat and sat["high"], base and base["high"], field, limit,
                             "{a:.1f} µs vs {b:.1f} µs", extra=True)
    return out


# Why a placement or configuration can miss a target the paper met (docs/bench.md).
SYNC_SCOPE_ONE_CPU = ("on one CPU the client's next call cannot overlap the servant's work, "
                      "which is what WITH_SERVER gains")
SYNC_SCOPE_POOL = ("a pool hands the connection back to the reactor after each request and "
                   "the other thread often takes the next: a wake-up and a context switch "
                   "per call")
BUFFERING_ONE_CPU = ("on one CPU client and server take turns: the rate is one over the sum "
                     "of both sides' work per message, with nothing for buffering to overlap")
SYNC_SCOPE_SERVERS = [label for label, _ in SERVER_MODELS]


def sync_scope_targets(data):
    """Issue 19, Figure 17: WITH_SERVER oneways at least 1.5 x the twoway rate, with a
    working servant, in every placement and server model measured. WITH_SERVER gains by
    overlapping the client's next call with the servant's work: one CPU cannot, and a pool
    of 2 pays a hand-off per request; those rows say so when they fail."""
    out = []
    rows = data.get("rows", [])
    idx = {(r["run"], r["placement"], r.get("server", "pool of 2"), r["mode"]): r for r in rows}
    if not idx:
        out.append(_row("SyncScope measured", "", None, "rows", False, "not measured: no rows"))
    for run, placement in sorted({k[:2] for k in idx}):
        for server in SYNC_SCOPE_SERVERS:
            why = SYNC_SCOPE_ONE_CPU if placement == "same" else \
                SYNC_SCOPE_POOL if server == "pool of 2" else ""
            _ratio_check(out, "WITH_SERVER oneways/s ≥ 1.5 × twoways/s (working servant)",
                         f"run {run}, {placement} CPU, {server}",
                         idx.get((run, placement, server, "oneway WITH_SERVER")),
                         idx.get((run, placement, server, "twoway")), "calls_per_second", 1.5,
                         "{a:.0f}/s vs {b:.0f}/s", at_least=True,
                         names=(f"{server} WITH_SERVER", f"{server} twoway"), why_not=why)
    return out


def buffering_targets(data):
    """Issue 19: buffered small oneways at least 3 x omniORB's oneway rate and 2 x rtorb's
    own unbuffered rate (the best buffer size of each run and placement), in both
    placements. The paper's Figure 16 was measured between two machines, where the two
    sides' work overlaps; the one-CPU rows say why they fall short when they do."""
    out = []
    rows = [r for r in data.get("rows", []) if r["workload"] == "cube_oneway"]
    if not rows:
        out.append(_row("buffering measured", "", None, "rows", False,
                        "not measured: no cube_oneway rows"))
    for run, placement in sorted({(r["run"], r["placement"]) for r in rows}):
        here = [r for r in rows if r["run"] == run and r["placement"] == placement]
        best = max((r for r in here if r["mode"].startswith("buffered")),
                   key=lambda r: r["calls_per_second"], default=None)
        plain = next((r for r in here if r["mode"] == "unbuffered"), None)
        omni = next((r for r in here if r["system"] == "omniORB"), None)
        scope = f"run {run}, {placement}, best N={best['buffer_count'] if best else '?'}"
        why = BUFFERING_ONE_CPU if placement == "same" else ""
        _ratio_check(out, "buffered cube_oneway ≥ 3 × omniORB oneways", scope, best, omni,
                     "calls_per_second", 3, "{a:.0f} vs {b:.0f} /s", at_least=True,
                     names=("buffered", "omniORB"), why_not=why)
        _ratio_check(out, "buffered cube_oneway ≥ 2 × rtorb unbuffered", scope, best, plain,
                     "calls_per_second", 2, "{a:.0f} vs {b:.0f} /s", at_least=True,
                     names=("buffered", "unbuffered"), why_not=why)
    return out


def _event_row(rows, **match):
    return next((r for r in rows if all(r.get(k) == v for k, v in match.items())), None)


def _events_inversion(out, inversion, run):
    idle = _event_row(inversion, run=run, system="rtorb-rtec priority", load="idle")
    flood = _event_row(inversion, run=run, system="rtorb-rtec priority", load="flood")
    _ratio_check(out, "30 Hz p99 under flood ≤ 1.3 × idle", f"run {run}, priority", flood, idle,
                 "p99_us", 1.3, "{a:.0f} vs {b:.0f} µs", names=("flood", "idle"))
    if flood is None or flood.get("deadline_misses") is None:
        out.append(_row("30 Hz deadline misses under flood = 0", f"run {run}, priority", None,
                        "= 0", False, "not measured: no flood row"))
    else:
        misses = flood["deadline_misses"]
        out.append(_row("30 Hz deadline misses under flood = 0", f"run {run}, priority", misses,
                        "= 0", misses == 0, f"{misses} of {flood['count']} events late"))


def events_targets(data):
    """Issue 29: the 30 Hz group's p99 under a low-priority flood within 1.3 x its idle p99
    and no deadline missed (priority dispatching); one-hop latency (1 consumer, p50) within
    2 x a plain rtorb oneway push of the same event; events/s at least 3 x omniEvents', 1:1
    and N:N. Each rtorb dispatching mode is checked; a missing row is a failed check."""
    out = []
    latency, throughput = data.get("latency", []), data.get("throughput", [])
    inversion = data.get("inversion", [])
    runs = sorted({r["run"] for part in (latency, throughput, inversion) for r in part}) or [1]
    for run in runs:
        _events_inversion(out, inversion, run)
        oneway = _event_row(latency, run=run, system="oneway", consumers=1)
        for mode in ("reactive", "priority"):
            system = f"rtorb-rtec {mode}"
            _ratio_check(out, "one-hop event p50 ≤ 2 × plain oneway", f"run {run}, {mode}",
                         _event_row(latency, run=run, system=system, consumers=1), oneway,
                         "p50_us", 2, "{a:.0f} vs {b:.0f} µs", names=(system, "oneway"))
            for suppliers, consumers in EVENT_THROUGHPUT_SHAPES:
                shape = dict(run=run, suppliers=suppliers, consumers=consumers)
                _ratio_check(out, "events/s ≥ 3 × omniEvents",
                             f"run {run}, {mode}, {suppliers}:{consumers}",
                             _event_row(throughput, system=system, **shape),
                             _event_row(throughput, system="omniEvents", **shape),
                             "events_per_second", 3, "{a:.0f} vs {b:.0f} /s", at_least=True,
                             names=(system, "omniEvents"))
    return out


CHECKS = {"cubit": cubit_targets, "concurrency": concurrency_targets,
          "collocation": collocation_targets, "demux": demux_targets,
          "whitebox": whitebox_targets, "footprint": footprint_targets,
          "mt_cubit": mt_cubit_targets, "sync_scope": sync_scope_targets,
          "buffering": buffering_targets, "events": events_targets,
          "overlap": overlap_targets}


def evaluate(results):
    """Every experiment with targets gives rows; one that failed or did not run gives a
    failed check with its error, so it still counts."""
    rows = []
    for name, check in CHECKS.items():
        data = results.get("experiments", {}).get(name)
        if data is None:
            got = [_row(f"{name} measured", "", None, "run", False, "not measured: not run")]
        elif "error" in data:
            got = [_row(f"{name} measured", "", None, "run", False,
                        f"not measured: {data['error']}")]
        else:
            got = check(data)
        rows += [dict(r, experiment=name) for r in got]
    return rows
