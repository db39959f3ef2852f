"""Experiment 8, the Naming Service at scale (issue 21): one rtorb client
(rtorb-naming-bench) binds N names in one context, lists them and resolves 10,000 at random,
against rtorb-naming (in memory, and with --store where every acknowledged bind is synced to
the disk) and against omniNames, which logs every change to its data directory. Servers on
CPU 1, the client on CPU 0."""

import os
import shutil
import socket
import time

from benchlib import PLACEMENTS, Server, log, run_json

SERVER_CPU, CLIENT_CPU = PLACEMENTS["diff"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port, server, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.proc.poll() is not None:
            raise RuntimeError(f"the naming server exited {server.proc.returncode}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.02)
    raise RuntimeError(f"nothing listens on port {port}")


def servers(ctx, with_store):
    """(label, argv builder) for each server under test; argv takes (port, work dir).
    rtorb-naming writes d/ior once it serves (it accepts connections a little earlier);
    omniNames is ready when its port accepts."""
    out = [("rtorb-naming", lambda port, d: [f"{ctx.bin}/rtorb-naming", "--ior-file",
                                             os.path.join(d, "ior"),
                                             "-ORBEndpoint", f"iiop://127.0.0.1:{port}"])]
    if with_store:
        out.append(("rtorb-naming --store", lambda port, d: [
            f"{ctx.bin}/rtorb-naming", "--store", os.path.join(d, "names.store"), "--ior-file",
            os.path.join(d, "ior"), "-ORBEndpoint", f"iiop://127.0.0.1:{port}"]))
    omni = shutil.which("omniNames")
    if omni:
        out.append(("omniNames", lambda port, d: [
            omni, "-start", str(port), "-always", "-datadir", d,
            "-ORBendPoint", f"giop:tcp:127.0.0.1:{port}"]))
    return out


def measure(ctx, label, argv_of, bindings, resolves):
    port = free_port()
    work = os.path.join(ctx.work, f"naming-{port}")
    os.makedirs(work)
    try:
        argv = argv_of(port, work)
        ready = os.path.join(work, "ior") if "--ior-file" in argv else None
        with Server(argv, cpu=SERVER_CPU, ready_file=ready,
                    log=os.path.join(work, "server.log")) as server:
            wait_for_port(port, server)
            url = f"corbaloc::127.0.0.1:{port}/NameService"
            row = run_json([f"{ctx.bin}/rtorb-naming-bench", "-ORBInitRef", f"NameService={url}",
                            "--bindings", str(bindings), "--resolves", str(resolves)],
                           cpu=CLIENT_CPU, timeout=1200)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    row["server"] = label
    return row


def run_experiment(ctx):
    log("== 8. Naming Service at scale")
    sizes = [1000] if ctx.quick else [10_000, 100_000]
    resolves = 1000 if ctx.quick else 10_000
    rows, failures = [], []
    for bindings in sizes:
        # Every bind of --store waits for a disk sync: the smallest size says what it costs.
        for label, argv_of in servers(ctx, with_store=bindings == sizes[0]):
            log(f"   {label}: {bindings} bindings")
            try:
                rows.append(measure(ctx, label, argv_of, bindings, resolves))
            except Exception as e:  # one server failing must not lose the others' rows
                failures.append({"server": label, "bindings": bindings, "error": str(e)})
    return {"rows": rows, "failures": failures}
