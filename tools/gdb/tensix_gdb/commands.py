# SPDX-License-Identifier: Apache-2.0
"""tt status, tt cb, tt sem, tt noc, tt args, tt tile: the device's state
read live from L1, the mailbox and the model's registers (docs/gdb.md).
Every address, offset and field comes from tt_hal (generated from hal/)."""
import os
import shlex
import struct

import gdb

import tt_hal as hal

from . import device, tiles
from .device import Core, field, u32, u32s
from .session import session

DF_NAMES = {v: n.replace("DF_", "").title().replace("16_B", "16_b")
            .replace("8_B", "8_b").replace("4_B", "4_b").replace("2_B", "2_b")
            .replace("Uint", "UInt") for v, n in hal.DATA_FORMATS.items()}


def df_name(fmt):
    if fmt == hal.DF_INVALID:
        return "-"
    return DF_NAMES.get(fmt, "format %d" % fmt)


class _TTCommand(gdb.Command):
    """A "tt NAME" command: show(arg) runs with the user's thread and
    frame selection restored afterwards (it may switch to read a core)."""

    NAME = None

    def __init__(self):
        super().__init__("tt " + self.NAME, gdb.COMMAND_USER)

    def invoke(self, arg, from_tty):
        with device.keep_selection():
            self._show(arg)

    def _show(self, arg):
        raise NotImplementedError


def _core_arg(args, what):
    """Core index from "X,Y" in @args, else the selected thread's core."""
    s = session()
    for a in args:
        if "," in a:
            try:
                x, y = (int(v) for v in a.split(","))
            except ValueError:
                raise gdb.GdbError("%s: core must be X,Y, not %s" % (what, a))
            if not (0 <= x < s.notes.grid[0] and 0 <= y < s.notes.grid[1]):
                raise gdb.GdbError("%s: core (%d,%d) is outside the %dx%d grid" %
                                   (what, x, y, s.notes.grid[0], s.notes.grid[1]))
            return s.notes.index(x, y)
    return device.current()[0]


def _xy(core):
    return "(%d,%d)" % session().notes.xy(core)


def _header(c):
    print("core %s, launch %d%s" % (_xy(c.core), c.launch,
                                    "" if c.launch else " (nothing launched yet)"))


# tt status --------------------------------------------------------------

def wait_text(kind, wid, expect, current):
    """What a hart waits for, in the hang report's words (host/src/program.c)."""
    name = hal.WAIT_KINDS.get(kind)
    plural = lambda n: "" if n == 1 else "s"
    if name == "WAIT_CB_FRONT":
        return "waits for CB %d front: %d page%s, %d received" % (
            wid, expect, plural(expect), current)
    if name == "WAIT_CB_BACK":
        return "waits for CB %d back: %d free page%s, %d free" % (
            wid, expect, plural(expect), current)
    if name == "WAIT_SEMAPHORE":
        return "waits for semaphore at 0x%x == %d (now %d)" % (wid, expect, current)
    if name == "WAIT_SEMAPHORE_MIN":
        return "waits for semaphore at 0x%x >= %d (now %d)" % (wid, expect, current)
    if name == "WAIT_NOC_BARRIER":
        barrier, by_trid = hal.NOC_BARRIER_NAMES.get(wid, ("?", False))
        if by_trid:
            return ("waits for NoC %s barrier with transaction id %d: %d outstanding" %
                    (barrier, wid & hal.NOC_MAX_TRANSACTION_ID, current))
        return "waits for NoC %s barrier: %d expected, %d seen" % (barrier, expect, current)
    if name == "WAIT_TILE_ENGINE":
        return "waits for the tile engine: %s" % hal.TILE_WAIT_NAMES.get(wid, "?")
    if name == "WAIT_GO":
        return "idle, waiting for a go message"
    if name == "WAIT_SUBORDINATE_GO":
        return "idle, waiting for BRISC to start it"
    if name == "WAIT_SUBORDINATES_DONE":
        return "kernel done, waiting for the other RISCs (subordinate_sync 0x%08x)" % current
    if name == "WAIT_RESET":
        return "held in reset"
    if name == "WAIT_HALTED":
        return "halted by a firmware error (code %d, line %d)" % (wid, expect)
    return "waits (kind %d, id %d, expect %d, now %d)" % (kind, wid, expect, current)


