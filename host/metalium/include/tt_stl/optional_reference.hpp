// SPDX-License-Identifier: Apache-2.0
//
// ttsl::optional_reference<T>: a T* that reads as an optional T&.  Empty
// or pointing at a value the caller keeps alive; it never owns.  Binds to
// a T& or a std::optional<T>& (empty when the optional is), and, when T is
// const, to temporaries of those as well, which is why it must not be
// stored past the full expression that made it.
#pragma once

#include <concepts>
#include <memory>
#include <optional>
#include <type_traits>

namespace ttsl {

template <typename T>
class optional_reference {
public:
	optional_reference() = default;
	optional_reference(std::nullopt_t) {}
	optional_reference(T &value) noexcept : ptr_(std::addressof(value)) {}
	optional_reference(std::optional<T> &value) noexcept
	    : ptr_(value ? std::addressof(*value) : nullptr)
	{}

	// A reference to const also takes values and optionals of the plain
	// type, temporaries included.
	template <typename U>
	requires std::is_const_v<T> && std::same_as<std::remove_const_t<T>, U>
	optional_reference(const U &value)
	noexcept : ptr_(std::addressof(value)) {}
	template <typename U>
	requires std::is_const_v<T> && std::same_as<std::remove_const_t<T>, U>
	optional_reference(const std::optional<U> &value)
	noexcept : ptr_(value ? std::addressof(*value) : nullptr) {}

	bool has_value() const { return ptr_ != nullptr; }
	operator bool() const { return ptr_ != nullptr; }
	void reset() { ptr_ = nullptr; }

	T &value() const { return *ptr_; }
	T &operator*() const { return *ptr_; }
	T *operator->() const { return ptr_; }

	// Two references are equal when they name the same object (or none).
	friend bool operator==(const optional_reference &a, const optional_reference &b)
	{
		return a.ptr_ == b.ptr_;
	}

private:
	T *ptr_ = nullptr;
};

} // namespace ttsl
