"""The report's section for experiment 12, the event channels (exp_events.py)."""

from report_format import fmt, table


def _latency(data):
    out = ["Supplier-to-consumer latency in µs, from the supplier's stamp to the consumer's "
           "upcall (events paced so one event's fan-out ends before the next); `oneway` is a "
           "plain rtorb oneway push of the same event straight to the consumer.", ""]
    body = [[r["run"], r["system"], r["consumers"], fmt(r["p50_us"]), fmt(r["p99_us"]),
             fmt(r["max_us"]), f"{r['received']:,} of {r['sent'] * r['consumers']:,}"]
            for r in data.get("latency", [])]
    return out + table(["run", "system", "consumers", "p50", "p99", "max", "received"], body)


def _throughput(data):
    out = ["Throughput: events delivered per second over all consumers (first to last "
           "receipt), suppliers pushing as fast as the face lets them.", ""]
    body = [[r["run"], r["system"], f"{r['suppliers']}:{r['consumers']}",
             round(r["events_per_second"]),
             f"{r['received']:,} of {r['sent'] * r['consumers']:,}"]
            for r in data.get("throughput", [])]
    return out + table(["run", "system", "suppliers:consumers", "events/s", "received"], body)


def _connect(data):
    body = [[r["run"], r["system"], fmt(r["connect_p50_us"]), fmt(r["connect_p99_us"]),
             fmt(r["disconnect_p50_us"]), fmt(r["disconnect_p99_us"])]
            for r in data.get("connect", [])]
    return ["Connect (obtain the proxy, connect) and disconnect of one consumer, µs.", ""] + \
        table(["run", "system", "connect p50", "connect p99", "disconnect p50",
               "disconnect p99"], body)


def _inversion(data):
    out = ["Inversion: the 30 Hz consumer's latency (µs) with the low-priority group idle "
           "and flooded (rtorb: priority dispatching, the groups at RT-CORBA priorities "
           "30000 and 5000; omniEvents: no priorities, the groups on two channels of one "
           "daemon). Deadline: the 33.3 ms period.", ""]
    body = [[r["run"], r["system"], r["load"], fmt(r["p50_us"]), fmt(r["p99_us"]),
             fmt(r["max_us"]), r["deadline_misses"], f"{r['received']} of {r['sent']}",
             f"{r['flood_received']:,} of {r['flood_sent']:,}"]
            for r in data.get("inversion", [])]
    return out + table(["run", "system", "low group", "p50", "p99", "max", "misses",
                        "30 Hz received", "flood received"], body)


def section_events(data):
    out = ["## 12. Event channels (issue 29)", ""]
    out += _latency(data) + _throughput(data) + _connect(data) + _inversion(data)
    for f in data.get("failures", []):
        out += [f"- run {f['run']}, {f['what']} failed: {f['error']}"]
    return out + [""]
