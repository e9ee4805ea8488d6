// SPDX-License-Identifier: Apache-2.0
//
// Meshes of chips through TT-Metalium (docs/multi-device.md): sharded and
// replicated mesh buffers and where each shard lands, workloads on parts
// of the mesh, traces that keep their ranges, a failing chip named, a
// chip whose QEMU is killed, closing with work in flight, threads sharing
// a mesh, and the refusals.  The emulated system is a 2x2 mesh of default 8x8 chips.
#include <criterion/criterion.h>
#include <criterion/redirect.h>

#include <atomic>
#include <barrier>
#include <csignal>
#include <cstdlib>
#include <numeric>
#include <string>
#include <thread>

#include <unistd.h>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/hal.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/impl/kernels/kernel.hpp>
#include <tt-metalium/tt_metal.hpp>

extern "C" {
#include <tt/tt.h>
}

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

#define KERNEL(name) TT_TEST_KERNELS "/" name

static const uint32_t SCRATCH = 0x100000; // free L1

static std::shared_ptr<MeshDevice> open_2x2()
{
	setenv("TT_EMU_SYSTEM", "2x2", 1);
	return MeshDevice::create(MeshDeviceConfig(MeshShape(2, 2)));
}

template <typename F>
static std::string what_of(F f)
{
	try {
		f();
	} catch (const std::exception &e) {
		return e.what();
	}
	return "(nothing thrown)";
}

// The words of the buffer on the chip at @c.
static std::vector<uint32_t> chip_words(const std::shared_ptr<MeshBuffer> &b, MeshCoordinate c)
{
	Buffer *on = b->get_device_buffer(c);
	std::vector<uint32_t> w(on->size() / 4);
	cr_assert_eq(tt_buffer_read(on->c_buffer(), w.data()), TT_OK, "%s", tt_last_error());
	return w;
}

static uint32_t l1_word(const std::shared_ptr<MeshDevice> &mesh, MeshCoordinate c, uint32_t addr)
{
	uint32_t v = 0;
	cr_assert_eq(tt_device_l1_read(mesh->get_device(c)->c_device(), tt_core(0, 0), addr, &v, 4),
		     TT_OK);
	return v;
}

Test(mesh, chips_and_coordinates, .timeout = 120)
{
	auto mesh = open_2x2();
	cr_assert_eq(mesh->num_devices(), 4u);
	cr_assert_eq(mesh->num_rows(), 2u);
	cr_assert_eq(mesh->num_cols(), 2u);
	auto devs = mesh->get_devices();
	cr_assert_eq(devs.size(), 4u);
	// Row-major: the device at (1, 0) is chip 2.
	cr_assert_eq(mesh->get_device(MeshCoordinate(1, 0)), devs[2]);
	cr_assert_eq(devs[2]->id(), 2);
	cr_assert_neq(devs[0]->c_device(), devs[1]->c_device());
	cr_assert(mesh->is_local(MeshCoordinate(1, 1)));
	cr_assert(!mesh->is_local(MeshCoordinate(2, 0)));
	std::string w = what_of([&] { mesh->get_device(MeshCoordinate(0, 2)); });
	cr_assert(w.find("outside this MeshShape([2, 2]) mesh") != std::string::npos, "%s",
		  w.c_str());
	mesh->close();
	unsetenv("TT_EMU_SYSTEM");
}

