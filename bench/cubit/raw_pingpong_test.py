#!/usr/bin/env python3
"""raw-pingpong against itself: a server that reads 256 bytes per recv, so 100-byte requests
straddle its reads, must still answer exactly the requests marked for a reply (twoway calls
and the exchange that closes a oneway run), and the client's calibrated extra work must not
change what is sent. A framing slip shows as a client waiting for a reply that never comes.
A peer announcing requests of no bytes is closed on, and the server serves the next one.

  raw_pingpong_test.py BIN_DIR"""

import json
import os
import socket
import struct
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
from benchlib import Server, run_json  # noqa: E402


def main():
    raw = os.path.join(sys.argv[1], "raw-pingpong")
    with tempfile.TemporaryDirectory() as work:
        port_file = os.path.join(work, "port")
        with Server([raw, "server", "--tcp", "127.0.0.1:0", "--port-file", port_file,
                     "--read-bytes", "256"], ready_file=port_file) as s:
            client = [raw, "client", "--tcp", f"127.0.0.1:{s.ready}", "--request-bytes", "100",
                      "--reply-bytes", "28", "--calls", "3000", "--json"]
            with socket.create_connection(("127.0.0.1", int(s.ready)), timeout=10) as bad:
                bad.sendall(struct.pack("=II", 0, 28))
                assert bad.recv(1) == b"", "a zero-byte request size was served"
            for extra in ([], ["--oneway"], ["--oneway", "--extra-work-ns", "20"]):
                rows = run_json(client + extra, timeout=30)
                assert rows[0]["count"] == 3000, rows
                print(json.dumps(rows[0]))
    print("raw-pingpong: framing across reads holds")


if __name__ == "__main__":
    main()
