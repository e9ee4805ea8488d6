// SPDX-License-Identifier: Apache-2.0
// ttsl::Span (tt::stl::Span): a view over contiguous elements; std::span here.
#pragma once

#include <cstddef>
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

// The bytes of a view's elements, read-only or writable (tt-metal's
// ttsl::as_bytes and ttsl::as_writable_bytes: a view of any extent).
template <class T, std::size_t Extent>
Span<const std::byte> as_bytes(Span<T, Extent> span) noexcept
{
	return Span<const std::byte>(reinterpret_cast<const std::byte *>(span.data()),
				     span.size_bytes());
}

template <class T, std::size_t Extent>
requires(!std::is_const_v<T>) Span<std::byte> as_writable_bytes(Span<T, Extent> span)
noexcept
{
	return Span<std::byte>(reinterpret_cast<std::byte *>(span.data()), span.size_bytes());
}
} // namespace ttsl
namespace tt::stl {
using namespace ttsl;
}