// Shard k of the global shape on the k-th chip, row-major or column-major.
Test(mesh, sharded_buffers_land_shard_by_shard, .timeout = 120)
{
	auto mesh = open_2x2();
	auto &cq = mesh->mesh_command_queue();
	DeviceLocalBufferConfig local{ .page_size = 1024, .buffer_type = BufferType::DRAM };

	// A 64x64 grid of words in 32x32 shards: shard (i, j) on chip (i, j).
	distributed::ShardedBufferConfig square{ .global_size = 64 * 64 * 4,
						 .global_buffer_shape = { 64, 64 },
						 .shard_shape = { 32, 32 } };
	auto b = MeshBuffer::create(square, local, mesh.get());
	cr_assert_eq(b->size(), 64u * 64 * 4);
	cr_assert_eq(b->device_local_size(), 32u * 32 * 4);
	for (const auto &c : MeshCoordinateRange(mesh->shape()).coords())
		cr_assert_eq(b->get_device_buffer(c)->address(), b->address(), "lockstep");
	std::vector<uint32_t> src(64 * 64), got;
	std::iota(src.begin(), src.end(), 0u);
	EnqueueWriteMeshBuffer(cq, b, src, true);
	auto c01 = chip_words(b, MeshCoordinate(0, 1));
	cr_expect_eq(c01[0], 32u, "chip (0,1) starts at column 32 of row 0");
	cr_expect_eq(c01[32], 64u + 32, "its second row is the global row 1");
	auto c10 = chip_words(b, MeshCoordinate(1, 0));
	cr_expect_eq(c10[0], 32u * 64, "chip (1,0) starts at row 32");
	EnqueueReadMeshBuffer(cq, got, b, true);
	cr_expect(got == src, "the global buffer reads back whole");

	// A 32x128 strip in 32x32 shards, column-major: shard 1 on chip (1, 0).
	distributed::ShardedBufferConfig strip{ .global_size = 32 * 128 * 4,
						.global_buffer_shape = { 32, 128 },
						.shard_shape = { 32, 32 },
						.shard_orientation = ShardOrientation::COL_MAJOR };
	auto s = MeshBuffer::create(strip, local, mesh.get());
	std::vector<uint32_t> ssrc(32 * 128), sgot;
	std::iota(ssrc.begin(), ssrc.end(), 7u);
	EnqueueWriteMeshBuffer(cq, s, ssrc, true);
	cr_expect_eq(chip_words(s, MeshCoordinate(1, 0))[0], 7u + 32);
	cr_expect_eq(chip_words(s, MeshCoordinate(0, 1))[0], 7u + 64);
	EnqueueReadMeshBuffer(cq, sgot, s, true);
	cr_expect(sgot == ssrc);

	// A shard dimension of 0 replicates: 64x32 column halves, ROW_MAJOR,
	// each down one column of the mesh.  Reading it back whole is refused.
	distributed::ShardedBufferConfig halves{ .global_size = 64 * 64 * 4,
						 .global_buffer_shape = { 64, 64 },
						 .shard_shape = { 0, 32 } };
	auto h = MeshBuffer::create(halves, local, mesh.get());
	cr_assert_eq(h->device_local_size(), 64u * 32 * 4);
	EnqueueWriteMeshBuffer(cq, h, src, true);
	cr_expect_eq(chip_words(h, MeshCoordinate(1, 0))[0], 0u, "left half, bottom row");
	cr_expect_eq(chip_words(h, MeshCoordinate(1, 1))[0], 32u, "right half, bottom row");
	cr_expect_eq(chip_words(h, MeshCoordinate(0, 1))[33], 64u + 33, "row 1 of the right half");
	std::string rw = what_of([&] { EnqueueReadMeshBuffer(cq, got, h, true); });
	cr_expect(rw.find("replicated along a mesh dimension") != std::string::npos, "%s",
		  rw.c_str());

	// Replicated: every chip holds it all.
	ReplicatedBufferConfig rep{ .size = 4096 };
	auto r = MeshBuffer::create(rep, local, mesh.get());
	std::vector<uint32_t> rsrc(1024);
	std::iota(rsrc.begin(), rsrc.end(), 100u);
	EnqueueWriteMeshBuffer(cq, r, rsrc, true);
	for (const auto &c : MeshCoordinateRange(mesh->shape()).coords())
		cr_expect(chip_words(r, c) == rsrc, "chip (%u,%u)", c[0], c[1]);
	std::vector<uint32_t> rgot;
	rw = what_of([&] { EnqueueReadMeshBuffer(cq, rgot, r, true); });
	cr_expect(rw.find("read one device's copy with ReadShard") != std::string::npos, "%s",
		  rw.c_str());

	// Shard shapes that do not fit are refused, saying why.
	distributed::ShardedBufferConfig odd{ .global_size = 64 * 48 * 4,
					      .global_buffer_shape = { 64, 48 },
					      .shard_shape = { 32, 32 } };
	std::string w = what_of([&] { MeshBuffer::create(odd, local, mesh.get()); });
	cr_assert(w.find("shard shape 32x32 does not divide the global shape 64x48") !=
			  std::string::npos,
		  "%s", w.c_str());
	distributed::ShardedBufferConfig many{ .global_size = 96 * 64 * 4,
					       .global_buffer_shape = { 96, 64 },
					       .shard_shape = { 32, 32 } };
	w = what_of([&] { MeshBuffer::create(many, local, mesh.get()); });
	cr_assert(w.find("3x2 shards") != std::string::npos &&
			  w.find("4 devices") != std::string::npos,
		  "%s", w.c_str());
	mesh->close();
	unsetenv("TT_EMU_SYSTEM");
}

