// SPDX-License-Identifier: Apache-2.0
//
// Host-only pieces of the TT-Metalium library: bfloat16, block-float and
// one-byte formats, enchantum's enum names, tilize helpers
// (against libtt's own tilize), work splitting, core range sets, kernel
// path resolution, runtime-arg bookkeeping, the meshes the emulated
// system allows, mesh lines and rings, the control plane's names for
// chips, and host buffers.
#include <criterion/criterion.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <enchantum/enchantum.hpp>
#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/bfloat4.hpp>
#include <tt-metalium/bfloat8.hpp>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/distributed_host_buffer.hpp>
#include <tt-metalium/experimental/fabric/control_plane.hpp>
#include <tt-metalium/float8.hpp>
#include <tt-metalium/hal.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/impl/data_format/blockfloat_common.hpp>
#include <tt-metalium/int8.hpp>
#include <tt-metalium/system_mesh.hpp>
#include <tt-metalium/math.hpp>
#include <tt-metalium/mesh_device_view.hpp>
#include <tt-metalium/tt_align.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt-metalium/tilize_utils.hpp>
#include <tt-metalium/work_split.hpp>

extern "C" {
#include <tt/error.h>
#include <tt/tilize.h>

#include "tt_data_format.h"
}

using namespace tt::tt_metal;

static uint16_t bits(bfloat16 v)
{
	return std::bit_cast<uint16_t>(v);
}

Test(metalium, bfloat16_matches_libtt_rounding)
{
	std::mt19937 gen(7);
	std::uniform_int_distribution<uint32_t> any;
	for (int i = 0; i < 100000; i++) {
		float f = std::bit_cast<float>(any(gen));
		if (std::isnan(f))
			continue;
		cr_assert_eq(bits(bfloat16(f)), tt_tilize_f32_to_bf16(f), "f=%a", (double)f);
	}
	// Ties go to even; NaN is the quiet NaN; back to float is exact.
	cr_assert_eq(bits(bfloat16(std::bit_cast<float>(0x3F808000u))), 0x3F80);
	cr_assert_eq(bits(bfloat16(std::bit_cast<float>(0x3F818000u))), 0x3F82);
	cr_assert_eq(bits(bfloat16(std::bit_cast<float>(0x7FA00001u))), 0x7FC0);
	cr_assert_eq(static_cast<float>(bfloat16(1.5f)), 1.5f);
	cr_assert_eq(bits(bfloat16::truncate(std::bit_cast<float>(0x3F81FFFFu))), 0x3F81);
	constexpr bfloat16 two(2);
	static_assert(static_cast<float>(two) == 2.0f, "constexpr conversion");
}

Test(metalium, bfloat16_vectors)
{
	auto packed = create_random_vector_of_bfloat16(64, 10, 3);
	cr_assert_eq(packed.size(), 16u);
	auto unpacked = unpack_uint32_vec_into_bfloat16_vec(packed);
	cr_assert_eq(unpacked.size(), 32u);
	cr_assert(pack_bfloat16_vec_into_uint32_vec(unpacked) == packed);
	for (auto v : unpacked)
		cr_assert(float(v) >= 0.0f && float(v) <= 10.0f);
	auto id = create_identity_matrix(4, 5, 4);
	cr_assert_eq(float(id[0]), 1.0f);
	cr_assert_eq(float(id[6]), 1.0f);
	cr_assert_eq(float(id[1]), 0.0f);
	cr_assert_eq(pack_two_bfloat16_into_uint32({ bfloat16(1.0f), bfloat16(2.0f) }),
		     0x40003F80u);
}

// One 32x32 tile, row-major, zero but for row 0.
static std::vector<float> tile_with_row0(std::initializer_list<float> row0)
{
	std::vector<float> t(1024, 0.0f);
	std::copy(row0.begin(), row0.end(), t.begin());
	return t;
}

