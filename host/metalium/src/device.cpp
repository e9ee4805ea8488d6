// SPDX-License-Identifier: Apache-2.0
//
// MeshDevice (one libtt device per 1x1 mesh), its allocator queries, its
// command queue, and the buffers on it.
//
// Buffers are registered with their device: closing the device frees the
// ones still alive (libtt frees the banks with the device), so a
// shared_ptr<MeshBuffer> that outlives close() is harmless, as in tt-metal.
#include <cstdlib>
#include <cstring>
#include <strings.h>
#include <mutex>
#include <stdexcept>

#include <fmt/ostream.h>

#include <tt-metalium/cluster.hpp>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/experimental/pinned_memory.hpp>
#include <tt-metalium/experimental/fabric/fabric.hpp>
#include <tt-metalium/tt_metal.hpp>

#include "internal.hpp"

namespace tt::tt_metal {

using detail::throw_run;
using detail::throw_tt;

// Allocator ----------------------------------------------------------------

static enum tt_buffer_type c_type(BufferType t)
{
	switch (t) {
	case BufferType::DRAM:
		return TT_BUFFER_DRAM;
	case BufferType::L1:
		return TT_BUFFER_L1;
	case BufferType::L1_SMALL:
		return TT_BUFFER_L1_SMALL;
	default:
		TT_THROW("buffer type {} (SYSTEM_MEMORY or TRACE) is not supported by tensix-emu",
			 static_cast<int>(t));
	}
}

uint32_t Allocator::get_num_banks(const BufferType &type) const
{
	return tt_device_num_banks(dev_, c_type(type));
}

uint32_t Allocator::get_alignment(BufferType type) const
{
	const struct tt_arch *a = tt_device_arch(dev_);
	return type == BufferType::DRAM ? a->dram_alignment : a->l1_alignment;
}

DeviceAddr Allocator::get_bank_size(const BufferType &type) const
{
	const struct tt_arch *a = tt_device_arch(dev_);
	if (type == BufferType::DRAM)
		return a->dram_bank_size - a->dram_unreserved_base;
	return a->l1_size - a->l1_unreserved_base;
}

DeviceAddr Allocator::get_base_allocator_addr(const HalMemType &type) const
{
	const struct tt_arch *a = tt_device_arch(dev_);
	TT_FATAL(type != HalMemType::HOST, "there is no host memory allocator");
	return type == HalMemType::DRAM ? a->dram_unreserved_base : a->l1_unreserved_base;
}

HalProgrammableCoreType IDevice::get_programmable_core_type(CoreCoord virtual_core) const
{
	CoreCoord grid = compute_with_storage_grid_size();
	for (size_t y = 0; y < grid.y; y++)
		for (size_t x = 0; x < grid.x; x++)
			if (worker_core_from_logical_core({ x, y }) == virtual_core)
				return HalProgrammableCoreType::TENSIX;
	for (const CoreCoord &e : ethernet_cores())
		if (ethernet_core_from_logical_core(e) == virtual_core)
			return is_active_ethernet_core(e) ? HalProgrammableCoreType::ACTIVE_ETH
							  : HalProgrammableCoreType::IDLE_ETH;
	TT_THROW("get_programmable_core_type: {} is neither a worker core's NoC coordinate (the "
		 "{} worker grid) nor an ethernet core's",
		 virtual_core.str(), grid.str());
}

// Ethernet cores ------------------------------------------------------------

const std::set<CoreCoord> &IDevice::ethernet_cores() const
{
	static const std::set<CoreCoord> all = [] {
		std::set<CoreCoord> s;
		const struct tt_arch *a = tt_arch_get(TT_ARCH_WORMHOLE_B0);
		for (uint32_t c = 0; c < a->eth_cores; c++)
			s.insert(CoreCoord(0, c));
		return s;
	}();
	return all;
}

// The far end of logical ethernet core @core's link, if it has one.
static bool eth_peer(const IDevice *dev, const CoreCoord &core, uint32_t *chip, uint32_t *channel)
{
	TT_FATAL(dev->ethernet_cores().count(core),
		 "{} is not an ethernet core: they are (0, 0)..(0, {})", core.str(),
		 dev->ethernet_cores().size() - 1);
	int rc = tt_device_eth_peer(dev->c_device(), static_cast<uint32_t>(core.y), chip, channel);
	if (rc == TT_ENOENT)
		return false;
	if (rc)
		throw_tt(fmt::format("the link of ethernet core {}", core.str()), rc);
	return true;
}

bool IDevice::is_active_ethernet_core(CoreCoord logical_core, bool) const
{
	uint32_t chip, channel;
	return eth_peer(this, logical_core, &chip, &channel);
}

bool IDevice::is_inactive_ethernet_core(CoreCoord logical_core) const
{
	return !is_active_ethernet_core(logical_core);
}

std::unordered_set<CoreCoord> IDevice::get_active_ethernet_cores(bool) const
{
	std::unordered_set<CoreCoord> out;
	for (const CoreCoord &e : ethernet_cores())
		if (is_active_ethernet_core(e))
			out.insert(e);
	return out;
}

std::unordered_set<CoreCoord> IDevice::get_inactive_ethernet_cores() const
{
	std::unordered_set<CoreCoord> out;
	for (const CoreCoord &e : ethernet_cores())
		if (!is_active_ethernet_core(e))
			out.insert(e);
	return out;
}

CoreCoord IDevice::ethernet_core_from_logical_core(const CoreCoord &logical_core) const
{
	struct tt_core noc;
	int rc = tt_device_eth_core(c_device(),
				    tt_core(static_cast<uint32_t>(logical_core.x),
					    static_cast<uint32_t>(logical_core.y)),
				    &noc);
	if (rc)
		throw_tt(fmt::format("ethernet_core_from_logical_core({})", logical_core.str()),
			 rc);
	return { noc.x, noc.y };
}

std::vector<CoreCoord>
IDevice::ethernet_cores_from_logical_cores(const std::vector<CoreCoord> &logical_cores) const
{
	std::vector<CoreCoord> out;
	out.reserve(logical_cores.size());
	for (const auto &c : logical_cores)
		out.push_back(ethernet_core_from_logical_core(c));
	return out;
}

CoreCoord IDevice::logical_core_from_ethernet_core(const CoreCoord &ethernet_core) const
{
	for (const CoreCoord &e : ethernet_cores())
		if (ethernet_core_from_logical_core(e) == ethernet_core)
			return e;
	TT_THROW("logical_core_from_ethernet_core: {} is not an ethernet core's NoC coordinate",
		 ethernet_core.str());
}

std::tuple<ChipId, CoreCoord> IDevice::get_connected_ethernet_core(CoreCoord eth_core) const
{
	uint32_t chip, channel;
	TT_FATAL(eth_peer(this, eth_core, &chip, &channel),
		 "get_connected_ethernet_core: ethernet core {} of chip {} has no link (it is "
		 "idle)",
		 eth_core.str(), id());
	return { static_cast<ChipId>(chip), CoreCoord(0, channel) };
}

std::vector<CoreCoord> IDevice::get_ethernet_sockets(ChipId connected_chip_id) const
{
	std::vector<CoreCoord> out;
	for (const CoreCoord &e : ethernet_cores()) {
		uint32_t chip, channel;
		if (eth_peer(this, e, &chip, &channel) &&
		    static_cast<ChipId>(chip) == connected_chip_id)
			out.push_back(e);
	}
	return out;
}

// Device lifetime registry -------------------------------------------------

namespace detail {
std::shared_ptr<DeviceLife> life_of(IDevice *device);
}

namespace distributed {

// The registry lives beside each MeshDevice; keyed by the libtt device.
static std::map<struct tt_device *, std::shared_ptr<detail::DeviceLife>> &lives()
{
	static std::map<struct tt_device *, std::shared_ptr<detail::DeviceLife>> m;
	return m;
}

MeshDevice::MeshDevice(Private, int id, struct tt_device *dev, size_t num_command_queues)
    : id_(id), dev_(dev), allocator_(std::make_unique<Allocator>(dev))
{
	auto dispatch = std::make_shared<detail::DeviceDispatch>();
	for (size_t q = 0; q < num_command_queues; q++)
		cqs_.push_back(std::make_unique<MeshCommandQueue>(this, static_cast<uint32_t>(q),
								  dispatch));
	auto life = std::make_shared<detail::DeviceLife>();
	life->dev = dev;
	life->cq = cqs_[0].get();
	life->id = id;
	lives()[dev] = life;
}

} // namespace distributed

// tt-metal's Cluster reads and writes a core by chip id and NoC coordinate
// (test support's llrt/tt_cluster.hpp): the open device of that id, and the
// worker or ethernet core at that coordinate.
static struct tt_device *open_chip(ChipId chip)
{
	struct tt_device *dev = nullptr;
	for (const auto &[d, life] : distributed::lives())
		if (life->id == chip)
			dev = d;
	TT_FATAL(dev, "chip {} is not open", chip);
	return dev;
}

bool detail::ClusterLinkUp(ChipId chip, const CoreCoord &logical)
{
	uint32_t far_chip, far_channel;
	return logical.x == 0 &&
	       tt_device_eth_peer(open_chip(chip), static_cast<uint32_t>(logical.y), &far_chip,
				  &far_channel) == TT_OK;
}

std::set<ChipId> detail::ClusterEthNeighbours(ChipId chip)
{
	struct tt_device *dev = open_chip(chip);
	std::set<ChipId> out;
	for (uint32_t ch = 0; ch < tt_device_arch(dev)->eth_cores; ch++) {
		uint32_t far_chip, far_channel;
		if (tt_device_eth_peer(dev, ch, &far_chip, &far_channel) == TT_OK)
			out.insert(static_cast<ChipId>(far_chip));
	}
	return out;
}

void detail::ClusterCoreIo(ChipId chip, const CoreCoord &noc, void *buf, uint32_t bytes,
			   uint64_t addr, bool write)
{
	struct tt_device *dev = open_chip(chip);
	const struct tt_arch *a = tt_device_arch(dev);
	struct tt_core grid = tt_device_grid(dev);
	uint32_t gx = grid.x, gy = grid.y;
	int rc = TT_ENOENT;
	for (uint32_t c = 0; rc == TT_ENOENT && c < gx * gy; c++) {
		struct tt_core at, logical = tt_core(c % gx, c / gx);
		if (tt_device_worker_core(dev, logical, &at) == TT_OK && at.x == noc.x &&
		    at.y == noc.y)
			rc = write ? tt_device_l1_write(dev, logical, static_cast<uint32_t>(addr),
							buf, bytes)
				   : tt_device_l1_read(dev, logical, static_cast<uint32_t>(addr),
						       buf, bytes);
	}
	for (uint32_t ch = 0; rc == TT_ENOENT && ch < a->eth_cores; ch++) {
		struct tt_core at, logical = tt_core(0, ch);
		if (tt_device_eth_core(dev, logical, &at) == TT_OK && at.x == noc.x &&
		    at.y == noc.y)
			rc = write ? tt_device_eth_l1_write(dev, logical,
							    static_cast<uint32_t>(addr), buf, bytes)
				   : tt_device_eth_l1_read(dev, logical,
							   static_cast<uint32_t>(addr), buf, bytes);
	}
	if (rc == TT_ENOENT)
		TT_THROW("chip {}: no worker or ethernet core at NoC coordinate {}", chip,
			 noc.str());
	if (rc)
		throw_tt(fmt::format("chip {}: {} core {} at 0x{:x}", chip,
				     write ? "writing" : "reading", noc.str(), addr),
			 rc);
}

namespace distributed {

MeshDevice::~MeshDevice()
{
	try {
		close();
	} catch (const std::exception &e) {
		fmt::print(stderr, "MeshDevice {}: closing: {}\n", id_, e.what());
	}
}

// Queues run one after another on the device (tt-metal has at most two).
static void check_queues(size_t n)
{
	TT_FATAL(n == 1 || n == 2, "{} command queues asked for; a device has one or two", n);
}

// tt-metal's programs pick the chip with ARCH_NAME; the emulator has only
// Wormhole to offer, so another name is said once, not ignored.  Names
// match in any case.
static void check_arch_name()
{
	static std::string said; // the value last warned about
	const char *v = std::getenv("ARCH_NAME");
	if (!v || !*v || said == v)
		return;
	const struct tt_arch *a = tt_arch_by_name(v);
	if ((a && a->id == TT_ARCH_WORMHOLE_B0) || !strcasecmp(v, "wormhole"))
		return;
	said = v;
	if (a)
		log_warning("ARCH_NAME={}: {} is not emulated yet; the device is a Wormhole "
			    "(wormhole_b0) instead (unset ARCH_NAME or set it to wormhole_b0)",
			    v, a->name);
	else
		log_warning("ARCH_NAME={}: no such architecture (wormhole_b0 or blackhole); the "
			    "device is a Wormhole (wormhole_b0)",
			    v);
}

static std::shared_ptr<MeshDevice> open_one(int device_id, size_t l1_small_size,
					    size_t num_command_queues)
{
	check_queues(num_command_queues);
	check_arch_name();
	TT_FATAL(device_id >= 0, "device id {} is negative", device_id);
	struct tt_device_config cfg = {};
	cfg.l1_small_size = l1_small_size;
	struct tt_device *dev = nullptr;
	int rc = tt_device_open(&cfg, &dev);
	if (rc == TT_ENOENT)
		throw_tt(fmt::format("opening device {}", device_id), rc,
			 "the emulator was not found: set QEMU to a qemu-system-riscv32 with the "
			 "tensix machine, "
			 "or TT_EMU_BUILD to a build directory holding "
			 "qemu/build/qemu-system-riscv32");
	if (rc)
		throw_tt(fmt::format("opening device {}", device_id), rc);
	return std::make_shared<MeshDevice>(MeshDevice::Private(), device_id, dev,
					    num_command_queues);
}

MeshDevice::MeshDevice(Private, struct tt_system *sys, const MeshShape &shape,
		       size_t num_command_queues)
    : id_(0), dev_(tt_system_chip(sys, 0)), shape_(shape), sys_(sys),
      allocator_(std::make_unique<Allocator>(dev_))
{
	for (uint32_t i = 0; i < shape.mesh_size(); i++) {
		auto chip = std::make_shared<MeshDevice>(
			Private(), static_cast<int>(i), tt_system_chip(sys, i), num_command_queues);
		chip->owns_dev_ = false;
		chips_.push_back(std::move(chip));
	}
	// The mesh's queues hand work to the chips' queues of the same id.
	auto dispatch = std::make_shared<detail::DeviceDispatch>();
	for (size_t q = 0; q < num_command_queues; q++)
		cqs_.push_back(std::make_unique<MeshCommandQueue>(this, static_cast<uint32_t>(q),
								  dispatch));
}

MeshDevice::MeshDevice(Private, const std::shared_ptr<MeshDevice> &parent, const MeshShape &shape,
		       std::vector<std::shared_ptr<MeshDevice>> chips)
    : id_(0), dev_(chips.at(0)->c_device()), shape_(shape), chips_(std::move(chips)),
      owns_dev_(false), parent_(parent), allocator_(std::make_unique<Allocator>(dev_))
{
	auto dispatch = std::make_shared<detail::DeviceDispatch>();
	for (size_t q = 0; q < parent->cqs_.size(); q++)
		cqs_.push_back(std::make_unique<MeshCommandQueue>(this, static_cast<uint32_t>(q),
								  dispatch));
}

std::shared_ptr<MeshDevice> MeshDevice::create_submesh(const MeshShape &sub,
						       const std::optional<MeshCoordinate> &offset)
{
	TT_FATAL(sub.dims() == shape_.dims(),
		 "submesh shape {} has {} dimensions; the mesh {} has {}", fmt::streamed(sub),
		 sub.dims(), fmt::streamed(shape_), shape_.dims());
	MeshCoordinate at = offset.value_or(MeshCoordinate::zero_coordinate(shape_.dims()));
	TT_FATAL(at.dims() == shape_.dims(),
		 "submesh offset {} has {} dimensions; the mesh {} has {}", fmt::streamed(at),
		 at.dims(), fmt::streamed(shape_), shape_.dims());
	for (size_t d = 0; d < sub.dims(); d++) {
		int32_t i = static_cast<int32_t>(d);
		TT_FATAL(sub[i] > 0, "submesh shape {}: every dimension must be at least 1",
			 fmt::streamed(sub));
		TT_FATAL(at[i] + sub[i] <= shape_[i],
			 "a {} submesh at offset {} does not fit in the {} mesh",
			 fmt::streamed(sub), fmt::streamed(at), fmt::streamed(shape_));
	}
	std::vector<std::shared_ptr<MeshDevice>> chips;
	for (const auto &c : MeshCoordinateRange(sub).coords()) {
		MeshCoordinate p = c;
		for (size_t d = 0; d < c.dims(); d++)
			p[static_cast<int32_t>(d)] += at[static_cast<int32_t>(d)];
		MeshDevice *chip = this->chip(p);
		// A unit mesh is its own chip; a mesh of several holds its chips.
		chips.push_back(chip == this ? shared_from_this() : chips_.at(chip_index(p)));
	}
	auto mesh =
		std::make_shared<MeshDevice>(Private(), shared_from_this(), sub, std::move(chips));
	submeshes_.push_back(mesh);
	return mesh;
}

std::vector<std::shared_ptr<MeshDevice>> MeshDevice::create_submeshes(const MeshShape &sub)
{
	TT_FATAL(sub.dims() == shape_.dims(),
		 "submesh shape {} has {} dimensions; the mesh {} has {}", fmt::streamed(sub),
		 sub.dims(), fmt::streamed(shape_), shape_.dims());
	std::vector<uint32_t> steps;
	for (size_t d = 0; d < sub.dims(); d++) {
		int32_t i = static_cast<int32_t>(d);
		TT_FATAL(sub[i] > 0 && shape_[i] % sub[i] == 0,
			 "submesh shape {} does not divide the {} mesh", fmt::streamed(sub),
			 fmt::streamed(shape_));
		steps.push_back(shape_[i] / sub[i]);
	}
	std::vector<std::shared_ptr<MeshDevice>> out;
	for (const auto &step :
	     MeshCoordinateRange(MeshShape(ttsl::Span<const uint32_t>(steps))).coords()) {
		MeshCoordinate at = step;
		for (size_t d = 0; d < at.dims(); d++)
			at[static_cast<int32_t>(d)] *= sub[static_cast<int32_t>(d)];
		out.push_back(create_submesh(sub, at));
	}
	return out;
}

std::vector<std::shared_ptr<MeshDevice>> MeshDevice::get_submeshes() const
{
	std::vector<std::shared_ptr<MeshDevice>> out;
	for (const auto &w : submeshes_)
		if (auto m = w.lock())
			out.push_back(std::move(m));
	return out;
}

void MeshDevice::quiesce_devices()
{
	for (const auto &sub : get_submeshes())
		sub->quiesce_devices();
	for (const auto &cq : cqs_)
		cq->finish_all();
}

size_t MeshDevice::chip_index(const MeshCoordinate &c) const
{
	return c.dims() > 1 ? c[0] * num_cols() + c[1] : c[0];
}

std::vector<int> MeshDevice::get_device_ids() const
{
	std::vector<int> ids;
	for (IDevice *d : get_devices())
		ids.push_back(d->id());
	return ids;
}

void MeshDevice::reshape(const MeshShape &to)
{
	TT_FATAL(to.mesh_size() == shape_.mesh_size(),
		 "reshape {} to {}: a mesh keeps its {} devices", fmt::streamed(shape_),
		 fmt::streamed(to), shape_.mesh_size());
	TT_FATAL(to.dims() == 2 && shape_.dims() == 2, "reshape: 2-D meshes only ({} to {})",
		 fmt::streamed(shape_), fmt::streamed(to));
	for (auto &q : cqs_)
		q->finish_all();
	if (chips_.empty() || to == shape_) {
		shape_ = to;
		return;
	}
	uint32_t rows = num_rows(), cols = num_cols();
	std::vector<std::shared_ptr<MeshDevice>> order;
	if (to[0] == 1 || to[1] == 1) {
		// The ring round the mesh (a line when it has one row or column).
		std::vector<MeshCoordinate> ring;
		if (rows == 1 || cols == 1) {
			ring = MeshCoordinateRange(shape_).coords();
		} else {
			TT_FATAL(rows == 2 || cols == 2,
				 "reshape {} to a line: a ring round every device exists only when "
				 "one dimension is 2",
				 fmt::streamed(shape_));
			for (uint32_t c = 0; c < cols; c++)
				ring.push_back(MeshCoordinate(0, c));
			for (uint32_t r = 1; r < rows; r++)
				ring.push_back(MeshCoordinate(r, cols - 1));
			for (uint32_t c = cols - 1; c-- > 0;)
				ring.push_back(MeshCoordinate(rows - 1, c));
			for (uint32_t r = rows - 1; r-- > 1;)
				ring.push_back(MeshCoordinate(r, 0));
		}
		for (const auto &c : ring)
			order.push_back(chips_.at(chip_index(c)));
	} else {
		TT_FATAL(to[0] == cols && to[1] == rows,
			 "reshape {} to {}: only to a line or to the transposed shape",
			 fmt::streamed(shape_), fmt::streamed(to));
		for (uint32_t r = 0; r < to[0]; r++)
			for (uint32_t c = 0; c < to[1]; c++)
				order.push_back(chips_.at(chip_index(MeshCoordinate(c, r))));
	}
	chips_ = std::move(order);
	shape_ = to;
}

// A mesh of several chips: a system of that shape, which the emulated
// machine (TT_EMU_SYSTEM) must be able to hold.
static std::shared_ptr<MeshDevice> open_mesh(const MeshShape &shape, size_t l1_small_size,
					     size_t num_command_queues)
{
	check_queues(num_command_queues);
	check_arch_name();
	TT_FATAL(shape.dims() == 2,
		 "a {}-dimensional mesh shape ({}): tensix-emu emulates 2-D "
		 "meshes (MeshShape(rows, cols))",
		 shape.dims(), fmt::streamed(shape));
	struct tt_system_desc machine;
	int rc = tt_system_describe(nullptr, &machine);
	if (rc)
		throw_tt("the emulated system", rc);
	uint32_t rows = shape[0], cols = shape[1];
	bool fits = (rows <= machine.rows && cols <= machine.cols) ||
		    (rows <= machine.cols && cols <= machine.rows) ||
		    ((rows == 1 || cols == 1) && rows * cols <= machine.rows * machine.cols);
	TT_FATAL(fits,
		 "{} {}x{} mesh needs {} chips in that shape, but the emulated system is {} "
		 "({}x{}, {} chip{}): set TT_EMU_SYSTEM to T3000 (2x4), Galaxy (8x4) or a mesh "
		 "such as {}x{}",
		 tt::tt_metal::detail::a_an(rows), rows, cols, rows * cols, machine.name,
		 machine.rows, machine.cols, machine.rows * machine.cols,
		 machine.rows * machine.cols == 1 ? "" : "s", rows, cols);
	std::string name = fmt::format("{}x{}", rows, cols);
	struct tt_system_config cfg = {};
	cfg.name = name.c_str();
	cfg.chip.l1_small_size = l1_small_size;
	struct tt_system *sys = nullptr;
	rc = tt_system_open(&cfg, &sys);
	if (rc)
		throw_tt(fmt::format("opening {} {}x{} mesh of {}",
				     tt::tt_metal::detail::a_an(rows), rows, cols, machine.name),
			 rc);
	return std::make_shared<MeshDevice>(MeshDevice::Private(), sys, shape, num_command_queues);
}

std::shared_ptr<MeshDevice> MeshDevice::create(const MeshDeviceConfig &config, size_t l1_small_size,
					       size_t, size_t num_command_queues,
					       const DispatchCoreConfig &,
					       ttsl::Span<const std::uint32_t>, size_t)
{
	if (config.mesh_shape() && config.mesh_shape()->mesh_size() > 1)
		return open_mesh(*config.mesh_shape(), l1_small_size, num_command_queues);
	int id = config.physical_device_ids().empty() ? 0 : config.physical_device_ids()[0];
	return open_one(id, l1_small_size, num_command_queues);
}

std::shared_ptr<MeshDevice> MeshDevice::create_unit_mesh(int device_id, size_t l1_small_size,
							 size_t, size_t num_command_queues,
							 const DispatchCoreConfig &,
							 ttsl::Span<const std::uint32_t>, size_t)
{
	return open_one(device_id, l1_small_size, num_command_queues);
}

std::map<int, std::shared_ptr<MeshDevice>>
MeshDevice::create_unit_meshes(const std::vector<int> &device_ids, size_t l1_small_size, size_t,
			       size_t num_command_queues, const DispatchCoreConfig &,
			       ttsl::Span<const std::uint32_t>, size_t)
{
	std::map<int, std::shared_ptr<MeshDevice>> out;
	struct tt_system_desc d = {};
	std::set<int> seen;
	for (int id : device_ids) {
		TT_FATAL(id >= 0, "device id {} is negative", id);
		TT_FATAL(seen.insert(id).second, "device id {} listed twice", id);
	}
	if (device_ids.size() < 2 || tt_system_describe(nullptr, &d) || d.rows * d.cols < 2) {
		for (int id : device_ids)
			out[id] = open_one(id, l1_small_size, num_command_queues);
		return out;
	}
	// Several chips of the emulated system (tt-metal's multi-device
	// fixtures): the system's chips, linked by ethernet, each a unit mesh;
	// the system closes with the last of them.
	check_queues(num_command_queues);
	check_arch_name();
	for (int id : device_ids)
		TT_FATAL(static_cast<uint32_t>(id) < d.rows * d.cols,
			 "device id {}: the emulated {} has chips 0..{} (TT_EMU_SYSTEM)", id,
			 d.name, d.rows * d.cols - 1);
	struct tt_system_config cfg = {};
	cfg.chip.l1_small_size = l1_small_size;
	struct tt_system *sys = nullptr;
	int rc = tt_system_open(&cfg, &sys);
	if (rc)
		throw_tt(fmt::format("opening the emulated {}", d.name), rc);
	std::shared_ptr<void> ref(
		sys, [](void *s) { tt_system_close(static_cast<struct tt_system *>(s)); });
	for (int id : device_ids) {
		auto m = std::make_shared<MeshDevice>(
			Private(), id, tt_system_chip(sys, static_cast<uint32_t>(id)),
			num_command_queues);
		m->owns_dev_ = false;
		m->system_ref_ = ref;
		out[id] = std::move(m);
	}
	return out;
}

tt::ARCH MeshDevice::arch() const
{
	return tt_device_arch(dev_)->id == TT_ARCH_BLACKHOLE ? tt::ARCH::BLACKHOLE
							     : tt::ARCH::WORMHOLE_B0;
}

struct tt_device *MeshDevice::c_device() const
{
	TT_FATAL(dev_, "MeshDevice {} is closed", id_);
	return dev_;
}

CoreCoord MeshDevice::grid_size() const
{
	const struct tt_arch *a = tt_device_arch(c_device());
	return { a->noc_size_x, a->noc_size_y };
}

CoreCoord MeshDevice::logical_grid_size() const
{
	return compute_with_storage_grid_size();
}

CoreCoord MeshDevice::dram_grid_size() const
{
	return { tt_device_arch(c_device())->dram_banks, 1 };
}

CoreCoord MeshDevice::compute_with_storage_grid_size() const
{
	struct tt_core g = tt_device_grid(c_device());
	return { g.x, g.y };
}

CoreCoord MeshDevice::worker_core_from_logical_core(const CoreCoord &logical) const
{
	struct tt_core noc;
	int rc = tt_device_worker_core(
		c_device(),
		tt_core(static_cast<uint32_t>(logical.x), static_cast<uint32_t>(logical.y)), &noc);
	if (rc)
		throw_tt(fmt::format("worker_core_from_logical_core({})", logical), rc,
			 fmt::format("the worker grid is {}", compute_with_storage_grid_size()));
	return { noc.x, noc.y };
}

std::vector<CoreCoord>
MeshDevice::worker_cores_from_logical_cores(const std::vector<CoreCoord> &cores) const
{
	std::vector<CoreCoord> out;
	for (const auto &c : cores)
		out.push_back(worker_core_from_logical_core(c));
	return out;
}

CoreCoord MeshDevice::virtual_core_from_logical_core(const CoreCoord &logical,
						     const CoreType &type) const
{
	if (type == CoreType::DRAM) {
		struct tt_core xy;
		int64_t off;
		int rc = tt_device_bank_noc(c_device(), TT_BUFFER_DRAM,
					    static_cast<uint32_t>(logical.x), 0, &xy, &off);
		if (rc)
			throw_tt(fmt::format("virtual_core_from_logical_core(DRAM {})", logical),
				 rc);
		return { xy.x, xy.y };
	}
	if (type == CoreType::ETH)
		return ethernet_core_from_logical_core(logical);
	return worker_core_from_logical_core(logical);
}

uint32_t MeshDevice::num_dram_channels() const
{
	return tt_device_arch(c_device())->dram_banks;
}

uint32_t MeshDevice::l1_size_per_core() const
{
	return tt_device_arch(c_device())->l1_size;
}

bool MeshDevice::close()
{
	if (!dev_)
		return true;
	if (!chips_.empty()) {
		bool ok = true;
		for (auto &q : cqs_) {
			try {
				q->finish_all();
			} catch (const std::exception &e) {
				fmt::print(stderr, "{}\n", e.what());
				ok = false;
			}
		}
		if (parent_) {
			// A submesh's chips are its parent's.
			dev_ = nullptr;
			return ok;
		}
		for (auto &sub : get_submeshes())
			ok = sub->close() && ok;
		for (auto &chip : chips_)
			ok = chip->close() && ok;
		ok = tt_system_close(sys_) == TT_OK && ok;
		sys_ = nullptr;
		dev_ = nullptr;
		return ok;
	}
	bool ok = true;
	try {
		cqs_[0]->finish_all();
	} catch (const std::exception &e) {
		fmt::print(stderr, "{}\n", e.what());
		ok = false;
	}
	auto it = lives().find(dev_);
	if (it != lives().end()) {
		auto life = it->second;
		auto live = life->buffers;
		for (Buffer *b : live)
			b->deallocate();
		life->dev = nullptr;
		life->cq = nullptr;
		lives().erase(it);
	}
	if (owns_dev_)
		tt_device_close(dev_);
	dev_ = nullptr;
	system_ref_.reset();
	return ok;
}

MeshDevice *MeshDevice::chip(const MeshCoordinate &coord) const
{
	TT_FATAL(is_local(coord), "mesh coordinate {} is outside this {} mesh",
		 fmt::streamed(coord), fmt::streamed(shape_));
	if (chips_.empty())
		return const_cast<MeshDevice *>(this);
	return chips_.at(chip_index(coord)).get();
}

IDevice *MeshDevice::get_device(const MeshCoordinate &coord)
{
	return chip(coord);
}

IDevice *MeshDevice::get_device(ChipId physical_device_id)
{
	for (IDevice *d : get_devices())
		if (d->id() == physical_device_id)
			return d;
	TT_THROW("get_device({}): no chip of this {} mesh has that id (its chips: {})",
		 physical_device_id, fmt::streamed(shape_), fmt::join(get_device_ids(), ", "));
}

std::vector<IDevice *> MeshDevice::get_devices() const
{
	if (chips_.empty())
		return { const_cast<MeshDevice *>(this) };
	std::vector<IDevice *> out;
	for (auto &c : chips_)
		out.push_back(c.get());
	return out;
}

CoreRangeSet MeshDevice::worker_cores(HalProgrammableCoreType type, SubDeviceId sub_device_id) const
{
	TT_FATAL(type == HalProgrammableCoreType::TENSIX,
		 "tensix-emu has Tensix worker cores only");
	if (*active_manager_) {
		const auto &subs = managers_.at(*active_manager_);
		TT_FATAL(*sub_device_id < subs.size(), "sub-device {} does not exist ({} loaded)",
			 *sub_device_id, subs.size());
		return subs[*sub_device_id].cores(type);
	}
	TT_FATAL(*sub_device_id == 0, "sub-device {} does not exist (no sub-device manager loaded)",
		 *sub_device_id);
	CoreCoord g = compute_with_storage_grid_size();
	return CoreRangeSet(CoreRange({ 0, 0 }, { g.x - 1, g.y - 1 }));
}

uint32_t MeshDevice::num_worker_cores(HalProgrammableCoreType type, SubDeviceId id) const
{
	return worker_cores(type, id).num_cores();
}

bool MeshDevice::is_local(const MeshCoordinate &coord) const
{
	if (chips_.empty()) {
		for (uint32_t c : coord.coords())
			if (c != 0)
				return false;
		return true;
	}
	if (coord.dims() != shape_.dims())
		return false;
	for (size_t d = 0; d < coord.dims(); d++)
		if (coord[d] >= shape_[static_cast<int32_t>(d)])
			return false;
	return true;
}

MeshCommandQueue &MeshDevice::mesh_command_queue(std::optional<uint8_t> cq_id) const
{
	const size_t q = cq_id.value_or(0);
	TT_FATAL(q < cqs_.size(), "command queue {} does not exist: this device was opened with {}",
		 q, cqs_.size());
	return *cqs_[q];
}

// Traces ---------------------------------------------------------------------------

MeshTraceId MeshDevice::begin_mesh_trace(uint8_t cq_id)
{
	MeshTraceId id{ next_trace_++ };
	begin_mesh_trace(cq_id, id);
	return id;
}

void MeshDevice::begin_mesh_trace(uint8_t cq_id, const MeshTraceId &trace_id)
{
	TT_FATAL(!traces_.count(*trace_id), "trace {} already exists", *trace_id);
	mesh_command_queue(cq_id).start_capture(trace_id);
}

void MeshDevice::end_mesh_trace(uint8_t cq_id, const MeshTraceId &trace_id)
{
	traces_[*trace_id] = mesh_command_queue(cq_id).end_capture(trace_id);
}

void MeshDevice::replay_mesh_trace(uint8_t cq_id, const MeshTraceId &trace_id, bool blocking)
{
	auto it = traces_.find(*trace_id);
	TT_FATAL(it != traces_.end(), "trace {} was not captured (or was released)", *trace_id);
	mesh_command_queue(cq_id).enqueue_runs(it->second, blocking);
}

void MeshDevice::release_mesh_trace(const MeshTraceId &trace_id)
{
	TT_FATAL(traces_.erase(*trace_id), "trace {} was not captured (or was released)",
		 *trace_id);
}

// Sub-devices ----------------------------------------------------------------------

SubDeviceManagerId
MeshDevice::create_sub_device_manager(std::initializer_list<SubDevice> sub_devices,
				      DeviceAddr local_l1_size)
{
	return create_sub_device_manager(
		ttsl::Span<const SubDevice>(sub_devices.begin(), sub_devices.size()),
		local_l1_size);
}

SubDeviceManagerId MeshDevice::create_sub_device_manager(ttsl::Span<const SubDevice> sub_devices,
							 DeviceAddr)
{
	TT_FATAL(!sub_devices.empty(), "a sub-device manager needs at least one sub-device");
	CoreRangeSet seen;
	for (const auto &sd : sub_devices) {
		const CoreRangeSet &c = sd.cores(HalProgrammableCoreType::TENSIX);
		TT_FATAL(!seen.intersects(c), "sub-devices share cores ({})", c.str());
		seen = seen.merge(c);
	}
	uint64_t id = next_manager_++;
	managers_.emplace(id, std::vector<SubDevice>(sub_devices.begin(), sub_devices.end()));
	return SubDeviceManagerId{ id };
}

void MeshDevice::remove_sub_device_manager(SubDeviceManagerId id)
{
	TT_FATAL(id != active_manager_, "sub-device manager {} is loaded", *id);
	TT_FATAL(managers_.erase(*id), "no sub-device manager {}", *id);
}

void MeshDevice::load_sub_device_manager(SubDeviceManagerId id)
{
	TT_FATAL(*id == 0 || managers_.count(*id), "no sub-device manager {}", *id);
	for (auto &cq : cqs_)
		cq->finish_all();
	active_manager_ = id;
	stall_group_.clear();
}

void MeshDevice::clear_loaded_sub_device_manager()
{
	load_sub_device_manager(SubDeviceManagerId{ 0 });
}

const std::vector<SubDeviceId> &MeshDevice::get_sub_device_ids() const
{
	size_t n = *active_manager_ ? managers_.at(*active_manager_).size() : 1;
	sub_device_ids_.clear();
	for (size_t i = 0; i < n; i++)
		sub_device_ids_.emplace_back(static_cast<uint8_t>(i));
	return sub_device_ids_;
}

void MeshDevice::set_sub_device_stall_group(ttsl::Span<const SubDeviceId> ids)
{
	stall_group_.assign(ids.begin(), ids.end());
}

void MeshDevice::reset_sub_device_stall_group()
{
	stall_group_.clear();
}

uint32_t MeshDevice::sub_device_of(const detail::ProgramImpl &program) const
{
	if (!*active_manager_)
		return 0;
	const auto &subs = managers_.at(*active_manager_);
	CoreRangeSet used;
	for (const auto &k : program.kernels)
		if (!k->is_ethernet())
			used = used.merge(k->core_range_set());
	for (size_t i = 0; i < subs.size(); i++) {
		const CoreRangeSet &cores = subs[i].cores(HalProgrammableCoreType::TENSIX);
		if (used.empty() ? cores.empty() : cores.contains(used))
			return static_cast<uint32_t>(i);
	}
	if (used.empty())
		return 0;
	TT_THROW("a program on cores {} is not inside one sub-device of sub-device manager {}: "
		 "a program runs on one sub-device (or load a manager whose sub-device holds it)",
		 used.str(), *active_manager_);
}

} // namespace distributed

namespace detail {
std::shared_ptr<DeviceLife> life_of(IDevice *device)
{
	TT_FATAL(device, "no device given");
	auto &m = distributed::lives();
	auto it = m.find(device->c_device());
	TT_FATAL(it != m.end(), "device {} is closed", device->id());
	return it->second;
}
} // namespace detail

// Buffer --------------------------------------------------------------------

bool is_sharded(const TensorMemoryLayout &layout)
{
	return layout != TensorMemoryLayout::INTERLEAVED;
}

std::array<uint32_t, 2> ShardSpecBuffer::shape_in_pages() const
{
	TT_FATAL(page_shape[0] && page_shape[1], "ShardSpecBuffer with a zero page shape");
	return { shape()[0] / page_shape[0], shape()[1] / page_shape[1] };
}

DeviceAddr ShardSpecBuffer::num_pages() const
{
	auto s = shape_in_pages();
	return static_cast<DeviceAddr>(s[0]) * s[1];
}

Buffer::Buffer(IDevice *device, struct tt_buffer *buf, DeviceAddr size, DeviceAddr page_size,
	       BufferType type, TensorMemoryLayout layout,
	       std::optional<ShardSpecBuffer> shard_spec)
    : device_(device), buf_(buf), empty_(!buf && !size), size_(size), page_size_(page_size),
      type_(type), layout_(layout), shard_spec_(std::move(shard_spec))
{}

Buffer::~Buffer()
{
	deallocate();
}

void Buffer::deallocate()
{
	empty_ = false;
	if (!buf_)
		return;
	auto &m = distributed::lives();
	for (auto &[dev, life] : m) {
		if (life->buffers.erase(this)) {
			// A kernel may still use the buffer: let the queue drain first.
			if (life->cq) {
				try {
					life->cq->finish();
				} catch (const std::exception &e) {
					fmt::print(stderr, "{}\n", e.what());
				}
			}
			break;
		}
	}
	tt_buffer_free(buf_);
	buf_ = nullptr;
}

/*
 * tt-metal cuts a sharded buffer into a 2-D grid of shards whatever the
 * layout and gives shard k (row-major over that grid) to the k-th core of
 * the grid in the orientation's order.  libtt's HEIGHT and WIDTH layouts
 * insist that shards span the full width (height); upstream programs also
 * ask for HEIGHT_SHARDED with narrower shards (vecadd_sharding does).  When
 * the cores form one rectangle that the shard grid fills in that order,
 * libtt's BLOCK layout places the shards the same way: use it.
 */
static enum tt_buffer_layout effective_layout(enum tt_buffer_layout layout,
					      const ShardSpecBuffer &s)
{
	if (layout == TT_BUFFER_BLOCK_SHARDED || !s.page_shape[0] || !s.page_shape[1] ||
	    !s.shape()[0] || !s.shape()[1] || s.grid().size() != 1)
		return layout;
	const auto shard = s.shape_in_pages();
	if (!shard[0] || !shard[1])
		return layout;
	const uint32_t rows = (s.tensor2d_shape_in_pages[0] + shard[0] - 1) / shard[0];
	const uint32_t cols = (s.tensor2d_shape_in_pages[1] + shard[1] - 1) / shard[1];
	bool spans = layout == TT_BUFFER_HEIGHT_SHARDED ? cols == 1 : rows == 1;
	if (spans)
		return layout;
	const CoreCoord g = s.grid().ranges()[0].grid_size();
	bool fits = s.orientation() == ShardOrientation::ROW_MAJOR ? g.x == cols && g.y == rows
								   : g.y == cols && g.x == rows;
	return fits ? TT_BUFFER_BLOCK_SHARDED : layout;
}

// A buffer allocated now, or (@at) a view at an address another holds.
static std::shared_ptr<Buffer> make_buffer(IDevice *device, std::optional<DeviceAddr> at,
					   DeviceAddr size, DeviceAddr page_size, BufferType type,
					   const BufferShardingArgs &sharding)
{
	auto life = detail::life_of(device);
	struct tt_buffer_config cfg = {};
	cfg.size = size;
	cfg.page_size = page_size;
	cfg.type = c_type(type);
	struct tt_buffer_shard_spec spec = {};
	TensorMemoryLayout layout = sharding.buffer_layout();
	if (is_sharded(layout)) {
		TT_FATAL(sharding.shard_spec(), "a {} buffer needs a ShardSpecBuffer",
			 layout == TensorMemoryLayout::HEIGHT_SHARDED  ? "HEIGHT_SHARDED"
			 : layout == TensorMemoryLayout::WIDTH_SHARDED ? "WIDTH_SHARDED"
								       : "sharded");
		const ShardSpecBuffer &s = *sharding.shard_spec();
		switch (layout) {
		case TensorMemoryLayout::HEIGHT_SHARDED:
			cfg.layout = TT_BUFFER_HEIGHT_SHARDED;
			break;
		case TensorMemoryLayout::WIDTH_SHARDED:
			cfg.layout = TT_BUFFER_WIDTH_SHARDED;
			break;
		case TensorMemoryLayout::BLOCK_SHARDED:
			cfg.layout = TT_BUFFER_BLOCK_SHARDED;
			break;
		default:
			TT_THROW("ND_SHARDED buffers (BufferDistributionSpec) are not supported by "
				 "tensix-emu");
		}
		spec.grid = detail::to_c(s.grid());
		spec.shape[0] = s.shape()[0];
		spec.shape[1] = s.shape()[1];
		spec.orientation = s.orientation() == ShardOrientation::ROW_MAJOR
					   ? TT_SHARD_ROW_MAJOR
					   : TT_SHARD_COL_MAJOR;
		spec.page_shape[0] = s.page_shape[0];
		spec.page_shape[1] = s.page_shape[1];
		spec.tensor_pages[0] = s.tensor2d_shape_in_pages[0];
		spec.tensor_pages[1] = s.tensor2d_shape_in_pages[1];
		cfg.layout = effective_layout(cfg.layout, s);
		cfg.shard = &spec;
	}
	if (!size && !at)
		return std::make_shared<Buffer>(device, nullptr, 0, page_size, type, layout,
						std::nullopt);
	struct tt_buffer *buf = nullptr;
	int rc = at ? tt_buffer_create_view(device->c_device(), &cfg, *at, &buf)
		    : tt_buffer_create(device->c_device(), &cfg, &buf);
	if (rc)
		throw_tt(fmt::format("creating {} {}-byte buffer with {}-byte pages{}",
				     tt::tt_metal::detail::a_an(size), size, page_size,
				     at ? fmt::format(" at {:#x}", *at) : ""),
			 rc, tt_last_error());
	auto out =
		std::make_shared<Buffer>(device, buf, size, page_size, type, layout,
					 is_sharded(layout) ? sharding.shard_spec() : std::nullopt);
	life->buffers.insert(out.get());
	return out;
}

std::shared_ptr<Buffer> Buffer::create(IDevice *device, DeviceAddr size, DeviceAddr page_size,
				       BufferType type, const BufferShardingArgs &sharding,
				       std::optional<bool>)
{
	return make_buffer(device, std::nullopt, size, page_size, type, sharding);
}

std::shared_ptr<Buffer> Buffer::create(IDevice *device, DeviceAddr address, DeviceAddr size,
				       DeviceAddr page_size, BufferType type,
				       const BufferShardingArgs &sharding, std::optional<bool>)
{
	return make_buffer(device, address, size, page_size, type, sharding);
}

uint32_t Buffer::address() const
{
	if (empty_)
		return 0;
	TT_FATAL(buf_, "buffer is deallocated (or its device closed)");
	return tt_buffer_address(buf_);
}

Allocator *Buffer::allocator() const
{
	return device_->allocator().get();
}

uint32_t Buffer::num_dev_pages() const
{
	if (!has_shard_spec())
		return num_pages();
	return static_cast<uint32_t>(shard_spec_->num_pages() * shard_cores().size());
}

uint32_t Buffer::alignment() const
{
	return device_->allocator()->get_alignment(type_);
}

DeviceAddr Buffer::aligned_page_size() const
{
	if (buf_)
		return tt_buffer_aligned_page_size(buf_);
	DeviceAddr a = alignment();
	return (page_size_ + a - 1) / a * a;
}

DeviceAddr Buffer::aligned_size() const
{
	return aligned_page_size() * num_dev_pages();
}

DeviceAddr Buffer::aligned_size_per_bank() const
{
	TT_FATAL(buf_, "buffer is deallocated (or its device closed)");
	return tt_buffer_bank_size(buf_);
}

ShardSpecBuffer Buffer::shard_spec() const
{
	TT_FATAL(shard_spec_, "buffer is not sharded");
	return *shard_spec_;
}

std::optional<uint32_t> Buffer::num_cores() const
{
	if (!shard_spec_)
		return std::nullopt;
	return shard_spec_->tensor_shard_spec.num_cores();
}

std::vector<CoreCoord> Buffer::shard_cores() const
{
	TT_FATAL(buf_ && shard_spec_,
		 "shard_cores() of a buffer that is not sharded or not allocated");
	std::vector<CoreCoord> out;
	for (uint32_t k = 0;; k++) {
		struct tt_core c;
		if (tt_buffer_shard_core(buf_, k, &c))
			break;
		out.emplace_back(c.x, c.y);
	}
	return out;
}

std::shared_ptr<Buffer> CreateBuffer(const InterleavedBufferConfig &config)
{
	return Buffer::create(config.device, config.size, config.page_size, config.buffer_type);
}

std::shared_ptr<Buffer> CreateBuffer(const ShardedBufferConfig &config)
{
	return Buffer::create(config.device, config.size, config.page_size, config.buffer_type,
			      BufferShardingArgs(config.shard_parameters, config.buffer_layout));
}

void DeallocateBuffer(Buffer &buffer)
{
	buffer.deallocate();
}

// MeshBuffer ----------------------------------------------------------------

namespace distributed {

// A sharded buffer's datum: its global size over the global shape's
// elements.  Fewer bytes than elements is a datum of 0, and buffers of 0
// bytes, as tt-metal makes them; a remainder otherwise is refused.
static DeviceAddr datum_bytes(const ShardedBufferConfig &s)
{
	size_t elems = s.global_buffer_shape.height() * s.global_buffer_shape.width();
	TT_FATAL(elems && (s.global_size < elems || s.global_size % elems == 0),
		 "a sharded mesh buffer of {} bytes over a {}x{} global shape: the size must be a "
		 "whole number of bytes per element",
		 s.global_size, s.global_buffer_shape.height(), s.global_buffer_shape.width());
	return s.global_size / elems;
}

uint32_t ShardedBufferConfig::compute_datum_size_bytes() const
{
	return static_cast<uint32_t>(datum_bytes(*this));
}

// Shards of a sharded buffer: a grid of shard_shape blocks over the global
// shape.  A shard dimension of 0 is the whole global dimension, and the
// shard is then replicated along a mesh dimension (tt-metal's rule).
struct ShardGrid {
	size_t rows, cols;    // shards
	size_t height, width; // elements per shard
	bool rep_h, rep_w;    // replicated along rows / columns
	DeviceAddr datum;
};

static ShardGrid shard_grid(const ShardedBufferConfig &s, const MeshDevice &mesh)
{
	ShardGrid g{};
	g.datum = datum_bytes(s);
	g.rep_h = s.shard_shape.height() == 0;
	g.rep_w = s.shard_shape.width() == 0;
	g.height = g.rep_h ? s.global_buffer_shape.height() : s.shard_shape.height();
	g.width = g.rep_w ? s.global_buffer_shape.width() : s.shard_shape.width();
	TT_FATAL(s.global_buffer_shape.height() % g.height == 0 &&
			 s.global_buffer_shape.width() % g.width == 0,
		 "shard shape {}x{} does not divide the global shape {}x{}", g.height, g.width,
		 s.global_buffer_shape.height(), s.global_buffer_shape.width());
	g.rows = s.global_buffer_shape.height() / g.height;
	g.cols = s.global_buffer_shape.width() / g.width;
	size_t placed = g.rows * g.cols;
	if (g.rep_h && g.rep_w)
		placed *= mesh.num_devices();
	else if (g.rep_h || g.rep_w)
		placed *= s.shard_orientation == ShardOrientation::ROW_MAJOR ? mesh.num_rows()
									     : mesh.num_cols();
	TT_FATAL(placed <= mesh.num_devices(),
		 "{}x{} shards of {}x{} over a global shape {}x{}{} need {} devices, but the mesh "
		 "has {} devices",
		 g.rows, g.cols, g.height, g.width, s.global_buffer_shape.height(),
		 s.global_buffer_shape.width(), g.rep_h || g.rep_w ? ", replicated," : "", placed,
		 mesh.num_devices());
	return g;
}

// The devices of each shard, shard by shard (row-major over the shard
// grid).  A cursor walks the mesh in the shard orientation's order: one
// device per shard, or, for a shard replicated along one dimension, the
// whole column (ROW_MAJOR) or row (COL_MAJOR) at the cursor.
static std::vector<std::vector<MeshCoordinate>>
shard_devices(const ShardGrid &g, ShardOrientation o, const MeshDevice &mesh)
{
	uint32_t rows = mesh.num_rows(), cols = mesh.num_cols(), dy = 0, dx = 0;
	bool row_major = o == ShardOrientation::ROW_MAJOR;
	std::vector<std::vector<MeshCoordinate>> out;
	for (size_t k = 0; k < g.rows * g.cols; k++) {
		std::vector<MeshCoordinate> to;
		if (g.rep_h && g.rep_w) {
			to = MeshCoordinateRange(mesh.shape()).coords();
		} else if (g.rep_h || g.rep_w) {
			for (uint32_t i = 0; i < (row_major ? rows : cols); i++)
				to.push_back(row_major ? MeshCoordinate(i, dx)
						       : MeshCoordinate(dy, i));
			(row_major ? dx : dy)++;
		} else {
			to.push_back(MeshCoordinate(dy, dx));
			if (row_major && ++dx == cols)
				dx = 0, dy++;
			else if (!row_major && ++dy == rows)
				dy = 0, dx++;
		}
		out.push_back(std::move(to));
	}
	return out;
}

// The chips of a mesh allocate in lockstep, so a mesh buffer is made or
// freed on all of them before another is: two threads creating mesh
// buffers at once get the same address on every chip.
static std::recursive_mutex &mesh_alloc_lock()
{
	static std::recursive_mutex m;
	return m;
}

std::shared_ptr<MeshBuffer> MeshBuffer::create(const MeshBufferConfig &config,
					       const DeviceLocalBufferConfig &local,
					       MeshDevice *mesh_device,
					       std::optional<DeviceAddr> address)
{
	TT_FATAL(mesh_device, "MeshBuffer::create without a mesh device");
	DeviceAddr size;
	if (auto r = std::get_if<ReplicatedBufferConfig>(&config)) {
		size = r->size;
	} else {
		const auto &s = std::get<ShardedBufferConfig>(config);
		if (mesh_device->is_unit()) {
			TT_FATAL(s.shard_shape == s.global_buffer_shape,
				 "a mesh-sharded buffer ({}x{} in {}x{} shards) on a 1x1 mesh: "
				 "open a larger mesh (TT_EMU_SYSTEM) or use a "
				 "ReplicatedBufferConfig",
				 s.global_buffer_shape.height(), s.global_buffer_shape.width(),
				 s.shard_shape.height(), s.shard_shape.width());
			size = s.global_size;
		} else {
			ShardGrid g = shard_grid(s, *mesh_device);
			size = g.height * g.width * g.datum;
		}
	}
	std::vector<std::shared_ptr<Buffer>> chips;
	std::lock_guard<std::recursive_mutex> hold(mesh_alloc_lock());
	for (IDevice *chip : mesh_device->get_devices()) {
		// At @address: a view of memory another mesh buffer holds.
		chips.push_back(address ? Buffer::create(chip, *address, size, local.page_size,
							 local.buffer_type, local.sharding_args,
							 local.bottom_up)
					: Buffer::create(chip, size, local.page_size,
							 local.buffer_type, local.sharding_args,
							 local.bottom_up));
		// Every chip has had the same allocations: lockstep.
		TT_FATAL(chips.back()->address() == chips.front()->address(),
			 "mesh buffer: chip {} placed it at {:#x}, chip 0 at {:#x}; allocate on "
			 "the mesh, not on one of its chips, to keep the chips in lockstep",
			 chips.size() - 1, chips.back()->address(), chips.front()->address());
	}
	return std::make_shared<MeshBuffer>(Private(), config, local, mesh_device,
					    std::move(chips));
}

MeshBuffer::MeshBuffer(Private, const MeshBufferConfig &config,
		       const DeviceLocalBufferConfig &local, MeshDevice *device,
		       std::vector<std::shared_ptr<Buffer>> chip_buffers)
    : config_(config), local_(local), device_(device), address_(chip_buffers.at(0)->address()),
      backing_(chip_buffers.at(0)), chip_buffers_(std::move(chip_buffers))
{}

bool MeshBuffer::is_allocated() const
{
	return backing_ && backing_->is_allocated();
}

MeshBuffer::~MeshBuffer()
{
	std::lock_guard<std::recursive_mutex> hold(mesh_alloc_lock());
	backing_.reset();
	chip_buffers_.clear();
}

void MeshBuffer::deallocate()
{
	std::lock_guard<std::recursive_mutex> hold(mesh_alloc_lock());
	for (auto &b : chip_buffers_)
		b->deallocate();
}

DeviceAddr MeshBuffer::size() const
{
	if (auto s = std::get_if<ShardedBufferConfig>(&config_))
		return s->global_size;
	return backing_->size();
}

DeviceAddr MeshBuffer::device_local_size() const
{
	return backing_->size();
}

Buffer *MeshBuffer::get_device_buffer(const MeshCoordinate &coord) const
{
	TT_FATAL(device_->is_local(coord), "mesh coordinate {} is outside this {} mesh",
		 fmt::streamed(coord), fmt::streamed(device_->shape()));
	if (device_->is_unit())
		return backing_.get();
	return chip_buffers_.at(coord[0] * device_->num_cols() + coord[1]).get();
}

uint32_t MeshBuffer::num_pages() const
{
	return local_.page_size ? static_cast<uint32_t>(backing_->size() / local_.page_size) : 0;
}

// MeshCommandQueue ------------------------------------------------------------

MeshCommandQueue::~MeshCommandQueue()
{
	try {
		finish_all();
	} catch (const std::exception &e) {
		fmt::print(stderr, "{}\n", e.what());
	}
}

static uint32_t finish_timeout_ms()
{
	const char *v = std::getenv("TT_EMU_TIMEOUT_MS");
	return v ? static_cast<uint32_t>(std::strtoul(v, nullptr, 10)) : 0;
}

MeshCommandQueue &MeshCommandQueue::chip_queue(const MeshCoordinate &coord) const
{
	return device_->chip(coord)->mesh_command_queue(static_cast<uint8_t>(id_));
}

std::vector<uint32_t> MeshCommandQueue::stall_set(ttsl::Span<const SubDeviceId> ids) const
{
	std::vector<uint32_t> out;
	const auto &group = device_->get_sub_device_stall_group();
	const size_t n = device_->num_sub_devices();
	for (const SubDeviceId &id : ids.empty() ? ttsl::Span<const SubDeviceId>(group) : ids) {
		TT_FATAL(*id < n, "sub-device {} does not exist ({} loaded)", *id, n);
		out.push_back(*id);
	}
	return out;
}

void MeshCommandQueue::finish_where(
	const std::function<bool(const detail::DeviceDispatch::Flight &)> &which)
{
	auto &running = dispatch_->running;
	struct tt_run_report report = {};
	bool all = std::all_of(running.begin(), running.end(), which);
	if (running.empty())
		return;
	if (all) {
		// Released once this function returns, even when it throws.
		auto done = std::move(running);
		running.clear();
		int rc = tt_finish(device_->c_device(), finish_timeout_ms(), &report);
		if (rc)
			throw_run("program failed", rc, report);
		return;
	}
	for (size_t i = 0; i < running.size();) {
		if (!which(running[i])) {
			i++;
			continue;
		}
		auto done = running[i];
		running.erase(running.begin() + static_cast<std::ptrdiff_t>(i));
		int rc = tt_finish_program(device_->c_device(), done.program->prog,
					   finish_timeout_ms(), &report);
		if (rc) {
			// A failure ends every program in flight on the device.
			auto gone = std::move(running);
			running.clear();
			throw_run("program failed", rc, report);
		}
	}
}

void MeshCommandQueue::for_each_chip(const std::function<void(MeshCommandQueue &)> &fn)
{
	// Every chip, even after one fails: the first failure is thrown.
	std::string failed;
	for (const auto &c : MeshCoordinateRange(device_->shape()).coords()) {
		try {
			fn(chip_queue(c));
		} catch (const std::exception &e) {
			if (failed.empty())
				failed = fmt::format("chip {} (mesh coordinate {}): {}",
						     device_->chip(c)->id(), fmt::streamed(c),
						     e.what());
		}
	}
	if (!failed.empty())
		throw std::runtime_error(failed);
}

void MeshCommandQueue::finish(ttsl::Span<const SubDeviceId> ids)
{
	auto held = hold();
	std::vector<uint32_t> sds = stall_set(ids);
	// Waiting for every sub-device: what was enqueued so far has run once
	// this returns.
	if (sds.empty()) {
		finish_all();
		return;
	}
	auto in_set = [&](const detail::DeviceDispatch::Flight &f) {
		return std::count(sds.begin(), sds.end(), f.sub_device) != 0;
	};
	if (!device_->is_unit())
		for_each_chip([&](MeshCommandQueue &q) { q.finish_where(in_set); });
	else
		finish_where(in_set);
}

void MeshCommandQueue::finish_all()
{
	auto held = hold();
	dispatch_->completed = dispatch_->events;
	if (!device_->is_unit())
		for_each_chip([](MeshCommandQueue &q) { q.finish_all(); });
	else
		finish_where([](const detail::DeviceDispatch::Flight &) { return true; });
}

void MeshCommandQueue::finish_program(const detail::ProgramImpl *program)
{
	auto held = hold();
	if (!device_->is_unit())
		for_each_chip([program](MeshCommandQueue &q) { q.finish_program(program); });
	else
		finish_where([program](const detail::DeviceDispatch::Flight &f) {
			return f.program.get() == program;
		});
}

// Launches made while one lives start on their chips at one step of the
// system's ethernet links (tt_system_hold): a workload over several
// chips runs as one, however long the host takes to start each chip.
class LaunchTogether {
public:
	explicit LaunchTogether(MeshDevice *mesh)
	{
		if (mesh->is_unit())
			return;
		sys_ = tt_device_system(mesh->get_devices().front()->c_device());
		if (sys_)
			tt_system_hold(sys_);
	}
	~LaunchTogether()
	{
		if (sys_)
			tt_system_unhold(sys_);
	}
	LaunchTogether(const LaunchTogether &) = delete;
	LaunchTogether &operator=(const LaunchTogether &) = delete;

private:
	struct tt_system *sys_ = nullptr;
};

void MeshCommandQueue::enqueue_mesh_workload(MeshWorkload &workload, bool blocking)
{
	auto held = hold();
	if (blocking)
		no_capture("a blocking EnqueueMeshWorkload");
	for (const auto &range : workload.order()) {
		for (const auto &c : range.coords())
			TT_FATAL(device_->is_local(c), "workload range {} is outside this {} mesh",
				 fmt::streamed(range), fmt::streamed(device_->shape()));
	}
	{
		LaunchTogether together(device_);
		for (const auto &range : workload.order()) {
			Program &program = workload.get_programs().at(range);
			if (device_->is_unit())
				enqueue_program(program, false);
			else
				launch_on(range, program.shared_impl());
		}
	}
	if (blocking)
		finish();
}

// Each chip's queue starts the program after its own work before it; the
// chips run at once (one QEMU each).
void MeshCommandQueue::launch_on(const MeshCoordinateRange &range,
				 const std::shared_ptr<detail::ProgramImpl> &impl)
{
	if (capturing_) {
		captured_.push_back({ range, impl });
		return;
	}
	// The mesh's sub-device manager says where it runs on every chip.
	uint32_t sub_device = device_->sub_device_of(*impl);
	for (const auto &c : range.coords())
		chip_queue(c).launch(impl, sub_device);
}

void MeshCommandQueue::launch(const std::shared_ptr<detail::ProgramImpl> &impl,
			      std::optional<uint32_t> sub_device)
{
	if (!device_->is_unit()) {
		launch_on(MeshCoordinateRange(device_->shape()), impl);
		return;
	}
	if (capturing_) {
		captured_.push_back({ MeshCoordinateRange(device_->shape()), impl });
		return;
	}
	const uint32_t sd = sub_device ? *sub_device : device_->sub_device_of(*impl);
	// One program at a time on a sub-device: the one before it first.
	finish_where([sd](const detail::DeviceDispatch::Flight &f) { return f.sub_device == sd; });
	impl->push_args();
	struct tt_run_report report = {};
	int rc = tt_enqueue_program(device_->c_device(), impl->prog, &report);
	if (rc == TT_EBUSY && !dispatch_->running.empty()) {
		// On cores another sub-device's program holds (an ethernet core,
		// or too many in flight): after all of them, then.
		finish_all();
		rc = tt_enqueue_program(device_->c_device(), impl->prog, &report);
	}
	if (rc)
		throw_run("enqueueing a program", rc, report);
	dispatch_->running.push_back({ impl, sd });
}

void MeshCommandQueue::enqueue_program(Program &program, bool blocking)
{
	auto held = hold();
	launch(program.shared_impl());
	if (blocking && !capturing_)
		finish();
}

void MeshCommandQueue::enqueue_runs(const std::vector<detail::TracedRun> &runs, bool blocking)
{
	auto held = hold();
	no_capture("replaying a trace");
	for (const auto &r : runs) {
		// A chip's next run waits for its last: one run at a time.
		LaunchTogether together(device_);
		if (device_->is_unit())
			launch(r.program);
		else
			launch_on(r.range, r.program);
	}
	if (blocking)
		finish();
}

void MeshCommandQueue::no_capture(const char *what) const
{
	TT_FATAL(!capturing_, "{} on command queue {} while it captures trace {}", what, id_,
		 capturing_ ? **capturing_ : 0u);
}

void MeshCommandQueue::start_capture(MeshTraceId id)
{
	auto held = hold();
	no_capture("starting a trace capture");
	finish();
	capturing_ = id;
	captured_.clear();
}

std::vector<detail::TracedRun> MeshCommandQueue::end_capture(MeshTraceId id)
{
	auto held = hold();
	TT_FATAL(capturing_ && *capturing_ == id, "command queue {} is not capturing trace {}", id_,
		 *id);
	capturing_.reset();
	return std::move(captured_);
}

MeshEvent MeshCommandQueue::enqueue_record_event(ttsl::Span<const SubDeviceId>,
						 const std::optional<MeshCoordinateRange> &range)
{
	auto held = hold();
	no_capture("recording an event");
	return MeshEvent(++dispatch_->events, device_, id_,
			 range.value_or(MeshCoordinateRange(device_->shape())));
}

MeshEvent
MeshCommandQueue::enqueue_record_event_to_host(ttsl::Span<const SubDeviceId> ids,
					       const std::optional<MeshCoordinateRange> &range)
{
	return enqueue_record_event(ids, range);
}

void MeshCommandQueue::enqueue_wait_for_event(const MeshEvent &event)
{
	auto held = hold();
	TT_FATAL(event.device() == device_, "an event of another device");
}

static Buffer &backing(const std::shared_ptr<MeshBuffer> &b)
{
	TT_FATAL(b && b->is_allocated(), "mesh buffer is not allocated");
	return *b->get_backing_buffer();
}

// Copy shard @k of a sharded buffer between the global host array @host
// (row-major, datum by datum) and @dev, the chip's shard (row-major).
static void shard_copy(const ShardGrid &g, const ShardedBufferConfig &s, size_t k, uint8_t *host,
		       uint8_t *dev, bool to_dev)
{
	size_t si = k / g.cols, sj = k % g.cols;
	size_t row_bytes = g.width * g.datum, global_row = s.global_buffer_shape.width() * g.datum;
	for (size_t r = 0; r < g.height; r++) {
		uint8_t *h = host + (si * g.height + r) * global_row + sj * row_bytes;
		uint8_t *d = dev + r * row_bytes;
		if (to_dev)
			std::memcpy(d, h, row_bytes);
		else
			std::memcpy(h, d, row_bytes);
	}
}

// Every chip's part of @buffer: the whole of it when replicated, its shard
// when sharded.  Reading back needs one copy of every byte: a replicated
// buffer, or a sharded one replicated along a dimension, is read shard by
// shard (ReadShard), as tt-metal requires.
static void mesh_io(MeshDevice &mesh, const std::shared_ptr<MeshBuffer> &buffer, void *host,
		    bool write)
{
	const char *what = write ? "writing a mesh buffer" : "reading a mesh buffer";
	auto io = [&](Buffer *b, void *data, const MeshCoordinate &c) {
		int rc = write ? tt_buffer_write(b->c_buffer(), data)
			       : tt_buffer_read(b->c_buffer(), data);
		if (rc)
			throw_tt(fmt::format("{} on mesh coordinate {}", what, fmt::streamed(c)),
				 rc);
	};
	auto sharded = std::get_if<ShardedBufferConfig>(&buffer->global_config());
	if (!sharded) {
		TT_FATAL(write,
			 "EnqueueReadMeshBuffer of a replicated buffer on a {} mesh: read one "
			 "device's copy with ReadShard",
			 fmt::streamed(mesh.shape()));
		for (const auto &c : MeshCoordinateRange(mesh.shape()).coords())
			io(buffer->get_device_buffer(c), host, c);
		return;
	}
	ShardGrid g = shard_grid(*sharded, mesh);
	TT_FATAL(write || !(g.rep_h || g.rep_w),
		 "EnqueueReadMeshBuffer of a buffer replicated along a mesh dimension (shard shape "
		 "{}x{}): read one device's copy with ReadShard",
		 sharded->shard_shape.height(), sharded->shard_shape.width());
	auto devices = shard_devices(g, sharded->shard_orientation, mesh);
	std::vector<uint8_t> shard(buffer->device_local_size());
	for (size_t k = 0; k < devices.size(); k++) {
		if (write) {
			shard_copy(g, *sharded, k, static_cast<uint8_t *>(host), shard.data(),
				   true);
			for (const auto &c : devices[k])
				io(buffer->get_device_buffer(c), shard.data(), c);
		} else {
			io(buffer->get_device_buffer(devices[k][0]), shard.data(), devices[k][0]);
			shard_copy(g, *sharded, k, static_cast<uint8_t *>(host), shard.data(),
				   false);
		}
	}
}

void MeshCommandQueue::enqueue_write_mesh_buffer(const std::shared_ptr<MeshBuffer> &buffer,
						 const void *host_data, bool)
{
	auto held = hold();
	no_capture("buffer I/O");
	finish();
	if (!device_->is_unit()) {
		TT_FATAL(buffer && buffer->is_allocated(), "mesh buffer is not allocated");
		mesh_io(*device_, buffer, const_cast<void *>(host_data), true);
		return;
	}
	int rc = tt_buffer_write(backing(buffer).c_buffer(), host_data);
	if (rc)
		throw_tt("writing a mesh buffer", rc);
}

void MeshCommandQueue::enqueue_read_mesh_buffer(void *host_data,
						const std::shared_ptr<MeshBuffer> &buffer, bool)
{
	auto held = hold();
	no_capture("buffer I/O");
	finish();
	if (!device_->is_unit()) {
		TT_FATAL(buffer && buffer->is_allocated(), "mesh buffer is not allocated");
		mesh_io(*device_, buffer, host_data, false);
		return;
	}
	int rc = tt_buffer_read(backing(buffer).c_buffer(), host_data);
	if (rc)
		throw_tt("reading a mesh buffer", rc);
}

// Shard transfers: each the whole of one chip's buffer or a region of it.
// A non-blocking one that went through pinned memory leaves an event on
// that memory, as tt-metal's queue does: locking the memory waits for it.
void MeshCommandQueue::transfer_shards(MeshBuffer &buffer,
				       const std::vector<ShardDataTransfer> &transfers, bool write,
				       bool blocking, const CoreRangeSet *filter)
{
	auto held = hold();
	no_capture("buffer I/O");
	finish();
	TT_FATAL(buffer.is_allocated(), "mesh buffer is not allocated");
	bool pinned_used = false;
	for (const auto &t : transfers) {
		TT_FATAL(device_->is_local(t.shard_coord()), "shard {} is outside this {} mesh",
			 fmt::streamed(t.shard_coord()), fmt::streamed(device_->shape()));
		Buffer &b = *buffer.get_device_buffer(t.shard_coord());
		auto r = t.region();
		uint64_t offset = r ? r->offset : 0, size = r ? r->size : b.size();
		const auto &pinned = experimental::ShardDataTransferGetPinnedMemory(t);
		if (pinned)
			pinned_used |= !write || detail::pinned_write_allowed(
							 b, t.host_data(), offset, size, *pinned);
		if (filter) {
			detail::write_cores(b, offset, t.host_data(), size, *filter);
			continue;
		}
		int rc = write ? tt_buffer_write_region(b.c_buffer(), offset, t.host_data(), size)
			       : tt_buffer_read_region(b.c_buffer(), offset, t.host_data(), size);
		if (rc)
			throw_tt(write ? "writing a shard" : "reading a shard", rc);
	}
	if (blocking) {
		finish();
	} else if (pinned_used) {
		auto event = enqueue_record_event();
		for (const auto &t : transfers)
			if (const auto &pinned = experimental::ShardDataTransferGetPinnedMemory(t))
				pinned->add_barrier_event(event);
	}
}

void MeshCommandQueue::enqueue_write_shards(const std::shared_ptr<MeshBuffer> &buffer,
					    const std::vector<ShardDataTransfer> &transfers,
					    bool blocking)
{
	TT_FATAL(buffer, "mesh buffer is not allocated");
	transfer_shards(*buffer, transfers, true, blocking);
}

void MeshCommandQueue::enqueue_read_shards(const std::vector<ShardDataTransfer> &transfers,
					   const std::shared_ptr<MeshBuffer> &buffer, bool blocking)
{
	TT_FATAL(buffer, "mesh buffer is not allocated");
	transfer_shards(*buffer, transfers, false, blocking);
}

// One transfer per shard @host_buffer holds on this host (of the mesh's
// devices), each its bytes from the start of the device's buffer and
// through the host buffer's pinned memory, if any.
std::vector<ShardDataTransfer>
MeshCommandQueue::host_buffer_transfers(const MeshBuffer &buffer,
					const DistributedHostBuffer &host_buffer, bool all)
{
	std::vector<ShardDataTransfer> out;
	auto coords = all ? MeshCoordinateRange(buffer.device()->shape()).coords()
			  : std::vector<MeshCoordinate>();
	if (!all)
		for (const auto &c : host_buffer.shard_coords())
			coords.push_back(c);
	for (const auto &c : coords) {
		auto shard = host_buffer.get_shard(c);
		if (!shard)
			continue;
		auto bytes = shard->view_bytes();
		ShardDataTransfer t(c);
		t.host_data(bytes.data()).region(BufferRegion(0, bytes.size()));
		experimental::ShardDataTransferSetPinnedMemory(
			t, experimental::HostBufferGetPinnedMemory(*shard));
		out.push_back(std::move(t));
	}
	return out;
}

void MeshCommandQueue::enqueue_write(const std::shared_ptr<MeshBuffer> &buffer,
				     const DistributedHostBuffer &host_buffer, bool blocking)
{
	TT_FATAL(buffer, "mesh buffer is not allocated");
	transfer_shards(*buffer, host_buffer_transfers(*buffer, host_buffer, false), true,
			blocking);
}

void MeshCommandQueue::enqueue_read(const std::shared_ptr<MeshBuffer> &buffer,
				    DistributedHostBuffer &host_buffer,
				    const std::optional<std::unordered_set<MeshCoordinate>> &shards,
				    bool blocking)
{
	TT_FATAL(buffer, "mesh buffer is not allocated");
	auto transfers = host_buffer_transfers(*buffer, host_buffer, true);
	if (shards)
		std::erase_if(transfers, [&](const ShardDataTransfer &t) {
			return !shards->count(t.shard_coord());
		});
	transfer_shards(*buffer, transfers, false, blocking);
}

// Workloads and free functions ------------------------------------------------

void MeshWorkload::add_program(const MeshCoordinateRange &range, Program &&program)
{
	// A device runs one program of a workload: ranges may not overlap.
	for (const auto &[other, _] : programs_)
		for (const auto &c : range.coords())
			for (const auto &o : other.coords())
				TT_FATAL(!(c == o),
					 "the program range {} overlaps with the previously added "
					 "range {} (at {})",
					 fmt::streamed(range), fmt::streamed(other),
					 fmt::streamed(c));
	programs_.emplace(range, std::move(program));
	order_.push_back(range);
}

void EnqueueMeshWorkload(MeshCommandQueue &cq, MeshWorkload &workload, bool blocking)
{
	cq.enqueue_mesh_workload(workload, blocking);
}

void Finish(MeshCommandQueue &cq, ttsl::Span<const SubDeviceId> ids)
{
	// Nothing a trace captures runs until it is replayed.
	TT_FATAL(!cq.trace_id(), "Finish on command queue {} while it captures trace {}", cq.id(),
		 cq.trace_id() ? **cq.trace_id() : 0u);
	cq.finish(ids);
}

void EventSynchronize(const MeshEvent &event)
{
	event.device()->mesh_command_queue(event.mesh_cq_id()).finish();
}

bool EventQuery(const MeshEvent &event)
{
	const MeshCommandQueue &cq = event.device()->mesh_command_queue(event.mesh_cq_id());

	// An event not recorded yet is not reached.
	return event.id() <= cq.last_event_id() && cq.running() == nullptr;
}

MeshTraceId BeginTraceCapture(MeshDevice *device, uint8_t cq_id)
{
	return device->begin_mesh_trace(cq_id);
}

void EndTraceCapture(MeshDevice *device, uint8_t cq_id, const MeshTraceId &trace_id)
{
	device->end_mesh_trace(cq_id, trace_id);
}

void ReplayTrace(MeshDevice *device, uint8_t cq_id, const MeshTraceId &trace_id, bool blocking)
{
	device->replay_mesh_trace(cq_id, trace_id, blocking);
}

void ReleaseTrace(MeshDevice *device, const MeshTraceId &trace_id)
{
	device->release_mesh_trace(trace_id);
}

void Synchronize(MeshDevice *device, std::optional<uint8_t> cq_id,
		 ttsl::Span<const SubDeviceId> ids)
{
	device->mesh_command_queue(cq_id).finish(ids);
}

} // namespace distributed

// Profiler ------------------------------------------------------------------------

// With TT_METAL_DEVICE_PROFILER=1 libtt keeps the markers the kernels set
// and appends them to tt-metal's profile_log_device.csv here (docs/trace.md).
static void write_profiler_log(const std::vector<IDevice *> &chips)
{
	for (IDevice *chip : chips)
		if (int rc = tt_device_read_profiler(chip->c_device()))
			throw_tt(fmt::format("device {}: writing the device profiler log",
					     chip->id()),
				 rc, tt_last_error());
}

void ReadMeshDeviceProfilerResults(distributed::MeshDevice &mesh_device, ProfilerReadState,
				   const std::optional<ProfilerOptionalMetadata> &)
{
	mesh_device.mesh_command_queue().finish();
	write_profiler_log(mesh_device.get_devices());
}

void detail::ReadDeviceProfilerResults(IDevice *device, ProfilerReadState,
				       const std::optional<ProfilerOptionalMetadata> &)
{
	life_of(device)->cq->finish();
	write_profiler_log({ device });
}

// SubDevice -----------------------------------------------------------------------

SubDevice::SubDevice(ttsl::Span<const CoreRangeSet> cores)
{
	TT_FATAL(cores.size() <= cores_.size(), "{} core types given; there are {}", cores.size(),
		 cores_.size());
	for (size_t i = 0; i < cores.size(); i++)
		cores_[i] = cores[i];
}

const CoreRangeSet &SubDevice::cores(HalProgrammableCoreType type) const
{
	return cores_.at(static_cast<size_t>(type));
}

// Devices without a mesh ---------------------------------------------------------

static std::map<IDevice *, std::shared_ptr<distributed::MeshDevice>> &plain_devices()
{
	static std::map<IDevice *, std::shared_ptr<distributed::MeshDevice>> m;
	return m;
}

IDevice *CreateDevice(ChipId device_id, uint8_t num_hw_cqs, size_t l1_small_size,
		      size_t trace_region_size)
{
	auto mesh = distributed::MeshDevice::create_unit_mesh(device_id, l1_small_size,
							      trace_region_size, num_hw_cqs);
	IDevice *dev = mesh.get();
	plain_devices()[dev] = std::move(mesh);
	return dev;
}

bool CloseDevice(IDevice *device)
{
	auto it = plain_devices().find(device);
	TT_FATAL(it != plain_devices().end(), "CloseDevice: not a device made by CreateDevice");
	bool ok = it->second->close();
	plain_devices().erase(it);
	return ok;
}

namespace detail {
struct tt_system_desc emulated_system()
{
	struct tt_system_desc d;
	int rc = tt_system_describe(nullptr, &d);
	if (rc)
		throw_tt("the emulated system", rc, tt_last_error());
	return d;
}
} // namespace detail

ClusterType GetClusterType()
{
	struct tt_system_desc d = detail::emulated_system();
	if (!strcmp(d.name, "N150"))
		return ClusterType::N150;
	if (!strcmp(d.name, "N300"))
		return ClusterType::N300;
	if (!strcmp(d.name, "T3000") || !strcmp(d.name, "T3K"))
		return ClusterType::T3K;
	if (!strcmp(d.name, "Galaxy") || !strcmp(d.name, "TG"))
		return ClusterType::GALAXY;
	// Two N300 cards of a T3000 (TT_VISIBLE_DEVICES=0,1).
	if (d.rows == 2 && d.cols == 2 && d.pcie_chips == 2)
		return ClusterType::N300_2x2;
	return ClusterType::CUSTOM;
}

// The chips of the emulated system (TT_EMU_SYSTEM).
size_t GetNumAvailableDevices()
{
	struct tt_system_desc d = detail::emulated_system();
	return d.rows * d.cols;
}

// Global semaphores ---------------------------------------------------------------

GlobalSemaphore::GlobalSemaphore(IDevice *device, const CoreRangeSet &cores, uint32_t initial_value,
				 BufferType buffer_type)
    : device_(device), cores_(cores)
{
	TT_FATAL(buffer_type == BufferType::L1 || buffer_type == BufferType::L1_SMALL,
		 "a GlobalSemaphore lives in L1 or L1_SMALL");
	TT_FATAL(!cores.empty(), "a GlobalSemaphore needs at least one core");
	uint32_t word = device->allocator()->get_alignment(buffer_type);
	// One aligned word, at the same address in every L1 bank: every core.
	buffer_ = Buffer::create(device, word, word, buffer_type);
	reset_semaphore_value(initial_value);
}

DeviceAddr GlobalSemaphore::address() const
{
	return buffer_->address();
}

void GlobalSemaphore::reset_semaphore_value(uint32_t value) const
{
	auto life = detail::life_of(device_);
	if (life->cq)
		life->cq->finish();
	for (const CoreRange &r : cores_.ranges())
		for (const CoreCoord &c : r) {
			int rc = tt_device_l1_write(life->dev, { (uint32_t)c.x, (uint32_t)c.y },
						    buffer_->address(), &value, sizeof(value));
			if (rc)
				throw_tt(fmt::format("GlobalSemaphore: writing core {}", c.str()),
					 rc);
		}
}

GlobalSemaphore CreateGlobalSemaphore(IDevice *device, const CoreRangeSet &cores,
				      uint32_t initial_value, BufferType buffer_type)
{
	return GlobalSemaphore(device, cores, initial_value, buffer_type);
}

// Chips behind a PCIe link of their own: one per N300 card (its second
// chip is reached over ethernet), so four on a T3000; every chip elsewhere.
size_t GetNumPCIeDevices()
{
	return detail::emulated_system().pcie_chips;
}

ChipId GetPCIeDeviceID(ChipId device_id)
{
	return device_id;
}

bool IsGalaxyCluster()
{
	struct tt_system_desc d = detail::emulated_system();
	return !strcmp(d.name, "Galaxy") || !strcmp(d.name, "TG");
}

// detail:: entry points ----------------------------------------------------------

namespace detail {

void CompileProgram(IDevice *device, Program &program, bool)
{
	struct tt_run_report report = {};
	int rc = tt_program_compile(device->c_device(), program.impl().prog, &report);
	if (rc)
		throw_run("building the program's kernels", rc, report);
}

void LaunchProgram(IDevice *device, Program &program, bool wait_until_cores_done, bool)
{
	life_of(device)->cq->enqueue_program(program, wait_until_cores_done);
}

void LaunchProgram(IDevice *device, const std::shared_ptr<Program> &program,
		   bool wait_until_cores_done, bool)
{
	TT_FATAL(program, "LaunchProgram without a program");
	LaunchProgram(device, *program, wait_until_cores_done);
}

void forget_program(const ProgramImpl *impl)
{
	for (auto &[dev, life] : distributed::lives()) {
		if (life->cq) {
			try {
				life->cq->finish_program(impl);
			} catch (const std::exception &e) {
				fmt::print(stderr, "{}\n", e.what());
			}
		}
	}
}

void WaitProgramDone(IDevice *device, Program &, bool)
{
	life_of(device)->cq->finish();
}

void WriteToBuffer(Buffer &buffer, ttsl::Span<const uint8_t> host)
{
	TT_FATAL(host.size() >= buffer.size(), "{} bytes of data for {} {}-byte buffer",
		 host.size(), tt::tt_metal::detail::a_an(buffer.size()), buffer.size());
	life_of(buffer.device())->cq->finish();
	int rc = tt_buffer_write(buffer.c_buffer(), host.data());
	if (rc)
		throw_tt("writing a buffer", rc);
}

void ReadFromBuffer(Buffer &buffer, uint8_t *host)
{
	life_of(buffer.device())->cq->finish();
	int rc = tt_buffer_read(buffer.c_buffer(), host);
	if (rc)
		throw_tt("reading a buffer", rc);
}

void WriteRuntimeArgsToDevice(IDevice *device, Program &program, bool)
{
	life_of(device)->cq->finish();
	program.impl().push_args();
}

// L1 of @core (a worker, or an ethernet core (0, channel)): @src is written
// when given, else @dst read.
static bool l1_copy(IDevice *device, const CoreCoord &core, CoreType type, uint32_t address,
		    const void *src, void *dst, size_t len)
{
	TT_FATAL(type == CoreType::WORKER || type == CoreType::ETH,
		 "raw L1 access on core {}: CoreType {} has no L1 (WORKER or ETH)", core.str(),
		 static_cast<int>(type));
	life_of(device)->cq->finish();
	struct tt_device *dev = device->c_device();
	struct tt_core c = tt_core(static_cast<uint32_t>(core.x), static_cast<uint32_t>(core.y));
	bool eth = type == CoreType::ETH;
	int rc =
		src ? (eth ? tt_device_eth_l1_write : tt_device_l1_write)(dev, c, address, src, len)
		    : (eth ? tt_device_eth_l1_read : tt_device_l1_read)(dev, c, address, dst, len);
	return rc == TT_OK;
}

bool WriteToDeviceL1(IDevice *device, const CoreCoord &core, uint32_t address,
		     std::span<const uint8_t> host, CoreType core_type)
{
	return l1_copy(device, core, core_type, address, host.data(), nullptr, host.size());
}

bool WriteToDeviceL1(IDevice *device, const CoreCoord &core, uint32_t address,
		     const std::vector<uint32_t> &host, CoreType core_type)
{
	return l1_copy(device, core, core_type, address, host.data(), nullptr,
		       host.size() * sizeof(uint32_t));
}

bool ReadFromDeviceL1(IDevice *device, const CoreCoord &core, uint32_t address,
		      std::span<uint8_t> host, CoreType core_type)
{
	return l1_copy(device, core, core_type, address, nullptr, host.data(), host.size());
}

bool ReadFromDeviceL1(IDevice *device, const CoreCoord &core, uint32_t address, uint32_t size,
		      std::vector<uint32_t> &host, CoreType core_type)
{
	host.resize((size + 3) / 4);
	return l1_copy(device, core, core_type, address, nullptr, host.data(), size);
}

// DRAM bank @channel at @address: @src is written when given, else @dst read.
static bool dram_copy(IDevice *device, int channel, uint32_t address, const void *src, void *dst,
		      size_t len)
{
	life_of(device)->cq->finish();
	if (channel < 0)
		return false;
	struct tt_device *dev = device->c_device();
	auto bank = static_cast<uint32_t>(channel);
	int rc = src ? tt_device_dram_write(dev, bank, address, src, len)
		     : tt_device_dram_read(dev, bank, address, dst, len);
	return rc == TT_OK;
}

bool WriteToDeviceDRAMChannel(IDevice *device, int channel, uint32_t address,
			      std::span<const uint8_t> host)
{
	return dram_copy(device, channel, address, host.data(), nullptr, host.size());
}

bool WriteToDeviceDRAMChannel(IDevice *device, int channel, uint32_t address,
			      const std::vector<uint32_t> &host)
{
	return dram_copy(device, channel, address, host.data(), nullptr,
			 host.size() * sizeof(uint32_t));
}

bool ReadFromDeviceDRAMChannel(IDevice *device, int channel, uint32_t address,
			       std::span<uint8_t> host)
{
	return dram_copy(device, channel, address, nullptr, host.data(), host.size());
}

bool ReadFromDeviceDRAMChannel(IDevice *device, int channel, uint32_t address, uint32_t size,
			       std::vector<uint32_t> &host)
{
	host.resize((size + 3) / 4);
	return dram_copy(device, channel, address, nullptr, host.data(), size);
}

} // namespace detail

} // namespace tt::tt_metal

// Fabric ----------------------------------------------------------------------------

namespace tt::tt_fabric {

void SetFabricConfig(FabricConfig config, FabricReliabilityMode, std::optional<uint8_t>,
		     FabricTensixConfig, FabricUDMMode, FabricManagerMode, FabricRouterConfig)
{
	TT_FATAL(config == FabricConfig::DISABLED,
		 "SetFabricConfig({}): tt-fabric is not emulated yet (ethernet links between the "
		 "emulated chips carry no traffic); only FabricConfig::DISABLED is accepted",
		 static_cast<uint32_t>(config));
}

FabricConfig GetFabricConfig()
{
	return FabricConfig::DISABLED;
}

} // namespace tt::tt_fabric
