// SPDX-License-Identifier: Apache-2.0
//
// Internal, not TT-Metalium API: a dataflow buffer of a Program made from
// a Metal 2.0 spec, as the library keeps it (Program::impl()
// .get_dataflow_buffer(id), which tt-metal's tests inspect).  On Wormhole
// it is carried by a circular buffer whose index is the DFB's id; a DFB
// that borrows a tensor's memory gets that CB when a tensor is attached.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <variant>
#include <vector>

#include <tt-metalium/circular_buffer_config.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/face_geometry.hpp>
#include <tt-metalium/program.hpp>
#include <tt-metalium/tile.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>

namespace tt::tt_metal::experimental::dfb {

enum class AccessPattern : uint8_t { STRIDED, ALL, BLOCKED };
enum class TensixScope : uint8_t { INTRA, INTER };

// Everything the spec and its bindings say about a DFB.  RISC masks: on
// Gen1 bit 0 is RISCV_0, bit 1 RISCV_1, bit 2 the compute cores; on Quasar
// bits 0-7 are the data-movement cores and bits 8-15 the Tensix engines.
struct DataflowBufferConfig {
	uint32_t entry_size = 0;
	uint32_t num_entries = 0;
	uint16_t producer_risc_mask = 0;
	uint8_t num_producers = 1;
	AccessPattern pap = AccessPattern::STRIDED;
	uint16_t consumer_risc_mask = 0;
	uint8_t num_consumers = 1;
	AccessPattern cap = AccessPattern::STRIDED;
	bool enable_producer_implicit_sync = false;
	bool enable_consumer_implicit_sync = false;
	tt::DataFormat data_format = tt::DataFormat::Float16_b;
	std::optional<Tile> tile;
	std::optional<FaceGeometry> unpack_face_geometry;
	std::optional<TensixScope> tensix_scope;
	bool borrows_memory = false;
};

class DataflowBufferImpl {
public:
	DataflowBufferImpl(uint32_t id, const CoreRangeSet &cores,
			   const DataflowBufferConfig &config)
	    : id(id), cores(cores), config(config)
	{}

	bool borrows_memory() const { return config.borrows_memory; }
	// The L1 address of every core's copy; throws before it is known
	// (ProgramImpl::allocate_dataflow_buffers, or a borrowed tensor
	// attached).
	uint32_t uniform_alloc_addr() const;
	// Point every core's copy at @addr (a borrowed tensor's memory).
	void set_borrowed_memory_base_addr(uint32_t addr);

	uint32_t id;
	CoreRangeSet cores;
	DataflowBufferConfig config;
	// DFBs sharing this one's memory (advanced_options.alias_with), by id.
	std::vector<uint32_t> aliases;

	// The L1 address of each core's copy, per range of cores: filled by
	// ProgramImpl::finalize_dataflow_buffer_configs() (0 where not known
	// yet) and by attaching a borrowed tensor.
	struct Group {
		CoreRange range;
		std::vector<std::pair<CoreCoord, uint32_t>> l1_by_core;
	};
	std::vector<Group> groups;
	std::optional<uint32_t> borrowed_addr;
	std::optional<uint32_t> alloc_addr;

	// Wormhole: the CB that carries this DFB (and its aliases), once made.
	std::optional<CBHandle> cb;
};

// A DFB on the cores of @core_spec, outside Metal 2.0 specs (tt-metal's
// direct API): its id, which is also its CB index.  Its memory is placed
// when the program first needs it (set aliases before that).
uint32_t CreateDataflowBuffer(Program &program,
			      const std::variant<CoreCoord, CoreRange, CoreRangeSet> &core_spec,
			      const DataflowBufferConfig &config);

} // namespace tt::tt_metal::experimental::dfb
