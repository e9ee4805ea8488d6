# SPDX-License-Identifier: Apache-2.0
"""Time travel by determinism (docs/gdb.md).

A run is a function of its inputs: the same program makes the device go
through the same states at the same instruction counts, gdb's stops
included.  So "back to device time T" is: end the program, start it
again with the device halted, and run it until the device has executed T
instructions (EMU STOP_AT; QEMU stops there as at a breakpoint, without
moving any turn of its round-robin, patch 0012).  reverse-stepi goes to
just before the selected hart's last instruction (EMU HART_TIME - 1),
reverse-continue to the last breakpoint stop before now, found by a
first run up to now with the breakpoints in place.

This needs the program started by gdb (tt run, which tools/tt-gdb.sh
uses), deterministic mode (no TT_EMU_PARALLEL) and a program whose host
side does the same on every run.
"""
import os
import signal
import subprocess
import time

import gdb

import tt_hal as hal

from . import device


def _listening(port):
    """Is anything listening on TCP @port of this host?"""
    hexport = ":%04X " % port
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as f:
                for line in f:
                    w = line.split()
                    if len(w) > 3 and (w[1] + " ").endswith(hexport) and w[3] == "0A":
                        return True
        except OSError:
            pass
    return False


class Program:
    """The host program, started with the device halted for gdb."""

    def __init__(self, port, argv):
        self.port = port
        self.argv = argv
        self.proc = None
        self.status = None

    def start(self):
        env = dict(os.environ, TT_EMU_GDB=str(self.port))
        for _ in range(100):
            if not _listening(self.port):
                break
            time.sleep(0.1)
        self.proc = subprocess.Popen(self.argv, env=env)
        for _ in range(300):
            if _listening(self.port):
                return
            if self.proc.poll() is not None:
                raise gdb.GdbError("%s exited (status %d) before its device opened" %
                                   (self.argv[0], self.proc.returncode))
            time.sleep(0.1)
        raise gdb.GdbError("%s: no gdbstub on port %d" % (self.argv[0], self.port))

    def kill(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def wait(self):
        """Let it finish; its exit status."""
        if self.proc is not None:
            self.status = self.proc.wait()
        return self.status


def device_time(t=None):
    """Instructions the device has run (every hart), read through @t."""
    t = t or gdb.selected_thread()
    lo, hi = device.u32s(t, hal.MMIO_EMU_BASE + hal.A_EMU_TIME_L, 2)
    return hi << 32 | lo


def hart_time(t):
    """The device's instruction count just after @t's last instruction."""
    lo, hi = device.u32s(t, hal.MMIO_EMU_BASE + hal.A_EMU_HART_TIME_L, 2)
    return hi << 32 | lo


def _arm(at):
    """Stop the machine at device time @at (QEMU's machine property; gdb's
    writes to MMIO do not reach the device)."""
    gdb.execute("monitor qom-set /machine stop-at %d" % at, to_string=True)


_until = None     # the device time a run is going to, while it goes


def arrived(t):
    """Is a run to a device time there?  Then the SIGTRAP of that stop may
    come at an address with a breakpoint that never stops, and has to stop
    after all."""
    return _until is not None and device_time(t) >= _until


class _Recorder(gdb.Breakpoint):
    """Stands in for a user breakpoint during the run that looks for
    reverse-continue's stop: notes where that breakpoint would stop, and
    lets the run go on without a word."""

    def __init__(self, user, hits):
        super().__init__(user.location, internal=True)
        self.only = user.thread
        self.cond = user.condition
        self.hits = hits

    def stop(self):
        t = gdb.selected_thread()
        if arrived(t):
            return True
        if self.only is not None and t.global_num != self.only:
            return False
        if self.cond and not bool(gdb.parse_and_eval(self.cond)):
            return False
        self.hits.append((device_time(t),) + device.current())
        return False


class Traveller:
    """Runs the program again to a device time."""

    def __init__(self, sess):
        self.session = sess

    def restart(self):
        """The program from the start, the device halted at time 0.  gdb
        stays connected to the relay (proxy.py), which moves to the new
        QEMU; gdb only forgets the registers it read from the old one."""
        s = self.session
        if s.program is None or s.relay is None:
            raise gdb.GdbError("time travel needs the program started by gdb "
                               "(tools/tt-gdb.sh, tt run)")
        s.relay.pause()
        s.program.kill()
        s.program.start()
        s.relay.swap(s.program.port)
        gdb.execute("maintenance flush register-cache", to_string=True)
        s.launch = {}

    def run_to(self, at, hits=None):
        """Continue until device time @at without stopping at the user's
        breakpoints (with @hits, note where they would have stopped); the
        machine stops there, which gdb reports as a SIGTRAP."""
        saved = [b for b in gdb.breakpoints() if b.enabled and b.visible]
        recorders = []
        for b in saved:
            b.enabled = False
            if hits is not None and b.type == gdb.BP_BREAKPOINT and b.location:
                recorders.append(_Recorder(b, hits))
        global _until
        try:
            if at > 0:
                _arm(at)
                _until = at
                gdb.execute("continue", to_string=True)
                if device_time() != at:
                    raise gdb.GdbError("stopped at device time %d, not %d" %
                                       (device_time(), at))
        finally:
            _until = None
            for r in recorders:
                r.delete()
            for b in saved:
                b.enabled = True
        self.session.sync()

    def goto(self, at, core=None, risc=None):
        self.restart()
        self.run_to(at)
        if core is not None:
            self.session.select(core, risc)

    def reverse_stepi(self):
        core, risc = device.current()
        t = gdb.selected_thread()
        last = hart_time(t)
        if last == 0:
            raise gdb.GdbError("this hart has not run an instruction yet")
        self.goto(last - 1, core, risc)

    def reverse_continue(self):
        """To the last stop at a breakpoint before now."""
        now = device_time()
        where = device.current()
        hits = []
        self.restart()
        self.run_to(now, hits)
        hits = [h for h in hits if h[0] < now]
        if not hits:
            self.goto(now, *where)
            raise gdb.GdbError("no breakpoint stop before device time %d" % now)
        at, core, risc = hits[-1]
        self.goto(at, core, risc)
        return at, core, risc
