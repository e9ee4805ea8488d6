# SPDX-License-Identifier: Apache-2.0
"""gdb commands for tensix-emu (docs/gdb.md).  tools/tt-gdb.sh and the
script TT_EMU_GDB_ON_FAULT writes load this with the tools/gdb directory
and the build's gdb/ directory (tt_hal.py) on sys.path."""
import shlex

import gdb

import tt_hal as hal

from . import session


class TT(gdb.Command):
    """tensix-emu commands: tt attach, tt status, tt cb, tt sem, tt noc, tt args,
tt tile, tt detach.  "help tt <command>" for each."""

    def __init__(self):
        super().__init__("tt", gdb.COMMAND_USER, prefix=True)


class Attach(gdb.Command):
    """Attach to a tensix-emu device: tt attach HOST:PORT NOTES [X,Y RISC]

Connects to QEMU's gdbstub, attaches one inferior per core (inferior
i + 1 is core index i = y * grid_x + x), loads the firmware and the
kernels libtt noted in NOTES into each core's inferior, names every
thread "(x,y) RISC kernel" and selects core X,Y's RISC (brisc, ncrisc,
trisc0..2), by default the hart the device stopped on, else (0,0) BRISC."""

    def __init__(self):
        super().__init__("tt attach", gdb.COMMAND_USER)

    def invoke(self, arg, from_tty):
        a = shlex.split(arg)
        if len(a) not in (2, 4):
            raise gdb.GdbError("usage: tt attach HOST:PORT NOTES [X,Y RISC]")
        s = session.start(a[0], a[1])
        where = None
        if len(a) == 4:
            x, y = (int(v) for v in a[2].split(","))
            names = [n.lower() for n in hal.RISC_NAMES]
            if a[3].lower() not in names:
                raise gdb.GdbError("RISC must be one of %s" % ", ".join(names))
            where = (s.notes.index(x, y), names.index(a[3].lower()))
        elif s.notes.stopped and s.notes.stopped[0] is not None:
            where = s.notes.stopped[:2]
        with session.quietly():
            s.select(*(where or (0, hal.RISC_BRISC)))
        t = gdb.selected_thread()
        print("tensix-emu: %d cores attached; thread %d.%d is %s" %
              (s.notes.ncores, t.inferior.num, t.num, t.name))


class Detach(gdb.Command):
    """Let go of the device: tt detach

Disconnects from QEMU, which detaches every core, removes gdb's
breakpoints and lets the device run on (QEMU patch 0007).  Detaching
inferior by inferior goes wrong in gdb 13 after a step: it resumes the
thread it stepped, and the next detach finds the target running."""

    def __init__(self):
        super().__init__("tt detach", gdb.COMMAND_USER)

    def invoke(self, arg, from_tty):
        if any(i.pid for i in gdb.inferiors()):
            with session.quietly():
                gdb.execute("disconnect", to_string=True)


class Thread(gdb.Command):
    """The gdb thread id of a hart: tt thread X,Y RISC  (e.g. tt thread 1,0 trisc1)"""

    def __init__(self):
        super().__init__("tt thread", gdb.COMMAND_USER)

    def invoke(self, arg, from_tty):
        a = shlex.split(arg)
        if len(a) != 2:
            raise gdb.GdbError("usage: tt thread X,Y RISC")
        s = session.session()
        x, y = (int(v) for v in a[0].split(","))
        names = [n.lower() for n in hal.RISC_NAMES]
        t = s.select(s.notes.index(x, y), names.index(a[1].lower()))
        print("thread %d.%d: %s" % (t.inferior.num, t.num, t.name))


TT()
Attach()
Detach()
Thread()

from . import commands  # noqa: E402,F401  (registers tt cb, tt sem, ...)
