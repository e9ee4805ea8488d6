#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Run Criterion test binaries and end with one summary line.
# Usage: run-tests.sh '<glob>' binary...
# A binary whose name does not match the glob is skipped.  Exit status is
# non-zero if any test failed or crashed, or a binary could not run.
set -u

glob=$1
shift
tested=0 passed=0 failed=0 crashed=0 broken=0 bins=0
start=$(date +%s.%N)

for bin in "$@"; do
	name=$(basename "$bin")
	# shellcheck disable=SC2053
	[[ $name == $glob ]] || continue
	bins=$((bins + 1))
	echo "== $name"
	out=$("$bin" --short-filename 2>&1)
	rc=$?
	printf '%s\n' "$out" | grep -v '^\[----\]' | grep -E -v '^\[====\] Running|^\[RUN \]|^\[PASS\]' || true
	line=$(printf '%s\n' "$out" | grep 'Synthesis:' | tail -1)
	if [ -z "$line" ]; then
		echo "   $name did not report (exit $rc)"
		broken=$((broken + 1))
		continue
	fi
	read -r t p f c < <(printf '%s\n' "$line" | sed -E 's/.*Tested: ([0-9]+).*Passing: ([0-9]+).*Failing: ([0-9]+).*Crashing: ([0-9]+).*/\1 \2 \3 \4/')
	tested=$((tested + t)) passed=$((passed + p)) failed=$((failed + f)) crashed=$((crashed + c))
	[ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && [ "$c" -eq 0 ] && broken=$((broken + 1))
done

secs=$(echo "$(date +%s.%N) - $start" | bc 2>/dev/null || echo "?")
printf 'tests: %d passed, %d failed, %d crashed, %d binaries broken (%d tests in %d binaries, %.1f s)\n' \
	"$passed" "$failed" "$crashed" "$broken" "$tested" "$bins" "$secs"
[ "$failed" -eq 0 ] && [ "$crashed" -eq 0 ] && [ "$broken" -eq 0 ] && [ "$bins" -gt 0 ]
