// SPDX-License-Identifier: Apache-2.0
//
// DataflowBufferSpec: a dataflow buffer (DFB), a FIFO of entries through
// which one kernel hands data to another on the same node.  Like a kernel
// it is a per-node template: each node where its producer and consumer
// run gets its own copy in L1, for the whole of each run.  Its nodes are
// those of the kernels bound to it, and who produces and who consumes is
// said where kernels bind it (KernelSpec::dfb_bindings).
//
// On Wormhole a DFB is a circular buffer: the DFB's index in the spec is
// the CB index, an entry a page.
#pragma once

#include <cstdint>
#include <optional>

#include <tt-metalium/experimental/metal2_host_api/advanced_options.hpp>
#include <tt-metalium/experimental/metal2_host_api/node_coord.hpp>
#include <tt-metalium/experimental/metal2_host_api/tensor_parameter.hpp>
#include <tt-metalium/experimental/metal2_host_api/utility/table.hpp>
#include <tt-metalium/face_geometry.hpp>
#include <tt-metalium/tile.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>

namespace tt::tt_metal::experimental {

struct DataflowBufferSpec {
	DFBSpecName unique_id;

	// Bytes per entry and number of entries.
	uint32_t entry_size = 0;
	uint32_t num_entries = 0;

	// For compute kernels: the entries' data format (required when a
	// compute kernel binds the DFB), their tile shape (32x32 when unset),
	// and, for entries that hold less than a full tile, the faces the
	// unpacker reads.
	std::optional<tt::DataFormat> data_format_metadata = std::nullopt;
	std::optional<tt::tt_metal::Tile> tile_format_metadata = std::nullopt;
	std::optional<FaceGeometry> unpack_face_geometry_metadata = std::nullopt;

	// Put the DFB in the memory of a tensor instead of the program's own
	// L1: the tensor bound to this parameter at each run, which must be in
	// L1 and hold entry_size * num_entries bytes per core.
	std::optional<TensorParamName> borrowed_from = std::nullopt;

	DFBAdvancedOptions advanced_options;
};

// A DFB whose producer and consumer are on different nodes, the data going
// over the NoC.  Not supported: a ProgramSpec with one is refused.  The
// fields are tt-metal's first sketch of it.
struct RemoteDataflowBufferSpec {
	DataflowBufferSpec dfb_spec;

	using ProducerNode = NodeCoord;
	using ConsumerNode = NodeCoord;
	using ProducerConsumerMap = Table<ProducerNode, ConsumerNode>;
	ProducerConsumerMap producer_consumer_map;
};

} // namespace tt::tt_metal::experimental
