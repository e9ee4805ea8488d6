#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
#
# tt-metal's own GoogleTest suites, built from a tt-metal checkout
# ($TT_METAL_HOME/tests/...) unmodified against the TT-Metalium package,
# run, and counted (docs/coming-from-tt-metal.md, "tt-metal's unit tests").
#
# Every .cpp file of a group's folders is compiled on its own (a glob, so
# a fuller checkout runs more), with the standard, GoogleTest and package
# headers most of them include precompiled once (PCH_HEADERS; a file that
# does not compile with them is compiled again without, so the result is
# the same).  A file that does not compile counts its
# test cases as failed, with the compiler's first error; the rest are
# linked into one executable per group (an object whose symbols the
# package lacks is dropped the same way, naming the symbol).  Each
# executable runs twice, as tt-metal's fixtures gate on
# TT_METAL_SLOW_DISPATCH_MODE both ways; a case counts once: passed if it
# passed in either run, skipped if skipped in both, failed otherwise.
#
# The summary is one line per group, then the total; the report beside
# the build names every case with its result and every skip's reason.
# Cases listed in the expectations file must pass: one that does not
# fails the run (a regression), whatever else is counted.
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

# Groups: name -> (folder under tests/tt_metal, recursive)
GROUPS = {
    "api": ("tt_metal/api", True),
    "llk": ("tt_metal/llk", True),
    "data_movement": ("tt_metal/data_movement", True),
    "integration": ("tt_metal/integration", True),
    "legacy": ("tt_metal", False),
    "misc": ("tt_metal/misc", True),
    "noc": ("tt_metal/noc", True),
    "sfpi": ("tt_metal/sfpi", True),
    "mesh": ("distributed", False),
    "eth": ("tt_metal/eth", True),
}
UNIT_GROUPS = ["api", "llk", "data_movement", "integration", "legacy", "misc", "noc", "sfpi",
               "eth"]

# Included by most of tt-metal's test files (counted over a checkout):
# precompiled once, they are parsed once instead of once per file.
PCH_HEADERS = [
    "algorithm", "chrono", "cstdint", "functional", "map", "memory", "random", "string",
    "utility", "variant", "vector",
    "gtest/gtest.h", "gmock/gmock.h", "fmt/format.h",
    "tt-metalium/host_api.hpp", "tt-metalium/tt_metal.hpp", "tt-metalium/distributed.hpp",
    "tt-metalium/core_coord.hpp", "tt-metalium/bfloat16.hpp", "tt-metalium/kernel_types.hpp",
    "tt-metalium/program.hpp", "tt-metalium/buffer.hpp", "tt-metalium/device.hpp",
    "tt-metalium/circular_buffer_config.hpp", "tt-metalium/mesh_coord.hpp",
    "tt-metalium/experimental/metal2_host_api/program.hpp",
    "tt-logger/tt-logger.hpp", "tt_stl/span.hpp", "tt_stl/assert.hpp",
]

CASE_RE = re.compile(r"^\s*(TEST|TEST_F|TEST_P|TYPED_TEST|TYPED_TEST_P)\s*\(\s*(\w+)\s*,\s*(\w+)",
                     re.M)


def say(tag, text):
    print(f"  {tag:<7} {text}", flush=True)


def cases_in(path):
    """The test cases a file declares: 'Suite.Name' (TEST_P: one each)."""
    with open(path, errors="replace") as f:
        return [f"{m.group(2)}.{m.group(3)}" for m in CASE_RE.finditer(f.read())]


def group_files(home, group):
    folder, recursive = GROUPS[group]
    root = os.path.join(home, "tests", "tt_metal", folder)
    if not os.path.isdir(root):
        return []
    out = []
    if recursive:
        for d, _, names in os.walk(root):
            out += [os.path.join(d, n) for n in names if n.endswith(".cpp")]
    else:
        out = [os.path.join(root, n) for n in os.listdir(root)
               if n.endswith(".cpp") and os.path.isfile(os.path.join(root, n))]
    # Benchmarks are programs of their own, not test cases; kernels are
    # device code the tests build at run time.
    return sorted(p for p in out if not os.path.basename(p).startswith("benchmark_")
                  and "/kernels/" not in p and "/test_kernels/" not in p)


def defines_main(obj):
    r = subprocess.run(["nm", "--defined-only", obj], capture_output=True, text=True)
    return any(line.split()[-2:] == ["T", "main"] for line in r.stdout.splitlines())


def first_error(log):
    for line in log.splitlines():
        if ": error:" in line or "fatal error:" in line:
            return re.sub(r"^.*?(fatal )?error: ", "", line).strip()
    return log.strip().splitlines()[-1] if log.strip() else "failed"