Test(metalium, bfp8_packs_like_tt_metal)
{
	// Row 0: 3.0 sets the face row's exponent (128), the others shift by
	// one.  Row 1 (exponent 127): 1 + 1/128 ties and stays even (0x40);
	// 1 + 3/128 ties and rounds up to even (0x42), where libtt's packer
	// rounds ties away from zero.
	auto t = tile_with_row0({ 3.0f, 1.0f, -1.0f, 0.0f });
	t[32] = 1.0f;
	t[33] = 1.0f + 1.0f / 128;
	t[34] = 1.0f + 3.0f / 128;
	auto p = pack_as_bfp8_tiles(ttsl::make_const_span(t), true, false);
	cr_assert_eq(p.size(), tt::tile_size(tt::DataFormat::Bfp8_b) / 4);
	cr_assert_eq(p[0] & 0xFFFF, 0x7F80u, "exponents of face 0 rows 0 and 1: %08x", p[0]);
	cr_assert_eq(p[0] >> 16, 0u, "all-zero rows have exponent 0");
	cr_assert_eq(p[16], 0x00A02060u, "row 0 datums: %08x", p[16]);
	cr_assert_eq(p[20], 0x00424040u, "row 1 datums: %08x", p[20]);
	auto back = unpack_bfp8_tiles_into_float_vec(ttsl::make_const_span(p), true, false);
	cr_assert_eq(back[0], 3.0f);
	cr_assert_eq(back[1], 1.0f);
	cr_assert_eq(back[2], -1.0f);
	cr_assert_eq(back[33], 1.0f);
	cr_assert_eq(back[34], 1.0f + 1.0f / 32);
	// Column 16 of row 0 is the first datum of face 1.
	t[16] = 2.0f;
	p = pack_as_bfp8_tiles(ttsl::make_const_span(t), true, false);
	cr_assert_eq(p[4] & 0xFF, 128u, "face 1 row 0 exponent");
	cr_assert_eq(p[16 + 64] & 0xFF, 0x40u, "face 1 datum 0");
	// Face-order input and output agree with row-major ones.
	auto faces = unpack_bfp8_tiles_into_float_vec(ttsl::make_const_span(p), false, false);
	cr_assert_eq(faces[256], 2.0f);
	auto again = pack_as_bfp8_tiles(ttsl::make_const_span(faces), false, false);
	cr_assert(again == p);
}

Test(metalium, bfp_round_trips)
{
	std::mt19937 gen(11);
	std::uniform_real_distribution<float> dist(-8.0f, 8.0f);
	std::vector<float> v(2048);
	for (auto &x : v)
		x = dist(gen);
	for (bool exp_a : { false, true }) {
		auto p8 = pack_as_bfp8_tiles(ttsl::make_const_span(v), true, exp_a);
		auto f8 = unpack_bfp8_tiles_into_float_vec(ttsl::make_const_span(p8), true, exp_a);
		cr_assert_eq(f8.size(), v.size());
		// Packing what unpacking gave changes nothing.
		cr_assert(pack_as_bfp8_tiles(ttsl::make_const_span(f8), true, exp_a) == p8);
		for (size_t i = 0; i < v.size(); i++)
			cr_assert(std::fabs(f8[i] - v[i]) <= 8.0f / 64, "bfp8 %zu: %f vs %f", i,
				  (double)f8[i], (double)v[i]);
		auto p4 = pack_as_bfp4_tiles(ttsl::make_const_span(v), true, exp_a);
		cr_assert_eq(p4.size(), 2 * (64 + 512) / 4);
		auto f4 = unpack_bfp4_tiles_into_float_vec(ttsl::make_const_span(p4), true, exp_a);
		cr_assert(pack_as_bfp4_tiles(ttsl::make_const_span(f4), true, exp_a) == p4);
		for (size_t i = 0; i < v.size(); i++)
			cr_assert(std::fabs(f4[i] - v[i]) <= 8.0f / 4, "bfp4 %zu", i);
	}
	// One datum at a time: 1.0 under exponent 127 is 0x40, -0.5 is 0xA0.
	cr_assert_eq((convert_u32_to_bfp<tt::DataFormat::Bfp8_b, false>(0x3F800000u, 127, false)),
		     0x40);
	cr_assert_eq((convert_u32_to_bfp<tt::DataFormat::Bfp8_b, false>(0xBF000000u, 127, false)),
		     0xA0);
	cr_assert_eq(convert_bfp_to_u32(tt::DataFormat::Bfp8_b, 0xA0, 127, false), 0xBF000000u);
	cr_assert_eq(convert_bfp_to_u32(tt::DataFormat::Bfp4_b, 0x3, 127, false), 0x3F400000u);
}

