// SPDX-License-Identifier: Apache-2.0
/* A global with a constructor that runs at kernel start: writes 0x5eed + the arg. */
#include <cstdint>

#include "api/dataflow/noc.h"

namespace {

struct counter {
	uint32_t v;
	counter() : v(get_arg_val<uint32_t>(1) + 0x5eed) {}
};

counter g_counter;
Noc g_noc;

} // namespace

void kernel_main()
{
	volatile uint32_t *out = reinterpret_cast<volatile uint32_t *>(get_arg_val<uint32_t>(0));

	out[0] = g_counter.v;
	out[1] = g_noc.get_noc_id();
}
