#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# The Debian packages of make deb, installed without touching the machine.
# Their fields, Depends and contents are checked, and apt resolves their
# Depends as on a Debian with nothing installed (when it has package
# lists).  Both go into a scratch root with dpkg --root, whose package
# database holds only the packages they depend on, copied from this
# machine's (so dpkg checks their Depends).  Then tests/deb/example, a
# tt-metal host program with its own CMakeLists.txt, is configured with the
# scratch root as the only hint (CMAKE_FIND_ROOT_PATH: find_package(
# TT-Metalium) looks where it would under /usr), built, and run with libtt
# finding QEMU, the firmware, newlib and the kernel headers in the scratch
# root; its kernel is built there and then, into an empty kernel cache.
# Last, the example is linked by hand with the static libraries and run.
#
# Usage: test-deb.sh --debs <dir> --version <version> --work <dir>
set -uo pipefail

debs= version= work=
while [ $# -gt 0 ]; do
	case $1 in
	--debs) debs=$2; shift 2 ;;
	--version) version=$2; shift 2 ;;
	--work) work=$2; shift 2 ;;
	*) echo "test-deb: unknown option $1" >&2; exit 2 ;;
	esac
done
[ -n "$debs" ] && [ -n "$version" ] && [ -n "$work" ] ||
	{ echo "usage: test-deb.sh --debs <dir> --version <version> --work <dir>" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
start=$(date +%s)
checks=0 failed=0

check() { # <what> <command>...: one assertion
	checks=$((checks + 1))
	if ! "${@:2}" > /dev/null 2>&1; then
		echo "   FAIL: $1"
		failed=$((failed + 1))
		return 1
	fi
}
finish() { # the scratch root stays for a look when something failed
	printf 'deb: %d checks, %d failed (%d s)\n' "$checks" "$failed" $(($(date +%s) - start))
	[ "$failed" -eq 0 ] || exit 1
	rm -rf "$work"
	exit 0
}
fatal() {
	echo "   FAIL: $1"
	checks=$((checks + 1)) failed=$((failed + 1))
	finish
}

echo "== debian packages"
debs=$(cd "$debs" && pwd) || fatal "no folder $debs"
arch=$(dpkg --print-architecture)
run=$debs/tensix-emu_${version}_$arch.deb
dev=$debs/tensix-emu-dev_${version}_$arch.deb
[ -f "$run" ] || fatal "no $(basename "$run")"
[ -f "$dev" ] || fatal "no $(basename "$dev")"
rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)

# --- control fields ---------------------------------------------------------
field() { dpkg-deb -f "$1" "$2"; }
# One Depends entry: "pkg", "pkg (op version)" or an alternative starting so.
depends_on() { # <deb> <package regex>
	field "$1" Depends | tr ',' '\n' | sed 's/^ *//' | grep -Eq "^($2)( |\$|\|)"
}
check "tensix-emu's Version is $version" [ "$(field "$run" Version)" = "$version" ]
check "tensix-emu-dev's Version is $version" [ "$(field "$dev" Version)" = "$version" ]
check "Architecture is $arch" [ "$(field "$run" Architecture)" = "$arch" ]
for p in libc6 'libglib2\.0-0' 'libfmt[0-9]+' libxxhash0 'libstdc\+\+6' \
	gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf; do
	check "tensix-emu depends on $p" depends_on "$run" "$p"
done
check "tensix-emu-dev depends on tensix-emu (= $version)" \
	grep -Fq "tensix-emu (= $version)" <(field "$dev" Depends)
check "tensix-emu-dev depends on libfmt-dev" depends_on "$dev" libfmt-dev
check "tensix-emu-dev depends on libxxhash-dev (static libtt links it)" depends_on "$dev" libxxhash-dev
check "tensix-emu-dev does not depend on the compiler's own headers" \
	bash -c "! dpkg-deb -f '$dev' Depends | grep -Eq 'libstdc\+\+-[0-9]+-dev|libc6-dev'"

