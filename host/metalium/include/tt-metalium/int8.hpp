// SPDX-License-Identifier: Apache-2.0
//
// Int8 data on the host: four bytes to a word, the first in the low byte.
// The device's Int8 is sign-magnitude, so random vectors stay in
// [-127, 127].
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

uint32_t pack_four_int8_into_uint32(int8_t a, int8_t b, int8_t c, int8_t d);
// num_bytes values uniform in [-127, 127] from mt19937(seed), packed.
std::vector<uint32_t> create_random_vector_of_int8(size_t num_bytes, int seed);
