# SPDX-License-Identifier: Apache-2.0
"""gdb commands for tensix-emu (docs/gdb.md).  tools/tt-gdb.sh and the
script TT_EMU_GDB_ON_FAULT writes load this with the tools/gdb directory
and the build's gdb/ directory (tt_hal.py) on sys.path."""
import shlex

import gdb

import tt_hal as hal

from . import session, travel


class TT(gdb.Command):
    """tensix-emu commands (docs/gdb.md): tt run, tt attach, tt thread, tt status,
tt cb, tt sem, tt noc, tt args, tt tile, tt time, tt goto, tt detach,
tt quit; reverse-stepi and reverse-continue go back by running again.
"help tt <command>" for each."""

    def __init__(self):
        super().__init__("tt", gdb.COMMAND_USER, prefix=True)


def _where(s, args):
    """(core, risc) from ["X,Y", "RISC"], or None."""
    if not args:
        return None
    if len(args) != 2:
        raise gdb.GdbError("give the core as X,Y and a RISC")
    x, y = (int(v) for v in args[0].split(","))
    names = [n.lower() for n in hal.RISC_NAMES]
    if args[1].lower() not in names:
        raise gdb.GdbError("RISC must be one of %s" % ", ".join(names))
    return (s.notes.index(x, y), names.index(args[1].lower()))


def _attached(s, where):
    if where is None and s.notes.stopped and s.notes.stopped[0] is not None:
        where = s.notes.stopped[:2]
    with session.quietly():
        t = s.select(*(where or (0, hal.RISC_BRISC)))
    print("tensix-emu: %d cores attached; thread %d.%d is %s" %
          (s.notes.ncores, t.inferior.num, t.num, t.name))


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
        _attached(s, _where(s, a[2:]))


class Run(gdb.Command):
    """Start a program with its device halted and attach: tt run PORT NOTES [X,Y RISC] -- PROGRAM [ARGS]

As tt attach, on a program gdb starts itself (with TT_EMU_GDB=PORT), so
that it can start it again to go back in time (tt goto, reverse-stepi,
reverse-continue).  NOTES come from a first run of the same program
with TT_EMU_GDB_SYMS (tools/tt-gdb.sh does both)."""

    def __init__(self):
        super().__init__("tt run", gdb.COMMAND_USER)

    def invoke(self, arg, from_tty):
        a = shlex.split(arg)
        if "--" not in a or a.index("--") not in (2, 4) or a.index("--") == len(a) - 1:
            raise gdb.GdbError("usage: tt run PORT NOTES [X,Y RISC] -- PROGRAM [ARGS]")
        cut = a.index("--")
        program = travel.Program(int(a[0]), a[cut + 1:])
        s = session.start("127.0.0.1:%d" % program.port, a[1], program)
        _attached(s, _where(s, a[2:cut]))


class Detach(gdb.Command):
    """Let go of the device: tt detach

Disconnects from QEMU, which detaches every core, removes gdb's
breakpoints and lets the device run on (QEMU patch 0010); a program gdb
started (tt run) is then waited for.  Detaching inferior by inferior
goes wrong in gdb 13 after a step: it resumes the thread it stepped,
and the next detach finds the target running."""

    def __init__(self):
        super().__init__("tt detach", gdb.COMMAND_USER)

    def invoke(self, arg, from_tty):
        s = session._session
        if s is not None:
            s.disconnect()
            if s.program is not None:
                s.program.wait()
        elif any(i.pid for i in gdb.inferiors()):
            gdb.execute("disconnect", to_string=True)


class Quit(gdb.Command):
    """Quit gdb with the exit status of the program it ran: tt quit"""

    def __init__(self):
        super().__init__("tt quit", gdb.COMMAND_USER)

    def invoke(self, arg, from_tty):
        s = session._session
        status = s.program.status if s is not None and s.program is not None else 0
        # a program killed by signal N ends as a shell says: 128 + N
        gdb.execute("quit %d" % (128 - status if status and status < 0 else status or 0))


class Time(gdb.Command):
    """The device time: tt time

Instructions the device has run since it started (every hart's): the
time tt goto takes.  Also when the selected hart ran its last one."""

    def __init__(self):
        super().__init__("tt time", gdb.COMMAND_USER)

    def invoke(self, arg, from_tty):
        session.session()
        t = gdb.selected_thread()
        print("device time %d; %s last ran an instruction at %d" %
              (travel.device_time(t), t.name, travel.hart_time(t) - 1))


class Goto(gdb.Command):
    """Go to a device time: tt goto T

Starts the program again and runs it, without stopping at breakpoints,
until the device has run T instructions (tt time), then stops there:
every hart as it was at that moment of any run of the program.  Needs
the program started by gdb (tools/tt-gdb.sh)."""

    def __init__(self):
        super().__init__("tt goto", gdb.COMMAND_USER)

    def invoke(self, arg, from_tty):
        try:
            at = int(arg, 0)
        except ValueError:
            raise gdb.GdbError("usage: tt goto T (a device time, tt time)")
        _traveller().goto(at)
        _report()


class ReverseStepi(gdb.Command):
    """Step the selected hart back one instruction, by running the program
again to just before its last one (docs/gdb.md, time travel)."""

    def __init__(self):
        super().__init__("reverse-stepi", gdb.COMMAND_RUNNING)

    def invoke(self, arg, from_tty):
        for _ in range(int(arg or "1", 0)):
            _traveller().reverse_stepi()
        _report()


class ReverseContinue(gdb.Command):
    """Go back to the last breakpoint stop before now, by running the
program again twice: once to find the stops, once to the last one
(docs/gdb.md, time travel)."""

    def __init__(self):
        super().__init__("reverse-continue", gdb.COMMAND_RUNNING)

    def invoke(self, arg, from_tty):
        at, core, risc = _traveller().reverse_continue()
        _report()


def _traveller():
    s = session.session()
    if getattr(s, "traveller", None) is None:
        s.traveller = travel.Traveller(s)
    return s.traveller


def _report():
    t = gdb.selected_thread()
    print("tensix-emu: device time %d, thread %d.%d %s" %
          (travel.device_time(t), t.inferior.num, t.num, t.name))
    gdb.execute("frame", to_string=False)


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
Run()
Detach()
Quit()
Thread()
Time()
Goto()
ReverseStepi()
ReverseContinue()

from . import commands  # noqa: E402,F401  (registers tt cb, tt sem, ...)
