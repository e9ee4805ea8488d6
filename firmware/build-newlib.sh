#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Build newlib once for the Tensix baby cores (rv32im_zicsr, ilp32) from
# Debian's newlib-source package into a sysroot under the build directory.
# Usage: build-newlib.sh <build-dir>   (installs into <build-dir>/sysroot)
set -euo pipefail

out=$(realpath -m "${1:?usage: build-newlib.sh <build-dir>}")
src_tar=/usr/src/newlib/newlib-3.3.0.tar.xz
cross=${CROSS_COMPILE:-riscv64-unknown-elf-}
arch_flags="-march=rv32im_zicsr -mabi=ilp32"
stamp=$out/sysroot/.newlib-stamp
# The calling make's variables are not newlib's: make install DESTDIR=...
# (make deb) would otherwise install newlib there instead of the sysroot.
unset MAKEFLAGS MFLAGS DESTDIR

if [ -f "$stamp" ]; then
	exit 0
fi
if [ ! -f "$src_tar" ]; then
	echo "build-newlib: $src_tar not found; install it with: apt-get install newlib-source" >&2
	exit 1
fi

work=$out/newlib-build
rm -rf "$work" "$out/sysroot"
mkdir -p "$work/src" "$work/obj"
echo "  NEWLIB  unpacking $(basename "$src_tar")"
tar -xf "$src_tar" -C "$work/src" --strip-components=1

cd "$work/obj"
echo "  NEWLIB  configuring for rv32im_zicsr/ilp32"
"$work/src/configure" \
	--target=riscv64-unknown-elf \
	--prefix="$out/sysroot" \
	--disable-multilib \
	--disable-newlib-supplied-syscalls \
	--enable-newlib-nano-malloc \
	--enable-newlib-nano-formatted-io \
	--enable-newlib-reent-small \
	--disable-newlib-fvwrite-in-streamio \
	--disable-newlib-wide-orient \
	--enable-lite-exit \
	--disable-nls \
	CC_FOR_TARGET="${cross}gcc $arch_flags" \
	AR_FOR_TARGET="${cross}ar" \
	RANLIB_FOR_TARGET="${cross}ranlib" \
	CFLAGS_FOR_TARGET="-Os -g -ffunction-sections -fdata-sections -mcmodel=medlow" \
	> configure.log 2>&1 || { tail -20 configure.log >&2; exit 1; }

echo "  NEWLIB  building libc and libm (takes about 2 minutes)"
make -j"$(nproc)" all-target-newlib > build.log 2>&1 || { tail -30 build.log >&2; exit 1; }
make install-target-newlib > install.log 2>&1 || { tail -30 install.log >&2; exit 1; }
touch "$stamp"
rm -rf "$work"
echo "  NEWLIB  installed in $out/sysroot"
