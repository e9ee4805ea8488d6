// SPDX-License-Identifier: Apache-2.0
//
// The TT-Metalium library on a running device: mesh buffers (DRAM, L1,
// sharded), the in-order queue, runtime args, TensorAccessorArgs words,
// and kernel failures surfacing as exceptions carrying libtt's report.
// Kernels are the C test kernels, so this needs no C++ kernel support.
#include <criterion/criterion.h>

#include <algorithm>
#include <string>

#include <unistd.h>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/experimental/program_descriptor_patching.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/program_descriptors.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt-metalium/sub_device.hpp>
#include <tt-metalium/tt_metal.hpp>

using namespace tt::tt_metal;

#define KERNEL(name) TT_TEST_KERNELS "/" name

static std::shared_ptr<distributed::MeshBuffer>
make(const std::shared_ptr<distributed::MeshDevice> &dev, uint64_t size, uint64_t page,
     BufferType type)
{
	distributed::DeviceLocalBufferConfig local{ .page_size = page, .buffer_type = type };
	distributed::ReplicatedBufferConfig cfg{ .size = size };
	return distributed::MeshBuffer::create(cfg, local, dev.get());
}

// DRAM -> L1 -> DRAM copy of @tiles pages with the C loopback kernel.
static void loopback(const std::shared_ptr<distributed::MeshDevice> &dev, bool fix_args_late)
{
	const uint32_t tiles = 8, page = 2048;
	auto in = make(dev, tiles * page, page, BufferType::DRAM);
	auto out = make(dev, tiles * page, page, BufferType::DRAM);
	auto l1 = make(dev, page, page, BufferType::L1);
	auto &cq = dev->mesh_command_queue();

	std::vector<uint32_t> src(tiles * page / 4);
	for (size_t i = 0; i < src.size(); i++)
		src[i] = static_cast<uint32_t>(i * 2654435761u);
	distributed::EnqueueWriteMeshBuffer(cq, in, src, false);

	Program program = CreateProgram();
	CoreCoord core{ 1, 2 };
	KernelHandle k =
		CreateKernel(program, KERNEL("noc_dram_loopback.c"), core,
			     DataMovementConfig{ .processor = DataMovementProcessor::RISCV_0,
						 .noc = NOC::RISCV_0_default });
	uint32_t n = fix_args_late ? 0 : tiles;
	SetRuntimeArgs(program, k, core,
		       { (uint32_t)in->address(), (uint32_t)out->address(), (uint32_t)l1->address(),
			 n, page, 1, 1 });
	if (fix_args_late)
		GetRuntimeArgs(program, k, core)[3] = tiles;

	distributed::MeshWorkload workload;
	workload.add_program(distributed::MeshCoordinateRange(dev->shape()), std::move(program));
	distributed::EnqueueMeshWorkload(cq, workload, false);
	std::vector<uint32_t> got;
	distributed::EnqueueReadMeshBuffer(cq, got, out, true);
	cr_assert_eq(got.size(), src.size());
	cr_assert(got == src, "loopback data differs");
}

Test(metalium_e2e, loopback_in_order)
{
	auto dev = distributed::MeshDevice::create_unit_mesh(0);
	cr_assert(dev->shape() == distributed::MeshShape(1, 1));
	cr_assert(dev->compute_with_storage_grid_size() == CoreCoord(8, 8));
	cr_assert(dev->worker_core_from_logical_core({ 1, 2 }) == CoreCoord(19, 20));
	loopback(dev, false);
	loopback(dev, true);
	cr_assert(dev->close());
}

