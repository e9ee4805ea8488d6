# SPDX-License-Identifier: Apache-2.0
"""A relay between gdb and QEMU's gdbstub that can change QEMU under gdb.

Time travel starts the program again: a new QEMU with its own gdbstub.
gdb would lose its connection, and with it its inferiors' threads and the
thread-specific breakpoints on them.  So gdb talks to this relay instead;
it passes bytes both ways and notes, from gdb's packets, what a new QEMU
must be told to be in the same place: the processes gdb attached, the
breakpoints it inserted (each in its process: Hg before Z) and the
current thread.  swap() connects to the new gdbstub and replays those;
gdb sees nothing but the machine's new state.

The relay is a process of its own (gdb holds its Python lock while it
waits for the target, so a thread of gdb's Python would never get to
answer): run as a script with QEMU's port, it prints the port gdb is to
connect to, then takes "pause" and "swap PORT" lines on its standard
input and answers each with "ok" or "error: ...".  Relay below is the
gdb side.
"""
import select
import socket
import threading
import time


def _checksum(body):
    return "%02x" % (sum(body.encode("latin-1")) & 0xff)


class Forwarder(threading.Thread):
    def __init__(self):
        super().__init__(daemon=True)
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(1)
        self.port = self.listener.getsockname()[1]
        self.gdb = None
        self.qemu = None
        self.lock = threading.Lock()
        self.paused = False
        self.stopped = False
        self.buf = ""               # gdb -> QEMU bytes not yet a whole packet
        self.supported = None       # gdb's qSupported packet
        self.noack = False
        self.attached = set()       # pids
        self.general = None         # last Hg thread id, as gdb wrote it
        self.control = None         # last Hc thread id
        self.thread_of = {}         # pid -> a thread id of it gdb used
        self.breakpoints = {}       # (pid, "Z0,addr,kind") -> thread id for Hg

    # -- the two sides ---------------------------------------------------

    def connect_qemu(self, port):
        self.qemu = socket.create_connection(("127.0.0.1", port))
        self.qemu.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def run(self):
        try:
            self.gdb, _ = self.listener.accept()
            self.gdb.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._relay()
        finally:
            self._hang_up()

    def _relay(self):
        while not self.stopped:
            with self.lock:
                socks = [] if self.paused or self.qemu is None else [self.qemu, self.gdb]
            if not socks:
                time.sleep(0.01)
                continue
            ready, _, _ = select.select(socks, [], [], 0.05)
            with self.lock:
                if self.paused:
                    continue
                # QEMU's bytes first: what it said before it went (the
                # program's exit) reaches gdb before gdb's next packet
                # finds it gone.
                for s in sorted(ready, key=lambda s: s is self.gdb):
                    if s is self.qemu:
                        data = self._recv(self.qemu)
                        if not data or not self._send(self.gdb, data):
                            self.stopped = True
                            break
                    else:
                        data = self._recv(self.gdb)
                        if not data:
                            self.stopped = True
                            break
                        self._note(data.decode("latin-1"))
                        if not self._send(self.qemu, data):
                            # QEMU went while gdb spoke: pass on what it
                            # said last, then hang up on gdb
                            self._drain_qemu()
                            self.stopped = True
                            break

    @staticmethod
    def _recv(s):
        """Bytes from @s; b"" when its peer closed or reset the connection."""
        try:
            return s.recv(65536)
        except OSError:
            return b""

    @staticmethod
    def _send(s, data):
        """Send @data on @s; False when its peer is gone."""
        try:
            s.sendall(data)
            return True
        except OSError:
            return False

    def _drain_qemu(self):
        """Forward to gdb what QEMU sent before it closed."""
        try:
            self.qemu.setblocking(False)
        except OSError:
            return
        while True:
            try:
                data = self.qemu.recv(65536)
            except OSError:
                return
            if not data or not self._send(self.gdb, data):
                return

    def _hang_up(self):
        """The program ended (or gdb left): close both sides, so that gdb
        sees "Remote connection closed" and never waits for a reply."""
        self.stopped = True
        for s in (self.gdb, self.qemu, self.listener):
            if s is None:
                continue
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()

    # -- what gdb asked for ----------------------------------------------

    def _note(self, data):
        self.buf += data
        while True:
            start = self.buf.find("$")
            if start < 0:
                self.buf = ""
                return
            end = self.buf.find("#", start)
            if end < 0 or len(self.buf) < end + 3:
                self.buf = self.buf[start:]
                return
            self._packet(self.buf[start + 1:end])
            self.buf = self.buf[end + 3:]

    @staticmethod
    def _pid(thread):
        """pid of a "pP.T" thread id (hex), or None."""
        if thread.startswith("p"):
            try:
                return int(thread[1:].split(".")[0], 16)
            except ValueError:
                return None
        return None

    def _packet(self, p):
        if p.startswith("qSupported"):
            self.supported = p
        elif p == "QStartNoAckMode":
            self.noack = True
        elif p.startswith("vAttach;"):
            self.attached.add(int(p[8:], 16))
        elif p.startswith("D;"):
            pid = int(p[2:], 16)
            self.attached.discard(pid)
            self.breakpoints = {k: v for k, v in self.breakpoints.items() if k[0] != pid}
        elif p.startswith("Hg"):
            self.general = p[2:]
            pid = self._pid(self.general)
            if pid is not None:
                self.thread_of[pid] = self.general
        elif p.startswith("Hc"):
            self.control = p[2:]
        elif p[:1] in ("Z", "z") and self.general:
            pid = self._pid(self.general) or 1
            key = (pid, "Z" + p[1:])
            if p[0] == "Z":
                self.breakpoints[key] = self.general
            else:
                self.breakpoints.pop(key, None)

    # -- a new QEMU ------------------------------------------------------

    def _request(self, body):
        """Send one packet to QEMU and return its reply's body."""
        self.qemu.sendall(("$%s#%s" % (body, _checksum(body))).encode("latin-1"))
        reply = ""
        while True:
            data = self.qemu.recv(65536).decode("latin-1")
            if not data:
                raise ConnectionError("the new gdbstub closed the connection")
            reply += data
            start = reply.find("$")
            end = reply.find("#", start) if start >= 0 else -1
            if start >= 0 and end >= 0 and len(reply) >= end + 3:
                if not self.noack:
                    self.qemu.sendall(b"+")
                return reply[start + 1:end]

    def pause(self):
        with self.lock:
            self.paused = True

    def swap(self, port):
        """Leave the old QEMU for the one on @port, in the same place."""
        with self.lock:
            if self.qemu is not None:
                self.qemu.close()
            self.connect_qemu(port)
            if self.supported:
                self._request(self.supported)
            if self.noack:
                self._request("QStartNoAckMode")
            self._request("?")
            for pid in sorted(self.attached):
                self._request("vAttach;%x" % pid)
            for (pid, z), thread in sorted(self.breakpoints.items()):
                self._request("Hg" + thread)
                self._request(z)
            if self.general:
                self._request("Hg" + self.general)
            if self.control:
                self._request("Hc" + self.control)
            self.paused = False

    def close(self):
        self.stopped = True


def main():
    import sys

    fwd = Forwarder()
    fwd.connect_qemu(int(sys.argv[1]))
    print(fwd.port, flush=True)
    fwd.start()
    for line in sys.stdin:
        w = line.split()
        try:
            if w == ["pause"]:
                fwd.pause()
            elif len(w) == 2 and w[0] == "swap":
                fwd.swap(int(w[1]))
            else:
                raise ValueError("unknown command %r" % line.strip())
            print("ok", flush=True)
        except (OSError, ValueError, ConnectionError) as e:
            print("error: %s" % e, flush=True)
    fwd.close()


class Relay:
    """gdb's handle on a relay process (proxy.py run as a script)."""

    def __init__(self, qemu_port):
        import os
        import subprocess

        self.proc = subprocess.Popen(["python3", os.path.abspath(__file__), str(qemu_port)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True)
        self.port = int(self.proc.stdout.readline())

    def _ask(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline().strip()
        if reply != "ok":
            raise RuntimeError("relay: %s" % (reply or "gone"))

    def pause(self):
        self._ask("pause")

    def swap(self, port):
        self._ask("swap %d" % port)


if __name__ == "__main__":
    main()
