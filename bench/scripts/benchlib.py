"""Process helpers shared by the experiments: pinned servers, clients with a time bound,
reading IOR files, and the two CPU placements every latency figure is taken in."""

import json
import os
import signal
import subprocess
import time

# Client and server on one CPU, or on two. The client is always on CPU 0.
PLACEMENTS = {"same": ("0", "0"), "diff": ("1", "0")}  # name -> (server cpu, client cpu)


def pinned(cpu, argv):
    return ["taskset", "-c", cpu] + list(argv) if cpu is not None else list(argv)


def wait_for_file(path, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if os.path.exists(path) and os.path.getsize(path) > 0:
            return open(path).read().strip()
        time.sleep(0.02)
    raise RuntimeError(f"timed out waiting for {path}")


class Server:
    """A server process started pinned; stopped with SIGTERM (SIGKILL after 5 s)."""

    def __init__(self, argv, cpu=None, env=None, ready_file=None, log=None):
        if ready_file and os.path.exists(ready_file):
            os.unlink(ready_file)
        self.log = open(log, "w") if log else subprocess.DEVNULL
        self.proc = subprocess.Popen(pinned(cpu, argv), env=env, stdout=self.log,
                                     stderr=subprocess.STDOUT if log else subprocess.DEVNULL)
        try:
            self.ready = wait_for_file(ready_file) if ready_file else None
        except Exception:
            self.stop()  # a server that never became ready must not outlive the run
            raise

    def stop(self, timeout=5.0):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode

    def wait(self, timeout=20.0):
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            return self.stop()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def run(argv, cpu=None, timeout=120, env=None, check=True):
    """Runs a client to completion; returns its stdout. Raises on failure or time-out."""
    r = subprocess.run(pinned(cpu, argv), capture_output=True, text=True, timeout=timeout, env=env)
    if check and r.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {r.returncode}: {r.stderr.strip()[-400:]}")
    return r.stdout


def run_json(argv, **kw):
    return json.loads(run(argv, **kw))


def log(*args):
    print(*args, flush=True)
