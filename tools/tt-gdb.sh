#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Debug the kernels of a host program in gdb-multiarch (docs/gdb.md).
# tt-gdb.sh --help says how.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)

usage() {
	cat <<'EOF'
usage: tt-gdb.sh [options] -- PROGRAM [ARGS...]
       tt-gdb.sh [options] --attach HOST:PORT NOTES

Debug the kernels a host program runs on the emulated device.  PROGRAM
runs twice: first with its kernels built for debugging (-Og), while
libtt notes which kernel runs on which core and RISC; then again, the
same way, with the device halted and QEMU's gdbstub on a port, and
gdb-multiarch attached to it.

In gdb every core is an inferior (inferior i + 1 is core i = y * grid_x
+ x) and each of its five harts a thread: I.1 BRISC, I.2 NCRISC, I.3
TRISC0, I.4 TRISC1, I.5 TRISC2, named "(x,y) RISC kernel".  Each core's
inferior holds the firmware and the kernels that core runs, each at its
own address, so "break FILE:LINE" works in any kernel of the program and
stops only the cores running that kernel.  "tt thread X,Y RISC" selects
a hart.  "continue" runs every core.

The second form attaches to a device that stopped for gdb at a fault
(TT_EMU_GDB_ON_FAULT=1, docs/gdb.md); the stop message gives the
command.

Options:
  --core X,Y       core to select (default 0,0)
  --risc NAME      brisc, ncrisc, trisc0, trisc1 or trisc2 (default brisc);
                   that hart stops at its kernel_main
  --no-break       no breakpoint on kernel_main
  --port N         gdbstub port (default 1234)
  --build DIR      build directory (default: the tree's build/)
  --batch FILE     run the gdb commands in FILE, then detach and let the
                   program finish (no prompt)
  --attach HOST:PORT NOTES
                   attach to a device stopped for gdb, with libtt's notes
  -h, --help       this text

gdb commands (help tt): tt status (the hang report, live), tt cb, tt sem,
tt noc, tt args, tt tile CB PAGE, tt thread X,Y RISC, tt detach.
EOF
}

# the build tree, or an installed tree's lib/tensix-emu (make install)
build=${TT_EMU_BUILD:-$here/../build}
if [ ! -d "$build" ] && [ -d "$here/../../../lib/tensix-emu" ]; then
	build=$here/../../../lib/tensix-emu
fi
port=1234 core=0,0 risc=brisc batch= brk=1 attach= notes=
while [ $# -gt 0 ]; do
	case $1 in
	--build) build=$2; shift 2 ;;
	--port) port=$2; shift 2 ;;
	--core) core=$2; shift 2 ;;
	--risc) risc=$2; shift 2 ;;
	--batch) batch=$2; shift 2 ;;
	--no-break) brk=; shift ;;
	--attach) attach=$2; notes=${3:-}; shift 3 || { usage >&2; exit 2; } ;;
	-h|--help) usage; exit 0 ;;
	--) shift; break ;;
	*) echo "tt-gdb: unknown option $1 (tt-gdb.sh --help)" >&2; exit 2 ;;
	esac
done

case $risc in
brisc) r=0 ;; ncrisc) r=1 ;; trisc0) r=2 ;; trisc1) r=3 ;; trisc2) r=4 ;;
*) echo "tt-gdb: --risc must be brisc, ncrisc, trisc0, trisc1 or trisc2" >&2; exit 2 ;;
esac
IFS=, read -r cx cy <<< "$core"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# gdb's Python layer, then the connection.
gdb_init() {
	cat <<EOF
set pagination off
set confirm off
python
import sys
sys.path[:0] = ['$here/gdb', '$build/gdb']
import tensix_gdb
end
EOF
}

run_gdb() {
	if [ -n "$batch" ]; then
		gdb-multiarch -q -batch -x "$work/init.gdb" -x "$batch" -ex "tt detach"
	else
		gdb-multiarch -q -x "$work/init.gdb"
	fi
}

if [ -n "$attach" ]; then
	[ -r "$notes" ] || { echo "tt-gdb: --attach needs HOST:PORT and libtt's notes file" >&2; exit 2; }
	{ gdb_init; echo "tt attach $attach $notes"; } > "$work/init.gdb"
	run_gdb
	exit
fi
[ $# -ge 1 ] || { echo "tt-gdb: no program given (tt-gdb.sh --help)" >&2; exit 2; }

export TT_EMU_KERNEL_OPT=-Og
echo "tt-gdb: building kernels for debugging (first run of $1)"
TT_EMU_GDB_SYMS=$work/notes "$@" > "$work/first-run.log" 2>&1 || true
read -r gx gy < <(awk '$1 == "device" { print $2, $3; exit }' "$work/notes" 2>/dev/null)
if [ -z "${gx:-}" ]; then
	echo "tt-gdb: $1 did not open a device; its output:" >&2
	cat "$work/first-run.log" >&2
	exit 1
fi
if [ "$cx" -ge "$gx" ] || [ "$cy" -ge "$gy" ]; then
	echo "tt-gdb: core $cx,$cy is outside the ${gx}x${gy} grid" >&2
	exit 2
fi
index=$(( cy * gx + cx ))
if ! awk -v c="$index" -v r="$r" '$1 == "kernel" && $3 == c && $4 == r { f = 1 } END { exit !f }' \
	"$work/notes"; then
	echo "tt-gdb: no kernel ran on core ($cx,$cy) $risc" >&2
	brk=
fi

# tt run splits its arguments as a POSIX shell would: quote each word
quoted=
for w in "$@"; do
	quoted+=" '$(printf '%s' "$w" | sed "s/'/'\"'\"'/g")'"
done
thread="$(( index + 1 )).$(( r + 1 ))"
{
	gdb_init
	echo "tt run $port $work/notes $cx,$cy $risc --$quoted"
	[ -n "$brk" ] && echo "break kernel_main thread $thread"
} > "$work/init.gdb"

echo "tt-gdb: starting $1 with the device halted, gdbstub on port $port"
if [ -n "$batch" ]; then
	gdb-multiarch -q -batch -x "$work/init.gdb" -x "$batch" -ex "tt detach" -ex "tt quit"
else
	echo "tt-gdb: core ($cx,$cy) $risc is gdb thread $thread; 'continue' runs to its kernel_main"
	gdb-multiarch -q -x "$work/init.gdb"
fi
