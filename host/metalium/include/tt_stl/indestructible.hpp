// SPDX-License-Identifier: Apache-2.0
//
// ttsl::Indestructible<T> (tt::stl::Indestructible): a T that is built
// but never destroyed, for function-local statics that other statics may
// still use while the program exits.  The T lives in an anonymous union,
// whose members the language leaves undestroyed unless asked.
#pragma once

#include <utility>

#include <tt_stl/span.hpp> // namespace tt::stl, which names ttsl's types too

namespace ttsl {

template <typename T>
class Indestructible {
public:
	template <typename... Args>
	explicit Indestructible(Args &&...args) : value_(std::forward<Args>(args)...)
	{}
	Indestructible(const Indestructible &) = delete;
	Indestructible &operator=(const Indestructible &) = delete;
	// Leaves value_ as it is, on purpose.
	~Indestructible() {}

	T &get() { return value_; }
	const T &get() const { return value_; }

private:
	union {
		T value_;
	};
};

} // namespace ttsl
