#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Fetch Debian's QEMU 7.2 source package through a private apt sources list
# (the system's apt configuration is left alone), add the tensix machine
# from this repository, configure riscv32-softmmu only and build it.
#
# Usage: build-qemu.sh <repo-root> <build-dir>
# Produces <build-dir>/qemu/build/qemu-system-riscv32.  The fetch and
# configure steps run once; later runs only re-run ninja, so editing a file
# under device/ rebuilds in seconds.
set -euo pipefail

repo=$(realpath "${1:?usage: build-qemu.sh <repo-root> <build-dir>}")
out=$(realpath -m "${2:?usage: build-qemu.sh <repo-root> <build-dir>}")/qemu
apt_dir=$out/apt
src=$out/src
bld=$out/build
jobs=${JOBS:-$(nproc)}

say() { printf '  %-7s %s\n' "$1" "$2"; }

# One build at a time: two makes (or two build trees' tests) starting
# this at once would unpack and compile into the same tree together.
mkdir -p "$out"
exec 9> "$out/.lock"
flock 9

fetch() {
	local opts
	mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" \
		"$apt_dir/sources.list.d" "$out/dl"
	cat > "$apt_dir/sources.list" <<EOS
deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm main
deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm-updates main
deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian-security bookworm-security main
EOS
	opts=(-o "Dir::Etc::SourceList=$apt_dir/sources.list"
	      -o "Dir::Etc::SourceParts=$apt_dir/sources.list.d"
	      -o "Dir::State::Lists=$apt_dir/lists"
	      -o "Dir::Cache=$apt_dir/cache"
	      -o "APT::Sandbox::User=root"
	      -o "Debug::NoLocking=1")
	say APT "updating the private source index"
	apt-get -qq "${opts[@]}" update > "$out/apt-update.log" 2>&1 ||
		{ cat "$out/apt-update.log" >&2; exit 1; }
	say APT "fetching QEMU 7.2 source package"
	(cd "$out/dl" && apt-get -qq "${opts[@]}" source --download-only qemu \
		> "$out/apt-source.log" 2>&1) ||
		{ cat "$out/apt-source.log" >&2; exit 1; }
	unpack
}

unpack() {
	say UNPACK "qemu (with Debian's patches)"
	rm -rf "$src"
	dpkg-source --no-check -x "$out"/dl/qemu_7.2*.dsc "$src" > "$out/unpack.log" 2>&1 ||
		{ cat "$out/unpack.log" >&2; exit 1; }
}

