// SPDX-License-Identifier: Apache-2.0
//
// CircularBuffer: a read-only view of one circular buffer of a program
// (Program::circular_buffers()): its handle, cores, size and per-index
// formats, as its CircularBufferConfig holds them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_set>

#include <tt-metalium/circular_buffer_config.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>

namespace tt::tt_metal {

namespace detail {
struct CbState;
}

class CircularBuffer {
public:
	CircularBuffer(const detail::CbState *state, CBHandle id) : state_(state), id_(id) {}
	CBHandle id() const { return id_; }
	const CoreRangeSet &core_ranges() const;
	std::size_t size() const;
	bool globally_allocated() const;
	const std::unordered_set<uint8_t> &buffer_indices() const;
	// Throw for an index the CB does not use.
	uint32_t page_size(uint32_t buffer_index) const;
	uint32_t num_pages(uint32_t buffer_index) const;
	DataFormat data_format(uint32_t buffer_index) const;

private:
	const CircularBufferConfig &config() const;
	const detail::CbState *state_;
	CBHandle id_;
};

} // namespace tt::tt_metal