Test(metalium, float8_e4m3_conversions)
{
	cr_assert_eq(float8_e4m3(1.0f).to_bits(), 0x38);
	cr_assert_eq(float8_e4m3(-2.0f).to_bits(), 0xC0);
	cr_assert_eq(float8_e4m3(240.0f).to_bits(), 0x77, "the largest finite value");
	cr_assert_eq(float8_e4m3(1000.0f).to_bits(), 0x77, "overflow saturates");
	cr_assert_eq(float8_e4m3(-INFINITY).to_bits(), 0xF7);
	cr_assert_eq(float8_e4m3(NAN).to_bits(), 0x7F);
	cr_assert_eq(float8_e4m3(0.0078125f).to_bits(), 0x00, "2^-7: no subnormals");
	cr_assert_eq(float8_e4m3(0.015625f).to_bits(), 0x08, "2^-6: the smallest normal");
	cr_assert_eq(float8_e4m3(1.0625f).to_bits(), 0x38, "a tie stays even");
	cr_assert_eq(float8_e4m3(1.1875f).to_bits(), 0x3A, "a tie rounds up to even");
	cr_assert_eq(float8_e4m3(1.99f).to_bits(), 0x40, "rounding carries into the exponent");
	for (int b = 0; b < 256; b++) {
		const auto f = float8_e4m3::from_bits(static_cast<uint8_t>(b));
		const int exp = (b >> 3) & 0xF;
		if (exp == 15)
			cr_assert(std::isnan(static_cast<float>(f)));
		else if (exp == 0)
			cr_assert_eq(static_cast<float>(f), 0.0f);
		else
			cr_assert_eq(float8_e4m3(static_cast<float>(f)).to_bits(), b, "bits %02x",
				     b);
	}
	auto w = create_random_vector_of_float8_e4m3(64, 10, 5, -5.0f);
	cr_assert_eq(w.size(), 16u);
	auto v = unpack_uint32_vec_into_float8_e4m3_vec(w);
	cr_assert_eq(v.size(), 64u);
	for (auto x : v)
		cr_assert(static_cast<float>(x) >= -5.0f && static_cast<float>(x) <= 5.0f);
	cr_assert_eq(pack_four_float8_e4m3_into_uint32(v[0], v[1], v[2], v[3]), w[0]);
}

Test(metalium, int8_packing)
{
	cr_assert_eq(pack_four_int8_into_uint32(-1, 2, -3, 4), 0x04FD02FFu);
	auto w = create_random_vector_of_int8(400, 9);
	cr_assert_eq(w.size(), 100u);
	for (uint32_t x : w)
		for (int i = 0; i < 4; i++)
			cr_assert_neq((x >> (8 * i)) & 0xFF, 0x80u, "-128 is not sign-magnitude");
}

namespace enchantum_probe {
enum Kind : uint8_t { PACK = 1, DST = 2 };
enum class Signed : int { Low = -3, High = 7 };
} // namespace enchantum_probe

Test(metalium, enchantum_names)
{
	using namespace enchantum_probe;
	cr_assert_str_eq(enchantum::to_string(DST).data(), "DST");
	cr_assert_str_eq(enchantum::to_string(Signed::Low).data(), "Low");
	cr_assert(enchantum::to_string(static_cast<Kind>(3)).empty());
	cr_assert(enchantum::cast<Signed>("High") == Signed::High);
	cr_assert(!enchantum::cast<Kind>("NONE").has_value());
	cr_assert_eq(enchantum::to_underlying(Signed::Low), -3);
}

Test(metalium, tilize_nfaces_is_libtt_face_order)
{
	const uint32_t m = 64, n = 96;
	std::vector<float> f(m * n);
	std::vector<bfloat16> b(m * n);
	for (uint32_t i = 0; i < m * n; i++) {
		f[i] = static_cast<float>(i % 1000) * 0.25f;
		b[i] = bfloat16(f[i]);
	}
	auto tiled = tilize_nfaces(b, m, n);
	std::vector<uint16_t> ref(m * n);
	cr_assert_eq(tt_tilize_to_tiles(TT_DF_FLOAT16_B, f.data(), n, m, n, nullptr, ref.data(),
					ref.size() * 2),
		     TT_OK);
	for (uint32_t i = 0; i < m * n; i++)
		cr_assert_eq(bits(tiled[i]), ref[i], "element %u", i);
	// Row 0, column 16 opens face 1 of tile 0.
	cr_assert_eq(float(tiled[256]), float(b[16]));
	cr_assert(untilize_nfaces(tiled, m, n) == b);
	auto sw = tilize_swizzled(b, m, n);
	cr_assert_eq(float(sw[32]), float(b[n]), "row 1 of tile 0 follows row 0");
	cr_assert(untilize_swizzled(sw, m, n) == b);
}

