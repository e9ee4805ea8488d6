// SPDX-License-Identifier: Apache-2.0
/*
 * Blackhole's descriptor: its numbers are hal/blackhole/'s, which does
 * not describe the DRAM banks' NoC endpoints or the workers' physical
 * placement yet.
 */
#include <stddef.h>

#include "blackhole/tt_arch.h"

#include "arch_desc.h"

const struct tt_arch tt_arch_blackhole = TT_ARCH_DESC(TT_ARCH_BLACKHOLE, NULL, NULL, NULL, NULL);
