#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Debug a kernel of a host program in gdb-multiarch (docs/gdb.md).
#
#   tt-gdb.sh [--build DIR] [--port N] [--core X,Y] [--risc NAME]
#             [--batch FILE] -- PROGRAM [ARGS...]
#
# 1. runs PROGRAM once with kernels built for debugging (-Og) and notes
#    which kernel image each RISC ran and the device grid;
# 2. runs it again with the device halted and QEMU's gdbstub on --port;
# 3. starts gdb-multiarch with the chosen RISC's firmware and kernel
#    symbols, on the gdb thread of core X,Y / RISC NAME, with a breakpoint
#    on kernel_main for that thread only.  With --batch, runs the gdb
#    commands in FILE non-interactively and detaches at the end.
set -euo pipefail

build=${TT_EMU_BUILD:-$(cd "$(dirname "$0")/.." && pwd)/build}
port=1234 core=0,0 risc=brisc batch=
while [ $# -gt 0 ]; do
	case $1 in
	--build) build=$2; shift 2 ;;
	--port) port=$2; shift 2 ;;
	--core) core=$2; shift 2 ;;
	--risc) risc=$2; shift 2 ;;
	--batch) batch=$2; shift 2 ;;
	--) shift; break ;;
	*) echo "tt-gdb: unknown option $1 (see the header of this script)" >&2; exit 2 ;;
	esac
done
[ $# -ge 1 ] || { echo "tt-gdb: no program given; usage: tt-gdb.sh [options] -- PROGRAM [ARGS]" >&2; exit 2; }

case $risc in
brisc) r=0 ;; ncrisc) r=1 ;; trisc0) r=2 ;; trisc1) r=3 ;; trisc2) r=4 ;;
*) echo "tt-gdb: --risc must be brisc, ncrisc, trisc0, trisc1 or trisc2" >&2; exit 2 ;;
esac
IFS=, read -r cx cy <<< "$core"

work=$(mktemp -d)
trap 'rm -rf "$work"; [ -n "${prog:-}" ] && kill "$prog" 2>/dev/null || true' EXIT
export TT_EMU_KERNEL_OPT=-Og

echo "tt-gdb: building kernels for debugging (first run of $1)"
TT_EMU_GDB_SYMS=$work/notes "$@" > "$work/first-run.log" 2>&1 || true
read -r gx gy < <(awk '$1 == "grid" { x = $2; y = $3 } END { print x, y }' "$work/notes" 2>/dev/null)
kernel=$(awk -v r="$r" '$1 == "kernel" && $2 == r { k = $3 } END { print k }' "$work/notes" 2>/dev/null)
if [ -z "${gx:-}" ]; then
	echo "tt-gdb: $1 did not open a device; its output:" >&2
	cat "$work/first-run.log" >&2
	exit 1
fi
if [ -z "$kernel" ]; then
	echo "tt-gdb: no kernel ran on $risc; firmware symbols only" >&2
fi
if [ "$cx" -ge "$gx" ] || [ "$cy" -ge "$gy" ]; then
	echo "tt-gdb: core $cx,$cy is outside the ${gx}x${gy} grid" >&2
	exit 2
fi
thread=$(( (cy * gx + cx) * 5 + r + 1 ))

echo "tt-gdb: starting $1 with the device halted, gdbstub on port $port"
TT_EMU_GDB=$port "$@" &
prog=$!
hexport=$(printf '%04X' "$port")
for _ in $(seq 100); do
	grep -q ":$hexport 00000000:0000 0A" /proc/net/tcp /proc/net/tcp6 2>/dev/null && break
	kill -0 "$prog" 2>/dev/null || { echo "tt-gdb: $1 exited early" >&2; exit 1; }
	sleep 0.1
done

{
	echo "set pagination off"
	echo "set confirm off"
	echo "set architecture riscv:rv32"
	echo "target remote 127.0.0.1:$port"
	echo "add-symbol-file $build/firmware/$risc.elf"
	[ -n "$kernel" ] && echo "add-symbol-file $kernel"
	echo "thread $thread"
	[ -n "$kernel" ] && echo "break kernel_main thread $thread"
} > "$work/init.gdb"

if [ -n "$batch" ]; then
	gdb-multiarch -q -batch -x "$work/init.gdb" -x "$batch" -ex detach
	wait "$prog"
	prog=
else
	echo "tt-gdb: core ($cx,$cy) $risc is gdb thread $thread; 'continue' to run to kernel_main"
	gdb-multiarch -q -x "$work/init.gdb"
fi
