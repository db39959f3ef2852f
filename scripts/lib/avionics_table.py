#!/usr/bin/env python3
"""scripts/demo's avionics table: per rate group, end-to-end latency p50, p99 and max,
deadline misses and dropped events, rtorb's channel and omniEvents' side by side.

  avionics_table.py DIR   reads DIR/{rtorb,omni}.{supplied,flood,consumed} (JSON lines of
                          rtorb-events-supplier and rtorb-events-consumer --groups)"""

import json
import os
import sys

GROUPS = {130: "30 Hz", 115: "15 Hz", 105: "5 Hz", 200: "flood (low)"}


def read_lines(path):
    if not os.path.exists(path):
        return []
    out = []
    for line in open(path):
        line = line.strip()
        if line.startswith("{"):
            out.append(json.loads(line))
    return out


def by_type(directory, system):
    sent = {}
    for name in ("supplied", "flood"):
        for r in read_lines(os.path.join(directory, f"{system}.{name}")):
            if "type" in r:
                sent[r["type"]] = sent.get(r["type"], 0) + r["sent"]
    got = {r["type"]: r for r in read_lines(os.path.join(directory, f"{system}.consumed"))}
    return sent, got


def cells(sent, got, event_type):
    r = got.get(event_type)
    if r is None:
        return ["–"] * 5
    dropped = max(sent.get(event_type, 0) - r["received"], 0)
    misses = r["deadline_misses"] if event_type != 200 else "–"
    return [f"{r['p50_us'] / 1000:.2f}", f"{r['p99_us'] / 1000:.2f}", f"{r['max_us'] / 1000:.2f}",
            str(misses), f"{dropped} of {sent.get(event_type, 0)}"]


def main():
    directory = sys.argv[1]
    systems = [s for s in ("rtorb", "omni") if os.path.exists(os.path.join(directory, f"{s}.consumed"))]
    names = {"rtorb": "rtorb (priority)", "omni": "omniEvents"}
    header = ["group"]
    for s in systems:
        header += [f"{names[s]} p50 ms", "p99 ms", "max ms", "misses", "dropped"]
    rows = [header]
    data = {s: by_type(directory, s) for s in systems}
    for event_type, name in GROUPS.items():
        row = [name]
        for s in systems:
            row += cells(*data[s], event_type)
        rows.append(row)
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    for r in rows:
        print("  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))))


if __name__ == "__main__":
    main()