Test(metalium_e2e, shards_and_buffers_outlive_close)
{
	auto dev = distributed::MeshDevice::create_unit_mesh(0);
	auto &cq = dev->mesh_command_queue();
	auto buf = make(dev, 4096, 1024, BufferType::L1);
	std::vector<uint16_t> a(2048), b;
	for (size_t i = 0; i < a.size(); i++)
		a[i] = static_cast<uint16_t>(i * 7);
	distributed::WriteShard(cq, buf, a, distributed::MeshCoordinate(0, 0));
	distributed::ReadShard(cq, b, buf, distributed::MeshCoordinate(0, 0));
	cr_assert(a == b);
	cr_assert_eq(buf->get_backing_buffer()->aligned_page_size(), 1024u);
	cr_assert_eq(dev->allocator()->get_alignment(BufferType::DRAM), 32u);
	cr_assert(dev->close());
	// buf is freed by close(); dropping it afterwards must be harmless.
	cr_assert(!buf->is_allocated());
}

Test(metalium_e2e, accessor_args_words)
{
	auto dev = distributed::MeshDevice::create_unit_mesh(0);
	std::vector<uint32_t> ct;
	TensorAccessorArgs(*make(dev, 8192, 2048, BufferType::DRAM)).append_to(ct);
	TensorAccessorArgs(make(dev, 400, 100, BufferType::L1)->get_backing_buffer()).append_to(ct);
	cr_assert_eq(ct.size(), 4u);
	cr_assert_eq(ct[0], 2u, "IsDram, interleaved");
	cr_assert_eq(ct[1], 2048u);
	cr_assert_eq(ct[2], 0u, "L1, interleaved");
	cr_assert_eq(ct[3], 112u, "100-byte pages aligned to 16");

	// Height-sharded: a 128x32 tensor of 32x32 tiles over cores (0,0)..(0,3).
	ShardSpecBuffer spec(CoreRangeSet(CoreRange({ 0, 0 }, { 0, 3 })), { 32, 32 },
			     ShardOrientation::ROW_MAJOR, { 32, 32 }, { 4, 1 });
	distributed::DeviceLocalBufferConfig local{
		.page_size = 2048,
		.buffer_type = BufferType::L1,
		.sharding_args = BufferShardingArgs(spec, TensorMemoryLayout::HEIGHT_SHARDED),
	};
	auto sh = distributed::MeshBuffer::create(
		distributed::ReplicatedBufferConfig{ .size = 4 * 2048 }, local, dev.get());
	auto words = TensorAccessorArgs(sh).get_compile_time_args();
	std::vector<uint32_t> want = { 1,
				       2048,
				       2,
				       4,
				       4,
				       1,
				       1,
				       1,
				       (18u << 8 | 18u) | (18u << 8 | 19u) << 16,
				       (18u << 8 | 20u) | (18u << 8 | 21u) << 16 };
	cr_assert(words == want, "sharded words: %s", fmt::format("{}", words).c_str());
	cr_assert(TensorAccessorArgs(sh).get_common_runtime_args().empty());

	std::vector<uint32_t> ct2, crt;
	TensorAccessorArgs(sh, tensor_accessor::ArgConfig::RuntimeBankCoords).append_to(ct2, crt);
	cr_assert_eq(ct2.size(), 8u);
	cr_assert_eq(crt.size(), 2u);
	cr_assert_throw(TensorAccessorArgs(sh, tensor_accessor::ArgConfig::RuntimeBankCoords)
				.append_to(ct2),
			std::runtime_error);

	std::vector<uint16_t> data(4 * 1024), back;
	for (size_t i = 0; i < data.size(); i++)
		data[i] = static_cast<uint16_t>(i);
	distributed::EnqueueWriteMeshBuffer(dev->mesh_command_queue(), sh, data, true);
	distributed::EnqueueReadMeshBuffer(dev->mesh_command_queue(), back, sh, true);
	cr_assert(back == data);
	dev->close();
}