Test(metalium, split_work_to_cores_groups)
{
	auto [n, all, g1, g2, w1, w2] = split_work_to_cores(CoreCoord(8, 8), 640);
	cr_assert_eq(n, 64u);
	cr_assert_eq(all.num_cores(), 64u);
	cr_assert_eq(w1, 10u);
	cr_assert_eq(w2, 0u);
	cr_assert(g2.empty());

	// 100 units on 64 cores: 36 take 2, 28 take 1, column by column.
	auto [n2, all2, h1, h2, v1, v2] = split_work_to_cores(CoreCoord(8, 8), 100);
	cr_assert_eq(n2, 64u);
	cr_assert_eq(v1, 2u);
	cr_assert_eq(v2, 1u);
	cr_assert_eq(h1.num_cores(), 36u);
	cr_assert_eq(h2.num_cores(), 28u);
	cr_assert(h1.contains(CoreRange({ 0, 0 }, { 3, 7 })));
	cr_assert(h1.contains(CoreRange({ 4, 0 }, { 4, 3 })));
	cr_assert(h2.contains(CoreRange({ 4, 4 }, { 7, 7 })));
	cr_assert(!h1.intersects(h2));

	// Fewer units than cores, row by row.
	auto [n3, all3, k1, k2, u1, u2] = split_work_to_cores(CoreCoord(8, 8), 10, true);
	cr_assert_eq(n3, 10u);
	cr_assert_eq(u1, 1u);
	cr_assert_eq(all3.num_cores(), 10u);
	cr_assert(all3.contains(CoreRange({ 0, 0 }, { 7, 0 })));
	cr_assert(all3.contains(CoreCoord(1, 1)));
	cr_assert(!all3.contains(CoreCoord(2, 1)));
	cr_assert(k2.empty());
}

Test(metalium, core_range_sets)
{
	CoreRange r({ 1, 1 }, { 2, 3 });
	cr_assert_eq(r.size(), 6u);
	std::vector<CoreCoord> order;
	for (const auto &c : r)
		order.push_back(c);
	cr_assert_eq(order.size(), 6u);
	cr_assert(order[1] == CoreCoord(2, 1), "x runs fastest");
	cr_assert(order[2] == CoreCoord(1, 2));

	CoreRangeSet s(std::vector<CoreRange>{ CoreRange({ 0, 0 }, { 1, 0 }),
					       CoreRange({ 0, 1 }, { 1, 1 }) });
	cr_assert_eq(s.num_cores(), 4u);
	cr_assert_eq(s.merge_ranges().size(), 1u);
	cr_assert(s.merge_ranges().ranges()[0] == CoreRange({ 0, 0 }, { 1, 1 }));
	auto m = s.merge(CoreCoord(2, 0));
	cr_assert_eq(m.num_cores(), 5u);
	cr_assert(m.contains(CoreCoord(2, 0)));
	cr_assert(s.subtract(CoreRangeSet(CoreRange({ 0, 0 }, { 1, 0 }))) ==
		  CoreRangeSet(CoreRange({ 0, 1 }, { 1, 1 })));
	cr_assert_throw(CoreRangeSet(std::vector<CoreRange>{ CoreRange({ 0, 0 }, { 2, 2 }),
							     CoreRange({ 1, 1 }) }),
			std::runtime_error);
	cr_assert_eq(fmt::format("{}", CoreCoord(3, 4)), "(x=3,y=4)");
	auto cores =
		corerange_to_cores(CoreRangeSet(CoreRange({ 0, 0 }, { 1, 1 })), std::nullopt, true);
	cr_assert(cores[1] == CoreCoord(1, 0));
}

static std::string what_of(const std::function<void()> &f)
{
	try {
		f();
	} catch (const std::exception &e) {
		return e.what();
	}
	return "";
}

