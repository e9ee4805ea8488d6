# SPDX-License-Identifier: Apache-2.0
"""Connecting gdb to the emulated grid and keeping its symbols right.

QEMU's gdbstub shows each core as a process (a CPU cluster), so gdb has
one inferior per core, each with its own symbol space: the five firmware
images and the kernels that core runs, each at its own address.  Cores
running different kernels at the same address each see their own, and a
breakpoint stops only the cores whose symbols put it there
(docs/decisions.md, "gdb: one inferior per core").

A RISC that runs different kernels over a run (one program after
another) has one kernel image loaded at a time: the one its core's
current launch uses.  When gdb stops, the images of cores whose launch
changed are swapped and the threads renamed.
"""
import os

import gdb

import tt_hal as hal

from . import device
from .notes import Notes
from .proxy import Relay

_session = None


def session():
    if _session is None:
        raise gdb.GdbError("not attached to a tensix-emu device: use tt attach")
    return _session


def _quiet(cmd):
    return gdb.execute(cmd, to_string=True)


class quietly:
    """No "[Switching to ...]" and frame lines while we attach and select
    (gdb prints those past to_string)."""

    def __enter__(self):
        self.was = gdb.parameter("suppress-cli-notifications")
        _quiet("set suppress-cli-notifications on")
        self.frames = gdb.parameter("print frame-info")
        _quiet("set print frame-info short-location")

    def __exit__(self, *exc):
        _quiet("set suppress-cli-notifications %s" % ("on" if self.was else "off"))
        _quiet("set print frame-info %s" % self.frames)


def _inferior(pid):
    for inf in gdb.inferiors():
        if inf.pid == pid:
            return inf
    return None


