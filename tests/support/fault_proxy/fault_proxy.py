#!/usr/bin/env python3
"""fault_proxy: a TCP proxy that injects the faults a link makes (docs/faults.md).

This kernel has no netem, so delay, jitter, loss and slow drips between two hosts of the
test bed come from here: the proxy runs in a namespace of its own, accepts the client's
connections and forwards each to the server, faulting what passes. TCP never shows loss or
reordering to its user, only their cost, so loss is modelled as what a retransmission does
to the bytes: a stall (--stall-ms with --stall-every), and reordering as the delay that
holds later bytes back (jitter never reorders bytes within one direction).

  fault_proxy.py --listen HOST:PORT --to HOST:PORT [faults] [--ready-file F]

Faults (each applies to both directions unless its name says otherwise):
  --delay-ms D --jitter-ms J   every chunk arrives D +- J ms after it was read (order kept)
  --stall-every N --stall-ms S  every Nth chunk waits S ms more (a lost segment resent)
  --drip-ms I                   client to server: one byte every I ms (a slow-drip client)
  --blackhole-after N           after N bytes client to server, forward nothing more, either
                                way, and keep the sockets open (a peer gone without a FIN)
  --half-open                   as --blackhole-after 0 once the first reply passed: the
                                connection opens and then goes silent
  --sink                        no server: accept and never read (the client's sends fill
                                the socket buffers and block)
Standard library only, so it runs wherever python3 does. Ends on SIGTERM or SIGINT.
"""
import argparse
import asyncio
import random
import signal
import sys
import time


def host_port(text):
    host, _, port = text.rpartition(":")
    return host, int(port)


class Link:
    """One client connection and its server connection, with the faults applied."""

    def __init__(self, args):
        self.args = args
        self.upstream_bytes = 0
        self.silent = False  # blackholed: bytes are read and dropped, nothing is closed
        self.replied = False

    def hold(self, chunk_no):
        a = self.args
        seconds = a.delay_ms / 1000.0
        if a.jitter_ms:
            seconds += random.uniform(-a.jitter_ms, a.jitter_ms) / 1000.0
        if a.stall_every and chunk_no % a.stall_every == a.stall_every - 1:
            seconds += a.stall_ms / 1000.0
        return max(seconds, 0.0)

    async def pump(self, reader, writer, upstream):
        """Copies reader to writer; arrival times never go backwards, so order is kept."""
        queue = asyncio.Queue()
        sender = asyncio.ensure_future(self.send_in_time(queue, writer, upstream))
        chunk_no = 0
        last_due = 0.0
        try:
            while True:
                data = await reader.read(65536)
                if not data:
                    break
                due = max(time.monotonic() + self.hold(chunk_no), last_due)
                last_due = due
                chunk_no += 1
                await queue.put((due, data))
        except (ConnectionError, OSError):
            pass
        await queue.put((0.0, None))
        await sender

    async def send_in_time(self, queue, writer, upstream):
        a = self.args
        try:
            while True:
                due, data = await queue.get()
                if data is None:
                    break
                await asyncio.sleep(max(due - time.monotonic(), 0.0))
                if upstream:
                    data = self.cut_at_blackhole(data)
                else:
                    self.replied = True
                    if a.half_open and not self.silent:
                        self.silent = True
                        writer.write(data)  # the first reply passes, then silence
                        await writer.drain()
                        continue
                if self.silent or not data:
                    continue
                if upstream and a.drip_ms:
                    await self.drip(data, writer)
                else:
                    writer.write(data)
                    await writer.drain()
            if not self.silent:
                writer.close()
        except (ConnectionError, OSError):
            pass

    def cut_at_blackhole(self, data):
        limit = self.args.blackhole_after
        if limit is None or self.silent:
            return b"" if self.silent else data
        room = limit - self.upstream_bytes
        self.upstream_bytes += len(data)
        if room <= len(data):
            self.silent = True
            return data[:max(room, 0)]
        return data

    async def drip(self, data, writer):
        for i in range(len(data)):
            writer.write(data[i:i + 1])
            await writer.drain()
            await asyncio.sleep(self.args.drip_ms / 1000.0)


async def serve_client(args, client_reader, client_writer):
    host, port = host_port(args.to)
    try:
        server_reader, server_writer = await asyncio.open_connection(host, port)
    except OSError:
        client_writer.close()
        return
    link = Link(args)
    await asyncio.gather(link.pump(client_reader, server_writer, True),
                         link.pump(server_reader, client_writer, False))
    if link.silent:
        await asyncio.Event().wait()  # half-open: the sockets stay until the proxy ends


async def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--listen", required=True)
    p.add_argument("--to")
    p.add_argument("--sink", action="store_true")
    p.add_argument("--delay-ms", type=float, default=0.0)
    p.add_argument("--jitter-ms", type=float, default=0.0)
    p.add_argument("--stall-every", type=int, default=0)
    p.add_argument("--stall-ms", type=float, default=0.0)
    p.add_argument("--drip-ms", type=float, default=0.0)
    p.add_argument("--blackhole-after", type=int, default=None)
    p.add_argument("--half-open", action="store_true")
    p.add_argument("--ready-file")
    args = p.parse_args()
    if not args.sink and not args.to:
        p.error("--to is needed unless --sink")
    host, port = host_port(args.listen)
    held = []  # --sink: accepted connections, never read, closed when the proxy ends

    async def accept(reader, writer):
        if args.sink:
            writer.transport.pause_reading()  # what arrives stays in the kernel's buffers
            held.append(writer)
            return
        try:
            await serve_client(args, reader, writer)
        except asyncio.CancelledError:
            pass  # the proxy is ending: links still open (silent ones) are dropped

    server = await asyncio.start_server(accept, host, port)
    if args.ready_file:
        with open(args.ready_file, "w") as f:
            f.write("ready\n")
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    async with server:
        await stop.wait()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(0)