Test(metalium, kernel_paths_resolve_like_tt_metal)
{
	namespace fs = std::filesystem;
	fs::path home = fs::temp_directory_path() / ("metalium_test_" + std::to_string(getpid()));
	fs::create_directories(home / "kdir");
	std::ofstream(home / "kdir" / "k.c") << "void kernel_main(void) {}\n";
	setenv("TT_METAL_HOME", home.c_str(), 1);
	unsetenv("TT_METAL_KERNEL_PATH");

	Program p = CreateProgram();
	KernelHandle k = CreateKernel(p, "kdir/k.c", CoreCoord(0, 0), DataMovementConfig{});
	cr_assert_eq(k, 0u);

	std::string w = what_of(
		[&] { CreateKernel(p, "kdir/missing.c", CoreCoord(0, 0), ComputeConfig{}); });
	cr_assert(w.find((home / "kdir" / "missing.c").string()) != std::string::npos, "%s",
		  w.c_str());
	cr_assert(w.find((fs::current_path() / "kdir" / "missing.c").string()) != std::string::npos,
		  "%s", w.c_str());
	cr_assert(w.find("TT_METAL_KERNEL_PATH is not set") != std::string::npos, "%s", w.c_str());

	setenv("TT_METAL_KERNEL_PATH", (home / "kdir").c_str(), 1);
	cr_assert_eq(CreateKernel(p, "k.c", CoreCoord(1, 0), DataMovementConfig{}), 1u);

	// SetRootDir comes before TT_METAL_HOME.
	unsetenv("TT_METAL_HOME");
	unsetenv("TT_METAL_KERNEL_PATH");
	SetRootDir(home.string());
	cr_assert_eq(CreateKernel(p, "kdir/k.c", CoreCoord(2, 0), DataMovementConfig{}), 2u);
	SetRootDir("");
	fs::remove_all(home);
}

// UpdateCircularBufferTotalSize / PageSize keep the config in step and
// refuse what tt-metal refuses.
Test(metalium, circular_buffer_updates)
{
	Program p = CreateProgram();
	CBHandle cb = CreateCircularBuffer(
		p, CoreCoord(0, 0),
		CircularBufferConfig(4096, { { tt::CBIndex::c_0, tt::DataFormat::Float16_b } })
			.set_page_size(tt::CBIndex::c_0, 2048));
	UpdateCircularBufferTotalSize(p, cb, 8192);
	cr_assert_eq(GetCircularBufferConfig(p, cb).total_size(), 8192u);
	UpdateCircularBufferPageSize(p, cb, tt::CBIndex::c_0, 1024);
	cr_assert_eq(*GetCircularBufferConfig(p, cb).page_sizes()[0], 1024u);
	cr_assert_throw(UpdateCircularBufferTotalSize(p, cb, 1000), std::runtime_error);
	cr_assert_throw(UpdateCircularBufferPageSize(p, cb, tt::CBIndex::c_1, 1024),
			std::runtime_error);
	cr_assert_eq(GetCircularBufferConfig(p, cb).total_size(), 8192u,
		     "a refusal changes nothing");
	cr_assert(!IsGalaxyCluster() && GetNumPCIeDevices() == 1 && GetPCIeDeviceID(3) == 3);
}

Test(metalium, runtime_args_views)
{
	namespace fs = std::filesystem;
	fs::path dir = fs::temp_directory_path() / ("metalium_rt_" + std::to_string(getpid()));
	fs::create_directories(dir);
	std::ofstream(dir / "k.c") << "void kernel_main(void) {}\n";
	Program p = CreateProgram();
	KernelHandle k = CreateKernel(p, (dir / "k.c").string(), CoreRange({ 0, 0 }, { 1, 0 }),
				      ReaderDataMovementConfig{});
	SetRuntimeArgs(p, k, CoreRange({ 0, 0 }, { 1, 0 }), { 1, 2, 3 });
	SetRuntimeArgs(p, k, CoreCoord(1, 0), std::vector<uint32_t>{ 7, 8, 9 });
	// A core's arg count is fixed by its first set, as in tt-metal.
	cr_assert_throw(SetRuntimeArgs(p, k, CoreCoord(1, 0), std::vector<uint32_t>{ 7, 8 }),
			std::runtime_error);
	cr_assert_eq(GetRuntimeArgs(p, k, CoreCoord(0, 0)).size(), 3u);
	cr_assert_eq(GetRuntimeArgs(p, k, CoreCoord(1, 0))[1], 8u);
	GetRuntimeArgs(p, k, CoreCoord(0, 0))[2] = 42;
	auto &grid = GetRuntimeArgs(p, k);
	cr_assert_eq(grid[0][0][2], 42u);
	cr_assert_eq(grid[1][0].size(), 3u);
	cr_assert_throw(SetRuntimeArgs(p, k, CoreCoord(3, 3), { 1 }), std::runtime_error);
	cr_assert_throw(GetRuntimeArgs(p, k, CoreCoord(0, 0)).at(3), std::out_of_range);
	SetCommonRuntimeArgs(p, k, { 5, 6 });
	cr_assert_eq(GetCommonRuntimeArgs(p, k)[1], 6u);
	// Common args are set once, then changed in place.
	cr_assert_throw(SetCommonRuntimeArgs(p, k, { 5, 6 }), std::runtime_error);
	GetCommonRuntimeArgs(p, k)[1] = 7;
	cr_assert_eq(GetCommonRuntimeArgs(p, k)[1], 7u);
	fs::remove_all(dir);
}