class Session:
    def __init__(self, notes_path, target, program=None):
        self.notes = Notes(notes_path)
        if not self.notes.grid:
            raise gdb.GdbError("%s: the program opened no device" % notes_path)
        self.target = target
        self.program = program  # travel.Program when gdb started it
        self.relay = None       # proxy.Relay in front of its QEMU
        self.loaded = {}    # (core, risc) -> kernel elf in the inferior
        self.launch = {}    # core -> launch its symbols and names are for
        self.symbols = False

    def connect(self, target):
        """Attach to every core: inferior i + 1 is core i."""
        with quietly():
            self._connect(target)

    def _connect(self, target):
        for cmd in ("set pagination off", "set confirm off",
                    "set architecture riscv:rv32",
                    "set schedule-multiple on",     # continue resumes every core
                    "set stack-cache off",          # harts of a core share
                    "set code-cache off"):          # addresses, not memory
            _quiet(cmd)
        if any(i.num == 1 for i in gdb.inferiors()):
            _quiet("inferior 1")
        _quiet("target extended-remote %s" % target)
        device.set_workers(self.notes.ncores)
        for core in range(1, self.notes.nclusters):
            if not any(i.num == core + 1 for i in gdb.inferiors()):
                _quiet("add-inferior")
            _quiet("inferior %d" % (core + 1))
            _quiet("attach %d" % (core + 1))
        # gdb leaves the inferior the connection made (core 0) stopping
        # "quietly" when another inferior is selected; detaching it and
        # attaching it again like the others avoids that.
        if self.notes.nclusters > 1:
            _quiet("inferior 1")
            _quiet("detach")
            _quiet("attach 1")
        device.forget_threads()
        self.select(0, hal.RISC_BRISC)
        self.launch = {}
        if not self.symbols:
            for core in range(self.notes.ncores):
                self.load_core(core)
            self.symbols = True
            self.sync(force=True)
            self.hook_launches()
        else:
            self.sync(force=True)

    def disconnect(self):
        """Let go of QEMU: it detaches every core and runs on."""
        if any(i.pid for i in gdb.inferiors()):
            with quietly():
                _quiet("disconnect")
        device.forget_threads()

    def _on_core(self, core):
        inf = next((i for i in gdb.inferiors() if i.num == core + 1), None)
        if inf is None:
            raise gdb.GdbError("core %d is not attached" % core)
        if gdb.selected_inferior() != inf:
            _quiet("inferior %d" % inf.num)

    def load_core(self, core):
        """Firmware of every RISC; each RISC's first kernel; the boot ROM's
        range (firmware/bootrom.S)."""
        self._on_core(core)
        _quiet("add-symbol-file %s" % os.path.join(
            os.path.dirname(os.path.abspath(hal.__file__)), "bootrom.elf"))
        for risc in range(hal.RISCS_PER_CORE):
            fw = self.notes.firmware.get(risc)
            if fw:
                _quiet("add-symbol-file %s" % fw)
            images = self.notes.kernel_images(core, risc)
            if images:
                _quiet("add-symbol-file %s" % images[0].elf)
                self.loaded[(core, risc)] = images[0].elf

    def select(self, core, risc):
        t = device.thread(core, risc)
        if t is None:
            raise gdb.GdbError("no thread for core %d %s" % (core, hal.RISC_NAMES[risc]))
        t.switch()
        return t

    def gdb_thread_id(self, core, risc):
        """The "I.T" gdb uses for that hart."""
        t = device.thread(core, risc)
        return "%d.%d" % (t.inferior.num, t.num)

    def kernel(self, core, risc, launch):
        return self.notes.kernel(core, risc, launch)

    def sync(self, force=False):
        """Follow launches: the right kernel image per RISC, thread names."""
        with device.keep_selection():
            for core in range(self.notes.ncores):
                self.follow(core, force)

    def follow(self, core, force=False):
        """Core @core's symbols and names for the launch its mailbox holds."""
        harts = {r: device.thread(core, r) for r in range(hal.RISCS_PER_CORE)}
        t = harts[hal.RISC_BRISC]
        if t is None:
            return
        launch = device.u32(t, hal.MEM_MAILBOX_BASE + hal.MB_HOST_ASSIGNED_ID)
        if not force and self.launch.get(core) == launch:
            return
        self.launch[core] = launch
        self._swap_images(core, launch)
        enables = device.u32(t, hal.MEM_MAILBOX_BASE + hal.MB_ENABLES)
        for risc, ht in harts.items():
            if ht is not None:
                ht.name = self._name(core, risc, launch, enables)

    def _swap_images(self, core, launch):
        for risc in range(hal.RISCS_PER_CORE):
            k = self.kernel(core, risc, max(launch, 1))
            have = self.loaded.get((core, risc))
            if k is None or k.elf == have:
                continue
            with device.keep_selection():
                self._on_core(core)
                if have:
                    _quiet("remove-symbol-file %s" % have)
                _quiet("add-symbol-file %s" % k.elf)
            self.loaded[(core, risc)] = k.elf

    def hook_launches(self):
        """A RISC whose kernel changes between launches: stop gdb briefly
        each time its firmware starts a kernel there (LaunchHook), so that
        the new kernel's symbols, and breakpoints in it, are in place
        before it runs."""
        for core in range(self.notes.ncores):
            for risc in range(hal.RISCS_PER_CORE):
                if len(self.notes.kernel_images(core, risc)) < 2:
                    continue
                with device.keep_selection():
                    self._on_core(core)
                    addr = self.firmware_symbol(risc, "fw_run_kernel")
                    LaunchHook(self, core, "*0x%x" % addr)

    def firmware_symbol(self, risc, name):
        """Address of @name in @risc's firmware, in the current inferior."""
        fw = os.path.realpath(self.notes.firmware.get(risc, ""))
        for o in gdb.current_progspace().objfiles():
            if os.path.realpath(o.filename) == fw:
                sym = o.lookup_global_symbol(name)
                if sym is not None:
                    return int(sym.value().address)
        raise gdb.GdbError("no %s in %s's firmware" % (name, hal.RISC_NAMES[risc]))

    def _name(self, core, risc, launch, enables):
        x, y = self.notes.xy(core)
        bit = {hal.RISC_BRISC: hal.ENABLE_DM0, hal.RISC_NCRISC: hal.ENABLE_DM1}
        k = self.kernel(core, risc, launch)
        if launch and enables & bit.get(risc, hal.ENABLE_MATH0) and k:
            what = os.path.basename(k.source)
        else:
            what = "firmware"
        return "(%d,%d) %s %s" % (x, y, hal.RISC_NAMES[risc], what)


