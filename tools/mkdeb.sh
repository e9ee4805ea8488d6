#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Split an installed tree (make install DESTDIR=<root> PREFIX=/usr) into
# the two Debian packages tensix-emu ships, as tt-metal ships tt-metalium
# and tt-metalium-dev, and build them with dpkg-deb:
#   tensix-emu      what running a program needs: libtt.so and
#                   libtt_metalium.so, QEMU with the tensix machine, the
#                   firmware, linker scripts and newlib kernel builds link
#                   against, the kernel API headers and hal/, gdb support
#   tensix-emu-dev  what building one needs: libtt's and TT-Metalium's
#                   headers, their static libraries, the CMake package
#                   (find_package(TT-Metalium)) and the pkg-config files
# Depends are found, not listed by hand: dpkg-shlibdeps for the host
# binaries, dpkg -S for the cross tools libtt runs to build kernels, for
# the headers the public headers include and for the libraries (-l...) the
# static ones link with, beyond the C and C++ compilers' own.  A file of
# the tree that neither package claims stops the build.
#
# Usage: mkdeb.sh --root <installed tree> --out <dir> --version <version>
#                 [--static-libs '<-l flags the static libraries need>']
# Environment: DEB_MAINTAINER (the Maintainer field), MKDEB_KEEP=1 (keep
# the staging folder, <out>/work).
set -euo pipefail

root= out= version= static_libs=
while [ $# -gt 0 ]; do
	case $1 in
	--root) root=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	--version) version=$2; shift 2 ;;
	--static-libs) static_libs=$2; shift 2 ;;
	*) echo "mkdeb: unknown option $1" >&2; exit 2 ;;
	esac
done
[ -d "$root/usr" ] && [ -n "$out" ] && [ -n "$version" ] ||
	{ echo "usage: mkdeb.sh --root <tree> --out <dir> --version <version>" >&2; exit 2; }
