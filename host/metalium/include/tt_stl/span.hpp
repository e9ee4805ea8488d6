// SPDX-License-Identifier: Apache-2.0
// ttsl::Span (tt::stl::Span): a view over contiguous elements; std::span here.
#pragma once

#include <span>

namespace ttsl {
template <class T, std::size_t Extent = std::dynamic_extent>
using Span = std::span<T, Extent>;
}
namespace tt::stl {
using namespace ttsl;
}
