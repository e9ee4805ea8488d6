// SPDX-License-Identifier: Apache-2.0
// ttsl::StrongType: a value of type T that does not mix with other T's.
#pragma once

#include <compare>
#include <cstddef>
#include <functional>
#include <utility>

namespace ttsl {

template <typename T, typename Tag>
class StrongType {
public:
	constexpr StrongType() = default;
	constexpr explicit StrongType(T v) : v_(std::move(v)) {}
	constexpr const T &operator*() const { return v_; }
	constexpr const T &get() const { return v_; }
	constexpr auto operator<=>(const StrongType &) const = default;

private:
	T v_{};
};

} // namespace ttsl

// tt-metal's older name for the namespace, as tt_stl/span.hpp has it.
namespace tt::stl {
using namespace ttsl;
}

template <typename T, typename Tag>
struct std::hash<ttsl::StrongType<T, Tag>> {
	std::size_t operator()(const ttsl::StrongType<T, Tag> &v) const noexcept
	{
		return std::hash<T>()(*v);
	}
};
