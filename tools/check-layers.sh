#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Check that the arrows of the floor plan (docs/architecture.md) point one
# way.  Usage: check-layers.sh <build dir>
#
#  - libtt: the folders of host/src, lowest first.  A folder may call and
#    include only folders before it in $layers, whether through an
#    internal header ("device/device.h") or through a public one
#    (<tt/bank.h>): calls are read from the symbols of the built objects.
#  - the device model: a block (every device/model file but the chip)
#    includes no other block's header, only ttx_block.h and the tile
#    engine's ttx_tile.h and ttx_worker.h (its matmul thread).
set -u

obj=$1
layers=(base alloc layout device memory program system)
bad=0

rank() {
	local i
	for i in "${!layers[@]}"; do
		[ "${layers[$i]}" = "$1" ] && { echo "$i"; return; }
	done
	echo -1
}

for d in host/src/*/; do
	d=$(basename "$d")
	[ "$(rank "$d")" -ge 0 ] || { echo "check-layers: host/src/$d has no place in the layers"; bad=1; }
done

# Where each global symbol of libtt is defined: "symbol folder".
defs=$(for d in "${layers[@]}"; do
	for o in "$obj/host/$d"/*.o; do
		[ -e "$o" ] || continue
		nm --defined-only "$o" | awk -v d="$d" '$2 ~ /^[TDBR]$/ { print $3, d }'
	done
done | sort -u)

for d in "${layers[@]}"; do
	r=$(rank "$d")
	# includes of internal headers
	for f in host/src/"$d"/*.[ch]; do
		[ -e "$f" ] || continue
		for inc in $(sed -n 's/^#include "\([a-z_]*\)\/.*/\1/p' "$f" | sort -u); do
			[ "$inc" = "$d" ] && continue
			case "$inc" in wormhole|blackhole) continue ;; esac
			if [ "$(rank "$inc")" -ge "$r" ] || [ "$(rank "$inc")" -lt 0 ]; then
				echo "check-layers: $f includes $inc/, which is not below $d/"
				bad=1
			fi
		done
	done
	# calls, from the objects
	for o in "$obj/host/$d"/*.o; do
		[ -e "$o" ] || continue
		while read -r sym; do
			to=$(awk -v s="$sym" '$1 == s { print $2; exit }' <<<"$defs")
			[ -n "$to" ] && [ "$to" != "$d" ] || continue
			if [ "$(rank "$to")" -ge "$r" ]; then
				echo "check-layers: host/src/$d/$(basename "$o" .o).c calls $sym of $to/, which is not below $d/"
				bad=1
			fi
		done < <(nm -u "$o" | awk '{ print $2 }' | grep '^tt_')
	done
done

for f in device/model/ttx_*.[ch]; do
	case "$f" in */ttx_chip.[ch]) continue ;; esac
	self=$(basename "${f%.*}").h
	for inc in $(sed -n 's/^#include "\(ttx_[a-z_]*\.h\)".*/\1/p' "$f"); do
		case "$inc" in "$self"|ttx_block.h|ttx_tile.h|ttx_worker.h) ;;
		*) echo "check-layers: $f includes $inc: a block sees only ttx_block.h"; bad=1 ;;
		esac
	done
done

exit $bad
