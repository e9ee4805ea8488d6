// SPDX-License-Identifier: Apache-2.0
//
// vector_aligned: a std::vector whose data starts at a multiple of
// MEMCPY_ALIGNMENT bytes.
#pragma once

#include <cstdint>
#include <vector>

#include <tt_stl/aligned_allocator.hpp>

namespace tt::tt_metal {

static constexpr uint32_t MEMCPY_ALIGNMENT = 16;

template <typename T>
using vector_aligned = std::vector<T, tt::stl::aligned_allocator<T, MEMCPY_ALIGNMENT>>;

} // namespace tt::tt_metal
