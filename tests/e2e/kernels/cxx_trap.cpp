// SPDX-License-Identifier: Apache-2.0
/* A C++ kernel that loads from an unmapped address: the report names this line. */
#include <cstdint>

template <typename T>
static T load(uintptr_t where)
{
	return *reinterpret_cast<volatile T *>(where);
}

void kernel_main()
{
	volatile uint32_t *out = reinterpret_cast<volatile uint32_t *>(get_arg_val<uint32_t>(0));

	*out = load<uint32_t>(0x20000000u);
}