# apt on a Debian with nothing installed yet (an empty status file): every
# Depends resolves from the archive apt knows.  Needs apt's package lists.
if apt-cache show gcc-riscv64-unknown-elf > /dev/null 2>&1; then
	: > "$work/empty-status"
	check "apt resolves both packages' Depends on an empty Debian" \
		apt-get install -s -o Dir::State::status="$work/empty-status" "$run" "$dev"
else
	echo "   (no apt package lists: apt's resolution of the Depends is not checked)"
fi

# --- contents -----------------------------------------------------------------
dpkg-deb -c "$run" | awk '{print $6}' | sed 's|^\./||' | grep -v '/$' | sort > "$work/run.list"
dpkg-deb -c "$dev" | awk '{print $6}' | sed 's|^\./||' | grep -v '/$' | sort > "$work/dev.list"
for f in usr/lib/libtt.so usr/lib/libtt_metalium.so \
	usr/lib/tensix-emu/qemu/build/qemu-system-riscv32 \
	usr/lib/tensix-emu/firmware/brisc.elf usr/lib/tensix-emu/firmware/kernel_entry.o \
	usr/lib/tensix-emu/linker/kernel_brisc.ld \
	usr/lib/tensix-emu/sysroot/riscv64-unknown-elf/lib/libc.a \
	usr/share/tensix-emu/kernels/include/api/dataflow/dataflow_api.h \
	usr/share/tensix-emu/hal/wormhole/tt_mem_map.h usr/share/doc/tensix-emu/copyright; do
	check "tensix-emu holds $f" grep -qx "$f" "$work/run.list"
done
for f in usr/include/tt/tt.h usr/include/metalium/tt-metalium/host_api.hpp \
	usr/lib/cmake/TT-Metalium/TT-MetaliumConfig.cmake \
	usr/lib/cmake/TT-Metalium/TT-MetaliumConfigVersion.cmake \
	usr/lib/pkgconfig/tt-metalium.pc usr/lib/libtt.a usr/lib/libtt_metalium.a \
	usr/share/doc/tensix-emu-dev/copyright; do
	check "tensix-emu-dev holds $f" grep -qx "$f" "$work/dev.list"
done
check "tensix-emu holds no headers of the host API" bash -c "! grep -q '^usr/include/' '$work/run.list'"
check "tensix-emu-dev holds no libraries or firmware" \
	bash -c "! grep -Eq '^usr/lib/(lib[^/]*\.so|tensix-emu/)' '$work/dev.list'"
check "no file is in both packages" bash -c "[ -z \"\$(comm -12 '$work/run.list' '$work/dev.list')\" ]"

# --- install into the scratch root --------------------------------------------
root=$work/root
admin=$root/var/lib/dpkg
mkdir -p "$admin/info" "$admin/updates"
: > "$admin/available"
: > "$admin/status"
# This machine's record of each package named in Depends (first
# alternative), installed and configured, with no files.
for d in "$run" "$dev"; do field "$d" Depends; done | tr ',' '\n' | sed -E 's/^ *//; s/[ |(].*//' |
	grep -v '^tensix-emu' | sort -u > "$work/needed"
while read -r p; do
	if ! dpkg-query -s "$p" > "$work/stanza" 2> /dev/null; then
		check "$p (a Depends) is installed on this machine" false
		continue
	fi
	cat "$work/stanza" >> "$admin/status"
	echo >> "$admin/status"
	: > "$admin/info/$p.list"
	ma=$(grep -m1 '^Architecture:' "$work/stanza" | cut -d' ' -f2)
	: > "$admin/info/$p:$ma.list"
done < "$work/needed"
if ! dpkg --root="$root" --force-not-root --no-triggers \
	--log=/dev/null -i "$run" "$dev" > "$work/dpkg.log" 2>&1; then
	cat "$work/dpkg.log"
	fatal "dpkg --root -i of both packages (Depends checked against this machine)"
