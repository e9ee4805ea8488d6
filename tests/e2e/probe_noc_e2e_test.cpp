// SPDX-License-Identifier: Apache-2.0
//
// Probe: the Device 2.0 Noc object's options and the state-based and
// transaction-id forms of the dataflow API, the zeroing calls, inline
// writes and the Semaphore object across three cores, written as a
// tt-metal program would (kernels in kernels/probe/noc_options_*.cpp).
// Every page of the output must be its input page, except for the bytes
// zeroed on purpose, and the report page must hold what the helpers saw.
#include <criterion/criterion.h>

#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

using namespace tt::tt_metal;

#define KERNEL(name) TT_TEST_KERNELS "/probe/" name

static std::shared_ptr<distributed::MeshBuffer> buffer(distributed::MeshDevice *dev, uint64_t size,
						       uint64_t page, BufferType type)
{
	distributed::DeviceLocalBufferConfig local{ .page_size = page, .buffer_type = type };
	return distributed::MeshBuffer::create(distributed::ReplicatedBufferConfig{ .size = size },
					       local, dev);
}

Test(probe, noc_options_and_semaphores)
{
	const uint32_t page = 2048, pages = 8;
	auto dev = distributed::MeshDevice::create_unit_mesh(0);
	auto &cq = dev->mesh_command_queue();
	auto src = buffer(dev.get(), pages * page, page, BufferType::DRAM);
	// One extra page for the report.
	auto dst = buffer(dev.get(), (pages + 1) * page, page, BufferType::DRAM);
	// A page at the same address on every core: the report CB lives there.
	auto cores = dev->compute_with_storage_grid_size();
	auto l1 = buffer(dev.get(), cores.x * cores.y * page, page, BufferType::L1);

	std::vector<uint32_t> in(pages * page / 4), fill((pages + 1) * page / 4, 0xabababab);
	for (size_t i = 0; i < in.size(); i++)
		in[i] = (uint32_t)i * 2654435761u + 7;
	distributed::EnqueueWriteMeshBuffer(cq, src, in, false);
	distributed::EnqueueWriteMeshBuffer(cq, dst, fill, false);

	Program program = CreateProgram();
	CoreCoord main_core{ 0, 0 }, h1{ 1, 0 }, h2{ 2, 0 };
	CoreRange all({ 0, 0 }, { 2, 0 });
	uint32_t sem = CreateSemaphore(program, all, 0);
	cr_assert_eq(sem, 0u);
	CreateCircularBuffer(program, main_core,
			     CircularBufferConfig(pages * page, { { tt::CBIndex::c_0,
								    tt::DataFormat::Float16_b } })
				     .set_page_size(tt::CBIndex::c_0, page));
	CreateCircularBuffer(
		program, main_core,
		CircularBufferConfig(page, { { tt::CBIndex::c_1, tt::DataFormat::Float16_b } })
			.set_page_size(tt::CBIndex::c_1, page));
	CreateCircularBuffer(
		program, main_core,
		CircularBufferConfig(page, { { tt::CBIndex::c_2, tt::DataFormat::Float16_b } })
			.set_page_size(tt::CBIndex::c_2, page)
			.set_globally_allocated_address(*l1->get_backing_buffer()));

	std::vector<uint32_t> ct;
	TensorAccessorArgs(*src).append_to(ct);
	TensorAccessorArgs(*dst).append_to(ct);
	auto m = CreateKernel(program, KERNEL("noc_options_main.cpp"), main_core,
			      DataMovementConfig{ .processor = DataMovementProcessor::RISCV_0,
						  .noc = NOC::RISCV_0_default,
						  .compile_args = ct });
	auto h = CreateKernel(program, KERNEL("noc_options_helper.cpp"), CoreRange(h1, h2),
			      DataMovementConfig{ .processor = DataMovementProcessor::RISCV_1,
						  .noc = NOC::RISCV_1_default });
	auto vm = dev->worker_core_from_logical_core(main_core);
	auto v1 = dev->worker_core_from_logical_core(h1);
	auto v2 = dev->worker_core_from_logical_core(h2);
	SetRuntimeArgs(program, m, main_core,
		       { (uint32_t)src->address(), (uint32_t)dst->address(), pages, (uint32_t)v1.x,
			 (uint32_t)v1.y, (uint32_t)v2.x, (uint32_t)v2.y });
	SetRuntimeArgs(program, h, h1,
		       { (uint32_t)vm.x, (uint32_t)vm.y, (uint32_t)l1->address(), 0 });
	SetRuntimeArgs(program, h, h2,
		       { (uint32_t)vm.x, (uint32_t)vm.y, (uint32_t)l1->address(), 1 });

	distributed::MeshWorkload workload;
	workload.add_program(distributed::MeshCoordinateRange(dev->shape()), std::move(program));
	distributed::EnqueueMeshWorkload(cq, workload, false);
	std::vector<uint32_t> out;
	distributed::EnqueueReadMeshBuffer(cq, out, dst, true);
	cr_assert_eq(out.size(), (pages + 1) * page / 4);

	for (uint32_t p = 0; p < pages; p++) {
		for (uint32_t w = 0; w < page / 4; w++) {
			uint32_t i = p * page / 4 + w;
			bool zeroed = p == 5 && w >= 512 / 4 && w < 1536 / 4;
			cr_assert_eq(out[i], zeroed ? 0u : in[i], "page %u word %u: 0x%08x", p, w,
				     out[i]);
		}
	}
	const uint32_t *rep = &out[pages * page / 4];
	cr_assert_eq(rep[0], 0x108u, "helper 1's report 0x%x", rep[0]);
	cr_assert_eq(rep[1], 0x208u, "helper 2's report 0x%x", rep[1]);
	cr_assert_eq(rep[2], 0x11111111u);
	cr_assert_eq(rep[3], 0x22222222u);
	cr_assert_eq(rep[4], 0x33333333u);
	cr_assert_eq(rep[5] & 0xffff, 0x4444u, "byte enables 0x3 write the low half");
	dev->close();
}

// ASSERT checks only under tt-metal's switches, and then names its line.
static void run_assert(uint32_t arg)
{
	auto dev = distributed::MeshDevice::create_unit_mesh(0);
	Program program = CreateProgram();
	auto k = CreateKernel(program, KERNEL("assert_arg.cpp"), CoreCoord(0, 0),
			      DataMovementConfig{});
	SetRuntimeArgs(program, k, CoreCoord(0, 0), { arg });
	distributed::MeshWorkload workload;
	workload.add_program(distributed::MeshCoordinateRange(dev->shape()), std::move(program));
	try {
		distributed::EnqueueMeshWorkload(dev->mesh_command_queue(), workload, true);
	} catch (...) {
		dev->close();
		throw;
	}
	dev->close();
}

Test(probe, assert_follows_the_watcher_switch)
{
	unsetenv("TT_METAL_WATCHER");
	unsetenv("TT_METAL_LIGHTWEIGHT_KERNEL_ASSERTS");
	run_assert(8); // not checked
	setenv("TT_METAL_WATCHER", "1", 1);
	run_assert(7);
	std::string what;
	try {
		run_assert(8);
	} catch (const std::runtime_error &e) {
		what = e.what();
	}
	unsetenv("TT_METAL_WATCHER");
	cr_assert(what.find("ASSERT failed on line 13") != std::string::npos, "%s", what.c_str());
	cr_assert(what.find("assert_arg.cpp:13") != std::string::npos, "%s", what.c_str());
}