def _kernel_frame(t, source):
    """"file:line (function)" of the innermost frame of @t in file @source
    (its kernel), else of its innermost frame; and the pc."""
    with device.on_thread(t):
        frame = gdb.newest_frame()
        pc = frame.pc() & 0xffffffff
        first = None
        want = os.path.realpath(source) if source else None
        for _ in range(32):
            sal = frame.find_sal()
            if sal.symtab is not None:
                here = "%s:%d (%s)" % (os.path.basename(sal.symtab.filename), sal.line,
                                       frame.name() or "??")
                first = first or here
                if want and os.path.realpath(sal.symtab.filename) == want:
                    return here, pc
            try:
                frame = frame.older()
            except gdb.error:
                frame = None
            if frame is None:
                break
    return first or "??", pc


def _wake_pending(t):
    """Has @t's wake event (MSIP) come since it went to sleep?"""
    with device.on_thread(t):
        try:
            mip = int(gdb.newest_frame().read_register("mip"))
        except (gdb.error, ValueError):
            return False
    return bool(mip & hal.CSR_MIP_MSIP)


def hart_status(core, risc, t, c):
    """One line of tt status for hart (@core, @risc) on thread @t."""
    emu = hal.MMIO_EMU_BASE
    kind, wid, expect, current = (u32(t, emu + off) for off in (
        hal.A_EMU_WAIT_KIND, hal.A_EMU_WAIT_ID, hal.A_EMU_WAIT_EXPECT,
        hal.A_EMU_WAIT_CURRENT))
    k = session().kernel(core, risc, c.launch) if c.runs(risc) else None
    where, pc = _kernel_frame(t, k.source if k else None)
    if kind != 0:
        state = ("woken: " if _wake_pending(t) else "asleep: ") + \
            wait_text(kind, wid, expect, current)
    else:
        state = "running"
    result = u32(c.t, hal.MEM_MAILBOX_BASE + hal.MB_RESULT +
                 risc * hal.RESULT_SIZE + hal.RESULT_STATUS)
    res = hal.KERNEL_STATUS.get(result, "")
    if k is None:
        what = "no kernel"
    elif res == "KERNEL_STATUS_OK":
        what = "kernel done"
    elif res == "KERNEL_STATUS_TRAPPED":
        what = "kernel trapped at 0x%08x" % u32(
            c.t, hal.MEM_MAILBOX_BASE + hal.MB_RESULT + risc * hal.RESULT_SIZE +
            hal.RESULT_MEPC)
    else:
        what = os.path.basename(k.source)
    return "  %-6s %-14s pc 0x%08x %s %s" % (hal.RISC_NAMES[risc], what, pc, where, state)


class Status(_TTCommand):
    """The hang report, live: tt status [all]

For every core with a launch in flight (all: every core), each RISC: its
kernel, pc, the kernel's source line it is at (or the innermost one), and
whether it runs or sleeps and on what (CB, semaphore, NoC barrier, tile
engine), from the device's wait registers.  "woken" means the event it
waited for came and it has not run since."""

    NAME = "status"

    @staticmethod
    def _show(arg):
        every = "all" in shlex.split(arg)
        s = session()
        harts = device.threads()
        shown = 0
        for core in range(s.notes.ncores):
            c = Core(core)
            signal = device.read(c.t, hal.MEM_MAILBOX_BASE + hal.MB_GO_SIGNAL, 1)[0]
            done = signal == hal.RUN_MSG_DONE
            if not every and (c.launch == 0 or done):
                continue
            shown += 1
            print("core %s launch %d: %s" % (_xy(core), c.launch,
                                             "done" if done else "in flight"))
            for risc in range(hal.RISCS_PER_CORE):
                if (core, risc) in harts:
                    print(hart_status(core, risc, harts[(core, risc)], c))
        if not shown:
            print("no launch in flight (tt status all shows every core)")


# tt cb ------------------------------------------------------------------

