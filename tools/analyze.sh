#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Static analysis of one C file with clang-tidy: make analyze runs it on
# libtt, the device model and the tools (and make test runs make analyze).
# Usage: analyze.sh <file.c> -- <compiler flags>
#
# The checks that matter, and nothing that only restates style:
#  - bugprone-*, without easily-swappable-parameters (a naming habit, not
#    a bug), reserved-identifier (_GNU_SOURCE must be defined) and
#    implicit-widening-of-multiplication-result (small int products used
#    as offsets throughout);
#  - the analyzer's core checkers (NULL dereference, undefined and
#    uninitialised values, division by zero) and unix ones (malloc/free,
#    stdio misuse);
#  - unchecked returns: bugprone-unused-return-value over every function
#    of ours that returns an error code (int tt_* / ttx_* in the headers),
#    so a failure is never dropped silently; cast to (void) and say why
#    where ignoring it is right.
# Any finding fails the file.
set -euo pipefail
cd "$(dirname "$0")/.."

file=$1
shift
[ "${1:-}" = "--" ] && shift

checks='-*,bugprone-*,-bugprone-easily-swappable-parameters'
checks+=',-bugprone-reserved-identifier'
checks+=',-bugprone-implicit-widening-of-multiplication-result'
checks+=',clang-analyzer-core.*,clang-analyzer-unix.*'

checked=$(sed -n 's/^int \(ttx\{0,1\}_[a-z0-9_]*\)(.*/\1/p' \
	host/include/tt/*.h host/src/*/*.h device/model/*.h | sort -u | paste -sd';')
config="{CheckOptions: [{key: bugprone-unused-return-value.CheckedFunctions, value: '$checked'}]}"

exec clang-tidy -quiet --warnings-as-errors='*' -checks="$checks" -config="$config" \
	"$file" -- "$@" 2>/dev/null
