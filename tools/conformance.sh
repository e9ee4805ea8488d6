#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Build tt-metal's programming examples with their own CMakeLists.txt
# against the TT-Metalium package of a tensix-emu build, run each from the
# programming-examples folder, check what passing means for it, and print
# a table.  Programs under contributed/ without a CMakeLists.txt of their
# own (upstream builds them with a helper of its own tree) are built with
# a plain compiler line (flags from the build tree's tt-metalium.pc).
#
# Usage: conformance.sh --build <build dir> --src <source dir>
#                       [--tt-metal-home <dir>] [--examples '<glob>'] [--out <dir>]
# Environment: CONFORMANCE_TIMEOUT (seconds per program, default 600),
# QEMU (passed on to libtt).
set -u

build= src= home= pick= out=
while [ $# -gt 0 ]; do
	case $1 in
	--build) build=$2; shift 2 ;;
	--src) src=$2; shift 2 ;;
	--tt-metal-home) home=$2; shift 2 ;;
	--examples) pick=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	*) echo "conformance: unknown option $1" >&2; exit 2 ;;
	esac
done
[ -n "$pick" ] || pick='*'
timeout_s=${CONFORMANCE_TIMEOUT:-600}
# The machine the examples run on: tt-metal's distributed examples ask for
# a 2x4 mesh, a T3000; single-chip examples use its chip 0.
export TT_EMU_SYSTEM=${TT_EMU_SYSTEM:-T3000}

if [ -z "$home" ] || [ ! -d "$home/tt_metal/programming_examples" ]; then
	echo "conformance: no tt-metal checkout (TT_METAL_HOME=${home:-unset}); nothing to run"
	exit 0
fi
home=$(cd "$home" && pwd)
pe=$home/tt_metal/programming_examples
[ -n "$out" ] || out=$build/conformance
pkg=$build/metalium
mkdir -p "$out"

# What each known program must print (every line of the list must appear),
# and the DPRINT cores its .md asks for.
declare -A expect dprint
expect[hello_world_compute_kernel]='Hello, I am the UNPACK core running the compute kernel.
Hello, I am the MATH core running the compute kernel.
Hello, I am the PACK core running the compute kernel.
Thank you, Core {0, 0} on Device 0, for the completed task.'
expect[hello_world_datamovement_kernel]='void data movement kernel on Data Movement core 0.
void data movement kernel on Data Movement core 1.
Thank you, Core {0, 0} on Device 0, for the completed task.'
expect[hello_world_datatypes_kernel]='It is: 1.23
Thank you, Core {0, 0} on Device 0, for handling the data.'
expect[add_2_integers_in_riscv]='Adding integers: 14 + 7
Success: Result is 21'
expect[add_2_integers_in_compute]='Success: Result matches expected value!'
expect[loopback]='Test Passed'
expect[noc_tile_transfer]='8. WRITER 1: Data saved
Result = 14 : Expected = 14'
expect[eltwise_binary]='Test Passed'
expect[eltwise_sfpu]='Test Passed'
expect[3_distributed_eltwise_add]='Distributed elementwise add verification: 8192 / 8192 passed'
expect[4_distributed_trace_and_events]='Running EltwiseBinary MeshTraces on 2 MeshCQs Passed!'
expect[custom_sfpi_add]='Test Passed'
expect[custom_smoothstep]='Test Passed'
expect[matmul_single_core]='Test Passed'
expect[matmul_multi_core]='Test Passed'
expect[matmul_multicore_reuse]='Test Passed'
expect[matmul_multicore_reuse_mcast]='Test Passed'
expect[vecadd_multi_core]='All results match expected values within tolerance.'
expect[shard_data_rm]='Core (0,0): 2 4 6 8
Core (0,1): 10 12 14 16
Core (0,2): 18 20 22 24
Core (0,3): 26 28 30 32
Program finished successfully.'
expect[multicast]='[✅ PASS] All 3 receiver tiles match the golden tile.'
expect[vecadd]='Kernel execution finished'
expect[vecadd_sharding]='All results match expected values within tolerance.'
expect[sfpu_eltwise_chain]='Metalium vs Golden -- PCC ='
# The profiler examples (from a full tt-metal checkout) judge themselves.
for p in test_custom_cycle_count test_custom_cycle_count_slow_dispatch test_dispatch_cores \
	test_full_buffer test_multi_op test_multi_op_buffer_overflow test_noc_event_profiler \
	test_timestamped_events; do
	expect[$p]='Test Passed'
