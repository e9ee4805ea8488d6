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
#
# The multihost group is tt-metal's multi-process suites (MULTIHOST
# below): each is one executable run once under `mpirun -np N`, every
# rank's output read apart (--tag-output); a case passes only if it passed
# on every rank, and a rank that hangs is named when the run times out.
#
# A group of CASE_TIMEOUT stops a case that runs longer than its limit,
# counts it failed (timed out) and runs the cases after it, as it does
# after a case that takes the executable down: a case whose thousands of
# launches take hours under emulation, or that crashes, does not keep the
# rest of its executable from running.
import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
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
    # Not a folder of one executable: the suites of MULTIHOST.
    "multihost": ("multihost", True),
}

# The multihost group's suites: their sources (a folder's glob, or files),
# how mpirun launches them (blocks of ranks, each with its environment),
# and their main.  "harness" is tools/tt-metal-multihost-main.cpp in place
# of the folder's main.cpp, whose multihost_main runs no case without
# fault tolerance (ULFM), which Debian's Open MPI lacks; "gtest" is
# GoogleTest's, as upstream's distributed_unit_tests has.
MULTIHOST = [
    # tests/tt_metal/multihost/run_single_host_multi_process_tests.sh: 4 ranks.
    {"name": "single_host_mp", "folder": "tt_metal/multihost/single_host_mp_tests",
     "ranks": [(4, {})], "main": "harness"},
    # The distributed-context cases of tests/tt_metal/distributed that need
    # no silicon: MetalContext brings up a world of one (upstream runs them
    # in its single-process distributed_unit_tests), here under mpirun.
    {"name": "auto_mpi_init", "files": ["tt_metal/distributed/test_auto_mpi_init.cpp"],
     "ranks": [(1, {})], "main": "gtest", "system": "T3000"},
    # A job split by the launcher into two sub-contexts of two ranks (as
    # tt-run's mock_galaxy_single_host_subcontext_rank_bindings_mapping),
    # each rank on an emulated Galaxy.
    {"name": "mpi_subcontext", "files": ["tt_metal/distributed/test_mpi_subcontext.cpp"],
     "ranks": [(2, {"TT_RUN_SUBCONTEXT_ID": "0"}), (2, {"TT_RUN_SUBCONTEXT_ID": "1"})],
     "env": {"TT_RUN_SUBCONTEXT_SIZES": "2,2"}, "main": "gtest", "system": "Galaxy"},
]
# The rest of the multi-process tests need what is not here yet:
# distributed/multiprocess/ (a mesh spanning two ranks, rank bindings),
# multihost/fault_tolerance_tests (ULFM), and the socket, fabric and
# pipeline suites (meshes linked across ranks).
MPI_ENV = {
    # mpirun refuses root (CI) without these.
    "OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
    # Shared memory between the ranks of one machine, without the
    # ptrace-based single copy containers often forbid, and no network.
    "OMPI_MCA_btl": "self,vader", "OMPI_MCA_btl_vader_single_copy_mechanism": "none",
}
MULTIHOST_TIMEOUT = 300
# Seconds one case of these groups may run (the executable's own limit,
# --timeout, applies to each run of the cases that remain): the longest
# mesh case that passes takes under a minute.
CASE_TIMEOUT = {"mesh": 150}
TIMED_OUT = "timed out: ran over the"
# Cases not run here, each with why: counted failed with that reason.
# tt-metal's random test programs (tests/tt_metal/distributed/utils.cpp)
# give each kernel up to 100x100x100 loop iterations on every core; one
# launch of them over a 2x4 mesh can run past libtt's 60 s launch limit
# under emulation, and these cases make hundreds or thousands of them.
RANDOM = "of tt-metal's random test programs (up to 10^6 loop iterations per kernel, every core)"
NOT_RUN = {"mesh": {
    "MeshWorkloadTestSuite.RandomizedMeshWorkload":
        f"not run: 90060 launches {RANDOM} over 8 chips, hours under emulation",
    "MeshWorkloadTestSuite.TestMeshWorkloadOnActiveEth":
        "not run: 5010 launches over 8 chips, hours under emulation",
    "MeshWorkloadTest2x4.SimultaneousMeshWorkloads":
        "not run: tens of thousands of launches, hours under emulation",
    "MeshWorkloadTest4x8.SimultaneousMeshWorkloads":
        "not run: tens of thousands of launches, hours under emulation",
    "MeshWorkloadTestSuite.EltwiseBinaryMeshWorkload":
        "not run: 1000 launches of 2048-tile eltwise programs over 8 chips",
    "MeshEventsTestSuite.AsyncWorkloadAndIO":
        "not run: 2048-tile eltwise programs over 8 chips, each over the launch timeout",
    "MeshWorkloadTestSuite.RandomizedMeshWorkloadMultiThread":
        f"not run: 2 threads x 1500 launches {RANDOM}, hours under emulation",
    "MeshTraceTestSuite.Sanity":
        f"not run: 2200 launches {RANDOM} over 8 chips",
    "MeshTraceTest2x4.EltwiseBinaryMeshTrace":
        "not run: 1000 trace replays of eltwise programs on every core of 8 chips",
    "MeshTraceTest2x4.NonConvexGridTrace":
        f"not run: 101 launches {RANDOM} over 4 chips",
    **{f"MeshTraceDynamicAllocationTestSuite.{c}":
       f"not run: traces {RANDOM}; one launch runs past the 60 s launch limit"
       for c in ("BasicTraceWithZeroTraceRegion", "TraceWithSmallAllocationsDuringCapture",
                 "TraceOverlapDetection", "TraceWithTopDownAllocationsDetectsOverlap",
                 "TraceOverlapDetectionWithAllocationsBefore")},
    # A TEST_P: every instance (7 here).
    "MeshTraceSweepTest2x4.Sweep":
        f"not run: each of its 7 instances about 5000 trace replays {RANDOM} over 8 chips",
}}
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


