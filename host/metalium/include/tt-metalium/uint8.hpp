// SPDX-License-Identifier: Apache-2.0
//
// UInt8 data on the host: four bytes to a word, the first in the low byte.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

uint32_t pack_four_uint8_into_uint32(uint8_t a, uint8_t b, uint8_t c, uint8_t d);
// num_bytes / 4 words uniform over all 32-bit values from mt19937(seed).
std::vector<uint32_t> create_random_vector_of_uint8(size_t num_bytes, int seed);