// One program per row of the mesh, each chip writing its row's marker.
static Program marker_program(uint32_t marker)
{
	Program p = CreateProgram();
	CoreCoord core{ 0, 0 };
	KernelHandle k =
		CreateKernel(p, KERNEL("args_to_l1.c"), core,
			     DataMovementConfig{ .processor = DataMovementProcessor::RISCV_0,
						 .noc = NOC::RISCV_0_default });
	SetRuntimeArgs(p, k, core, { SCRATCH, 4, 0, marker });
	return p;
}

Test(mesh, workloads_on_parts_of_the_mesh_and_traces, .timeout = 120)
{
	auto mesh = open_2x2();
	auto &cq = mesh->mesh_command_queue();
	MeshCoordinateRange top(MeshCoordinate(0, 0), MeshCoordinate(0, 1));
	MeshCoordinateRange bottom(MeshCoordinate(1, 0), MeshCoordinate(1, 1));
	MeshWorkload w;
	w.add_program(top, marker_program(0xa));
	w.add_program(bottom, marker_program(0xb));
	EnqueueMeshWorkload(cq, w, true);
	for (const auto &c : MeshCoordinateRange(mesh->shape()).coords())
		cr_expect_eq(l1_word(mesh, c, SCRATCH + 12), c[0] == 0 ? 0xau : 0xbu,
			     "chip (%u,%u)", c[0], c[1]);

	// Only the bottom-right chip.
	MeshWorkload one;
	one.add_program(MeshCoordinateRange(MeshCoordinate(1, 1), MeshCoordinate(1, 1)),
			marker_program(0xc));
	EnqueueMeshWorkload(cq, one, true);
	cr_expect_eq(l1_word(mesh, MeshCoordinate(1, 1), SCRATCH + 12), 0xcu);
	cr_expect_eq(l1_word(mesh, MeshCoordinate(1, 0), SCRATCH + 12), 0xbu);

	// A trace replays each program on its own range.
	auto id = BeginTraceCapture(mesh.get(), 0);
	EnqueueMeshWorkload(cq, w, false);
	EndTraceCapture(mesh.get(), 0, id);
	uint32_t zero = 0;
	for (IDevice *d : mesh->get_devices())
		cr_assert_eq(
			tt_device_l1_write(d->c_device(), tt_core(0, 0), SCRATCH + 12, &zero, 4),
			TT_OK);
	ReplayTrace(mesh.get(), 0, id, true);
	for (const auto &c : MeshCoordinateRange(mesh->shape()).coords())
		cr_expect_eq(l1_word(mesh, c, SCRATCH + 12), c[0] == 0 ? 0xau : 0xbu,
			     "replayed, chip (%u,%u)", c[0], c[1]);
	ReleaseTrace(mesh.get(), id);

	// Ranges of one workload may not overlap: a device runs one program.
	std::string o = what_of([&] {
		w.add_program(MeshCoordinateRange(MeshCoordinate(0, 1), MeshCoordinate(1, 1)),
			      marker_program(0xe));
	});
	cr_assert(o.find("overlaps with the previously added range") != std::string::npos, "%s",
		  o.c_str());

	// A range outside the mesh is refused before anything runs.
	MeshWorkload outside;
	outside.add_program(MeshCoordinateRange(MeshCoordinate(1, 1), MeshCoordinate(2, 1)),
			    marker_program(0xd));
	std::string e = what_of([&] { EnqueueMeshWorkload(cq, outside, true); });
	cr_assert(e.find("is outside this MeshShape([2, 2]) mesh") != std::string::npos, "%s",
		  e.c_str());
	mesh->close();
	unsetenv("TT_EMU_SYSTEM");
}