done
# Programs that print their results without judging them: check them.
declare -A check_fn
check_fn[vecadd]=check_sums
check_fn[pad_multi_core]=check_pad
expect[pad_multi_core]='Padded tensor with shape (64, 64):'

# "  a + b = c" lines: at least one, each c within bfloat16 rounding of a + b.
check_sums() {
	awk '/^ *[-0-9.e]+ \+ [-0-9.e]+ = [-0-9.e]+ *$/ {
		n++; d = $1 + $3 - $5; if (d < 0) d = -d;
		if (d > 0.01 * ($1 + $3 < 0 ? -($1 + $3) : $1 + $3) + 0.1) bad++ }
	END { exit !(n > 0 && bad == 0) }' "$1"
}
# "Original tensor" rows, then "Padded tensor" rows: each padded row is
# its original row followed by the pad value the first line names.
check_pad() {
	awk 'BEGIN { no = 0; np = 0 }
	/with pad value:/ { pad = $NF }
	/^Original tensor/ { part = 1; next } /^Padded tensor/ { part = 2; next }
	/^$/ { part = 0; next }
	part == 1 { orig[no++] = $0 }
	part == 2 { n = split(orig[np], o, " "); m = split($0, d, " "); np++
		if (m <= n) bad++
		for (i = 1; i <= m; i++) if (d[i] != (i <= n ? o[i] : pad)) bad++ }
	END { exit !(pad != "" && no > 0 && np == no && bad == 0) }' "$1"
}
dprint[hello_world_compute_kernel]=0,0
dprint[hello_world_datamovement_kernel]=0,0
dprint[hello_world_datatypes_kernel]=0,0
dprint[add_2_integers_in_riscv]=0,0
dprint[add_2_integers_in_compute]=0,0
dprint[noc_tile_transfer]='(0,0),(0,1)'
dprint[shard_data_rm]='(0,0)-(0,3)'
dprint[multicast]='(0,0)-(3,0)'

# Programs: name <tab> executable (filled in as units build).
progs=()
declare -A build_ok build_log needs
build_s=0

now() { date +%s.%N; }

