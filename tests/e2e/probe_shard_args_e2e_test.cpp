// SPDX-License-Identifier: Apache-2.0
//
// Probe: a height-sharded MeshBuffer read in place through two CBs that
// share its globally allocated address and across cores through a
// sharded TensorAccessor (kernels/probe/shard_args.cpp); the program
// enqueued twice with runtime args changed in between through
// GetRuntimeArgs and GetCommonRuntimeArgs and the CBs moved to another
// sharded buffer with UpdateDynamicCircularBufferAddress.  Each run must
// see the args and buffers it was enqueued with.  Also a GlobalSemaphore
// shared by two programs and reset by the host in between.
#include <criterion/criterion.h>

#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt-metalium/tt_metal.hpp>

using namespace tt::tt_metal;

#define KERNEL(name) TT_TEST_KERNELS "/probe/" name

static const uint32_t page = 2048, shards = 4, words = page / 4;

static std::shared_ptr<distributed::MeshBuffer> sharded(distributed::MeshDevice *dev)
{
	ShardSpecBuffer spec(CoreRangeSet(CoreRange({ 0, 0 }, { 0, shards - 1 })), { 64, 32 },
			     ShardOrientation::ROW_MAJOR, { 32, 32 }, { 2 * shards, 1 });
	distributed::DeviceLocalBufferConfig local{
		.page_size = page,
		.buffer_type = BufferType::L1,
		.sharding_args = BufferShardingArgs(spec, TensorMemoryLayout::HEIGHT_SHARDED),
	};
	return distributed::MeshBuffer::create(
		distributed::ReplicatedBufferConfig{ .size = 2 * shards * page }, local, dev);
}

static std::shared_ptr<distributed::MeshBuffer> dram(distributed::MeshDevice *dev, uint32_t pages)
{
	distributed::DeviceLocalBufferConfig local{ .page_size = page,
						    .buffer_type = BufferType::DRAM };
	return distributed::MeshBuffer::create(
		distributed::ReplicatedBufferConfig{ .size = pages * page }, local, dev);
}

// Run @r's data: word k of page p is seed + p * words + k.
static std::vector<uint32_t> pattern(uint32_t seed)
{
	std::vector<uint32_t> v(2 * shards * words);
	for (uint32_t i = 0; i < v.size(); i++)
		v[i] = seed + i;
	return v;
}

static void check(const std::vector<uint32_t> &in, uint32_t add, const std::vector<uint32_t> &out,
		  const std::vector<uint32_t> &next, const char *run)
{
	for (uint32_t i = 0; i < shards; i++) {
		for (uint32_t p = 0; p < 2; p++)
			for (uint32_t k = 0; k < words; k++) {
				uint32_t at = (2 * i + p) * words + k;
				cr_assert_eq(out[at], in[at] + add + i,
					     "%s: core %u page %u word %u", run, i, p, k);
			}
		uint32_t from = (((i + 1) % shards) * 2 + 1) * words;
		for (uint32_t k = 0; k < words; k++)
			cr_assert_eq(next[i * words + k], in[from + k],
				     "%s: core %u's neighbour page", run, i);
	}
}

