// SPDX-License-Identifier: Apache-2.0
//
// RuntimeArgsData: a view of one kernel's runtime args on one core (or of
// its common args).  GetRuntimeArgs hands these out; writes through them
// reach the device at the next EnqueueMeshWorkload, as in tt-metal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include <tt_stl/assert.hpp>

namespace tt::tt_metal {

struct RuntimeArgsData {
	std::uint32_t *rt_args_data = nullptr;
	std::size_t rt_args_count = 0;

	std::uint32_t &operator[](std::size_t i) noexcept { return rt_args_data[i]; }
	const std::uint32_t &operator[](std::size_t i) const noexcept { return rt_args_data[i]; }
	std::uint32_t &at(std::size_t i)
	{
		if (i >= rt_args_count)
			throw std::out_of_range("runtime arg " + std::to_string(i) + " past the " +
						std::to_string(rt_args_count) + " set");
		return rt_args_data[i];
	}
	const std::uint32_t &at(std::size_t i) const
	{
		return const_cast<RuntimeArgsData *>(this)->at(i);
	}
	std::uint32_t *data() noexcept { return rt_args_data; }
	const std::uint32_t *data() const noexcept { return rt_args_data; }
	std::size_t size() const noexcept { return rt_args_count; }
};

} // namespace tt::tt_metal
