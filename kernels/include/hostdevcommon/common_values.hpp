// SPDX-License-Identifier: Apache-2.0
// Values kernels and host share (tt-metal hostdevcommon/common_values.hpp):
// the semaphore flags of the multicast handshakes.
#ifndef TT_HOSTDEVCOMMON_COMMON_VALUES_HPP
#define TT_HOSTDEVCOMMON_COMMON_VALUES_HPP

#include <cstddef>
#include <cstdint>

constexpr static std::uint32_t INVALID = 0;
constexpr static std::uint32_t VALID = 1;

#endif
