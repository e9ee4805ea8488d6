#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Make sure the Debian packages tensix-emu builds and runs with are
# installed.  As root, missing ones are installed with apt-get; otherwise
# the exact command to run is printed and the build stops.
set -euo pipefail

pkgs=(
	# host build and tests; clang and its runtime for the libFuzzer harness,
	# clang-tidy for the static analysis of make analyze, clang-format for
	# make format-check
	gcc g++ make libcriterion-dev libxxhash-dev pkg-config
	clang libclang-rt-14-dev clang-tidy clang-format
	# the TT-Metalium C++ library and its CMake package
	libfmt-dev cmake
	# tt-metal's own unit tests (make tt-metal-tests): GoogleTest and
	# GoogleMock, and the Boost headers their fixtures include
	libgtest-dev libgmock-dev libboost-dev
	# tt-metal's multi-host DistributedContext runs over MPI (Open MPI):
	# the library and headers, and mpirun for the multi-rank tests
	libopenmpi-dev openmpi-bin
	# RISC-V cross toolchain, debugger, C library source
	gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf gdb-multiarch
	newlib-source texinfo
	# QEMU 7.2 from Debian's source package
	dpkg-dev xz-utils python3 meson ninja-build libglib2.0-dev
	libpixman-1-dev libfdt-dev zlib1g-dev
)

missing=()
for p in "${pkgs[@]}"; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing+=("$p")
	fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "tensix-emu needs these Debian packages:" >&2
	echo "  sudo apt-get install -y ${missing[*]}" >&2
	exit 1
fi
echo "  APT     installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