def mpi_flags(kind, default):
    """MPI's C library's --cflags or --libs (the package's DistributedContext)."""
    try:
        r = subprocess.run(["pkg-config", kind, "mpi-c"], capture_output=True, text=True)
    except OSError:
        return default
    return r.stdout.split() if r.returncode == 0 and r.stdout.strip() else default


def parse_gtest(text):
    """GoogleTest's output: ({'Suite.Name': (status, reason)}, case still running, its lines)."""
    results = {}
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
    return results, cur, lines


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
            # Upstream's test helpers that a partial checkout lacks, written
            # here from their signatures; after the checkout, so its own win.
            "-I" + os.path.join(self.src, "tools/tt-metal-test-utils"),
        ]
        # The distributed tests that call MPI themselves (test_mpi_subcontext.cpp,
        # in the mesh and multihost groups): its C API.
        self.mpi_cxxflags = ["-DOMPI_SKIP_MPICXX=1", *mpi_flags("--cflags", [])]
        self.libs = [
            os.path.join(self.build, "metalium/lib/libtt_metalium.a"),
            os.path.join(self.build, "host/libtt.a"),
            "-lgmock", "-lgtest_main", "-lgtest", "-lfmt", "-lxxhash", "-lm", "-pthread",
            *mpi_flags("--libs", ["-lmpi"]),
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
        if rel.startswith(".."):
            # Ours (tools/): beside the group's objects.
            rel = os.path.join("harness", os.path.basename(path))
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
        if group in ("mesh", "multihost"):
            extra += self.mpi_cxxflags
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

    def link(self, group, objs, failed, name=None, extra=()):
        """Link @objs (path -> obj) and @extra; drop objects with undefined symbols."""
        exe = os.path.join(self.out, f"{name or group}_tests")
        objs = dict(objs)
        while objs:
            r = subprocess.run(["g++", "-o", exe, *objs.values(), *extra, *self.libs],
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

    def run(self, exe, slow, system=None, only=None, case_timeout=None, exclude=frozenset()):
        """Run @exe (the cases @only, when given); 'Suite.Name' -> (status, reason).

        With @case_timeout, a case running longer is stopped, counted
        failed, and the executable runs again for the cases not run yet."""
        env = dict(os.environ)
        if system:
            env["TT_EMU_SYSTEM"] = system
        env.pop("TT_METAL_SLOW_DISPATCH_MODE", None)
        if slow:
            env["TT_METAL_SLOW_DISPATCH_MODE"] = "1"
        env.setdefault("TT_METAL_HOME", self.home)
        env.setdefault("TT_EMU_CACHE", os.path.join(self.build, "cache"))
        log = f"{exe}.{'slow' if slow else 'fast'}.log"
        results, done = {}, set()
        open(log, "w").close()
        while True:
            args = [exe, "--gtest_color=no"]
            if only is not None:
                args.append("--gtest_filter=" + ":".join(sorted(set(only) - done - exclude)))
            elif done or exclude:
                # An excluded TEST_P ("Suite.Name") is every "Prefix/Suite.Name/Param".
                args.append("--gtest_filter=-" + ":".join(
                    sorted(done | exclude | {f"*/{c}/*" for c in exclude})))
            # The log as the cases run: a long group's shows how far it got.
            with open(log, "a") as f:
                out, stuck = self.run_watched(args, env, case_timeout, f)
            got, cur, lines = parse_gtest(out)
            results.update(got)
            if cur:
                results[cur] = ("failed", (f"{TIMED_OUT} {case_timeout} s one case "
                                           "may take; " if stuck else "crashed or timed out: ")
                                + " ".join(lines[-3:])[:300])
            # With a case limit, resume after a case that was stopped or
            # that took the executable down, unless it was the last to run.
            done |= set(results)
            if not (cur and case_timeout) or (only is not None and not set(only) - done):
                break
        self.last_run_complete = re.search(r"^\[=+\] \d+ tests? from .* ran\.", out, re.M) \
            is not None
        return results

    def run_watched(self, args, env, case_timeout, log=None):
        """Run @args; (output, whether a case ran over @case_timeout s and was stopped).

        Its standard output goes to @log line by line, its errors at the end."""
        p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             errors="replace", env=env, cwd=self.home, start_new_session=True)
        lines, errs, case_start = [], [], [None]

        def read():
            for line in p.stdout:
                lines.append(line)
                if log:
                    log.write(line)
                    log.flush()
                if line.startswith("[ RUN      ]"):
                    case_start[0] = time.time()
                elif re.match(r"\[ +(OK|FAILED|SKIPPED) +\] ", line):
                    case_start[0] = None

        readers = [threading.Thread(target=read, daemon=True),
                   threading.Thread(target=lambda: errs.extend(p.stderr), daemon=True)]
        for r in readers:
            r.start()
        t0, stuck, note = time.time(), False, ""
        while p.poll() is None:
            time.sleep(0.5)
            started = case_start[0]
            if case_timeout and started is not None and time.time() - started > case_timeout:
                stuck, note = True, f"\n[harness] case stopped after {case_timeout} s\n"
            elif time.time() - t0 > self.a.timeout:
                note = "\n[harness] timed out\n"
            else:
                continue
            os.killpg(p.pid, signal.SIGTERM)
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()
        for r in readers:
            r.join(timeout=10)
        if log:
            log.write("".join(errs) + note)
        return "".join(lines) + "".join(errs) + note, stuck

    def run_mpi(self, exe, suite):
        """Run @exe under mpirun as @suite says; 'Suite.Name' -> (status, reason)."""
        env = dict(os.environ)
        env.update(MPI_ENV)
        env.pop("TT_METAL_SLOW_DISPATCH_MODE", None)
        if suite.get("system"):
            env.setdefault("TT_EMU_SYSTEM", suite["system"])
        env.update(suite.get("env", {}))
        env.setdefault("TT_METAL_HOME", self.home)
        env.setdefault("TT_EMU_CACHE", os.path.join(self.build, "cache"))
        cmd = ["mpirun", "--tag-output", "--oversubscribe"]
        nranks = 0
        for i, (n, rank_env) in enumerate(suite["ranks"]):
            if i:
                cmd.append(":")
            cmd += ["-np", str(n)]
            for k, v in rank_env.items():
                cmd += ["-x", f"{k}={v}"]
            cmd += [exe, "--gtest_color=no"]
            nranks += n
        timeout = min(self.a.timeout, MULTIHOST_TIMEOUT)
        timed_out = False
        # A session of its own, so a timeout ends mpirun and every rank.
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             env=env, cwd=self.home, start_new_session=True)
        try:
            text, _ = p.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            os.killpg(p.pid, signal.SIGTERM)
            try:
                text, _ = p.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                text, _ = p.communicate()
        with open(f"{exe}.log", "w") as f:
            f.write(" ".join(cmd) + "\n" + text + (f"\n[harness] timed out after {timeout} s\n"
                                                   if timed_out else ""))
        # "[1,R]<stdout>:line": rank R's lines.
        per_rank = {r: [] for r in range(nranks)}
        other = []
        for line in text.splitlines():
            m = re.match(r"^\[\d+,(\d+)\]<std(?:out|err)>:(.*)$", line)
            if m and int(m.group(1)) in per_rank:
                per_rank[int(m.group(1))].append(m.group(2))
            elif line.strip():
                other.append(line.strip())
        ranks = {r: parse_gtest("\n".join(lines)) for r, lines in per_rank.items()}
        # The harness's main's last line, or GoogleTest's closing one.
        finished = {r for r, lines in per_rank.items()
                    if any(l.startswith("[multihost] rank ") or
                           re.match(r"\[==========\] \d+ tests? from .* ran\.", l)
                           for l in lines)}
        launcher = " ".join(other[-3:])[:300]
        results = {}
        for case in sorted({c for res, _, _ in ranks.values() for c in res} |
                           {cur for _, cur, _ in ranks.values() if cur}):
            got = {r: ranks[r][0].get(case) for r in ranks}
            failed = [(r, g[1]) for r, g in got.items() if g and g[0] == "failed"]
            stuck = [r for r in ranks if ranks[r][1] == case]
            missing = [r for r, g in got.items() if not g and r not in stuck]
            if failed:
                r, why = failed[0]
                results[case] = ("failed", f"failed on rank {r} of {nranks}"
                                 f"{' (and ' + str(len(failed) - 1) + ' more)' if len(failed) > 1 else ''}"
                                 f": {why}"[:300])
            elif stuck:
                what = f"timed out after {timeout} s" if timed_out else "crashed"
                last = " ".join(ranks[stuck[0]][2][-3:])
                results[case] = ("failed", f"{what} on rank{'s' if len(stuck) > 1 else ''} "
                                 f"{','.join(map(str, stuck))} of {nranks} in this case: "
                                 f"{last} {launcher}"[:300])
            elif missing:
                results[case] = ("failed", f"did not run on rank{'s' if len(missing) > 1 else ''} "
                                 f"{','.join(map(str, missing))} of {nranks}: {launcher}"[:300])
            elif all(g[0] == "passed" for g in got.values()):
                results[case] = ("passed", "")
            else:
                why = next(g[1] for g in got.values() if g[0] == "skipped")
                results[case] = ("skipped", why or "skipped by the test")
        if timed_out or len(finished) < nranks:
            hung = sorted(set(ranks) - finished)
            self.report.append(f"multihost\t({suite['name']} ranks)\t"
                               f"{'timed out' if timed_out else 'stopped'}\t"
                               f"rank{'s' if len(hung) > 1 else ''} {','.join(map(str, hung))} of "
                               f"{nranks} did not finish{' within ' + str(timeout) + ' s' if timed_out else ''}"
                               f": {launcher}"[:400])
        return results

    def multihost(self, pool):
        """The multihost group: MULTIHOST's suites, each under mpirun."""
        if not shutil.which("mpirun"):
            print("tt-metal multi-host tests: mpirun not found (tools/deps.sh installs "
                  "openmpi-bin)", file=sys.stderr)
            return None
        t0 = time.time()
        cases, nfiles, nbuilt = {}, 0, 0
        harness_main = os.path.join(self.src, "tools", "tt-metal-multihost-main.cpp")
        for suite in MULTIHOST:
            if "folder" in suite:
                root = os.path.join(self.home, "tests", suite["folder"])
                files = sorted(os.path.join(root, n) for n in os.listdir(root)
                               if n.endswith(".cpp")) if os.path.isdir(root) else []
            else:
                files = [os.path.join(self.home, "tests", f) for f in suite["files"]
                         if os.path.isfile(os.path.join(self.home, "tests", f))]
            mains = [p for p in files if os.path.basename(p) == "main.cpp"]
            files = [p for p in files if p not in mains]
            if not files:
                continue
            for p in mains:
                self.report.append(f"multihost\t(main {os.path.relpath(p, self.home)})\t"
                                   f"replaced\tby tools/tt-metal-multihost-main.cpp: its "
                                   f"multihost_main runs no case without ULFM")
            nfiles += len(files)
            declared = {p: cases_in(p) for p in files}
            results = list(pool.map(lambda p: self.compile("multihost", p), files))
            failed_files = {p: err for p, obj, err in results if err}
            objs = {p: obj for p, obj, err in results if obj}
            nbuilt += len(objs)
            extra = []
            if suite["main"] == "harness":
                _, main_obj, err = self.compile("multihost", harness_main)
                if err:
                    failed_files.update({p: "the harness's main: " + err for p in objs})
                    objs = {}
                else:
                    extra = [main_obj]
            exe, linked = (self.link("multihost", objs, failed_files, suite["name"], extra)
                           if objs else (None, {}))
            for p, why in failed_files.items():
                for c in declared[p]:
                    cases[c] = ("failed", f"{os.path.relpath(p, self.home)}: {why}")
            if exe:
                got = self.run_mpi(exe, suite)
                cases.update(got)
                for p in linked:
                    for c in declared[p]:
                        if c not in got and not any(f"/{c}/" in f"/{k}/" for k in got):
                            cases[c] = ("failed", "did not run (the ranks stopped before it)")
        counts = {s: sum(1 for v in cases.values() if v[0] == s)
                  for s in ("passed", "failed", "skipped")}
        for c in sorted(cases):
            self.report.append(f"multihost\t{c}\t{cases[c][0]}\t{cases[c][1]}")
        say("GROUP", f"multihost: {nfiles} files, {nbuilt} built, {time.time() - t0:.1f} s")
        return counts, cases

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
            limit = CASE_TIMEOUT.get(group)
            # Those of the checkout's files that linked.
            skip = frozenset(c for c in NOT_RUN.get(group, {})
                             if any(c in declared[p] for p in linked))
            slow = self.run(exe, True, system, case_timeout=limit, exclude=skip)
            # A case stopped at its limit ran (it did not skip in this
            # mode): it would run as long again in the other.
            slow_out = frozenset(c for c, v in slow.items() if v[1].startswith(TIMED_OUT))
            rest = [c for c, v in slow.items() if v[0] != "passed" and c not in slow_out]
            whole = self.last_run_complete and sum(len(c) + 1 for c in rest) < 100000
            if not whole:
                fast = self.run(exe, False, system, case_timeout=limit,
                                exclude=skip | slow_out)
            else:
                fast = self.run(exe, False, system, rest, limit, skip) if rest else {}
            for c in skip:
                cases[c] = ("failed", NOT_RUN[group][c])
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
            r = h.multihost(pool) if g == "multihost" else h.group(g, pool)
            if r is None:
                continue
            counts, cases = r
            all_cases.update({f"{g}:{c}": v for c, v in cases.items()})
            name = {"mesh": "tt-metal mesh tests", "multihost": "tt-metal multi-host tests"}.get(
                g, f"tt-metal unit tests [{g}]")
            lines.append(f"{name}: {counts['passed']} passed, {counts['failed']} failed, "
                         f"{counts['skipped']} skipped")
            if g in UNIT_GROUPS:
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
