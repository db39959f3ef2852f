"""Experiment 6, footprint: stripped sizes of a minimal rtorb server and client (our
libraries are static, so what they link is the executable minus a trivial C++ program built
the same way), next to omniORB's shared libraries from the Debian package, stripped. The
minimal programs link rtorb::core (and the server the POA), no RT and no Messaging."""

import glob
import os
import subprocess

from benchlib import log

OMNI_LIBS = ["libomniORB4.so", "libomnithread.so"]
RUNTIME_LAYERS = ["base", "cdr", "giop", "ior", "transport", "orb", "poa", "rt", "messaging",
                  "core"]


def stripped_size(path, work):
    out = os.path.join(work, os.path.basename(path) + ".stripped")
    subprocess.run(["strip", "--strip-all", "-o", out, path], check=True)
    return os.path.getsize(out)


def omni_library(name):
    for d in ("/usr/lib/x86_64-linux-gnu", "/usr/lib64", "/usr/lib"):
        hits = sorted(glob.glob(os.path.join(d, name + ".*")), key=len)
        if hits:
            return os.path.realpath(hits[-1])
    return None


def run_experiment(ctx):
    log("== 6. Footprint")
    sizes = {}
    for program in ("footprint-trivial", "footprint-minimal-server", "footprint-minimal-client",
                    "rtorb-cubit-server"):
        path = os.path.join(ctx.bin, program)
        if os.path.exists(path):
            sizes[program] = stripped_size(path, ctx.work)
    data = {"sizes": sizes}
    if "footprint-minimal-server" in sizes:
        data["server_libraries_bytes"] = sizes["footprint-minimal-server"] - sizes["footprint-trivial"]
        sizes["minimal server − trivial (rtorb code a server links)"] = data["server_libraries_bytes"]
    if "footprint-minimal-client" in sizes:
        data["client_libraries_bytes"] = sizes["footprint-minimal-client"] - sizes["footprint-trivial"]
        sizes["minimal client − trivial (rtorb code a client links)"] = data["client_libraries_bytes"]
    for layer in RUNTIME_LAYERS:
        lib = os.path.join(ctx.build, "lib", f"librtorb_{layer}.a")
        if os.path.exists(lib):
            sizes[f"{os.path.basename(lib)} (archive, stripped of debug info)"] = debug_stripped(lib, ctx.work)
    omni_total = 0
    for name in OMNI_LIBS:
        path = omni_library(name)
        if path:
            size = stripped_size(path, ctx.work)
            sizes[f"{os.path.basename(path)} (Debian, stripped)"] = size
            omni_total += size
    if omni_total:
        data["omniorb_libraries_bytes"] = omni_total
        sizes["omniORB total (libomniORB4 + libomnithread)"] = omni_total
    data["note"] = ("rtorb's libraries are static: the executable difference is exactly the "
                    "rtorb (and libstdc++) code the program pulls in. No shared-object side build. "
                    "The minimal programs link rtorb::core (the server also the POA), no "
                    "Real-time CORBA and no Messaging (docs/footprint.md).")
    return data


def debug_stripped(archive, work):
    out = os.path.join(work, os.path.basename(archive))
    subprocess.run(["strip", "--strip-debug", "-o", out, archive], check=True)
    return os.path.getsize(out)


def main():
    """Runs this experiment alone and its report checks: exit status 1 when a minimal
    program links more than the target or was not measured (ctest runs it)."""
    import argparse
    import tempfile
    import types
    import targets
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    bin_dir = os.path.abspath(args.bin)
    with tempfile.TemporaryDirectory(prefix="rtorb-footprint-") as work:
        data = run_experiment(types.SimpleNamespace(bin=bin_dir, build=os.path.dirname(bin_dir),
                                                    work=work))
    rows = targets.footprint_targets(data)
    for row in rows:
        print(f"{'pass' if row['pass'] else 'FAIL'}: {row['target']}: {row['detail']}")
    if len(rows) != 2 or not all(row["pass"] for row in rows):
        print("footprint: a minimal program links too much or was not measured")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