class LaunchHook(gdb.Breakpoint):
    """Where the firmware of one RISC of one core starts a kernel: swaps in
    that launch's kernel image, then lets the RISC go on (never stops)."""

    def __init__(self, sess, core, spec):
        super().__init__(spec, internal=True)
        self.session = sess
        self.core = core

    def stop(self):
        from . import travel
        try:
            self.session.follow(self.core)
            return travel.arrived(gdb.selected_thread())
        except gdb.error as e:
            print("tensix-emu: %s" % e)
        return False


def start(target, notes_path, program=None):
    """Attach to QEMU at @target, or start @program and attach to it
    through a relay (time travel swaps the QEMU behind it)."""
    global _session
    relay = None
    if program is not None:
        program.start()
        relay = Relay(program.port)
        target = "127.0.0.1:%d" % relay.port
    _session = Session(notes_path, target, program)
    _session.relay = relay
    _session.connect(target)
    # hook-stop runs before gdb prints where it stopped, so the thread
    # names in that message are already the new launch's.
    gdb.execute("define hook-stop\npython tensix_gdb.session.on_stop()\nend",
                to_string=True)
    gdb.events.gdb_exiting.connect(_on_exit)
    gdb.events.breakpoint_created.connect(_on_breakpoint)
    gdb.events.breakpoint_modified.connect(_on_breakpoint)
    return _session


def risc_of_code(addr):
    """The RISC whose firmware or kernel text holds @addr (each RISC has its
    own slots in L1, hal/tt_l1_layout.h), or None."""
    if hal.MEM_FIRMWARE_BASE <= addr < hal.MEM_FIRMWARE_BASE + \
            hal.RISCS_PER_CORE * hal.MEM_FIRMWARE_SLOT_SIZE:
        return (addr - hal.MEM_FIRMWARE_BASE) // hal.MEM_FIRMWARE_SLOT_SIZE
    if hal.MEM_KERNEL_TEXT_BASE <= addr < hal.MEM_KERNEL_TEXT_BASE + \
            hal.RISCS_PER_CORE * hal.MEM_KERNEL_SLOT_SIZE:
        return (addr - hal.MEM_KERNEL_TEXT_BASE) // hal.MEM_KERNEL_SLOT_SIZE
    return None


_told = set()   # (breakpoint number, thread) already warned about


def check_thread_breakpoint(bp):
    """A breakpoint for one thread (break ... thread I.T) whose locations
    are all in other RISCs' code never stops: say so.  A line of a compute
    kernel has code only on the TRISCs whose part it is (UNPACK, MATH,
    PACK), and a kernel's lines only on the RISC that runs it."""
    if not bp.is_valid() or bp.thread is None or bp.type != gdb.BP_BREAKPOINT:
        return
    t = next((t for inf in gdb.inferiors() for t in inf.threads()
              if t.global_num == bp.thread), None)
    locs = getattr(bp, "locations", None)
    if t is None or not locs or (bp.number, bp.thread) in _told:
        return
    core, risc = device.hart_of(t)
    others = set()
    for loc in locs:
        groups = getattr(loc, "thread_groups", None) or [t.inferior.num]
        if t.inferior.num not in groups:
            continue
        r = risc_of_code(loc.address)
        if r is None or r == risc:
            return
        others.add(r)
    if not others:
        return
    _told.add((bp.number, bp.thread))
    names = " and ".join(hal.RISC_NAMES[r] for r in sorted(others))
    ids = []
    for r in sorted(others):
        other = device.thread(core, r)
        if other is not None:
            ids.append("%d.%d" % (other.inferior.num, other.num))
    print("tensix-emu: warning: breakpoint %d (%s) is for thread %d.%d (%s), but its "
          "code is only in %s's: it will never stop there%s" %
          (bp.number, bp.location, t.inferior.num, t.num, hal.RISC_NAMES[risc], names,
           "; use thread %s" % " or ".join(ids) if ids else ""))


def _on_breakpoint(bp):
    try:
        check_thread_breakpoint(bp)
    except (gdb.error, RuntimeError, AttributeError) as e:
        print("tensix-emu: %s" % e)


def _on_exit(event):
    """gdb quits: a program it started does not outlive it."""
    if _session is not None and _session.program is not None:
        _session.program.kill()


def on_stop():
    if _session is not None:
        try:
            _session.sync()
        except gdb.error as e:
            print("tensix-emu: %s" % e)
