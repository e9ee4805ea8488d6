// SPDX-License-Identifier: Apache-2.0
// ttsl::Span (tt::stl::Span): a view over contiguous elements; std::span here.
#pragma once

#include <iterator>
#include <span>
#include <type_traits>

namespace ttsl {
template <class T, std::size_t Extent = std::dynamic_extent>
using Span = std::span<T, Extent>;

// A read-only view of a contiguous container's elements.
template <typename Container>
auto make_const_span(const Container &c)
{
	using T = std::remove_const_t<std::remove_reference_t<decltype(*std::data(c))>>;
	return Span<const T>(std::data(c), std::size(c));
}

// A writable view of a contiguous container's elements.
template <typename Container>
auto make_span(Container &c)
{
	using T = std::remove_reference_t<decltype(*std::data(c))>;
	return Span<T>(std::data(c), std::size(c));
}
} // namespace ttsl
namespace tt::stl {
using namespace ttsl;
}