Test(probe, shards_shared_cbs_and_args_between_enqueues)
{
	auto dev = distributed::MeshDevice::create_unit_mesh(0);
	auto &cq = dev->mesh_command_queue();
	auto s1 = sharded(dev.get()), s2 = sharded(dev.get());
	auto out1 = dram(dev.get(), 2 * shards), out2 = dram(dev.get(), 2 * shards);
	auto next1 = dram(dev.get(), shards), next2 = dram(dev.get(), shards);
	auto in1 = pattern(1000), in2 = pattern(7000000);
	distributed::EnqueueWriteMeshBuffer(cq, s1, in1, false);
	distributed::EnqueueWriteMeshBuffer(cq, s2, in2, false);

	Program program = CreateProgram();
	CoreRange cores({ 0, 0 }, { 0, shards - 1 });
	// CBs 0 and 1: one allocation, the shard of each core.
	CBHandle shared = CreateCircularBuffer(
		program, cores,
		CircularBufferConfig(2 * page, { { tt::CBIndex::c_0, tt::DataFormat::Float16_b },
						 { tt::CBIndex::c_1, tt::DataFormat::Float16_b } })
			.set_page_size(tt::CBIndex::c_0, page)
			.set_page_size(tt::CBIndex::c_1, page)
			.set_globally_allocated_address(*s1->get_backing_buffer()));
	CreateCircularBuffer(
		program, cores,
		CircularBufferConfig(page, { { tt::CBIndex::c_2, tt::DataFormat::Float16_b } })
			.set_page_size(tt::CBIndex::c_2, page));
	std::vector<uint32_t> ct;
	TensorAccessorArgs(s1).append_to(ct);
	TensorAccessorArgs(*out1).append_to(ct);
	TensorAccessorArgs(*next1).append_to(ct);
	auto k = CreateKernel(program, KERNEL("shard_args.cpp"), cores,
			      DataMovementConfig{ .processor = DataMovementProcessor::RISCV_0,
						  .noc = NOC::RISCV_0_default,
						  .compile_args = ct });
	for (uint32_t i = 0; i < shards; i++)
		SetRuntimeArgs(
			program, k, CoreCoord(0, i),
			{ (uint32_t)out1->address(), (uint32_t)next1->address(), i, shards });
	SetCommonRuntimeArgs(program, k, { 5u, (uint32_t)s1->address() });

	distributed::MeshWorkload w1;
	w1.add_program(distributed::MeshCoordinateRange(dev->shape()), std::move(program));
	distributed::EnqueueMeshWorkload(cq, w1, false);

	// Run 2: other outputs, another value, the other sharded buffer.
	Program &p2 = w1.get_programs().begin()->second;
	for (uint32_t i = 0; i < shards; i++) {
		auto &args = GetRuntimeArgs(p2, k, CoreCoord(0, i));
		args[0] = (uint32_t)out2->address();
		args[1] = (uint32_t)next2->address();
	}
	auto &common = GetCommonRuntimeArgs(p2, k);
	common[0] = 9;
	common[1] = (uint32_t)s2->address();
	UpdateDynamicCircularBufferAddress(p2, shared, *s2->get_backing_buffer());
	distributed::EnqueueMeshWorkload(cq, w1, false);

	std::vector<uint32_t> o1, o2, n1, n2;
	distributed::EnqueueReadMeshBuffer(cq, o1, out1, true);
	distributed::EnqueueReadMeshBuffer(cq, n1, next1, true);
	distributed::EnqueueReadMeshBuffer(cq, o2, out2, true);
	distributed::EnqueueReadMeshBuffer(cq, n2, next2, true);
	check(in1, 5, o1, n1, "run 1");
	check(in2, 9, o2, n2, "run 2");
	dev->close();
}

// A GlobalSemaphore outlives programs: two programs use it, the host
// sets it in between, and each program sees the value it was left with.
static uint32_t sem_on(distributed::MeshDevice *dev, CoreCoord core, uint32_t addr)
{
	std::vector<uint32_t> v;
	cr_assert(detail::ReadFromDeviceL1(dev, core, addr, 4, v));
	return v.at(0);
}

static void run_global_sem(distributed::MeshDevice *dev, const GlobalSemaphore &sem, uint32_t add,
			   uint32_t wait_for)
{
	Program program = CreateProgram();
	CoreCoord a{ 0, 0 }, b{ 1, 0 };
	auto va = dev->worker_core_from_logical_core(a), vb = dev->worker_core_from_logical_core(b);
	auto k = CreateKernel(program, KERNEL("global_sem.cpp"), CoreRange(a, b),
			      DataMovementConfig{ .processor = DataMovementProcessor::RISCV_0,
						  .noc = NOC::RISCV_0_default });
	uint32_t addr = (uint32_t)sem.address();
	SetRuntimeArgs(program, k, a, { addr, 0, (uint32_t)vb.x, (uint32_t)vb.y, wait_for });
	SetRuntimeArgs(program, k, b, { addr, 1, (uint32_t)va.x, (uint32_t)va.y, add });
	distributed::MeshWorkload w;
	w.add_program(distributed::MeshCoordinateRange(dev->shape()), std::move(program));
	distributed::EnqueueMeshWorkload(dev->mesh_command_queue(), w, true);
}

Test(probe, global_semaphore_across_programs)
{
	auto dev = distributed::MeshDevice::create_unit_mesh(0);
	CoreRangeSet cores(CoreRange({ 0, 0 }, { 1, 0 }));
	GlobalSemaphore sem = CreateGlobalSemaphore(dev.get(), cores, 5);
	cr_assert_eq(sem.address() % 16, 0u);
	cr_assert_eq(sem_on(dev.get(), { 0, 0 }, sem.address()), 5u);
	cr_assert_eq(sem_on(dev.get(), { 1, 0 }, sem.address()), 5u);

	run_global_sem(dev.get(), sem, 3, 8);
	cr_assert_eq(sem_on(dev.get(), { 0, 0 }, sem.address()), 100u);
	cr_assert_eq(sem_on(dev.get(), { 1, 0 }, sem.address()), 5u);

	sem.reset_semaphore_value(1);
	cr_assert_eq(sem_on(dev.get(), { 0, 0 }, sem.address()), 1u);
	run_global_sem(dev.get(), sem, 3, 4);
	cr_assert_eq(sem_on(dev.get(), { 0, 0 }, sem.address()), 100u);
	dev->close();
}