class Harness:
    def __init__(self, a):
        self.a = a
        self.home = os.path.abspath(a.tt_metal_home)
        self.src = os.path.abspath(a.src)
        self.build = os.path.abspath(a.build)
        self.out = os.path.join(self.build, "tt-metal-tests")
        os.makedirs(self.out, exist_ok=True)
        tests = os.path.join(self.home, "tests")
        self.cxxflags = [
            "-std=c++20", "-w", "-O1", "-g0",
            # Our stand-ins for the tt-metal internals the fixtures include.
            "-I" + os.path.join(self.src, "host/metalium/test-support"),
            "-I" + os.path.join(self.src, "host/metalium/include"),
            # Upstream's own include path has its API folder too ("hal_types.hpp").
            "-I" + os.path.join(self.src, "host/metalium/include/tt-metalium"),
            "-I" + os.path.join(self.src, "host/include"),
            "-I" + os.path.join(self.src, "hal"), "-I" + os.path.join(self.src, "hal/wormhole"),
            "-I" + self.home, "-I" + tests,
            "-I" + os.path.join(tests, "tt_metal/test_utils"),
            "-I" + os.path.join(tests, "tt_metal/tt_metal/common"),
            "-I" + os.path.join(tests, "tt_metal/tt_metal"),
        ]
        self.libs = [
            os.path.join(self.build, "metalium/lib/libtt_metalium.a"),
            os.path.join(self.build, "host/libtt.a"),
            "-lgmock", "-lgtest_main", "-lgtest", "-lfmt", "-lxxhash", "-lm", "-pthread",
        ]
        self.report = []
        self.pch = None
        self.last_run_complete = False

    def precompile(self):
        """Build the precompiled header; None (compile without) if it fails."""
        hdr = os.path.join(self.out, "pch", "tt_metal_tests.hpp")
        os.makedirs(os.path.dirname(hdr), exist_ok=True)
        text = "".join(f"#include <{h}>\n" for h in PCH_HEADERS)
        flags = " ".join(self.cxxflags)
        gch, stamp = hdr + ".gch", hdr + ".flags"
        if (os.path.exists(gch) and os.path.exists(stamp) and os.path.exists(hdr)
                and open(stamp).read() == flags
                and open(hdr).read() == text and os.path.getmtime(gch) > self.headers_mtime):
            self.pch = hdr
            return
        with open(hdr, "w") as f:
            f.write(text)
        r = subprocess.run(["g++", *self.cxxflags, "-x", "c++-header", hdr, "-o", gch],
                           capture_output=True, text=True)
        if r.returncode:
            say("PCH", "not used: " + first_error(r.stderr))
            return
        with open(stamp, "w") as f:
            f.write(flags)
        self.pch = hdr

    def obj_of(self, group, path):
        rel = os.path.relpath(path, os.path.join(self.home, "tests"))
        return os.path.join(self.out, "obj", group, rel[:-4] + ".o")

    def compile(self, group, path):
        obj = self.obj_of(group, path)
        os.makedirs(os.path.dirname(obj), exist_ok=True)
        stamp = obj + ".flags"
        flags = " ".join(self.cxxflags)
        # Reuse an object newer than its source and our headers.
        if (os.path.exists(obj) and os.path.exists(stamp) and open(stamp).read() == flags
                and os.path.getmtime(obj) > max(os.path.getmtime(path), self.headers_mtime)):
            return path, obj, None
        # As upstream's CMake: the group's folder and its common/.
        folder = os.path.join(self.home, "tests", "tt_metal", GROUPS[group][0])
        extra = ["-I" + folder, "-I" + os.path.join(folder, "common")]
        cmd = ["g++", *self.cxxflags, *extra, "-c", path, "-o", obj]
        r = None
        if self.pch:
            r = subprocess.run(cmd[:1] + ["-include", self.pch, "-Winvalid-pch"] + cmd[1:],
                               capture_output=True, text=True)
        if r is None or r.returncode:
            r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode:
            if os.path.exists(obj):
                os.remove(obj)
            return path, None, first_error(r.stderr)
        with open(stamp, "w") as f:
            f.write(flags)
        return path, obj, None

    def link(self, group, objs, failed):
        """Link @objs (path -> obj); drop objects with undefined symbols."""
        exe = os.path.join(self.out, f"{group}_tests")
        objs = dict(objs)
        while objs:
            r = subprocess.run(["g++", "-o", exe, *objs.values(), *self.libs],
                               capture_output=True, text=True)
            if r.returncode == 0:
                return exe, objs
            # "x.o: in function `f': ... undefined reference to `sym'"
            culprits = {}
            current = None
            for line in r.stderr.splitlines():
                m = re.search(r"(/[^ :]+\.o): in function", line)
                if m:
                    current = m.group(1)
                m = re.search(r"undefined reference to [`'](.+)'", line)
                if m and current:
                    culprits.setdefault(current, m.group(1))
            dropped = False
            for path, obj in list(objs.items()):
                if obj in culprits:
                    failed[path] = "does not link: the package lacks " + culprits[obj]
                    del objs[path]
                    dropped = True
            if not dropped:
                for path in objs:
                    failed[path] = "does not link: " + first_error(r.stderr)
                return None, {}
        return None, {}

    def run(self, exe, slow, system=None, only=None):
        """Run @exe (the cases @only, when given); 'Suite.Name' -> (status, reason)."""
        env = dict(os.environ)
        if system:
            env["TT_EMU_SYSTEM"] = system
        env.pop("TT_METAL_SLOW_DISPATCH_MODE", None)
        if slow:
            env["TT_METAL_SLOW_DISPATCH_MODE"] = "1"
        env.setdefault("TT_METAL_HOME", self.home)
        env.setdefault("TT_EMU_CACHE", os.path.join(self.build, "cache"))
        results = {}
        log = f"{exe}.{'slow' if slow else 'fast'}.log"
        try:
            args = [exe, "--gtest_color=no"]
            if only is not None:
                args.append("--gtest_filter=" + ":".join(sorted(only)))
            r = subprocess.run(args, capture_output=True, text=True,
                               env=env, timeout=self.a.timeout, cwd=self.home)
            text = r.stdout + r.stderr
        except subprocess.TimeoutExpired as e:
            text = (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) \
                else (e.stdout or "")
            text += "\n[harness] timed out\n"
        with open(log, "w") as f:
            f.write(text)
        cur, lines = None, []
        for line in text.splitlines():
            m = re.match(r"\[ RUN      \] (\S+)", line)
            if m:
                cur, lines = m.group(1), []
                continue
            # A failed TEST_P case ends its name with ", where GetParam() = ...".
            m = re.match(r"\[ +(OK|FAILED|SKIPPED) +\] ([^\s,]+)", line)
            if m and cur and m.group(2) == cur:
                status = {"OK": "passed", "FAILED": "failed", "SKIPPED": "skipped"}[m.group(1)]
                why = " ".join(l.strip() for l in lines if l.strip() and
                               not re.search(r": (Skipped|Failure)$", l))[:300]
                results[cur] = (status, why)
                cur = None
                continue
            if cur:
                lines.append(line)
        if cur:
            results[cur] = ("failed", "crashed or timed out: " + " ".join(lines[-3:])[:300])
        self.last_run_complete = re.search(r"^\[=+\] \d+ tests? from .* ran\.", text, re.M) \
            is not None
        return results

    def group(self, group, pool):
        files = group_files(self.home, group)
        if not files:
            return None
        t0 = time.time()
        declared = {p: cases_in(p) for p in files}
        results = list(pool.map(lambda p: self.compile(group, p), files))
        failed_files = {p: err for p, obj, err in results if err}
        objs = {p: obj for p, obj, err in results if obj}
        # A file with its own main() is a program, not cases for the group's
        # executable (upstream builds such files on their own, if at all).
        for p in [p for p, obj in objs.items() if defines_main(obj)]:
            del objs[p]
            self.report.append(f"{group}\t(program {os.path.relpath(p, self.home)})\tnot run\t"
                               "defines its own main(): a program, not GoogleTest cases")
        exe, linked = self.link(group, objs, failed_files) if objs else (None, {})
        cases = {}
        for p, why in failed_files.items():
            for c in declared[p]:
                cases[c] = ("failed", f"{os.path.relpath(p, self.home)}: {why}")
            if not declared[p]:
                # A helper source: the cases that need it fail to link.
                self.report.append(f"{group}\t(helper {os.path.relpath(p, self.home)})\t"
                                   f"not built\t{why}")
        if exe:
            # The mesh tests' fixtures ask for up to 2x4 (a T3000), the
            # ethernet tests' for an N300; the rest run on the machine
            # TT_EMU_SYSTEM names (a lone N150 by default).
            system = os.environ.get("TT_EMU_SYSTEM") or {"mesh": "T3000", "eth": "N300"}.get(group)
            # A case counts once, so the second run needs only the cases
            # that did not pass in the first; all of them if the first
            # stopped early (a crash, a timeout) or the list is too long
            # for one argument.
            slow = self.run(exe, True, system)
            rest = [c for c, v in slow.items() if v[0] != "passed"]
            whole = self.last_run_complete and sum(len(c) + 1 for c in rest) < 100000
            if not whole:
                fast = self.run(exe, False, system)
            else:
                fast = self.run(exe, False, system, rest) if rest else {}
            for c in set(slow) | set(fast):
                a, b = slow.get(c, ("skipped", "")), fast.get(c, ("skipped", ""))
                if "passed" in (a[0], b[0]):
                    cases[c] = ("passed", "")
                elif "failed" in (a[0], b[0]):
                    cases[c] = a if a[0] == "failed" else b
                else:
                    cases[c] = ("skipped", a[1] or b[1] or "skipped by the test")
            # Declared cases of linked files that never ran (a crash before them).
            for p in linked:
                for c in declared[p]:
                    # A TEST_P runs as "Prefix/Suite.Name/Param".
                    if c not in cases and not any(f"/{c}/" in f"/{k}/" for k in cases):
                        if ".DISABLED_" in c or c.startswith("DISABLED_"):
                            cases[c] = ("skipped", "disabled upstream (DISABLED_ prefix)")
                        else:
                            cases[c] = ("failed", "did not run (the executable stopped before it)")
        counts = {s: sum(1 for v in cases.values() if v[0] == s)
                  for s in ("passed", "failed", "skipped")}
        for c in sorted(cases):
            self.report.append(f"{group}\t{c}\t{cases[c][0]}\t{cases[c][1]}")
        say("GROUP", f"{group}: {len(files)} files, {len(files) - len(failed_files)} built, "
                     f"{time.time() - t0:.1f} s")
        return counts, cases


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--src", required=True)
    ap.add_argument("--tt-metal-home", default="")
    ap.add_argument("--groups", default="")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--timeout", type=int, default=1200)
    ap.add_argument("--expect", default="")
    a = ap.parse_args()
    if not a.tt_metal_home or not os.path.isdir(os.path.join(a.tt_metal_home, "tests", "tt_metal")):
        print(f"tt-metal unit tests: no tt-metal checkout with tests "
              f"(TT_METAL_HOME={a.tt_metal_home or 'unset'}); nothing to run")
        return 0
    for tool in ("g++",):
        if not shutil.which(tool):
            print(f"tt-metal unit tests: {tool} not found", file=sys.stderr)
            return 1
    h = Harness(a)
    hdr_dirs = [os.path.join(h.src, "host/metalium/include"),
                os.path.join(h.src, "host/metalium/test-support")]
    h.headers_mtime = max((os.path.getmtime(os.path.join(d, f)) for top in hdr_dirs
                           if os.path.isdir(top) for d, _, fs in os.walk(top) for f in fs),
                          default=0)
    h.headers_mtime = max(h.headers_mtime,
                          os.path.getmtime(os.path.join(h.build, "metalium/lib/libtt_metalium.a")))
    h.precompile()
    groups = a.groups.split() if a.groups else list(GROUPS)
    totals = {"passed": 0, "failed": 0, "skipped": 0}
    all_cases = {}
    lines = []
    with ThreadPoolExecutor(max_workers=a.jobs) as pool:
        for g in groups:
            if g not in GROUPS:
                print(f"tt-metal unit tests: unknown group {g}; groups: {' '.join(GROUPS)}",
                      file=sys.stderr)
                return 2
            r = h.group(g, pool)
            if r is None:
                continue
            counts, cases = r
            all_cases.update({f"{g}:{c}": v for c, v in cases.items()})
            name = "tt-metal mesh tests" if g == "mesh" else f"tt-metal unit tests [{g}]"
            lines.append(f"{name}: {counts['passed']} passed, {counts['failed']} failed, "
                         f"{counts['skipped']} skipped")
            if g != "mesh":
                for k in totals:
                    totals[k] += counts[k]
    report = os.path.join(h.out, "report.tsv")
    with open(report, "w") as f:
        f.write("group\tcase\tresult\twhy\n" + "\n".join(h.report) + "\n")
    for line in lines:
        print(line)
    if any(g in UNIT_GROUPS for g in groups):
        print(f"tt-metal unit tests: {totals['passed']} passed, {totals['failed']} failed, "
              f"{totals['skipped']} skipped (each case and every skip's reason: "
              f"{os.path.relpath(report)})")
    # Regressions: cases expected to pass that did not.
    rc = 0
    if a.expect and os.path.exists(a.expect):
        for line in open(a.expect):
            line = line.split("#")[0].strip()
            if not line:
                continue
            g = line.split(":")[0]
            if g not in groups:
                continue
            got = all_cases.get(line)
            if not got or got[0] != "passed":
                print(f"tt-metal unit tests: REGRESSION {line}: "
                      f"{got[0] + ': ' + got[1] if got else 'not found'}")
                rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