// A kernel that traps on one chip: Finish names the chip; the mesh runs on.
Test(mesh, a_failing_chip_is_named, .timeout = 120)
{
	auto mesh = open_2x2();
	auto &cq = mesh->mesh_command_queue();
	Program bad = CreateProgram();
	KernelHandle k =
		CreateKernel(bad, KERNEL("illegal.c"), CoreCoord(0, 0),
			     DataMovementConfig{ .processor = DataMovementProcessor::RISCV_1,
						 .noc = NOC::RISCV_1_default });
	SetRuntimeArgs(bad, k, CoreCoord(0, 0), { SCRATCH + 64 });
	MeshWorkload w;
	w.add_program(MeshCoordinateRange(MeshCoordinate(1, 0), MeshCoordinate(1, 0)),
		      std::move(bad));
	MeshWorkload good;
	good.add_program(MeshCoordinateRange(mesh->shape()), marker_program(0x600d));
	EnqueueMeshWorkload(cq, w, false);
	std::string e = what_of([&] { Finish(cq); });
	cr_assert(e.find("chip 2 (mesh coordinate MeshCoordinate([1, 0]))") != std::string::npos,
		  "%s", e.c_str());
	cr_assert(e.find("illegal instruction") != std::string::npos, "%s", e.c_str());
	EnqueueMeshWorkload(cq, good, true);
	for (const auto &c : MeshCoordinateRange(mesh->shape()).coords())
		cr_expect_eq(l1_word(mesh, c, SCRATCH + 12), 0x600du, "chip (%u,%u)", c[0], c[1]);
	mesh->close();
	unsetenv("TT_EMU_SYSTEM");
}

// Submeshes share the parent's chips; reshape keeps the chips, in ring order.
Test(mesh, submeshes_and_reshape, .timeout = 120)
{
	auto mesh = open_2x2();
	auto rows = mesh->create_submeshes(MeshShape(1, 2));
	cr_assert_eq(rows.size(), 2u);
	cr_assert_eq(mesh->get_submeshes().size(), 2u);
	cr_assert(mesh->is_parent_mesh());
	cr_assert(!rows[1]->is_parent_mesh());
	cr_assert_eq(rows[1]->get_parent_mesh(), mesh);
	cr_assert_eq(rows[1]->get_device(MeshCoordinate(0, 0)),
		     mesh->get_device(MeshCoordinate(1, 0)));
	cr_assert_eq(rows[1]->num_devices(), 2u);

	// A workload on the bottom row's submesh touches those chips only.
	uint32_t zero = 0;
	for (IDevice *d : mesh->get_devices())
		cr_assert_eq(
			tt_device_l1_write(d->c_device(), tt_core(0, 0), SCRATCH + 12, &zero, 4),
			TT_OK);
	MeshWorkload w;
	w.add_program(MeshCoordinateRange(rows[1]->shape()), marker_program(0x5b));
	EnqueueMeshWorkload(rows[1]->mesh_command_queue(), w, true);
	for (const auto &c : MeshCoordinateRange(mesh->shape()).coords())
		cr_expect_eq(l1_word(mesh, c, SCRATCH + 12), c[0] == 1 ? 0x5bu : 0u, "chip (%u,%u)",
			     c[0], c[1]);

	auto corner = mesh->create_submesh(MeshShape(1, 1), MeshCoordinate(1, 1));
	cr_assert_eq(corner->get_device(MeshCoordinate(0, 0))->id(), 3);
	std::string e =
		what_of([&] { mesh->create_submesh(MeshShape(2, 2), MeshCoordinate(1, 0)); });
	cr_assert(e.find("does not fit in the MeshShape([2, 2]) mesh") != std::string::npos, "%s",
		  e.c_str());
	e = what_of([&] { mesh->create_submesh(MeshShape(0, 1)); });
	cr_assert(e.find("every dimension must be at least 1") != std::string::npos, "%s",
		  e.c_str());
	e = what_of([&] { mesh->create_submeshes(MeshShape(1, 3)); });
	cr_assert(e.find("does not divide") != std::string::npos, "%s", e.c_str());

	// 2x2 as a line: round the ring, chips 0, 1, 3, 2.
	mesh->reshape(MeshShape(1, 4));
	cr_assert(mesh->get_device_ids() == std::vector<int>({ 0, 1, 3, 2 }));
	cr_assert_eq(mesh->num_cols(), 4u);
	e = what_of([&] { mesh->reshape(MeshShape(1, 3)); });
	cr_assert(e.find("a mesh keeps its 4 devices") != std::string::npos, "%s", e.c_str());
	mesh->close();
	unsetenv("TT_EMU_SYSTEM");
}