Test(metalium, circular_buffer_config)
{
	CircularBufferConfig c =
		CircularBufferConfig(4096, { { tt::CBIndex::c_0, tt::DataFormat::Float16_b } })
			.set_page_size(tt::CBIndex::c_0, 2048);
	cr_assert_eq(*c.page_sizes()[0], 2048u);
	cr_assert(c.data_formats()[0] == tt::DataFormat::Float16_b);
	cr_assert_throw(c.set_page_size(tt::CBIndex::c_0, 3000), std::runtime_error);
	cr_assert_throw(c.set_page_size(tt::CBIndex::c_1, 2048), std::runtime_error);

	// A DataType names the format its tensors are stored in.
	CircularBufferConfig t =
		CircularBufferConfig(4096, { { tt::CBIndex::c_0, DataType::BFLOAT16 } })
			.set_page_size(tt::CBIndex::c_0, 2048);
	cr_assert(t == c);
	t.set_page_size(tt::CBIndex::c_0, 1024);
	cr_assert(!(t == c));

	// Program::circular_buffers: one view per CB, in handle order.
	Program p = CreateProgram();
	CreateCircularBuffer(p, CoreRange({ 0, 0 }, { 1, 0 }), c);
	CBHandle h = CreateCircularBuffer(
		p, CoreCoord(2, 2),
		CircularBufferConfig(8192, { { tt::CBIndex::c_16, tt::DataFormat::Float32 } })
			.set_page_size(tt::CBIndex::c_16, 4096));
	auto cbs = p.circular_buffers();
	cr_assert_eq(cbs.size(), 2u);
	cr_assert_eq(cbs[1]->id(), h);
	cr_assert_eq(cbs[0]->core_ranges().num_cores(), 2u);
	cr_assert_eq(cbs[1]->size(), 8192u);
	cr_assert_eq(cbs[1]->num_pages(tt::CBIndex::c_16), 2u);
	cr_assert(cbs[1]->data_format(tt::CBIndex::c_16) == tt::DataFormat::Float32);
	cr_assert_not(cbs[1]->globally_allocated());
	cr_assert_throw(cbs[1]->page_size(tt::CBIndex::c_0), std::runtime_error);
}

Test(metalium, accessor_args_without_buffer)
{
	auto dram = TensorAccessorArgs::create_dram_interleaved().get_compile_time_args();
	cr_assert_eq(dram.size(), 2u);
	cr_assert_eq(dram[0], 2u, "IsDram");
	cr_assert_eq(dram[1], 0u);
	cr_assert_eq(TensorAccessorArgs::create_l1_interleaved().get_compile_time_args()[0], 0u);
}