# Our patches to QEMU itself (device/qemu/patches, each explained in
# docs/decisions.md) are applied in order and recorded, with their hashes,
# in $src/.tensix-patches.  A new patch at the end of the series is applied
# on top; a changed or removed one means starting again from the unpacked
# source package (ninja then rebuilds what changed).
series() {
	local p
	for p in "$repo"/device/qemu/patches/*.patch; do
		[ -e "$p" ] || continue
		printf '%s %s\n' "$(sha256sum < "$p" | cut -c1-16)" "$(basename "$p")"
	done
}

record_applied() {
	local record=$1 line p
	# A tree from before the record: find the patches already in it.
	while read -r line; do
		p=$repo/device/qemu/patches/${line#* }
		patch -d "$src" -p1 -R --dry-run -s -f < "$p" > /dev/null 2>&1 || break
		printf '%s\n' "$line"
	done < <(series) > "$record"
}

apply_patches() {
	local record=$src/.tensix-patches want have line
	[ -f "$record" ] || record_applied "$record"
	want=$(series)
	have=$(cat "$record")
	if [ -n "$have" ] && [ "${want#"$have"}" = "$want" ]; then
		say PATCH "the patch series changed: unpacking QEMU again"
		[ -n "$(ls "$out"/dl/qemu_7.2*.dsc 2>/dev/null)" ] || fetch
		unpack
		have=
	fi
	while read -r line; do
		[ -n "$line" ] || continue
		grep -qxF "$line" "$record" && continue
		say PATCH "${line#* }"
		patch -d "$src" -p1 -s -f < "$repo/device/qemu/patches/${line#* }"
		printf '%s\n' "$line" >> "$record"
	done <<< "$want"
}

# Link our machine into the tree and apply our patches; the only riscv32
# board built is tensix.
graft() {
	local dir=$src/hw/riscv/tensix
	apply_patches
	mkdir -p "$dir"
	ln -sfn "$repo/device/qemu" "$dir/qemu"
	ln -sfn "$repo/device/model" "$dir/model"
	ln -sfn "$repo/hal" "$dir/hal"
	ln -sfn "$repo/device/qemu/meson.build" "$dir/meson.build"
	if ! grep -q "subdir('tensix')" "$src/hw/riscv/meson.build"; then
		sed -i "/^riscv_ss = ss.source_set()/a subdir('tensix')" \
			"$src/hw/riscv/meson.build"
	fi
	if ! grep -q "^config TENSIX" "$src/hw/riscv/Kconfig"; then
		printf '\nconfig TENSIX\n    bool\n' >> "$src/hw/riscv/Kconfig"
	fi
	# The RISC-V target itself needs semihosting to link.
	printf '%s\n' '# tensix-emu: the only board built' 'CONFIG_TENSIX=y' \
		'CONFIG_SEMIHOSTING=y' 'CONFIG_ARM_COMPATIBLE_SEMIHOSTING=y' \
		> "$src/configs/devices/riscv32-softmmu/default.mak"
}

configure() {
	say CONFIG "qemu: riscv32-softmmu, TCG only"
	rm -rf "$bld"
	mkdir -p "$bld"
	(cd "$bld" && "$src/configure" --target-list=riscv32-softmmu \
		--without-default-features --without-default-devices \
		--enable-tcg --disable-docs --disable-tools --disable-werror \
		--meson=meson > configure.log 2>&1) ||
		{ tail -30 "$bld/configure.log" >&2; exit 1; }
}

[ -f "$src/configure" ] || fetch
graft
[ -f "$bld/build.ninja" ] || configure
# The first build is the long one (about 1100 compiler runs): show its
# progress every tenth of the way.  Later builds are quiet.
progress() {
	if [ -z "$first" ]; then
		cat > /dev/null
		return
	fi
	say NINJA "qemu-system-riscv32: the first build takes a few minutes"
	awk -v step=10 '
		match($0, /^\[[0-9]+\/[0-9]+\]/) {
			split(substr($0, 2, RLENGTH - 2), f, "/")
			pct = int(100 * f[1] / f[2])
			if (pct >= next_pct) {
				printf "  %-7s qemu %3d%% (%d of %d steps)\n", "NINJA", pct, f[1], f[2]
				fflush()
				next_pct = (int(pct / step) + 1) * step
			}
		}'
}
first=$([ -x "$bld/qemu-system-riscv32" ] || echo y)
ninja -C "$bld" -j "$jobs" qemu-system-riscv32 2>&1 | tee "$out/ninja.log" | progress ||
	{ grep -A20 "^FAILED" "$out/ninja.log" | grep -v "^c[c+]* \|^\[" | head -40 >&2; exit 1; }

# QEMU's own sources are built as Debian ships them, but our machine and
# model must be warning-free under QEMU's flags: show every warning of
# theirs (with our paths), as the compiler would have.
warnings() {
	grep -E "hw/riscv/tensix/[^ ]*:[0-9]+:[0-9]+: warning:" "$out/ninja.log" |
		sed -e 's|^.*hw/riscv/tensix/qemu/|device/qemu/|' \
		    -e 's|^.*hw/riscv/tensix/model/|device/model/|' \
		    -e 's|^.*hw/riscv/tensix/hal/|hal/|' | sort -u
}
if [ -n "$(warnings)" ]; then
	say WARN "the tensix machine or the device model:"
	warnings >&2
fi