// Ethernet cores: which are active (linked to another chip of the 2x2),
// where each link goes, and an ethernet kernel with its own semaphores
// running on an active core of every chip at once.
Test(mesh, ethernet_cores_and_their_links, .timeout = 120)
{
	auto mesh = open_2x2();
	IDevice *chip0 = mesh->get_device(MeshCoordinate(0, 0));
	IDevice *chip3 = mesh->get_device(MeshCoordinate(1, 1));

	// Chip 0 (top left) of a plain 2x2, one link per neighbour: east 8 ->
	// chip 1, south 12 -> chip 2.
	auto active = chip0->get_active_ethernet_cores();
	cr_expect_eq(active.size(), 2u);
	cr_expect(active.count(CoreCoord(0, 8)) && active.count(CoreCoord(0, 12)));
	cr_expect_eq(chip0->get_inactive_ethernet_cores().size(), 14u);
	cr_expect(chip0->is_inactive_ethernet_core(CoreCoord(0, 0)), "no chip to the west");
	cr_expect(chip0->is_inactive_ethernet_core(CoreCoord(0, 9)), "one link per neighbour");
	auto [far_chip, far_core] = chip0->get_connected_ethernet_core(CoreCoord(0, 8));
	cr_expect_eq(far_chip, 1);
	cr_expect(far_core == CoreCoord(0, 0), "chip 0 channel 8 -> %s", far_core.str().c_str());
	auto sockets = chip3->get_ethernet_sockets(1);
	cr_expect_eq(sockets.size(), 1u, "chip 3 reaches chip 1 over its north link");
	cr_expect(!sockets.empty() && sockets[0] == CoreCoord(0, 4));
	cr_expect(chip3->get_ethernet_sockets(0).empty(), "chip 0 is diagonal to chip 3");
	CoreCoord noc = chip0->ethernet_core_from_logical_core(CoreCoord(0, 8));
	cr_expect(noc == chip0->virtual_core_from_logical_core(CoreCoord(0, 8), CoreType::ETH));
	cr_expect(chip0->logical_core_from_ethernet_core(noc) == CoreCoord(0, 8));
	cr_expect(chip0->get_programmable_core_type(noc) == HalProgrammableCoreType::ACTIVE_ETH);
	cr_expect(chip0->get_programmable_core_type(chip0->ethernet_core_from_logical_core(
			  CoreCoord(0, 0))) == HalProgrammableCoreType::IDLE_ETH);
	std::string e = what_of([&] { chip0->get_connected_ethernet_core(CoreCoord(0, 2)); });
	cr_expect(e.find("has no link") != std::string::npos, "%s", e.c_str());

	// An ethernet kernel on channel 12 of every chip that has one linked
	// (the top row's south side), writing where it runs into its L1.
	const uint32_t out = hal::get_erisc_l1_unreserved_base();
	CoreCoord eth(0, 12);
	Program p = CreateProgram();
	uint32_t sem = CreateSemaphore(p, CoreRange(eth, eth), 7, CoreType::ETH);
	cr_expect_eq(sem, 0u, "ethernet semaphore ids are their own");
	KernelHandle k =
		CreateKernel(p, KERNEL("eth_identity.c"), eth,
			     EthernetConfig{ .eth_mode = Eth::RECEIVER, .noc = NOC::NOC_1 });
	SetRuntimeArgs(p, k, eth, { out });
	MeshWorkload w;
	MeshCoordinateRange top(MeshCoordinate(0, 0), MeshCoordinate(0, 1));
	w.add_program(top, std::move(p));
	EnqueueMeshWorkload(mesh->mesh_command_queue(), w, true);
	for (const auto &c : top.coords()) {
		IDevice *d = mesh->get_device(c);
		uint32_t got[4] = {};
		cr_assert_eq(
			tt_device_eth_l1_read(d->c_device(), tt_core(0, 12), out, got, sizeof(got)),
			TT_OK);
		CoreCoord want = d->ethernet_core_from_logical_core(eth);
		cr_expect(got[0] == want.x && got[1] == want.y, "chip (%u,%u): at (%u,%u)", c[0],
			  c[1], got[0], got[1]);
		cr_expect_eq(got[3], 1u, "built for an active ethernet core");
	}
	std::string bad = what_of([&] {
		Program q = CreateProgram();
		CreateKernel(q, KERNEL("eth_identity.c"), CoreCoord(0, 16), EthernetConfig{});
	});
	cr_expect(bad.find("not an ethernet core") != std::string::npos, "%s", bad.c_str());
	mesh->close();
	unsetenv("TT_EMU_SYSTEM");
}