Test(metalium_e2e, kernel_trap_is_an_exception_with_the_report)
{
	auto dev = distributed::MeshDevice::create_unit_mesh(0);
	auto scratch = make(dev, 64, 64, BufferType::L1);
	Program program = CreateProgram();
	KernelHandle k =
		CreateKernel(program, KERNEL("illegal.c"), CoreCoord(0, 0), DataMovementConfig{});
	SetRuntimeArgs(program, k, CoreCoord(0, 0), { (uint32_t)scratch->address() });
	distributed::MeshWorkload workload;
	workload.add_program(distributed::MeshCoordinateRange(dev->shape()), std::move(program));
	std::string what;
	try {
		distributed::EnqueueMeshWorkload(dev->mesh_command_queue(), workload, false);
		distributed::Finish(dev->mesh_command_queue());
	} catch (const std::runtime_error &e) {
		what = e.what();
	}
	cr_assert(what.find("program failed") != std::string::npos, "what(): %s", what.c_str());
	cr_assert(what.find("illegal.c") != std::string::npos, "no kernel file:line in: %s",
		  what.c_str());
	// The device stays usable after a failed run.
	loopback(dev, false);
	dev->close();
}

Test(metalium_e2e, unit_meshes_are_independent_devices)
{
	auto meshes = distributed::MeshDevice::create_unit_meshes({ 0, 1 });
	cr_assert_eq(meshes.size(), 2u);
	cr_assert_eq(meshes.at(1)->id(), 1);
	loopback(meshes.at(0), false);
	loopback(meshes.at(1), true);
	for (auto &[id, mesh] : meshes)
		cr_assert(mesh->close(), "device %d", id);
}

Test(metalium_e2e, globally_allocated_cb)
{
	auto dev = distributed::MeshDevice::create_unit_mesh(0);
	auto l1 = make(dev, 4096, 2048, BufferType::L1);
	Program program = CreateProgram();
	// Two 2048-byte pages over the L1 banks: one page, 2048 bytes, per core.
	auto cfg = CircularBufferConfig(2048, { { tt::CBIndex::c_3, tt::DataFormat::Float16_b } })
			   .set_page_size(tt::CBIndex::c_3, 2048)
			   .set_globally_allocated_address(*l1->get_backing_buffer());
	CBHandle cb = CreateCircularBuffer(program, CoreCoord(0, 0), cfg);
	cr_assert(GetCircularBufferConfig(program, cb).globally_allocated_address() ==
		  l1->address());
	// The CB must fit the buffer's bytes on each core.
	auto big = CircularBufferConfig(4096, { { tt::CBIndex::c_4, tt::DataFormat::Float16_b } })
			   .set_page_size(tt::CBIndex::c_4, 2048)
			   .set_globally_allocated_address(*l1->get_backing_buffer());
	cr_assert_throw(CreateCircularBuffer(program, CoreCoord(0, 0), big), std::runtime_error);
	dev->close();
}

Test(metalium_e2e, device_without_mesh)
{
	IDevice *dev = CreateDevice(0);
	const uint32_t page = 2048, tiles = 4;
	auto in =
		CreateBuffer(InterleavedBufferConfig{ dev, tiles * page, page, BufferType::DRAM });
	auto out =
		CreateBuffer(InterleavedBufferConfig{ dev, tiles * page, page, BufferType::DRAM });
	auto l1 = CreateBuffer(InterleavedBufferConfig{ dev, page, page, BufferType::L1 });
	std::vector<uint32_t> src(tiles * page / 4), got;
	for (size_t i = 0; i < src.size(); i++)
		src[i] = static_cast<uint32_t>(i ^ 0x5a5a5a5a);
	detail::WriteToBuffer(*in, src);

	Program program = CreateProgram();
	KernelHandle k = CreateKernel(program, KERNEL("noc_dram_loopback.c"), CoreCoord(0, 0),
				      DataMovementConfig{});
	SetRuntimeArgs(program, k, CoreCoord(0, 0),
		       { in->address(), out->address(), l1->address(), tiles, page, 1, 1 });
	detail::LaunchProgram(dev, program);
	detail::ReadFromBuffer(*out, got);
	cr_assert(got == src);
	cr_assert(CloseDevice(dev));
}