// A mesh the emulated system cannot hold is refused before anything opens,
// saying how to pick a larger one; the system mesh and device counts
// answer from TT_EMU_SYSTEM.
Test(metalium, meshes_follow_the_emulated_system)
{
	unsetenv("TT_EMU_SYSTEM");
	std::string w = what_of([] {
		distributed::MeshDevice::create(
			distributed::MeshDeviceConfig(distributed::MeshShape(2, 4)));
	});
	cr_assert(w.find("a 2x4 mesh needs 8 chips in that shape, but the emulated system is "
			 "N150") != std::string::npos,
		  "%s", w.c_str());
	cr_assert(w.find("set TT_EMU_SYSTEM to T3000 (2x4)") != std::string::npos, "%s", w.c_str());
	auto &sys = distributed::SystemMesh::instance();
	cr_assert(&sys == &distributed::SystemMesh::instance());
	cr_assert(sys.shape() == distributed::MeshShape(1, 1));
	cr_assert(sys.local_shape() == sys.shape());
	cr_assert_eq(GetNumAvailableDevices(), 1u);
	cr_assert_eq(GetNumPCIeDevices(), 1u);

	setenv("TT_EMU_SYSTEM", "T3000", 1);
	cr_assert(sys.shape() == distributed::MeshShape(2, 4));
	cr_assert_eq(GetNumAvailableDevices(), 8u);
	cr_assert_eq(GetNumPCIeDevices(), 4u);
	cr_assert(!IsGalaxyCluster());
	w = what_of([] {
		distributed::MeshDevice::create(
			distributed::MeshDeviceConfig(distributed::MeshShape(4, 8)));
	});
	cr_assert(w.find("but the emulated system is T3000 (2x4, 8 chips)") != std::string::npos,
		  "%s", w.c_str());
	w = what_of([] {
		distributed::MeshDevice::create(
			distributed::MeshDeviceConfig(distributed::MeshShape(2, 2, 2)));
	});
	cr_assert(w.find("3-dimensional mesh shape") != std::string::npos, "%s", w.c_str());

	setenv("TT_EMU_SYSTEM", "galaxy", 1);
	cr_assert(sys.shape() == distributed::MeshShape(8, 4));
	cr_assert_eq(GetNumAvailableDevices(), 32u);
	cr_assert(IsGalaxyCluster());

	setenv("TT_EMU_SYSTEM", "T9000", 1);
	w = what_of([] { GetNumAvailableDevices(); });
	cr_assert(w.find("TT_EMU_SYSTEM='T9000' is unknown") != std::string::npos, "%s", w.c_str());
	unsetenv("TT_EMU_SYSTEM");
}

// Lines and rings of a mesh: each coordinate a neighbour of the one
// before; on a T3000's 2x4 the line runs round the border from its start.
Test(metalium, mesh_view_lines_and_rings)
{
	using distributed::MeshCoordinate;
	using distributed::MeshDeviceView;
	auto neighbours = [](const MeshCoordinate &a, const MeshCoordinate &b) {
		return (a[0] == b[0] && (a[1] + 1 == b[1] || b[1] + 1 == a[1])) ||
		       (a[1] == b[1] && (a[0] + 1 == b[0] || b[0] + 1 == a[0]));
	};
	auto ring = MeshDeviceView::get_ring_coordinates(Shape2D(2, 4), Shape2D(2, 4));
	std::vector<MeshCoordinate> border = { { 0, 0 }, { 0, 1 }, { 0, 2 }, { 0, 3 },
					       { 1, 3 }, { 1, 2 }, { 1, 1 }, { 1, 0 } };
	cr_assert(ring == border);
	auto line = MeshDeviceView::get_line_coordinates(8, Shape2D(2, 4), Shape2D(1, 1));
	std::vector<MeshCoordinate> from_11 = { { 1, 1 }, { 1, 0 }, { 0, 0 }, { 0, 1 },
						{ 0, 2 }, { 0, 3 }, { 1, 3 }, { 1, 2 } };
	cr_assert(line == from_11);
	// Every chip of a 3x4 mesh, closing into a ring.
	line = MeshDeviceView::get_line_coordinates(12, Shape2D(3, 4), Shape2D(2, 1));
	std::set<std::pair<uint32_t, uint32_t>> seen;
	for (size_t i = 0; i < line.size(); i++) {
		seen.insert({ line[i][0], line[i][1] });
		cr_assert(neighbours(line[i], line[(i + 1) % line.size()]), "step %zu", i);
	}
	cr_assert_eq(seen.size(), 12u);
	cr_assert(line.front() == MeshCoordinate(2, 1));
	// A line of a single row runs one way; no line of all 9 chips of a
	// 3x3 starts beside a corner.
	line = MeshDeviceView::get_line_coordinates(3, Shape2D(1, 5), Shape2D(0, 3));
	cr_assert(line == std::vector<MeshCoordinate>({ { 0, 3 }, { 0, 2 }, { 0, 1 } }));
	cr_assert(what_of([] {
			  MeshDeviceView::get_line_coordinates(9, Shape2D(3, 3), Shape2D(0, 1));
		  }).find("no line through all 9 chips") != std::string::npos);
	cr_assert_eq(MeshDeviceView::get_line_coordinates(9, Shape2D(3, 3), Shape2D(1, 1)).size(),
		     9u);
}