// tt-metal's own ethernet test kernels (eth_l1_direct_send/_receive,
// unmodified, from the checkout of tt-metal's tests) move bytes from chip
// 0 to chip 1 over their link, one program per chip in one workload.
Test(mesh, tt_metals_ethernet_kernels_move_bytes_between_chips, .timeout = 120)
{
	const char *home = getenv("TT_METAL_HOME");
	std::string dir = std::string(home && *home ? home : TT_SRC_DIR "/../shared/tt-metal") +
			  "/tests/tt_metal/tt_metal/test_kernels/dataflow/unit_tests/erisc/";
	if (access((dir + "eth_l1_direct_send.cpp").c_str(), R_OK))
		cr_skip_test("no tt-metal checkout with its test kernels at %s", dir.c_str());
	auto mesh = open_2x2();
	const uint32_t base = hal::get_erisc_l1_unreserved_base(), bytes = 32 * 1024;
	IDevice *chip0 = mesh->get_device(MeshCoordinate(0, 0));
	CoreCoord tx(0, 8);
	auto [far_chip, rx] = chip0->get_connected_ethernet_core(tx);
	cr_assert_eq(far_chip, 1);
	std::vector<uint32_t> in(bytes / 4);
	std::iota(in.begin(), in.end(), 0x1000u);
	cr_assert_eq(
		tt_device_eth_l1_write(chip0->c_device(), tt_core(0, 8), base, in.data(), bytes),
		TT_OK);

	Program send = CreateProgram(), recv = CreateProgram();
	KernelHandle ks =
		CreateKernel(send, dir + "eth_l1_direct_send.cpp", tx,
			     EthernetConfig{ .noc = NOC::NOC_0, .compile_args = { 16, 1 } });
	SetRuntimeArgs(send, ks, tx, { base, base + bytes, bytes });
	KernelHandle kr = CreateKernel(recv, dir + "eth_l1_direct_receive.cpp", rx,
				       EthernetConfig{ .noc = NOC::NOC_0 });
	SetRuntimeArgs(recv, kr, rx, { bytes });
	MeshWorkload w;
	w.add_program(MeshCoordinateRange(MeshCoordinate(0, 0), MeshCoordinate(0, 0)),
		      std::move(send));
	w.add_program(MeshCoordinateRange(MeshCoordinate(0, 1), MeshCoordinate(0, 1)),
		      std::move(recv));
	EnqueueMeshWorkload(mesh->mesh_command_queue(), w, true);

	std::vector<uint32_t> out(bytes / 4);
	IDevice *chip1 = mesh->get_device(MeshCoordinate(0, 1));
	cr_assert_eq(tt_device_eth_l1_read(chip1->c_device(), tt_core(rx.x, rx.y), base + bytes,
					   out.data(), bytes),
		     TT_OK);
	cr_expect(out == in, "the bytes chip 1 received differ from those chip 0 sent");
	mesh->close();
	unsetenv("TT_EMU_SYSTEM");
}