// detail's raw DRAM and L1 access: DRAM channel c is the bank a buffer's
// page c lands in, spans the chip does not have are refused, and runtime
// args written ahead of a launch are the ones it runs with.
Test(metalium_e2e, raw_dram_and_l1_access)
{
	IDevice *dev = CreateDevice(0);
	const uint32_t page = 64, banks = dev->num_dram_channels();
	auto buf =
		CreateBuffer(InterleavedBufferConfig{ dev, banks * page, page, BufferType::DRAM });
	std::vector<uint32_t> src(banks * page / 4), got;
	for (size_t i = 0; i < src.size(); i++)
		src[i] = static_cast<uint32_t>(i * 0x9e3779b9u);
	detail::WriteToBuffer(*buf, src);
	for (uint32_t c = 0; c < banks; c++) {
		cr_assert(detail::ReadFromDeviceDRAMChannel(dev, c, buf->address(), page, got));
		cr_assert(std::equal(got.begin(), got.end(), src.begin() + c * page / 4),
			  "DRAM channel %u holds another page than the buffer's page %u", c, c);
	}
	std::vector<uint8_t> bytes = { 1, 2, 3, 4, 5, 6, 7, 8 }, back(bytes.size());
	cr_assert(detail::WriteToDeviceDRAMChannel(dev, 1, buf->address() + 8, bytes));
	cr_assert(detail::ReadFromDeviceDRAMChannel(dev, 1, buf->address() + 8, back));
	cr_assert(back == bytes);
	detail::ReadFromBuffer(*buf, got);
	cr_assert_eq(got[page / 4 + 2], 0x04030201u);
	cr_assert_not(detail::WriteToDeviceDRAMChannel(dev, banks, buf->address(), bytes));
	cr_assert_not(detail::ReadFromDeviceDRAMChannel(dev, -1, buf->address(), back));

	const uint32_t l1 = dev->allocator()->get_base_allocator_addr(HalMemType::L1);
	cr_assert(detail::WriteToDeviceL1(dev, CoreCoord(2, 3), l1, bytes));
	std::vector<uint32_t> words;
	cr_assert(detail::ReadFromDeviceL1(dev, CoreCoord(2, 3), l1, 8, words));
	cr_assert(words == std::vector<uint32_t>({ 0x04030201u, 0x08070605u }));
	cr_assert_not(
		detail::ReadFromDeviceL1(dev, CoreCoord(2, 3), dev->l1_size_per_core() - 4, back));
	cr_assert(detail::WriteToDeviceL1(dev, CoreCoord(0, 1), l1, words, CoreType::ETH));
	cr_assert(detail::ReadFromDeviceL1(dev, CoreCoord(0, 1), l1, back, CoreType::ETH));
	cr_assert(back == bytes);

	// The args written ahead are the launch's: the loopback copies 4 pages.
	auto in = CreateBuffer(InterleavedBufferConfig{ dev, 4 * 2048, 2048, BufferType::DRAM });
	auto out = CreateBuffer(InterleavedBufferConfig{ dev, 4 * 2048, 2048, BufferType::DRAM });
	auto scratch = CreateBuffer(InterleavedBufferConfig{ dev, 2048, 2048, BufferType::L1 });
	std::vector<uint32_t> data(4 * 2048 / 4, 0x5eed5eedu);
	detail::WriteToBuffer(*in, data);
	Program program = CreateProgram();
	KernelHandle k = CreateKernel(program, KERNEL("noc_dram_loopback.c"), CoreCoord(0, 0),
				      DataMovementConfig{});
	SetRuntimeArgs(program, k, CoreCoord(0, 0),
		       { in->address(), out->address(), scratch->address(), 4, 2048, 1, 1 });
	detail::WriteRuntimeArgsToDevice(dev, program);
	detail::LaunchProgram(dev, program);
	detail::ReadFromBuffer(*out, got);
	cr_assert(got == data);
	cr_assert(CloseDevice(dev));
}