// The control plane names chip k of the emulated system node (M0, Dk).
Test(metalium, control_plane_names_the_chips)
{
	setenv("TT_EMU_SYSTEM", "T3000", 1);
	tt::tt_fabric::ControlPlane cp;
	auto node = cp.get_fabric_node_id_from_physical_chip_id(5);
	cr_assert(node == tt::tt_fabric::FabricNodeId(tt::tt_fabric::MeshId{ 0 }, 5));
	cr_assert_eq(cp.get_physical_chip_id_from_fabric_node_id(node), 5);
	cr_assert_eq(fmt::format("{}", node), "(M0, D5)");
	std::ostringstream os;
	os << node;
	cr_assert_eq(os.str(), "M0D5");
	cr_assert(cp.get_physical_mesh_shape(tt::tt_fabric::MeshId{ 0 }) ==
		  distributed::MeshShape(2, 4));
	cr_assert(what_of([&] {
			  (void)cp.get_fabric_node_id_from_physical_chip_id(8);
		  }).find("chip 8 is not in the emulated T3000") != std::string::npos);
	cr_assert(what_of([&] {
			  (void)cp.get_physical_mesh_shape(tt::tt_fabric::MeshId{ 1 });
		  }).find("mesh 1 does not exist") != std::string::npos);
	unsetenv("TT_EMU_SYSTEM");
}

// Host buffers: a borrowed span is pinned while a copy lives; a
// distributed buffer keeps the local shards only.
Test(metalium, host_buffers)
{
	int pins = 0;
	std::vector<int> data = { 1, 2, 3 };
	{
		HostBuffer b(ttsl::Span<int>(data), MemoryPin([&] { pins++; }, [&] { pins--; }));
		HostBuffer copy = b;
		cr_assert_eq(pins, 2);
		cr_assert_eq(copy.view_as<int>()[2], 3);
		cr_assert(what_of([&] { (void)copy.view_as<float>(); }).find("read as") !=
			  std::string::npos);
	}
	cr_assert_eq(pins, 0);
	auto d = DistributedHostBuffer::create(distributed::MeshShape(2, 2),
					       distributed::MeshShape(1, 2),
					       distributed::MeshCoordinate(1, 0), nullptr);
	for (const auto &c : distributed::MeshCoordinateRange(d.shape()))
		d.emplace_shard(c, [&] { return HostBuffer(std::vector<int>{ int(c[0]) }); });
	cr_assert(!d.get_shard(distributed::MeshCoordinate(0, 1)));
	cr_assert_eq(d.get_shard(distributed::MeshCoordinate(1, 1))->view_as<int>()[0], 1);
	cr_assert_eq(d.shard_coords().size(), 4u);
	cr_assert_eq(*d.context()->size(), 1);
}

Test(metalium, tt_fatal_formats)
{
	std::string w = what_of([] { TT_FATAL(1 + 1 == 3, "sum is {}", 2); });
	cr_assert(w.find("1 + 1 == 3") != std::string::npos, "%s", w.c_str());
	cr_assert(w.find("sum is 2") != std::string::npos, "%s", w.c_str());
	cr_assert(what_of([] { TT_THROW("plain"); }).find("plain") != std::string::npos);
}

Test(metalium, hal_and_math)
{
	cr_assert_eq(hal::get_dram_alignment(), 32u);
	cr_assert_eq(hal::get_l1_alignment(), 16u);
	cr_assert_eq(hal::get_arch_num_circular_buffers(), 32u);
	cr_assert_eq(hal::get_arch_name(), std::string("wormhole_b0"));
	static_assert(tt::div_up(65, 32) == 3 && tt::round_up(65u, 32u) == 96u &&
		      tt::round_down(65, 32) == 64);
	static_assert(tt::align(100, 16) == 112);
}

Test(metalium, kernel_from_string)
{
	Program p = CreateProgram();
	const std::string src = "void kernel_main() {}\n// " + std::to_string(getpid()) + "\n";
	KernelHandle k = CreateKernelFromString(p, src, CoreCoord(0, 0), DataMovementConfig{});
	cr_assert_eq(k, 0u);
	// Same text, same file: a second program finds it again.
	Program q = CreateProgram();
	cr_assert_eq(CreateKernelFromString(q, src, CoreCoord(0, 0), DataMovementConfig{}), 0u);
}