// A program on every chip, its kernel printing the marker.
static Program print_program(uint32_t v)
{
	Program p = CreateProgram();
	CoreCoord core{ 0, 0 };
	KernelHandle k =
		CreateKernel(p, KERNEL("print.c"), core,
			     DataMovementConfig{ .processor = DataMovementProcessor::RISCV_0,
						 .noc = NOC::RISCV_0_default });
	SetRuntimeArgs(p, k, core, { v });
	return p;
}

// Chip 3's QEMU is killed mid-run: Finish names it, the others run on.
Test(mesh, a_killed_chip_is_named_and_the_others_run_on, .timeout = 120)
{
	auto mesh = open_2x2();
	auto &cq = mesh->mesh_command_queue();
	Program spin = CreateProgram();
	CreateKernel(spin, KERNEL("spin.c"), CoreCoord(0, 0),
		     DataMovementConfig{ .processor = DataMovementProcessor::RISCV_0,
					 .noc = NOC::RISCV_0_default });
	MeshWorkload w;
	w.add_program(MeshCoordinateRange(MeshCoordinate(0, 0), MeshCoordinate(1, 0)),
		      marker_program(0x1));
	w.add_program(MeshCoordinateRange(MeshCoordinate(0, 1), MeshCoordinate(0, 1)),
		      marker_program(0x1));
	w.add_program(MeshCoordinateRange(MeshCoordinate(1, 1), MeshCoordinate(1, 1)),
		      std::move(spin));
	EnqueueMeshWorkload(cq, w, false);
	int pid = tt_device_qemu_pid(mesh->get_device(MeshCoordinate(1, 1))->c_device());
	cr_assert_gt(pid, 0);
	cr_assert_eq(kill(pid, SIGKILL), 0);
	std::string e = what_of([&] { Finish(cq); });
	cr_assert(e.find("chip 3 (mesh coordinate MeshCoordinate([1, 1]))") != std::string::npos,
		  "%s", e.c_str());
	cr_assert(e.find("QEMU exited: chip 3 is gone") != std::string::npos, "%s", e.c_str());
	for (uint32_t i = 0; i < 3; i++)
		cr_expect_eq(l1_word(mesh, MeshCoordinate(i / 2, i % 2), SCRATCH + 12), 0x1u,
			     "chip %u finished its part", i);

	// The other three chips take another workload.
	MeshWorkload again;
	again.add_program(MeshCoordinateRange(MeshCoordinate(0, 0), MeshCoordinate(1, 0)),
			  marker_program(0x2));
	again.add_program(MeshCoordinateRange(MeshCoordinate(0, 1), MeshCoordinate(0, 1)),
			  marker_program(0x2));
	EnqueueMeshWorkload(cq, again, true);
	for (uint32_t i = 0; i < 3; i++)
		cr_expect_eq(l1_word(mesh, MeshCoordinate(i / 2, i % 2), SCRATCH + 12), 0x2u,
			     "chip %u ran again", i);
	mesh->close();
	unsetenv("TT_EMU_SYSTEM");
}

// close() with a workload in flight waits for it: every chip's output is there.
Test(mesh, closing_with_work_in_flight_loses_nothing, .timeout = 120, .init = cr_redirect_stdout)
{
	auto mesh = open_2x2();
	MeshWorkload w;
	w.add_program(MeshCoordinateRange(mesh->shape()), print_program(5));
	EnqueueMeshWorkload(mesh->mesh_command_queue(), w, false);
	cr_assert(mesh->close());
	fflush(stdout);
	FILE *out = cr_get_redirected_stdout();
	std::string text;
	char line[256];
	while (fgets(line, sizeof(line), out))
		text += line;
	for (int chip = 0; chip < 4; chip++) {
		std::string c = "chip " + std::to_string(chip) + " core (0,0) BRISC: ";
		std::string want = c + "hello from logical (0,0) value 5\n" + c +
				   "second line without newline\n";
		cr_expect(text.find(want) != std::string::npos, "chip %d's lines in:\n%s", chip,
			  text.c_str());
	}
	unsetenv("TT_EMU_SYSTEM");
}

