// SPDX-License-Identifier: Apache-2.0
// Values shared by host programs and kernels (tt-metal's common_values.hpp).
#pragma once

#include <cstdint>

constexpr static std::uint32_t INVALID = 0;
constexpr static std::uint32_t VALID = 1;