# One CMake project: configure and build; its executables are programs.
cmake_unit() {
	local unit=$1 dir=$2 bdir=$out/$1 t0 ok=y
	t0=$(now)
	# A build folder configured from another checkout: start it afresh.
	if [ -f "$bdir/CMakeCache.txt" ] &&
		! grep -qxF "CMAKE_HOME_DIRECTORY:INTERNAL=${dir%/}" "$bdir/CMakeCache.txt"; then
		rm -rf "$bdir"
	fi
	mkdir -p "$bdir"
	if ! cmake -S "$dir" -B "$bdir" -DCMAKE_PREFIX_PATH="$pkg" -DCMAKE_BUILD_TYPE=Release \
		> "$bdir/configure.log" 2>&1; then
		ok=n
	elif ! cmake --build "$bdir" -j 2 > "$bdir/build.log" 2>&1; then
		ok=n
	fi
	build_s=$(echo "$build_s + $(now) - $t0" | bc)
	local found=0 exe
	while IFS= read -r exe; do
		local name
		name=$(basename "$exe")
		name=${name#metal_example_}
		progs+=("$name	$exe")
		build_ok[$name]=$ok
		build_log[$name]=$bdir/build.log
		found=1
	done < <(find "$bdir" -maxdepth 3 -type f -perm -u+x -name 'metal_example_*' | sort)
	if [ $found -eq 0 ]; then
		progs+=("$unit	")
		build_ok[$unit]=n
		build_log[$unit]=$bdir/build.log
		[ -f "$bdir/build.log" ] || build_log[$unit]=$bdir/configure.log
		# A third-party package the host lacks (CMake's find_package):
		# not something the emulator provides.
		local pkg_missing
		pkg_missing=$(sed -n 's/.*Could NOT find \([A-Za-z0-9_]*\).*/\1/p' \
			"$bdir/configure.log" 2>/dev/null | head -n 1)
		if [ -n "$pkg_missing" ]; then
			build_ok[$unit]=dep
			needs[$unit]=$pkg_missing
		fi
	fi
}

# A program built with a plain compiler line from its .cpp files.
plain_unit() {
	local name=$1 bdir=$out/plain t0 ok=y
	shift
	t0=$(now)
	mkdir -p "$bdir"
	# shellcheck disable=SC2046
	if ! g++ -O2 -Wno-narrowing "$@" $(PKG_CONFIG_PATH=$pkg/lib/pkgconfig pkg-config --cflags --libs \
		tt-metalium) -o "$bdir/$name" > "$bdir/$name.log" 2>&1; then
		ok=n
	fi
	build_s=$(echo "$build_s + $(now) - $t0" | bc)
	progs+=("$name	$bdir/$name")
	build_ok[$name]=$ok
	build_log[$name]=$bdir/$name.log
}

# A folder whose CMakeLists.txt is a standalone project (a project() or a
# find_package of TT-Metalium) builds with it; otherwise upstream builds it with helpers of
# its own tree (contributed/, distributed/, profiler/): each subfolder with
# .cpp files is then one program, built with a plain compiler line.
standalone() { [ -f "$1/CMakeLists.txt" ] && grep -qE 'find_package\(TT-Metalium|^project\(' "$1/CMakeLists.txt"; }

for dir in "$pe"/*/; do
	unit=$(basename "$dir")
	if ! standalone "$dir"; then
		for sub in "$dir"*/; do
			name=$(basename "$sub")
			# shellcheck disable=SC2053
			[[ $name == $pick ]] || [[ $unit == $pick ]] || continue
			if standalone "$sub"; then
				cmake_unit "${unit}_$name" "$sub"
			elif compgen -G "$sub*.cpp" > /dev/null; then
				plain_unit "$name" "$sub"*.cpp
			fi
		done
		continue
	fi
	# shellcheck disable=SC2053
	if [[ $unit != $pick ]] && ! ls "$dir" | grep -q "^${pick//\*/.*}\$"; then
		continue
	fi
	cmake_unit "$unit" "$dir"
done

printf '%-34s %-6s %-6s %-8s %8s\n' example build run checked time
total_s=0 n=0 n_pass=0 n_dep=0
for entry in "${progs[@]}"; do
	name=${entry%%	*}
	exe=${entry#*	}
	key=$(echo "$name" | tr 'A-Z' 'a-z')
	# shellcheck disable=SC2053
	[[ $name == $pick ]] || [[ $key == $pick ]] || continue
	n=$((n + 1))
	run=- checked=- secs=-
	if [ "${build_ok[$name]}" = y ] && [ -n "$exe" ]; then
		log=$out/$name.run.log
		t0=$(now)
		(
			cd "$pe" || exit 1
			export TT_METAL_HOME=$home
			if [ -n "${dprint[$key]:-}" ]; then export TT_METAL_DPRINT_CORES="${dprint[$key]}"; fi
			timeout "$timeout_s" "$exe" < /dev/null
		) > "$log" 2>&1
		rc=$?
		secs=$(printf '%.1f' "$(echo "$(now) - $t0" | bc)")
		total_s=$(echo "$total_s + $secs" | bc)
		if [ $rc -eq 0 ]; then run=ok; else run=FAIL; fi
		if [ -n "${expect[$key]:-}" ]; then
			checked=ok
			while IFS= read -r line; do
				grep -qF -- "$line" "$log" || checked=FAIL
			done <<< "${expect[$key]}"
			if [ -n "${check_fn[$key]:-}" ] && ! "${check_fn[$key]}" "$log"; then checked=FAIL; fi
		elif [ $rc -eq 0 ]; then
			checked=exit-0
		fi
		if [ "$run" = ok ] && [ "$checked" != FAIL ]; then n_pass=$((n_pass + 1)); fi
		if [ "$run" = FAIL ] || [ "$checked" = FAIL ]; then echo "   $name: see $log" >&2; fi
	elif [ "${build_ok[$name]}" = dep ]; then
		checked=needs-${needs[$name]}
		n_dep=$((n_dep + 1))
		echo "   $name: the host has no ${needs[$name]}, see ${build_log[$name]}" >&2
	else
		run=-
		echo "   $name: build failed, see ${build_log[$name]}" >&2
	fi
	case ${build_ok[$name]} in
	y) b=ok ;;
	dep) b=dep ;;
	*) b=FAIL ;;
	esac
	printf '%-34s %-6s %-6s %-8s %8s\n' "$name" "$b" "$run" "$checked" "$secs"
done
printf 'conformance: %d of %d programs pass on an emulated %s, %d need packages the host lacks; build %.1f s, runs %.1f s\n' \
	"$n_pass" "$n" "$TT_EMU_SYSTEM" "$n_dep" "$build_s" "$total_s"
[ $((n_pass + n_dep)) -eq "$n" ]
