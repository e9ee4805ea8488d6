// SPDX-License-Identifier: Apache-2.0
// Circular-buffer indices (tt::CBIndex), shared by host programs and kernels.
#pragma once

#include <cstdint>

namespace tt {
enum CBIndex : std::uint8_t {
	c_0,
	c_1,
	c_2,
	c_3,
	c_4,
	c_5,
	c_6,
	c_7,
	c_8,
	c_9,
	c_10,
	c_11,
	c_12,
	c_13,
	c_14,
	c_15,
	c_16,
	c_17,
	c_18,
	c_19,
	c_20,
	c_21,
	c_22,
	c_23,
	c_24,
	c_25,
	c_26,
	c_27,
	c_28,
	c_29,
	c_30,
	c_31,
	SIZE
};
} // namespace tt