// A program built from a ProgramDescriptor runs, and repointed at other
// buffers through its bindings, copies into those.
Test(metalium_e2e, program_descriptor_bindings)
{
	IDevice *dev = CreateDevice(0);
	const uint32_t page = 2048, pages = 4;
	auto make_dram = [&] {
		return CreateBuffer(
			InterleavedBufferConfig{ dev, pages * page, page, BufferType::DRAM });
	};
	auto in = make_dram(), out_a = make_dram(), out_b = make_dram();
	auto scratch = CreateBuffer(InterleavedBufferConfig{ dev, page, page, BufferType::L1 });
	std::vector<uint32_t> src(pages * page / 4), zeros(src.size()), got;
	for (size_t i = 0; i < src.size(); i++)
		src[i] = static_cast<uint32_t>(i * 0x01000193u + 7);
	detail::WriteToBuffer(*in, src);
	detail::WriteToBuffer(*out_b, zeros);

	KernelDescriptor kd;
	kd.kernel_source = KERNEL("noc_dram_loopback.c");
	kd.core_ranges = CoreRangeSet(CoreRange(CoreCoord(1, 1)));
	kd.config = DataMovementConfigDescriptor{};
	kd.emplace_runtime_args(CoreCoord(1, 1),
				{ in.get(), out_a.get(), scratch.get(), pages, page, 1u, 1u });
	cr_assert_eq(kd.buffer_bindings.size(), 3u);
	cr_assert_eq(kd.runtime_args[0].second[1], out_a->address());
	// Common args append, each buffer's binding at its place in the whole list.
	kd.emplace_common_runtime_args({ 5u, 6u });
	kd.emplace_common_runtime_args({ 7u, in.get() });
	cr_assert(kd.common_runtime_args == std::vector<uint32_t>({ 5, 6, 7, in->address() }));
	cr_assert_eq(kd.common_buffer_bindings.size(), 1u);
	cr_assert_eq(kd.common_buffer_bindings[0].arg_idx, 3u);
	ProgramDescriptor desc;
	desc.kernels = { kd };
	cr_assert_eq(std::hash<ProgramDescriptor>{}(desc), std::hash<ProgramDescriptor>{}(desc));

	Program program{ desc };
	std::vector<Buffer *> bufs = { in.get(), out_a.get(), scratch.get() };
	ResolvedBindings resolved = resolve_bindings(program, desc, bufs);
	cr_assert_eq(resolved.rt_args.size(), 4u);
	cr_assert(resolved.rt_args[3].is_common);
	cr_assert_eq(resolved.rt_args[1].arg_idx, 1u);
	detail::LaunchProgram(dev, program);
	detail::ReadFromBuffer(*out_a, got);
	cr_assert(got == src);

	bufs[1] = out_b.get();
	apply_resolved_bindings(program, resolved, bufs);
	cr_assert_eq(GetRuntimeArgs(program, 0, CoreCoord(1, 1))[1], out_b->address());
	detail::LaunchProgram(dev, program);
	detail::ReadFromBuffer(*out_b, got);
	cr_assert(got == src, "the repointed program did not write its new output buffer");

	// A buffer the list does not hold cannot be resolved.
	cr_assert_throw(resolve_bindings(program, desc, std::vector<Buffer *>{ in.get() }),
			std::runtime_error);
	cr_assert(CloseDevice(dev));
}

Test(metalium_e2e, worker_cores)
{
	auto dev = distributed::MeshDevice::create_unit_mesh(0);
	auto cores = dev->worker_cores(HalProgrammableCoreType::TENSIX, SubDeviceId{ 0 });
	cr_assert_eq(cores.num_cores(), 64u);
	cr_assert_eq(dev->num_worker_cores(HalProgrammableCoreType::TENSIX, SubDeviceId{ 0 }), 64u);
	cr_assert_eq(dev->get_device(0, 0), dev.get());
	cr_assert_throw(dev->get_device(0, 1), std::runtime_error);
	dev->close();
}