fi
checks=$((checks + 1))
check "dpkg lists both packages as installed" \
	bash -c "dpkg --root='$root' -l tensix-emu tensix-emu-dev | grep -c '^ii' | grep -qx 2"
usr=$root/usr
check "the config file of the CMake package is where find_package looks" \
	test -f "$usr/lib/cmake/TT-Metalium/TT-MetaliumConfig.cmake"
# Nothing text in the installed tree names where it was built.
check "no installed text file names the build or source tree" \
	bash -c "! grep -rIlF -e '$(cd "$debs/.." && pwd)' -e '$(cd "$here/../.." && pwd)' '$usr'"

# --- build the example against it ---------------------------------------------
ex=$work/example
if ! cmake -S "$here/example" -B "$ex" -DCMAKE_FIND_ROOT_PATH="$root" \
	-DCMAKE_BUILD_TYPE=Release > "$work/cmake.log" 2>&1; then
	cat "$work/cmake.log"
	fatal "cmake configures tests/deb/example with find_package(TT-Metalium)"
fi
checks=$((checks + 1))
check "find_package(TT-Metalium) found the scratch root's package" \
	grep -qx "TT-Metalium_DIR:PATH=$usr/lib/cmake/TT-Metalium" "$ex/CMakeCache.txt"
if ! cmake --build "$ex" > "$work/build.log" 2>&1; then
	cat "$work/build.log"
	fatal "the example builds against the installed headers and libraries"
fi
checks=$((checks + 1))
check "the example links the scratch root's libtt_metalium and libtt" \
	bash -c "ldd '$ex/add_vectors' | grep -F '$usr/lib/libtt_metalium.so' &&
		 ldd '$ex/add_vectors' | grep -F '$usr/lib/libtt.so'"

# --- run it -------------------------------------------------------------------
# No overrides: libtt finds everything from where it is installed.
if ! out=$(cd "$work" && env -u QEMU -u TT_EMU_SRC -u TT_EMU_BUILD -u TT_METAL_HOME \
	TT_EMU_CACHE="$work/cache" timeout 120 "$ex/add_vectors" 2>&1); then
	echo "$out"
	fatal "the example runs to a passing result"
fi
checks=$((checks + 1))
echo "$out" | sed 's/^/   /'
check "the example checked all 2048 sums" grep -q '^add_vectors: 2048 sums on core (0,0) match' <<< "$out"
check "its kernel was built into the empty cache" \
	bash -c "ls '$work/cache'/*.elf"

# The static libraries: linked by hand, they look for the tree under /usr,
# which here is the scratch root's.
if ! g++ -std=c++20 -O1 -DKERNEL_DIR="\"$here/example/kernels\"" -I"$usr/include/metalium" \
	-I"$usr/include" "$here/example/main.cpp" "$usr/lib/libtt_metalium.a" "$usr/lib/libtt.a" \
	-lfmt -lxxhash $(pkg-config --libs mpi-c) -lm -o "$work/add_vectors_static" \
	> "$work/static.log" 2>&1; then
	cat "$work/static.log"
	fatal "the example links with the static libraries"
fi
checks=$((checks + 1))
check "the static build names no shared libtt" \
	bash -c "! ldd '$work/add_vectors_static' | grep -q libtt"
check "static libtt looks for the tree under /usr" \
	grep -qaF /usr/lib/tensix-emu "$work/add_vectors_static"
check "the statically linked example passes with the tree moved to the scratch root" \
	bash -c "cd '$work' && env -u QEMU TT_EMU_SRC='$usr/share/tensix-emu' \
		TT_EMU_BUILD='$usr/lib/tensix-emu' TT_EMU_CACHE='$work/cache' timeout 120 \
		'$work/add_vectors_static' | grep -q '^add_vectors: 2048 sums on core (0,0) match'"
finish