// Two threads make, write, read and free mesh buffers on one mesh at once:
// every buffer keeps one address on all chips and reads back what its
// thread wrote, shard by shard.
Test(mesh, threads_share_a_mesh, .timeout = 120)
{
	auto mesh = open_2x2();
	const uint32_t n = mesh->num_devices();
	std::atomic<int> wrong{ 0 };
	std::vector<std::string> why(2);
	std::barrier go(2);
	auto work = [&](int t) {
		DeviceLocalBufferConfig local{ .page_size = 1024, .buffer_type = BufferType::DRAM };
		MeshCoordinateRange all(mesh->shape());
		go.arrive_and_wait();
		for (uint32_t i = 0; i < 100; i++) {
			const uint32_t words = 256 * (1 + (i + t) % 4);
			auto b = MeshBuffer::create(ReplicatedBufferConfig{ .size = words * 4 },
						    local, mesh.get());
			for (const auto &c : all.coords())
				if (b->get_device_buffer(c)->address() != b->address()) {
					why[t] = "chips at different addresses";
					wrong++;
				}
			std::vector<std::vector<uint32_t>> src(n), got(n);
			std::vector<ShardDataTransfer> in, out;
			uint32_t k = 0;
			for (const auto &c : all.coords()) {
				src[k].resize(words);
				std::iota(src[k].begin(), src[k].end(),
					  (t << 24) | (i << 16) | (k << 12));
				got[k].assign(words, 0);
				in.push_back(ShardDataTransfer{ c }.host_data(src[k].data()));
				out.push_back(ShardDataTransfer{ c }.host_data(got[k].data()));
				k++;
			}
			mesh->mesh_command_queue().enqueue_write_shards(b, in, false);
			mesh->mesh_command_queue().enqueue_read_shards(out, b, true);
			if (got != src) {
				why[t] = "a shard read back other bytes";
				wrong++;
			}
		}
	};
	std::thread a(work, 0), b(work, 1);
	a.join();
	b.join();
	cr_expect_eq(wrong.load(), 0, "%s %s", why[0].c_str(), why[1].c_str());
	mesh->close();
	unsetenv("TT_EMU_SYSTEM");
}

// Fewer bytes than elements is tt-metal's datum of 0: a buffer of 0 bytes
// on each chip, allocated at address 0; a remainder otherwise is refused.
Test(mesh, a_sharded_buffer_of_fewer_bytes_than_elements_holds_none, .timeout = 120)
{
	auto mesh = open_2x2();
	DeviceLocalBufferConfig local{ .page_size = 1024, .buffer_type = BufferType::DRAM };
	auto b = MeshBuffer::create(
		distributed::ShardedBufferConfig{ .global_size = 16 << 10,
						  .global_buffer_shape = { 128, 256 },
						  .shard_shape = { 64, 128 } },
		local, mesh.get());
	cr_assert(b->is_allocated());
	cr_expect_eq(b->device_local_size(), 0u);
	cr_expect_eq(b->address(), 0u);
	for (const auto &c : MeshCoordinateRange(mesh->shape()).coords())
		cr_expect_eq(b->get_device_buffer(c)->size(), 0u);
	std::string w = what_of([&] {
		MeshBuffer::create(
			distributed::ShardedBufferConfig{ .global_size = 3 * 64 * 64 + 2,
							  .global_buffer_shape = { 64, 64 },
							  .shard_shape = { 32, 32 } },
			local, mesh.get());
	});
	cr_expect(w.find("whole number of bytes per element") != std::string::npos, "%s",
		  w.c_str());
	mesh->close();
	unsetenv("TT_EMU_SYSTEM");
}
