# SPDX-License-Identifier: Apache-2.0
"""The emulated grid as gdb sees it: one inferior per core (a QEMU CPU
cluster, inferior number = core index + 1), the core's five harts its
threads.  Memory is read through a thread, because each hart has its own
local memory and its own EMU registers (hal/tt_emu_regs.h); L1 and the
core's other registers read the same from every hart of a core.  gdb
reads of MMIO addresses have no side effects (device/qemu/tensix.c).
"""
import contextlib
import struct

import gdb

import tt_hal as hal


_workers = None


def set_workers(n):
    """The device has n workers (five harts each), then ethernet cores
    with one hart each (device/qemu/tensix.c)."""
    global _workers
    _workers = n


def hart_of(thread):
    """(core index, RISC) of a gdb thread: QEMU's thread id is its CPU
    index + 1, the workers' harts first (core * 5 + RISC), then one per
    ethernet core (its BRISC slot)."""
    i = thread.ptid[1] - 1
    if _workers is not None and i >= _workers * hal.RISCS_PER_CORE:
        return (_workers + i - _workers * hal.RISCS_PER_CORE, hal.RISC_BRISC)
    return (i // hal.RISCS_PER_CORE, i % hal.RISCS_PER_CORE)


_threads = {}


def threads():
    """{(core, risc): thread} over every attached inferior.  The harts never
    change, but asking gdb for an inferior's threads costs a round trip to
    the stub per thread: the map is kept until one of them goes away."""
    global _threads
    if not _threads or not all(t.is_valid() for t in _threads.values()):
        _threads = {}
        for inf in gdb.inferiors():
            for t in inf.threads():
                _threads[hart_of(t)] = t
    return _threads


def forget_threads():
    global _threads
    _threads = {}


def thread(core, risc):
    return threads().get((core, risc))


def current():
    """(core, risc) of the selected thread."""
    t = gdb.selected_thread()
    if t is None:
        raise gdb.GdbError("no thread selected: attach first (tt attach)")
    return hart_of(t)


_kept = 0


@contextlib.contextmanager
def keep_selection():
    """Run the body, then select the user's thread and frame again.  Nests:
    only the outermost level saves and restores."""
    global _kept
    if _kept:
        _kept += 1
        try:
            yield
        finally:
            _kept -= 1
        return
    before = gdb.selected_thread()
    try:
        frame = gdb.selected_frame()
    except gdb.error:
        frame = None
    _kept = 1
    try:
        yield
    finally:
        _kept = 0
        if before is not None and before.is_valid():
            if gdb.selected_thread() != before:
                before.switch()
            if frame is not None and frame.is_valid():
                frame.select()


@contextlib.contextmanager
def on_thread(t):
    """Run the body with @t selected (memory reads go through the selected
    thread), then go back to the user's thread and frame."""
    with keep_selection():
        if gdb.selected_thread() != t:
            t.switch()
        yield


def read(t, addr, size):
    with on_thread(t):
        return bytes(gdb.selected_inferior().read_memory(addr, size))


def u32(t, addr):
    return struct.unpack("<I", read(t, addr, 4))[0]


def u32s(t, addr, count):
    return list(struct.unpack("<%dI" % count, read(t, addr, 4 * count)))


def u16(t, addr):
    return struct.unpack("<H", read(t, addr, 2))[0]


def field(value, f):
    """A hal TT_FIELD (shift, width) of @value."""
    shift, width = f
    return (value >> shift) & ((1 << width) - 1)


class Core:
    """One core's launch state, read through any of its harts."""

    def __init__(self, core):
        self.core = core
        self.t = thread(core, hal.RISC_BRISC)
        if self.t is None:
            raise gdb.GdbError("core %d is not attached" % core)
        mb = hal.MEM_MAILBOX_BASE
        self.launch = u32(self.t, mb + hal.MB_HOST_ASSIGNED_ID)
        self.enables = u32(self.t, mb + hal.MB_ENABLES)
        self.config_base = u32(self.t, mb + hal.MB_KERNEL_CONFIG_BASE)
        self.sem_offset = u16(self.t, mb + hal.MB_SEM_OFFSET)
        self.cb_offset = u16(self.t, mb + hal.MB_LOCAL_CB_OFFSET)
        self.cb_mask = u32(self.t, mb + hal.MB_LOCAL_CB_MASK)

    def runs(self, risc):
        """Does @risc have a kernel in this core's launch?"""
        if self.launch == 0:
            return False
        bit = {hal.RISC_BRISC: hal.ENABLE_DM0, hal.RISC_NCRISC: hal.ENABLE_DM1}
        return bool(self.enables & bit.get(risc, hal.ENABLE_MATH0))

    def rta(self, risc):
        """(unique, common) args offsets of @risc from kernel_config_base."""
        at = hal.MEM_MAILBOX_BASE + hal.MB_RTA_OFFSET + risc * hal.RTA_OFFSET_SIZE
        return (u16(self.t, at + hal.RTA_OFFSET_RTA), u16(self.t, at + hal.RTA_OFFSET_CRTA))

    def cb_config(self, index):
        """(address, size, pages, page size) of CB @index, or None."""
        if not self.cb_mask & (1 << index):
            return None
        at = self.config_base + self.cb_offset + index * hal.CB_CONFIG_BYTES
        w = u32s(self.t, at, 4)
        fields = (hal.CB_CONFIG_ADDR, hal.CB_CONFIG_SIZE, hal.CB_CONFIG_NUM_PAGES,
                  hal.CB_CONFIG_PAGE_SIZE)
        return tuple(w[f // 4] for f in fields)
