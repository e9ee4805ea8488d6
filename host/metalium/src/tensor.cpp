// SPDX-License-Identifier: Apache-2.0
//
// Tensors without data (Shape, Tile, TensorLayout, TensorSpec) and with it
// (MeshTensor, a MeshBuffer laid out as its spec says).  Page and buffer
// sizes follow tt-metal's rules for the layouts tensix-emu has: row-major
// pages are one row (of the tensor, or of a shard), tiled pages one tile,
// and a tiled tensor's last two dimensions are padded to whole tiles.
#include <numeric>

#include <fmt/format.h>

#include <tt-metalium/constants.hpp>
#include <tt-metalium/experimental/tensor/mesh_tensor.hpp>
#include <tt-metalium/experimental/tensor/spec/tensor_spec.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/tile.hpp>
#include <tt_stl/assert.hpp>

namespace tt::tt_metal {

// Shape ---------------------------------------------------------------------------

uint64_t Shape::volume() const
{
	return std::accumulate(dims_.begin(), dims_.end(), uint64_t{ 1 },
			       [](uint64_t a, uint32_t d) { return a * d; });
}

// Index @index of a shape of @rank: from the front, or from the back into
// implicit leading 1s down to -4 (-1 when there are none to give).
static int32_t shape_slot(int32_t index, size_t rank, bool *implicit_one)
{
	const auto r = static_cast<int32_t>(rank);
	*implicit_one = false;
	if (index >= 0) {
		TT_FATAL(index < r, "shape index {} is past the last dimension of a rank-{} shape",
			 index, rank);
		return index;
	}
	if (-index <= r)
		return r + index;
	TT_FATAL(-index <= 4, "shape index {} is before the first dimension of a rank-{} shape",
		 index, rank);
	*implicit_one = true;
	return -1;
}

uint32_t Shape::operator[](int32_t index) const
{
	bool one;
	int32_t i = shape_slot(index, dims_.size(), &one);
	return one ? 1 : dims_[static_cast<size_t>(i)];
}

uint32_t &Shape::operator[](int32_t index)
{
	bool one;
	int32_t i = shape_slot(index, dims_.size(), &one);
	TT_FATAL(!one, "shape index {}: a rank-{} shape has no such dimension to change", index,
		 dims_.size());
	return dims_[static_cast<size_t>(i)];
}

std::ostream &operator<<(std::ostream &os, const Shape &shape)
{
	return os << "Shape([" << fmt::format("{}", fmt::join(shape.view(), ", ")) << "])";
}

// Tile ------------------------------------------------------------------------------

Tile::Tile(std::array<uint32_t, 2> shape, bool transpose_tile)
    : tile_shape(shape), transpose_within_face(transpose_tile), transpose_of_faces(transpose_tile)
{
	const uint32_t h = shape[0], w = shape[1];
	const bool tall_ok = (h == 32 || h == 16 || h == 8 || h == 4 || h == 2 || h == 1);
	TT_FATAL((w == 32 && tall_ok) || (w == 16 && (h == 32 || h == 16)),
		 "a {}x{} tile does not exist: tiles are 32 wide and 32, 16, 8, 4, 2 or 1 high, "
		 "or 16 wide and 32 or 16 high",
		 h, w);
	face_shape = { std::min(h, constants::FACE_HEIGHT), constants::FACE_WIDTH };
	num_faces = (h * w) / (face_shape[0] * face_shape[1]);
}

uint32_t Tile::get_tile_size(const DataFormat &format) const
{
	const uint32_t hw = get_tile_hw();
	switch (format) {
	case DataFormat::Bfp8:
	case DataFormat::Bfp8_b:
		return hw + hw / 16;
	case DataFormat::Bfp4:
	case DataFormat::Bfp4_b:
		return hw / 2 + hw / 16;
	case DataFormat::Bfp2:
	case DataFormat::Bfp2_b:
		return hw / 4 + hw / 16;
	default:
		return hw * datum_size(format);
	}
}

std::ostream &operator<<(std::ostream &os, const Tile &tile)
{
	return os << "Tile(" << tile.get_height() << "x" << tile.get_width() << ")";
}

// DataType and Layout ---------------------------------------------------------------

tt::DataFormat datatype_to_dataformat_converter(DataType dtype)
{
	switch (dtype) {
	case DataType::BFLOAT16:
		return tt::DataFormat::Float16_b;
	case DataType::FLOAT32:
		return tt::DataFormat::Float32;
	case DataType::UINT32:
		return tt::DataFormat::UInt32;
	case DataType::BFLOAT8_B:
		return tt::DataFormat::Bfp8_b;
	case DataType::BFLOAT4_B:
		return tt::DataFormat::Bfp4_b;
	case DataType::UINT8:
		return tt::DataFormat::UInt8;
	case DataType::UINT16:
		return tt::DataFormat::UInt16;
	case DataType::INT32:
		return tt::DataFormat::Int32;
	case DataType::INVALID:
		break;
	}
	TT_THROW("DataType {} has no data format", static_cast<int>(dtype));
}

bool is_block_float(DataType dtype)
{
	return dtype == DataType::BFLOAT8_B || dtype == DataType::BFLOAT4_B;
}

uint32_t element_size_bytes(DataType dtype)
{
	TT_FATAL(!is_block_float(dtype), "{} is a block-float type: it only exists in tiles",
		 fmt::streamed(dtype));
	return datum_size(datatype_to_dataformat_converter(dtype));
}

uint32_t tile_size(DataType dtype)
{
	TT_FATAL(dtype != DataType::INVALID,
		 "tile_size: DataType::INVALID has no tiles; give a real data type");
	return tt::tile_size(datatype_to_dataformat_converter(dtype));
}

std::ostream &operator<<(std::ostream &os, const NdShardSpec &spec)
{
	os << "NdShardSpec(shard_shape=" << spec.shard_shape << ", grid=" << spec.grid.str()
	   << ", orientation="
	   << (spec.orientation == ShardOrientation::ROW_MAJOR ? "ROW_MAJOR" : "COL_MAJOR")
	   << ", strategy="
	   << (spec.shard_distribution_strategy == ShardDistributionStrategy::ROUND_ROBIN_1D
		       ? "ROUND_ROBIN_1D"
		       : "GRID_2D")
	   << ")";
	return os;
}

std::ostream &operator<<(std::ostream &os, DataType dtype)
{
	static const char *const names[] = { "BFLOAT16",  "FLOAT32",   "UINT32",
					     "BFLOAT8_B", "BFLOAT4_B", "UINT8",
					     "UINT16",	  "INT32",     "INVALID" };
	const auto i = static_cast<size_t>(dtype);
	return os << "DataType::" << (i < std::size(names) ? names[i] : "?");
}

std::ostream &operator<<(std::ostream &os, Layout layout)
{
	switch (layout) {
	case Layout::ROW_MAJOR:
		return os << "Layout::ROW_MAJOR";
	case Layout::TILE:
		return os << "Layout::TILE";
	default:
		return os << "Layout::INVALID";
	}
}

std::ostream &operator<<(std::ostream &os, const MemoryConfig &config)
{
	static const char *const buffer_types[] = { "DRAM", "L1", "SYSTEM_MEMORY", "L1_SMALL",
						    "TRACE" };
	const auto t = static_cast<size_t>(config.buffer_type());
	os << "MemoryConfig(layout=" << static_cast<int>(config.memory_layout())
	   << ", buffer_type=" << (t < std::size(buffer_types) ? buffer_types[t] : "?");
	if (config.shard_spec())
		os << ", shard_shape=[" << config.shard_spec()->shape[0] << ", "
		   << config.shard_spec()->shape[1] << "] on " << config.shard_spec()->grid.str();
	return os << ")";
}

// TensorLayout ----------------------------------------------------------------------

TensorLayout::TensorLayout(DataType dtype, const PageConfig &page_config,
			   const MemoryConfig &memory_config)
    : dtype_(dtype), page_config_(page_config), memory_config_(memory_config)
{
	TT_FATAL(dtype != DataType::INVALID, "TensorLayout: an invalid DataType");
	TT_FATAL(page_config.get_layout() != Layout::INVALID, "TensorLayout: an invalid Layout");
	TT_FATAL(!is_block_float(dtype) || page_config.get_layout() == Layout::TILE,
		 "TensorLayout: {} only exists in tiles, not in {}", fmt::streamed(dtype),
		 fmt::streamed(page_config.get_layout()));
	TT_FATAL(!memory_config.is_sharded() || memory_config.shard_spec(),
		 "TensorLayout: a sharded MemoryConfig needs a ShardSpec (N-d shard specs are not "
		 "supported)");
}

Shape TensorLayout::compute_padded_shape(const Shape &shape) const
{
	if (get_layout() != Layout::TILE || shape.rank() == 0)
		return shape;
	std::vector<uint32_t> dims(shape.begin(), shape.end());
	const Tile tile = get_tile();
	auto round_up = [](uint32_t v, uint32_t m) { return (v + m - 1) / m * m; };
	dims.back() = round_up(dims.back(), tile.get_width());
	if (dims.size() >= 2)
		dims[dims.size() - 2] = round_up(dims[dims.size() - 2], tile.get_height());
	else
		dims.insert(dims.begin(), tile.get_height());
	return Shape(std::move(dims));
}

Shape2D TensorLayout::compute_physical_shape(const Shape &shape) const
{
	const Shape padded = compute_padded_shape(shape);
	if (padded.rank() == 0)
		return Shape2D(1, 1);
	size_t height = 1;
	for (size_t i = 0; i + 1 < padded.rank(); i++)
		height *= padded[static_cast<int32_t>(i)];
	return Shape2D(height, padded[-1]);
}

Shape2D TensorLayout::compute_page_shape(const Shape &shape) const
{
	if (get_layout() == Layout::TILE) {
		const Tile tile = get_tile();
		return Shape2D(tile.get_height(), tile.get_width());
	}
	if (memory_config_.is_sharded())
		return Shape2D(1, memory_config_.shard_spec()->shape[1]);
	return Shape2D(1, compute_physical_shape(shape).width());
}

size_t TensorLayout::compute_page_size_bytes(const Shape &shape) const
{
	if (get_layout() == Layout::TILE)
		return get_tile().get_tile_size(datatype_to_dataformat_converter(dtype_));
	return compute_page_shape(shape).width() * element_size_bytes(dtype_);
}

// Pages the tensor spans: {rows, columns} of pages over its physical shape.
static std::array<uint32_t, 2> shape_in_pages(const Shape2D &physical, const Shape2D &page)
{
	auto div_up = [](size_t a, size_t b) { return static_cast<uint32_t>((a + b - 1) / b); };
	return { div_up(physical.height(), page.height()), div_up(physical.width(), page.width()) };
}

Strides TensorLayout::compute_strides(const Shape &shape) const
{
	const Shape padded = compute_padded_shape(shape);
	Strides strides(padded.rank(), 1);
	for (size_t i = padded.rank(); i-- > 1;)
		strides[i - 1] = strides[i] * padded[static_cast<int32_t>(i)];
	return strides;
}

size_t TensorLayout::compute_packed_buffer_size_bytes(const Shape &shape) const
{
	const auto pages = shape_in_pages(compute_physical_shape(shape), compute_page_shape(shape));
	return static_cast<size_t>(pages[0]) * pages[1] * compute_page_size_bytes(shape);
}

BufferShardingArgs TensorLayout::compute_buffer_sharding_args(const Shape &shape) const
{
	if (!memory_config_.is_sharded())
		return BufferShardingArgs();
	const ShardSpec &shard = *memory_config_.shard_spec();
	const Shape2D page = compute_page_shape(shape);
	const auto tensor_pages = shape_in_pages(compute_physical_shape(shape), page);
	TT_FATAL(shard.shape[0] % page.height() == 0 && shard.shape[1] % page.width() == 0,
		 "a {}x{} shard is not a whole number of {}x{} pages", shard.shape[0],
		 shard.shape[1], page.height(), page.width());
	const std::array<uint32_t, 2> page_shape = { static_cast<uint32_t>(page.height()),
						     static_cast<uint32_t>(page.width()) };
	ShardSpecBuffer buffer_spec(shard, page_shape, tensor_pages);
	const auto shard_pages = buffer_spec.shape_in_pages();
	BufferDistributionSpec distribution(
		Shape{ tensor_pages[0], tensor_pages[1] }, Shape{ shard_pages[0], shard_pages[1] },
		corerange_to_cores(shard.grid, std::nullopt,
				   shard.orientation == ShardOrientation::ROW_MAJOR));
	return BufferShardingArgs(std::move(distribution), std::move(buffer_spec),
				  memory_config_.memory_layout());
}

// TensorSpec ------------------------------------------------------------------------

TensorSpec::TensorSpec(Shape logical_shape, TensorLayout tensor_layout)
    : logical_shape_(std::move(logical_shape)), layout_(std::move(tensor_layout)),
      padded_shape_(layout_.compute_padded_shape(logical_shape_))
{}

// MeshTensor ------------------------------------------------------------------------

MeshTensor MeshTensor::allocate_on_device(distributed::MeshDevice &mesh_device,
					  const TensorSpec &spec, const TensorTopology &topology)
{
	distributed::DeviceLocalBufferConfig local{
		.page_size = spec.compute_page_size_bytes(),
		.buffer_type = spec.memory_config().buffer_type(),
		.sharding_args = spec.compute_buffer_sharding_args(),
		.bottom_up = std::nullopt,
	};
	distributed::ReplicatedBufferConfig global{
		.size = spec.compute_packed_buffer_size_bytes()
	};
	return MeshTensor(distributed::MeshBuffer::create(global, local, &mesh_device), spec,
			  topology);
}

MeshTensor::MeshTensor(std::shared_ptr<distributed::MeshBuffer> mesh_buffer, TensorSpec spec,
		       TensorTopology topology)
    : buffer_(std::move(mesh_buffer)), spec_(std::move(spec)), topology_(topology)
{
	TT_FATAL(buffer_, "MeshTensor: no MeshBuffer");
	const size_t need = spec_.compute_packed_buffer_size_bytes();
	TT_FATAL(buffer_->device_local_size() >= need,
		 "MeshTensor: the MeshBuffer holds {} bytes per device, but a tensor of shape {} "
		 "({}) needs {}; "
		 "allocate it with MeshTensor::allocate_on_device or a buffer of the spec's size",
		 buffer_->device_local_size(), fmt::streamed(spec_.logical_shape()),
		 fmt::streamed(spec_.data_type()), need);
}

const distributed::MeshBuffer &MeshTensor::mesh_buffer() const
{
	TT_FATAL(buffer_, "MeshTensor: used after being moved from");
	return *buffer_;
}

const distributed::MeshDevice &MeshTensor::device() const
{
	return mutable_device();
}

distributed::MeshDevice &MeshTensor::mutable_device() const
{
	return *mesh_buffer().device();
}

uint64_t MeshTensor::address() const
{
	return mesh_buffer().address();
}

} // namespace tt::tt_metal
