#!/usr/bin/env python3
"""Runs the benchmark experiments of issue 5 and writes results.json, then the report
(report.py). scripts/bench calls this after building; see docs/bench.md.

  bench_run.py --bin build/bin --out build/bench [--quick] [--only cubit,whitebox,...]"""

import argparse
import importlib
import json
import os
import platform
import shutil
import sys
import tempfile
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import log  # noqa: E402
import report  # noqa: E402

EXPERIMENTS = ["cubit", "concurrency", "collocation", "demux", "whitebox", "footprint", "mt_cubit",
               "naming", "ami", "sync_scope", "buffering", "events", "overlap"]


class Context:
    def __init__(self, args):
        self.bin = os.path.abspath(args.bin)
        self.build = os.path.dirname(self.bin)
        self.source = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
        self.out = os.path.abspath(args.out)
        self.quick = args.quick
        self.runs = 2
        self.calls = 2000 if args.quick else 20000
        self.work = tempfile.mkdtemp(prefix="rtorb-bench-")
        self.has_omni = os.path.exists(f"{self.bin}/omni-cubit-server")


def machine():
    return {"host": platform.node(), "kernel": platform.release(), "cpus": os.cpu_count(),
            "cpu_model": next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo")
                               if l.startswith("model name")), "?"),
            "date": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
            "load_before": os.getloadavg()}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only", default=",".join(EXPERIMENTS))
    args = parser.parse_args()
    ctx = Context(args)
    os.makedirs(ctx.out, exist_ok=True)
    results = {"machine": machine(), "quick": ctx.quick, "runs": ctx.runs, "experiments": {}}
    started = time.monotonic()
    try:
        for name in args.only.split(","):
            t0 = time.monotonic()
            try:
                data = importlib.import_module(f"exp_{name}").run_experiment(ctx)
            except Exception as e:  # one broken experiment must not lose the others
                traceback.print_exc()
                data = {"error": f"{type(e).__name__}: {e}"}
            data["seconds"] = round(time.monotonic() - t0, 1)
            results["experiments"][name] = data
            log(f"   {name}: {data['seconds']} s")
    finally:
        shutil.rmtree(ctx.work, ignore_errors=True)
    results["seconds"] = round(time.monotonic() - started, 1)
    path = os.path.join(ctx.out, "results.json")
    with open(path, "w") as f:
        json.dump(results, f, indent=1)
    report.write_report(results, ctx.out)
    log(f"== report: {ctx.out}/report.md ({results['seconds']} s)")


if __name__ == "__main__":
    main()
