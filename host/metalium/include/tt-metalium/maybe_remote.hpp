// SPDX-License-Identifier: Apache-2.0
//
// MaybeRemote<T>: a value this process holds (local) or a marker for one
// that lives with another host of a multi-host mesh (remote), as tt-metal
// names them.  tensix-emu runs every chip in one process, so its own
// meshes only ever hold local values; the type is here for the code and
// containers (DistributedMeshContainer, mesh_coord.hpp) that speak it.
// Reading a remote value throws.
#pragma once

#include <concepts>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include <tt_stl/assert.hpp>

namespace tt::tt_metal {
class IDevice;
}

namespace tt::tt_metal::distributed {

// Anything shaped like MaybeRemote: a value_type, is_local() and value().
template <typename T>
concept MaybeRemoteLike = requires(T t)
{
	typename T::value_type;
	{
		t.is_local()
		} -> std::convertible_to<bool>;
	{
		t.value()
		} -> std::same_as<typename T::value_type &>;
};

// What a MaybeRemote holds in place of a remote value.
struct RemoteDevice {
	friend bool operator==(const RemoteDevice &, const RemoteDevice &) = default;
};

template <typename T>
class MaybeRemote {
public:
	using value_type = T;

	// Made only through local() or remote(), so each says which it is.
	MaybeRemote() = delete;
	[[nodiscard]] static MaybeRemote local(T value) { return MaybeRemote(std::move(value)); }
	[[nodiscard]] static MaybeRemote remote() { return MaybeRemote(RemoteDevice{}); }

	[[nodiscard]] bool is_local() const noexcept { return std::holds_alternative<T>(v_); }
	[[nodiscard]] bool is_remote() const noexcept { return !is_local(); }

	[[nodiscard]] T &value() & { return *local_or_throw(); }
	[[nodiscard]] const T &value() const & { return *local_or_throw(); }
	[[nodiscard]] T &operator*() & { return value(); }
	[[nodiscard]] const T &operator*() const & { return value(); }
	[[nodiscard]] T *operator->() { return local_or_throw(); }
	[[nodiscard]] const T *operator->() const { return local_or_throw(); }

	// on_local(value) or on_remote(), whichever applies; its result.
	template <typename OnLocal, typename OnRemote>
	[[nodiscard]] decltype(auto) when(OnLocal &&on_local, OnRemote &&on_remote) const
	{
		if (const T *p = std::get_if<T>(&v_))
			return std::invoke(std::forward<OnLocal>(on_local), *p);
		return std::invoke(std::forward<OnRemote>(on_remote));
	}

	// on_local(value) if local.  A function with a result gives it in an
	// optional, empty when remote.
	template <typename OnLocal>
	auto if_local(OnLocal &&on_local) const
	{
		using R = std::invoke_result_t<OnLocal, const T &>;
		const T *p = std::get_if<T>(&v_);
		if constexpr (std::is_void_v<R>) {
			if (p)
				std::invoke(std::forward<OnLocal>(on_local), *p);
		} else {
			return p ? std::optional<R>(
					   std::invoke(std::forward<OnLocal>(on_local), *p))
				 : std::optional<R>();
		}
	}

	// on_remote() if remote, the same way.
	template <typename OnRemote>
	auto if_remote(OnRemote &&on_remote) const
	{
		using R = std::invoke_result_t<OnRemote>;
		if constexpr (std::is_void_v<R>) {
			if (is_remote())
				std::invoke(std::forward<OnRemote>(on_remote));
		} else {
			return is_remote() ? std::optional<R>(
						     std::invoke(std::forward<OnRemote>(on_remote)))
					   : std::optional<R>();
		}
	}

	[[nodiscard]] bool operator==(const MaybeRemote &other) const = default;

	// "MaybeRemote{<value>}" (through the value's operator<<) or
	// "MaybeRemote{remote}".
	[[nodiscard]] std::string to_string() const
	{
		std::ostringstream os;
		os << "MaybeRemote{";
		if (const T *p = std::get_if<T>(&v_))
			os << *p;
		else
			os << "remote";
		os << "}";
		return os.str();
	}

private:
	explicit MaybeRemote(T value) : v_(std::in_place_type<T>, std::move(value)) {}
	explicit MaybeRemote(RemoteDevice) : v_(RemoteDevice{}) {}

	T *local_or_throw()
	{
		if (T *p = std::get_if<T>(&v_))
			return p;
		TT_THROW("MaybeRemote: the value lives with another host; this process cannot read "
			 "it");
	}
	const T *local_or_throw() const
	{
		if (const T *p = std::get_if<T>(&v_))
			return p;
		TT_THROW("MaybeRemote: the value lives with another host; this process cannot read "
			 "it");
	}

	std::variant<RemoteDevice, T> v_;
};

using MaybeRemoteDeviceId = MaybeRemote<int>;
using MaybeRemoteDevice = MaybeRemote<IDevice *>;

// The local values of a container of MaybeRemote, in order.
template <typename Container>
requires MaybeRemoteLike<typename Container::value_type>
[[nodiscard]] auto extract_locals(const Container &container)
{
	std::vector<typename Container::value_type::value_type> out;
	out.reserve(container.size());
	for (const auto &m : container)
		if (m.is_local())
			out.push_back(m.value());
	return out;
}

// Every value of a container, each wrapped as local.
template <typename Container>
[[nodiscard]] auto wrap_to_maybe_remote(const Container &container)
{
	using T = typename Container::value_type;
	std::vector<MaybeRemote<T>> out;
	out.reserve(container.size());
	for (const auto &v : container)
		out.push_back(MaybeRemote<T>::local(v));
	return out;
}

} // namespace tt::tt_metal::distributed