root=$(cd "$root" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
arch=$(dpkg --print-architecture)
maintainer=${DEB_MAINTAINER:-tensix-emu developers <maintainers@tensix-emu.invalid>}
# libtt's default cross prefix (host/src/base/paths.c): the tools it runs.
cross=riscv64-unknown-elf-
work=$out/work
[ -n "${MKDEB_KEEP:-}" ] || rm -rf "$work"
mkdir -p "$work"

# --- which file goes where -------------------------------------------------
run_paths=(usr/lib/libtt.so usr/lib/libtt_metalium.so usr/lib/tensix-emu usr/share/tensix-emu)
dev_paths=(usr/include usr/lib/libtt.a usr/lib/libtt_metalium.a usr/lib/cmake usr/lib/pkgconfig)

(cd "$root" && find . -type f -o -type l | sed 's|^\./||' | sort) > "$work/all"
: > "$work/claimed"
for p in "${run_paths[@]}" "${dev_paths[@]}"; do
	[ -e "$root/$p" ] || { echo "mkdeb: $p is not in the installed tree" >&2; exit 1; }
	(cd "$root" && find "$p" -type f -o -type l) >> "$work/claimed"
done
sort -o "$work/claimed" "$work/claimed"
if ! cmp -s "$work/all" "$work/claimed"; then
	echo "mkdeb: files of the installed tree in no package (add them to tools/mkdeb.sh):" >&2
	comm -23 "$work/all" "$work/claimed" | sed 's/^/  /' >&2
	exit 1
fi

stage() { # <package> <path>...
	local pkg=$1 p
	shift
	mkdir -p "$work/$pkg/DEBIAN"
	for p in "$@"; do
		mkdir -p "$work/$pkg/$(dirname "$p")"
		cp -a "$root/$p" "$work/$pkg/$p"
	done
}
stage tensix-emu "${run_paths[@]}"
stage tensix-emu-dev "${dev_paths[@]}"

# ELF files built for this machine (not the RISC-V firmware and newlib).
host_machine=$(od -An -tx1 -j18 -N2 /bin/sh | tr -d ' ')
host_elfs() {
	local f
	find "$1" -type f | sort | while read -r f; do
		[ "$(od -An -tx1 -N4 "$f" | tr -d ' ')" = 7f454c46 ] || continue
		[ "$(od -An -tx1 -j18 -N2 "$f" | tr -d ' ')" = "$host_machine" ] && echo "$f"
	done
}

# The Debian packages the files named on stdin (one a line, on this
# machine) belong to, one a line; fails naming a file no package owns.
# One dpkg -S for all of them: each call reads the whole database.
owners() {
	local f pkg
	local -a files missing=()
	mapfile -t files
	[ ${#files[@]} -gt 0 ] || return 0
	# "pkg[:arch][, pkg...]: /path"
	# (dpkg fails when one of them is unowned: a symlink, looked up below)
	{ dpkg -S "${files[@]}" 2> /dev/null || true; } |
		sed -n 's|^\([^/]*\): \(/.*\)$|\1\t\2|p' > "$work/owned"
	: > "$work/owners"
	for f in "${files[@]}"; do
		pkg=$(awk -F'\t' -v f="$f" '$2 == f { print $1; exit }' "$work/owned")
		if [ -z "$pkg" ]; then # a path through a symlink, as dpkg does not know it
			pkg=$(dpkg -S "$(realpath "$f")" 2> /dev/null | sed -n 's|^\([^/]*\): /.*|\1|p' | head -1)
		fi
		if [ -z "$pkg" ]; then
			missing+=("$f")
		else # the first owner, without its architecture
			echo "${pkg%%,*}" | cut -d: -f1 >> "$work/owners"
		fi
	done
	[ ${#missing[@]} -eq 0 ] || { echo "mkdeb: no Debian package owns ${missing[*]}" >&2; return 1; }
	sort -u "$work/owners"
}

# --- tensix-emu ------------------------------------------------------------
mapfile -t elfs < <(host_elfs "$work/tensix-emu")
[ ${#elfs[@]} -gt 0 ] || { echo "mkdeb: no host binaries in tensix-emu" >&2; exit 1; }
# Debug information stays in the build tree; the firmware keeps its symbols
# (kernels link against them, gdb reads them).
strip --strip-unneeded --remove-section=.comment --remove-section=.note "${elfs[@]}"
chmod 644 "$work/tensix-emu"/usr/lib/*.so
# The libraries are in ld.so's own folder.
echo 'activate-noawait ldconfig' > "$work/tensix-emu/DEBIAN/triggers"
# The firmware and boot ROM are RISC-V programs the harts run, linked
# static, with the symbols kernels link against and gdb reads.
mkdir -p "$work/tensix-emu/usr/share/lintian/overrides"
for tag in binary-from-other-architecture statically-linked-binary unstripped-binary-or-object; do
	for f in 'usr/lib/tensix-emu/firmware/*' usr/lib/tensix-emu/gdb/bootrom.elf; do
		echo "tensix-emu: $tag [$f]"
	done
done > "$work/tensix-emu/usr/share/lintian/overrides/tensix-emu"

# dpkg-shlibdeps reads debian/control of the current folder.
mkdir -p "$work/shlibs/debian"
printf 'Source: tensix-emu\n\nPackage: tensix-emu\nArchitecture: any\n' \
	> "$work/shlibs/debian/control"
shlibs=$(cd "$work/shlibs" && dpkg-shlibdeps -O -l"$work/tensix-emu/usr/lib" \
	-S"$work/tensix-emu" --ignore-missing-info "${elfs[@]}" 2> "$work/shlibdeps.log") ||
	{ cat "$work/shlibdeps.log" >&2; exit 1; }
shlibs=${shlibs#shlibs:Depends=}
# The kernel builds: the cross C and C++ compilers, and addr2line for the
# source lines of error and hang reports.
tools=()
for t in gcc g++ addr2line; do
	path=$(command -v "$cross$t") ||
		{ echo "mkdeb: $cross$t is not installed: cannot name its package" >&2; exit 1; }
	pkg=$(owners <<< "$path")
	tools+=("$pkg")
done
run_depends="$shlibs, $(printf '%s\n' "${tools[@]}" | sort -u | paste -sd, | sed 's/,/, /g')"
# tt-gdb.sh and the gdb helpers (docs/gdb.md).
run_suggests=gdb-multiarch
if path=$(command -v gdb-multiarch) && pkg=$(owners <<< "$path" 2> /dev/null); then
	run_suggests=$pkg
fi

# --- tensix-emu-dev --------------------------------------------------------
strip --strip-debug --remove-section=.comment "$work/tensix-emu-dev"/usr/lib/*.a
# The packages whose headers the public headers include, less those the
# compilers bring (the same standard headers included alone).
inc=$work/tensix-emu-dev/usr/include
{
	echo '#include <tt/tt.h>'
	(cd "$inc/metalium" && find tt-metalium -maxdepth 1 -name '*.hpp' | sort) |
		sed 's|.*|#include <&>|'
} > "$work/all_headers.cpp"
grep -rhoE '^\s*#\s*include\s*<[^/>]+>' "$inc" | sed -E 's/.*<([^>]+)>.*/#include <\1>/' |
	sort -u > "$work/std_headers.cpp"
header_pkgs() { # <source> <flags>: the packages of the files the compiler read
	g++ -std=c++20 -M "${@:2}" "$1" > "$work/deps.mk" || return 1
	sed -e 's/\\$//' "$work/deps.mk" | tr ' ' '\n' | grep '^/' | xargs -r realpath -s |
		grep -v "^$work/" | sort -u | owners
}
header_pkgs "$work/all_headers.cpp" -I"$inc" -I"$inc/metalium" > "$work/pkgs_all" ||
	{ echo "mkdeb: cannot tell what the public headers include (above)" >&2; exit 1; }
# The development files of each library the static libraries link with.
for l in $static_libs; do
	case $l in
	-l*) ;;
	*) echo "mkdeb: --static-libs takes -l flags, not $l" >&2; exit 1 ;;
	esac
	f=$(gcc -print-file-name="lib${l#-l}.so")
	[ "$f" != "lib${l#-l}.so" ] || { echo "mkdeb: no lib${l#-l}.so to link $l" >&2; exit 1; }
	realpath -s "$f"
done | owners >> "$work/pkgs_all"
sort -u -o "$work/pkgs_all" "$work/pkgs_all"
# -MG: the package's own headers among them are not found, and not counted.
# libm and the like come with them, from libc6-dev.
header_pkgs "$work/std_headers.cpp" -MG > "$work/pkgs_std"
dev_extra=$(comm -23 "$work/pkgs_all" "$work/pkgs_std" | paste -sd, | sed 's/,/, /g')
dev_depends="tensix-emu (= $version)${dev_extra:+, $dev_extra}"
# find_dependency(fmt) in the CMake package, Requires: fmt in the .pc.
if ! grep -q 'libfmt-dev' <<< "$dev_depends"; then
	echo "mkdeb: the headers do not include fmt's, but the CMake package needs it" >&2
	exit 1
fi
# find_dependency(MPI) in the CMake package, Requires: mpi-c in the .pc: the
# package of MPI's pkg-config file (libmpi.so leads to the runtime library's).
mpi_dev=$(realpath "$(pkg-config --variable=pcfiledir mpi-c)/mpi-c.pc" | owners) ||
	{ echo "mkdeb: no Debian package owns MPI's pkg-config file (mpi-c)" >&2; exit 1; }
grep -q "$mpi_dev" <<< "$dev_depends" || dev_depends="$dev_depends, $mpi_dev"

# --- control files, docs, the .debs -----------------------------------------
date_r=$(date -R -u -d "@${SOURCE_DATE_EPOCH:-$(date +%s)}")
docs() { # <package>
	local d=$work/$1/usr/share/doc/$1
	mkdir -p "$d"
	cat > "$d/copyright" << EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: tensix-emu

Files: *
Copyright: tensix-emu developers
License: Apache-2.0
 On Debian systems the full text of the Apache License 2.0 is in
 /usr/share/common-licenses/Apache-2.0.
EOF
	printf '%s (%s) unstable; urgency=medium\n\n  * Built from the tensix-emu tree.\n\n -- %s  %s\n' \
		"$1" "$version" "$maintainer" "$date_r" | gzip -9n > "$d/changelog.gz"
}

control() { # <package> <section> <depends> <extra fields> <summary> <description>
	local pkg=$1
	cat > "$work/$pkg/DEBIAN/control" << EOF
Package: $pkg
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --apparent-size "$work/$pkg" | cut -f1)
Depends: $3
${4:+$4
}Section: $2
Priority: optional
Description: $5
$(fold -s -w 72 <<< "$6" | sed -e 's/ *$//' -e 's/^/ /')
EOF
}

docs tensix-emu
docs tensix-emu-dev
control tensix-emu libs "$run_depends" "Suggests: $run_suggests" \
	"Tensix emulator: QEMU machine, firmware and host libraries" \
	"Runs Tenstorrent-style reader, writer and compute kernels without hardware: kernels are cross-compiled for RV32IM and run in QEMU on an emulated Tensix grid. This package holds what running a program needs: libtt and libtt_metalium, QEMU with the tensix machine, the firmware and linker scripts, newlib, and the kernel API headers the kernel builds use."
control tensix-emu-dev devel "$dev_depends" "Suggests: cmake, pkg-config
Conflicts: tt-metalium-dev" \
	"Tensix emulator: headers and CMake package of libtt and TT-Metalium" \
	"The C headers of libtt, the C++ headers of the TT-Metalium host API, both libraries' static archives (they look for tensix-emu's files under /usr), the CMake package that find_package(TT-Metalium) finds (targets TT::Metalium and TT::STL) and pkg-config files (tt, tt-metalium), to build tt-metal host programs against the emulator."

rm -f "$out"/tensix-emu*.deb
for pkg in tensix-emu tensix-emu-dev; do
	find "$work/$pkg" -type d -exec chmod 755 {} +
	chmod -R go-w,a+rX "$work/$pkg"
	dpkg-deb --root-owner-group -Zxz -z1 --build "$work/$pkg" \
		"$out/${pkg}_${version}_$arch.deb" > /dev/null
	echo "  DEB     $(basename "$out")/${pkg}_${version}_$arch.deb"
done
[ -n "${MKDEB_KEEP:-}" ] || rm -rf "$work"