class Cb(_TTCommand):
    """Circular buffers of a core: tt cb [X,Y]  (default: the selected thread's core)

Each CB index of the core's launch: address, size, pages, data format,
the received and acked counters (stream registers) and the pages filled,
then each RISC's read and write pointers and the pages it reserved and
waited for (its CB interface)."""

    NAME = "cb"

    @staticmethod
    def _show(arg):
        s = session()
        core = _core_arg(shlex.split(arg), "tt cb")
        c = Core(core)
        _header(c)
        formats = s.notes.cb_formats(core, c.launch) or []
        harts = device.threads()
        mask = (1 << hal.R_STREAM_COUNTER_PAGES[1]) - 1
        for i in range(hal.NUM_CBS):
            cfg = c.cb_config(i)
            if cfg is None:
                continue
            addr, size, pages, page_size = cfg
            stream = hal.MMIO_STREAM_BASE + i * hal.STREAM_STRIDE
            recv = u32(c.t, stream + hal.A_STREAM_TILES_RECEIVED) & mask
            acked = u32(c.t, stream + hal.A_STREAM_TILES_ACKED) & mask
            fmt = formats[i] if i < len(formats) else hal.DF_INVALID
            print("CB %-2d %-9s 0x%08x %6d B = %d x %d B; received %d, acked %d: "
                  "%d filled" % (i, df_name(fmt), addr, size, pages, page_size, recv,
                                 acked, (recv - acked) & mask))
            for risc in range(hal.RISCS_PER_CORE):
                if not c.runs(risc) or (core, risc) not in harts:
                    continue
                at = (hal.MEM_CB_INTERFACE_BASE + risc * hal.MEM_CB_INTERFACE_SLOT_SIZE +
                      i * hal.MEM_CB_INTERFACE_ENTRY_SIZE)
                raw = device.read(c.t, at, hal.MEM_CB_INTERFACE_ENTRY_SIZE)
                if not struct.unpack_from("<I", raw, hal.CBI_NUM_PAGES)[0]:
                    print("      %-6s has not set up its interface yet" % hal.RISC_NAMES[risc])
                    continue
                rd, wr = struct.unpack_from("<II", raw, hal.CBI_RD_PTR)
                reserved = struct.unpack_from("<H", raw, hal.CBI_RESERVED)[0]
                waited = struct.unpack_from("<H", raw, hal.CBI_WAITED)[0]
                print("      %-6s rd 0x%08x (page %d)  wr 0x%08x (page %d)  "
                      "reserved %d  waited %d" % (
                          hal.RISC_NAMES[risc], rd, (rd - addr) // page_size, wr,
                          (wr - addr) // page_size, reserved, waited))


# tt sem -----------------------------------------------------------------

class Sem(_TTCommand):
    """Semaphores of a core: tt sem [X,Y]

The value of each semaphore id of the core's launch and the harts of the
core that wait on one."""

    NAME = "sem"

    @staticmethod
    def _show(arg):
        core = _core_arg(shlex.split(arg), "tt sem")
        c = Core(core)
        _header(c)
        base = c.config_base + c.sem_offset
        values = u32s(c.t, base, hal.MAX_SEMAPHORES * hal.SEMAPHORE_STRIDE // 4)
        waits = {}
        for (hc, risc), t in device.threads().items():
            if hc != core:
                continue
            kind = u32(t, hal.MMIO_EMU_BASE + hal.A_EMU_WAIT_KIND)
            if hal.WAIT_KINDS.get(kind, "").startswith("WAIT_SEMAPHORE"):
                wid = u32(t, hal.MMIO_EMU_BASE + hal.A_EMU_WAIT_ID)
                expect = u32(t, hal.MMIO_EMU_BASE + hal.A_EMU_WAIT_EXPECT)
                op = "==" if hal.WAIT_KINDS[kind] == "WAIT_SEMAPHORE" else ">="
                waits.setdefault(wid, []).append("%s waits for %s %d" % (
                    hal.RISC_NAMES[risc], op, expect))
        for sid in range(hal.MAX_SEMAPHORES):
            addr = base + sid * hal.SEMAPHORE_STRIDE
            v = values[sid * hal.SEMAPHORE_STRIDE // 4]
            print("semaphore %d at 0x%08x = %d%s" % (
                sid, addr, v, ("  (" + "; ".join(waits[addr]) + ")") if addr in waits else ""))


# tt noc -----------------------------------------------------------------

def _fw_symbol(core, risc, name):
    """Address of firmware global @name in @risc's firmware image."""
    with device.on_thread(device.thread(core, risc)):
        return session().firmware_symbol(risc, name)


def _noc_addr(lo, mid):
    """NoC address, with the logical core of a worker's coordinates."""
    x = field(mid, hal.R_NOC_ADDR_MID_X)
    y = field(mid, hal.R_NOC_ADDR_MID_Y)
    gx, gy = session().notes.grid
    lx, ly = x - hal.NOC_VIRTUAL_WORKER_X0, y - hal.NOC_VIRTUAL_WORKER_Y0
    if 0 <= lx < gx and 0 <= ly < gy:
        return "(%d,%d):0x%x [core (%d,%d)]" % (x, y, lo, lx, ly)
    return "(%d,%d):0x%x" % (x, y, lo)


BARRIERS = (
    # barrier, software counter, hardware status counter
    ("reads", "fw_noc_reads_num_issued", hal.NOC_ST_MST_RD_RESP_RECEIVED),
    ("nonposted writes acked", "fw_noc_nonposted_writes_acked",
     hal.NOC_ST_MST_WR_ACK_RECEIVED),
    ("nonposted writes sent", "fw_noc_nonposted_writes_num_issued",
     hal.NOC_ST_MST_NONPOSTED_WR_REQ_SENT),
    ("posted writes sent", "fw_noc_posted_writes_num_issued",
     hal.NOC_ST_MST_POSTED_WR_REQ_SENT),
    ("atomics acked", "fw_noc_nonposted_atomics_acked",
     hal.NOC_ST_MST_ATOMIC_RESP_RECEIVED),
)


class Noc(_TTCommand):
    """NoC state of a core: tt noc [X,Y]

For each data-movement RISC with a kernel: the NoC it uses and, per
barrier, how many requests it issued (its firmware's counters), how many
the NoC completed (status counters) and how many are outstanding; then
per NoC the transaction ids with requests outstanding and the commands
in flight (held by delayed completion, TT_EMU_NOC_DELAY)."""

    NAME = "noc"

    def _show(self, arg):
        core = _core_arg(shlex.split(arg), "tt noc")
        c = Core(core)
        _header(c)
        used = set()
        for risc in (hal.RISC_BRISC, hal.RISC_NCRISC):
            if not c.runs(risc):
                continue
            t = device.thread(core, risc)
            noc = u32(t, _fw_symbol(core, risc, "fw_noc_index"))
            used.add(noc)
            print("%s on NoC %d:" % (hal.RISC_NAMES[risc], noc))
            status = hal.MMIO_NOC0_BASE if noc == 0 else hal.MMIO_NOC1_BASE
            for name, sw, idx in BARRIERS:
                issued = u32(t, _fw_symbol(core, risc, sw) + 4 * noc)
                done = u32(t, status + hal.A_NOC_STATUS0 + 4 * idx)
                out = (issued - done) & 0xffffffff
                print("  %-23s issued %6d  completed %6d  outstanding %d" % (
                    name, issued, done, out))
        for noc in sorted(used):
            status = hal.MMIO_NOC0_BASE if noc == 0 else hal.MMIO_NOC1_BASE
            trids = []
            for trid in range(hal.NOC_MAX_TRANSACTION_ID + 1):
                n = u32(c.t, status + hal.A_NOC_STATUS0 +
                        4 * (hal.NOC_ST_MST_REQS_OUTSTANDING_ID + trid))
                if n:
                    trids.append("%d: %d" % (trid, n))
            if trids:
                print("NoC %d outstanding by transaction id: %s" % (noc, ", ".join(trids)))
            self.held(c, noc)

    @staticmethod
    def held(c, noc):
        emu = hal.MMIO_EMU_BASE
        n = u32(c.t, emu + (hal.A_EMU_NOC_HELD0 if noc == 0 else hal.A_EMU_NOC_HELD1))
        if not n:
            print("NoC %d: no command in flight" % noc)
            return
        print("NoC %d: %d command%s in flight (oldest first):" % (noc, n, "" if n == 1 else "s"))
        for i in range(min(n, hal.EMU_NOC_HELD_MAX)):
            at = emu + hal.A_EMU_NOC_HELD_CMD0 + (noc * hal.EMU_NOC_HELD_MAX + i) * \
                hal.EMU_NOC_HELD_BYTES
            w = u32s(c.t, at, hal.EMU_NOC_HELD_BYTES // 4)
            info = w[hal.EMU_NOC_HELD_INFO]
            kind = hal.NOC_HELD_KINDS.get(field(info, hal.R_EMU_NOC_HELD_INFO_KIND), "?")
            risc = hal.RISC_NAMES[field(info, hal.R_EMU_NOC_HELD_INFO_RISC)]
            length = w[hal.EMU_NOC_HELD_AT_LEN_BE]
            targ = (w[hal.EMU_NOC_HELD_TARG_ADDR_LO], w[hal.EMU_NOC_HELD_TARG_ADDR_MID])
            ret = (w[hal.EMU_NOC_HELD_RET_ADDR_LO], w[hal.EMU_NOC_HELD_RET_ADDR_MID])
            if kind == "NOC_HELD_READ":
                what = "read %d B from %s to 0x%x" % (length, _noc_addr(*targ), ret[0])
            else:
                what = "%s %d B from 0x%x to %s" % (
                    "posted write" if kind == "NOC_HELD_POSTED_WRITE" else "write",
                    length, targ[0], _noc_addr(*ret))
            print("  %s: %s (transaction id %d)" % (
                risc, what, field(info, hal.R_EMU_NOC_HELD_INFO_TRID)))
        if n > hal.EMU_NOC_HELD_MAX:
            print("  and %d more" % (n - hal.EMU_NOC_HELD_MAX))


# tt args ----------------------------------------------------------------

class Args(_TTCommand):
    """Runtime args of the selected hart: tt args

The unique and common runtime args its kernel reads with get_arg_val
and get_common_arg_val in the current launch."""

    NAME = "args"

    @staticmethod
    def _show(arg):
        s = session()
        core, risc = device.current()
        c = Core(core)
        if not c.runs(risc):
            raise gdb.GdbError("core %s %s runs no kernel in launch %d" % (
                _xy(core), hal.RISC_NAMES[risc], c.launch))
        counts = s.notes.arg_counts(core, risc, c.launch)
        if counts is None:
            raise gdb.GdbError("no arg counts noted for core %s %s" % (
                _xy(core), hal.RISC_NAMES[risc]))
        rta, crta = c.rta(risc)
        k = s.kernel(core, risc, c.launch)
        print("core %s %s, launch %d, %s" % (_xy(core), hal.RISC_NAMES[risc], c.launch,
                                             os.path.basename(k.source) if k else "?"))
        for what, off, n in (("arg", rta, counts[0]), ("common arg", crta, counts[1])):
            values = u32s(c.t, c.config_base + off, n) if n else []
            if not values:
                print("no %ss" % what)
            for i, v in enumerate(values):
                print("%s %d = %d (0x%x)" % (what, i, v, v))


# tt tile ----------------------------------------------------------------

class Tile(_TTCommand):
    """A tile of a CB, in its data format: tt tile CB PAGE [X,Y]

Page PAGE of CB CB's memory (0 = its first page; tt cb shows which page
each RISC's pointers are at), decoded with the CB's data format as the
unpacker reads it, and printed as 32 rows of 32 values."""

    NAME = "tile"

    @staticmethod
    def _show(arg):
        s = session()
        a = shlex.split(arg)
        nums = [v for v in a if "," not in v]
        if len(nums) != 2:
            raise gdb.GdbError("usage: tt tile CB PAGE [X,Y]")
        cb, page = int(nums[0], 0), int(nums[1], 0)
        core = _core_arg(a, "tt tile")
        c = Core(core)
        cfg = c.cb_config(cb) if 0 <= cb < hal.NUM_CBS else None
        if cfg is None:
            raise gdb.GdbError("CB %d is not configured on core %s" % (cb, _xy(core)))
        addr, size, pages, page_size = cfg
        if not 0 <= page < pages:
            raise gdb.GdbError("CB %d has pages 0..%d" % (cb, pages - 1))
        formats = s.notes.cb_formats(core, c.launch) or []
        fmt = formats[cb] if cb < len(formats) else hal.DF_INVALID
        at = addr + page * page_size
        raw = device.read(c.t, at, page_size)
        rows = tiles.decode(fmt, raw)
        print("CB %d page %d of core %s: %s tile at 0x%08x" % (cb, page, _xy(core),
                                                              df_name(fmt), at))
        for r, row in enumerate(rows):
            print("%2d: %s" % (r, " ".join(row)))


Status()
Cb()
Sem()
Noc()
Args()
Tile()