// HEIGHT_SHARDED with shards narrower than the tensor, as tt-metal accepts:
// the 1x4 grid of 4x1-tile shards goes round-robin over a row of cores.
Test(metalium_e2e, height_sharded_narrow_shards)
{
	auto dev = distributed::MeshDevice::create_unit_mesh(0);
	ShardSpecBuffer spec(CoreRangeSet(CoreRange({ 0, 0 }, { 3, 0 })), { 128, 32 },
			     ShardOrientation::ROW_MAJOR, { 32, 32 }, { 4, 4 });
	distributed::DeviceLocalBufferConfig local{
		.page_size = 2048,
		.buffer_type = BufferType::L1,
		.sharding_args = BufferShardingArgs(spec, TensorMemoryLayout::HEIGHT_SHARDED),
	};
	auto buf = distributed::MeshBuffer::create(
		distributed::ReplicatedBufferConfig{ .size = 16 * 2048 }, local, dev.get());
	cr_assert(buf->get_backing_buffer()->buffer_layout() == TensorMemoryLayout::HEIGHT_SHARDED);
	auto cores = buf->get_backing_buffer()->shard_cores();
	cr_assert_eq(cores.size(), 4u);
	for (size_t k = 0; k < cores.size(); k++)
		cr_assert(cores[k] == CoreCoord(k, 0), "shard %zu on (%zu,%zu)", k, cores[k].x,
			  cores[k].y);
	std::vector<uint32_t> data(16 * 512), back;
	for (size_t i = 0; i < data.size(); i++)
		data[i] = static_cast<uint32_t>(i * 31);
	distributed::EnqueueWriteMeshBuffer(dev->mesh_command_queue(), buf, data, true);
	distributed::EnqueueReadMeshBuffer(dev->mesh_command_queue(), back, buf, true);
	cr_assert(back == data);
	dev->close();
}

Test(metalium_e2e, profiler_read_waits_for_the_queue)
{
	auto dev = distributed::MeshDevice::create_unit_mesh(0);
	auto scratch = make(dev, 64, 64, BufferType::L1);
	Program program = CreateProgram();
	program.set_runtime_id(7);
	cr_assert_eq(program.get_runtime_id(), 7u);
	CreateKernel(program, KERNEL("empty.c"), CoreCoord(0, 0), DataMovementConfig{});
	distributed::MeshWorkload workload;
	workload.add_program(distributed::MeshCoordinateRange(dev->shape()), std::move(program));
	auto &cq = dev->mesh_command_queue();
	distributed::EnqueueMeshWorkload(cq, workload, false);
	cr_assert(cq.running() != nullptr);
	ReadMeshDeviceProfilerResults(*dev);
	cr_assert(cq.running() == nullptr);
	dev->close();
}

// Two queues, a trace and events on a 1x1 mesh: data on queue 1, the
// traced loopback on queue 0, ordered by events.
Test(metalium_e2e, traces_and_events_on_two_queues)
{
	auto dev = distributed::MeshDevice::create_unit_mesh(0, 0, 0, 2);
	cr_assert_eq(dev->num_hw_cqs(), 2u);
	auto &data_cq = dev->mesh_command_queue(1);
	auto &work_cq = dev->mesh_command_queue(0);
	const uint32_t tiles = 4, page = 2048;
	auto in = make(dev, tiles * page, page, BufferType::DRAM);
	auto out = make(dev, tiles * page, page, BufferType::DRAM);
	auto l1 = make(dev, page, page, BufferType::L1);

	Program program = CreateProgram();
	KernelHandle k = CreateKernel(program, KERNEL("noc_dram_loopback.c"), CoreCoord(0, 0),
				      DataMovementConfig{});
	SetRuntimeArgs(program, k, CoreCoord(0, 0),
		       { (uint32_t)in->address(), (uint32_t)out->address(), (uint32_t)l1->address(),
			 tiles, page, 1, 1 });
	distributed::MeshWorkload workload;
	workload.add_program(distributed::MeshCoordinateRange(dev->shape()), std::move(program));

	std::vector<uint32_t> zeros(tiles * page / 4, 0), got;
	distributed::EnqueueWriteMeshBuffer(data_cq, out, zeros, true);
	auto trace = distributed::BeginTraceCapture(dev.get(), 0);
	distributed::EnqueueMeshWorkload(work_cq, workload, false);
	cr_assert_throw(distributed::EnqueueWriteMeshBuffer(work_cq, in, zeros, true),
			std::runtime_error);
	dev->end_mesh_trace(0, trace);
	distributed::EnqueueReadMeshBuffer(data_cq, got, out, true);
	cr_assert(got == zeros, "a captured workload must not run");

	for (uint32_t round = 1; round <= 2; round++) {
		std::vector<uint32_t> src(tiles * page / 4);
		for (size_t i = 0; i < src.size(); i++)
			src[i] = static_cast<uint32_t>(i * round + 0x1000 * round);
		distributed::EnqueueWriteMeshBuffer(data_cq, in, src, false);
		auto written = data_cq.enqueue_record_event();
		work_cq.enqueue_wait_for_event(written);
		dev->replay_mesh_trace(0, trace, false);
		auto done = work_cq.enqueue_record_event();
		data_cq.enqueue_wait_for_event(done);
		distributed::EventSynchronize(done);
		cr_assert(distributed::EventQuery(done));
		distributed::EnqueueReadMeshBuffer(data_cq, got, out, true);
		cr_assert(got == src, "replay %u", round);
	}
	distributed::ReleaseTrace(dev.get(), trace);
	cr_assert_throw(dev->replay_mesh_trace(0, trace, true), std::runtime_error);
	cr_assert_throw(dev->mesh_command_queue(2), std::runtime_error);
	dev->close();
}

