// SPDX-License-Identifier: Apache-2.0
//
// CircularBufferConfig: total size, then per CB index a data format and a
// page size; optionally the L1 buffer the CB lives in
// (set_globally_allocated_address).  CreateCircularBuffer turns it into a
// libtt tt_cb_create / tt_cb_create_globally_allocated call.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <unordered_set>

#include <hostdevcommon/kernel_structs.h>
#include <tt-metalium/buffer.hpp>
#include <tt-metalium/circular_buffer_constants.h>
#include <tt-metalium/experimental/tensor/tensor_types.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>

namespace tt::tt_metal {

using CBHandle = uintptr_t;

class CircularBufferConfig {
public:
	CircularBufferConfig(uint32_t total_size,
			     const std::map<uint8_t, tt::DataFormat> &data_format_spec);
	CircularBufferConfig(uint32_t total_size,
			     const std::map<uint8_t, tt::DataFormat> &data_format_spec,
			     const Buffer &buffer);
	// The same with each index's format given as the tensor DataType it holds.
	CircularBufferConfig(uint32_t total_size,
			     const std::map<uint8_t, DataType> &data_type_spec);
	explicit CircularBufferConfig(uint32_t total_size);
	bool operator==(const CircularBufferConfig &) const = default;

	CircularBufferConfig &set_page_size(uint8_t buffer_index, uint32_t page_size);
	CircularBufferConfig &set_total_size(uint32_t total_size);
	CircularBufferConfig &set_globally_allocated_address(const Buffer &buffer);
	CircularBufferConfig &set_globally_allocated_address_and_total_size(const Buffer &buffer,
									    uint32_t total_size);

	// Builder for one index: config.index(i).set_data_format(f).set_page_size(p).
	class Builder {
	public:
		const Builder &set_data_format(tt::DataFormat format) const;
		const Builder &set_total_size(uint32_t total_size) const;
		const Builder &set_page_size(uint32_t page_size) const;

	private:
		friend class CircularBufferConfig;
		Builder(CircularBufferConfig &parent, uint8_t index)
		    : parent_(parent), index_(index)
		{}
		CircularBufferConfig &parent_;
		uint8_t index_;
	};
	Builder index(uint8_t buffer_index);

	uint32_t total_size() const { return total_size_; }
	std::optional<uint32_t> globally_allocated_address() const;
	const std::unordered_set<uint8_t> &buffer_indices() const { return indices_; }
	const std::array<std::optional<tt::DataFormat>, NUM_CIRCULAR_BUFFERS> &data_formats() const
	{
		return formats_;
	}
	const std::array<std::optional<uint32_t>, NUM_CIRCULAR_BUFFERS> &page_sizes() const
	{
		return page_sizes_;
	}
	bool dynamic_cb() const { return shadow_global_buffer != nullptr; }

	// The L1 buffer of a globally allocated CB, else nullptr.
	const Buffer *shadow_global_buffer{ nullptr };

private:
	void check_index(uint8_t index) const;
	uint32_t total_size_ = 0;
	std::array<std::optional<tt::DataFormat>, NUM_CIRCULAR_BUFFERS> formats_{};
	std::array<std::optional<uint32_t>, NUM_CIRCULAR_BUFFERS> page_sizes_{};
	std::unordered_set<uint8_t> indices_;
};

} // namespace tt::tt_metal
