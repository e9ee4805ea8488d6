# SPDX-License-Identifier: Apache-2.0
"""What libtt noted about a run (host/src/gdb.c has the format).

Only the first device of the notes counts: a program that opens several
devices is debugged on the first one.
"""


class Kernel:
    """One kernel image on one RISC of one core, from launch `since` on."""

    def __init__(self, since, elf, source):
        self.since = since
        self.elf = elf
        self.source = source


class Notes:
    def __init__(self, path):
        self.grid = None
        self.firmware = {}      # risc -> elf
        self.kernels = {}       # (core, risc) -> [Kernel], oldest first
        self.args = {}          # (core, risc) -> [(since, unique, common)]
        self.formats = {}       # core -> [(since, [format per CB])]
        self.launches = 0
        self.stopped = None     # (core, risc, reason, pc) or None
        with open(path) as f:
            for line in f:
                if not self._line(line.split()):
                    break

    def _line(self, w):
        """Take one line; False at the second device."""
        if not w:
            return True
        kind = w[0]
        if kind == "device":
            if self.grid:
                return False
            self.grid = (int(w[1]), int(w[2]))
            self.eth = int(w[3]) if len(w) > 3 else 0
        elif kind == "firmware":
            self.firmware[int(w[1])] = w[2]
        elif kind == "launch":
            self.launches = int(w[1])
        elif kind == "kernel":
            key = (int(w[2]), int(w[3]))
            self.kernels.setdefault(key, []).append(
                Kernel(int(w[1]), w[4], " ".join(w[5:])))
        elif kind == "args":
            key = (int(w[2]), int(w[3]))
            self.args.setdefault(key, []).append((int(w[1]), int(w[4]), int(w[5])))
        elif kind == "cbformats":
            self.formats.setdefault(int(w[2]), []).append(
                (int(w[1]), [int(v) for v in w[3].split(",")]))
        elif kind == "stopped":
            if w[1] == "-":
                self.stopped = (None, None, w[3], 0)
            else:
                self.stopped = (int(w[1]), int(w[2]), w[3], int(w[4], 0))
        return True

    @property
    def ncores(self):
        """The workers (cores 0 .. ncores - 1); the ethernet cores follow."""
        return self.grid[0] * self.grid[1]

    @property
    def nclusters(self):
        """Every core QEMU has, workers then ethernet cores: gdb attaches
        them all, so that a continue resumes every one."""
        return self.ncores + getattr(self, "eth", 0)

    def xy(self, core):
        return (core % self.grid[0], core // self.grid[0])

    def index(self, x, y):
        return y * self.grid[0] + x

    @staticmethod
    def _at(entries, launch, since=lambda e: e.since):
        """The entry in force at `launch`: the last one noted at or before it."""
        found = None
        for e in entries:
            if since(e) <= launch:
                found = e
        return found

    def kernel(self, core, risc, launch):
        return self._at(self.kernels.get((core, risc), []), launch)

    def kernel_images(self, core, risc):
        """Distinct images this RISC of this core runs over the whole run."""
        seen = []
        for k in self.kernels.get((core, risc), []):
            if k.elf not in [s.elf for s in seen]:
                seen.append(k)
        return seen

    def arg_counts(self, core, risc, launch):
        e = self._at(self.args.get((core, risc), []), launch, lambda e: e[0])
        return (e[1], e[2]) if e else None

    def cb_formats(self, core, launch):
        e = self._at(self.formats.get(core, []), launch, lambda e: e[0])
        return e[1] if e else None