Test(metalium_e2e, sub_device_managers)
{
	auto dev = distributed::MeshDevice::create_unit_mesh(0);
	SubDevice a(std::array{ CoreRangeSet(CoreRange({ 0, 0 }, { 0, 0 })) });
	SubDevice b(std::array{ CoreRangeSet(CoreRange({ 1, 1 }, { 2, 1 })) });
	auto mgr = dev->create_sub_device_manager({ a, b }, 3200);
	cr_assert_eq(dev->num_sub_devices(), 1u);
	dev->load_sub_device_manager(mgr);
	cr_assert_eq(dev->num_sub_devices(), 2u);
	cr_assert_eq(
		dev->worker_cores(HalProgrammableCoreType::TENSIX, SubDeviceId{ 1 }).num_cores(),
		2u);
	cr_assert_throw(dev->remove_sub_device_manager(mgr), std::runtime_error);
	cr_assert_throw(dev->create_sub_device_manager({ a, a }, 0), std::runtime_error);
	dev->clear_loaded_sub_device_manager();
	cr_assert_eq(
		dev->worker_cores(HalProgrammableCoreType::TENSIX, SubDeviceId{ 0 }).num_cores(),
		64u);
	dev->remove_sub_device_manager(mgr);
	dev->close();
}

// What opening a unit mesh with ARCH_NAME=@arch prints on stderr.
static std::string opened_with_arch(const char *arch)
{
	char path[] = "/tmp/tt-arch-name-XXXXXX";
	int fd = mkstemp(path), saved = dup(2);
	cr_assert(fd >= 0 && saved >= 0);
	setenv("ARCH_NAME", arch, 1);
	fflush(stderr);
	dup2(fd, 2);
	auto dev = distributed::MeshDevice::create_unit_mesh(0);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	unsetenv("ARCH_NAME");
	cr_assert(dev->arch() == tt::ARCH::WORMHOLE_B0);
	cr_assert(dev->close());
	std::string said;
	char buf[4096];
	ssize_t n;
	lseek(fd, 0, SEEK_SET);
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		said.append(buf, static_cast<size_t>(n));
	close(fd);
	unlink(path);
	return said;
}

// ARCH_NAME names the chip in tt-metal: one the emulator lacks is said,
// not ignored; names match in any case.
Test(metalium_e2e, arch_name_blackhole_is_said_not_ignored)
{
	std::string said = opened_with_arch("BlackHole");
	cr_expect(said.find("ARCH_NAME=BlackHole: blackhole is not emulated yet; the device is a "
			    "Wormhole (wormhole_b0) instead") != std::string::npos,
		  "stderr: %s", said.c_str());
	said = opened_with_arch("WORMHOLE_B0");
	cr_expect(said.find("ARCH_NAME") == std::string::npos, "stderr: %s", said.c_str());
}
