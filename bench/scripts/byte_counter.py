"""Counts the bytes of each Cubit operation on the wire: a TCP relay between an ORB client
and server that adds up what passes each way, so raw-pingpong can send the same bytes.

Per-call counts are differences between a run of n2 and one of n1 calls, which cancels the
connection set-up, _is_a/locate requests and the warm-up's first-call service contexts."""

import json
import socket
import threading
import time

from benchlib import Server, run, wait_for_file


class Relay:
    def __init__(self, host, port):
        self.target = (host, port)
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(8)
        self.port = self.listener.getsockname()[1]
        self.counts = {"out": 0, "in": 0}
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def reset(self):
        with self.lock:
            self.counts = {"out": 0, "in": 0}

    def _accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.target)
            for s in (client, server):
                s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            threading.Thread(target=self._pump, args=(client, server, "out"), daemon=True).start()
            threading.Thread(target=self._pump, args=(server, client, "in"), daemon=True).start()

    def _pump(self, src, dst, direction):
        try:
            while True:
                data = src.recv(1 << 20)
                if not data:
                    break
                with self.lock:
                    self.counts[direction] += len(data)
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close(self):
        self.listener.close()

    def totals(self):
        with self.lock:
            return dict(self.counts)


def calls_made(n):
    """What client_driver.hpp's measure() sends for --calls n: a warm-up, then n."""
    return n + max(n // 10, 100)


def corbaloc_through(bin_dir, ior, relay_port):
    info = json.loads(run([f"{bin_dir}/rtorb-catior", "--json", ior]))
    key = find_key(info)
    escaped = "".join(f"%{key[i:i + 2]}" for i in range(0, len(key), 2))
    return f"corbaloc:iiop:1.2@127.0.0.1:{relay_port}/{escaped}"


def find_key(node):
    if isinstance(node, dict):
        if "object_key_hex" in node:
            return node["object_key_hex"].replace(" ", "")
        node = list(node.values())
    if isinstance(node, list):
        for child in node:
            key = find_key(child)
            if key:
                return key
    return None


def host_port(bin_dir, ior):
    info = json.loads(run([f"{bin_dir}/rtorb-catior", "--json", ior]))
    return find_field(info, "host"), int(find_field(info, "port"))


def find_field(node, name):
    if isinstance(node, dict):
        if name in node:
            return node[name]
        node = list(node.values())
    if isinstance(node, list):
        for child in node:
            found = find_field(child, name)
            if found is not None:
                return found
    return None


def capture(bin_dir, work, workloads, n1=100, n2=300):
    """{label: (request bytes, reply bytes)} for each (label, op, seq_len) in workloads,
    as rtorb's client and server exchange them (GIOP 1.2)."""
    ior_file = f"{work}/capture.ior"
    sizes = {}
    with Server([f"{bin_dir}/rtorb-cubit-server", "--ior-file", ior_file,
                 "-ORBEndpoint", "iiop://127.0.0.1:0"], ready_file=ior_file) as server:
        relay = Relay(*host_port(bin_dir, server.ready))
        url = corbaloc_through(bin_dir, server.ready, relay.port)
        for label, op, seq_len in workloads:
            totals = []
            for n in (n1, n2):
                relay.reset()
                run([f"{bin_dir}/rtorb-cubit-client", url, "--op", op, "--calls", str(n),
                     "--seq-len", str(seq_len), "--json"], timeout=120)
                time.sleep(0.1)  # let the relay count the last bytes of the closing client
                totals.append(relay.totals())
            calls = calls_made(n2) - calls_made(n1)
            out = (totals[1]["out"] - totals[0]["out"]) // calls
            back = (totals[1]["in"] - totals[0]["in"]) // calls
            sizes[label] = (out, 0 if "oneway" in op else back)
        relay.close()
    return sizes
