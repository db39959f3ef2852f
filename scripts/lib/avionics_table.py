#!/usr/bin/env python3
"""scripts/demo's avionics table: per rate group, end-to-end latency p50, p99 and max,
deadline misses and dropped events, rtorb's channel and omniEvents' side by side in one
table (omniEvents' columns say "not run" when it is not installed).

  avionics_table.py DIR   reads DIR/{rtorb,omni}.{supplied,flood,consumed} (JSON lines of
                          rtorb-events-supplier and rtorb-events-consumer --groups)"""

import json
import os
import sys

# event type: (rate group, its deadline in ms: the period; none for the flood)
GROUPS = {130: ("30 Hz", "33.3"), 115: ("15 Hz", "66.7"), 105: ("5 Hz", "200"),
          200: ("flood (low)", "–")}
SYSTEMS = (("rtorb", "rtorb (priority dispatching)"), ("omni", "omniEvents (no priorities)"))
COLUMNS = ["p50 ms", "p99 ms", "max ms", "misses", "dropped"]


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


def cells(data, event_type):
    if data is None:
        return ["not run"] + [""] * (len(COLUMNS) - 1)
    sent, got = data
    r = got.get(event_type)
    if r is None:
        return ["–"] * len(COLUMNS)
    dropped = max(sent.get(event_type, 0) - r["received"], 0)
    misses = r["deadline_misses"] if event_type != 200 else "–"
    return [f"{r['p50_us'] / 1000:.2f}", f"{r['p99_us'] / 1000:.2f}", f"{r['max_us'] / 1000:.2f}",
            str(misses), f"{dropped} of {sent.get(event_type, 0)}"]


def main():
    directory = sys.argv[1]
    data = {s: (by_type(directory, s) if os.path.exists(os.path.join(directory, f"{s}.consumed")) else None)
            for s, _ in SYSTEMS}
    rows = [["group", "deadline ms"] + COLUMNS * len(SYSTEMS)]
    for event_type, (name, deadline) in GROUPS.items():
        row = [name, deadline]
        for s, _ in SYSTEMS:
            row += cells(data[s], event_type)
        rows.append(row)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    gap = "  "
    block = len(COLUMNS)
    # The first header line names each system over its block of columns.
    titles = gap.join(c.ljust(w) for c, w in zip(["", ""], widths[:2]))
    for k, (_, title) in enumerate(SYSTEMS):
        span = sum(widths[2 + k * block:2 + (k + 1) * block]) + len(gap) * (block - 1)
        titles += " | " + title.center(span)
    print(titles.rstrip())
    for r in rows:
        left = gap.join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r[:2], widths[:2])))
        blocks = [gap.join(c.rjust(w) for c, w in zip(r[2 + k * block:2 + (k + 1) * block],
                                                      widths[2 + k * block:2 + (k + 1) * block]))
                  for k in range(len(SYSTEMS))]
        print((left + "".join(" | " + b for b in blocks)).rstrip())


if __name__ == "__main__":
    main()
