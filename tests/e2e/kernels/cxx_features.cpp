// SPDX-License-Identifier: Apache-2.0
/*
 * The C++ kernel API beyond the corpus: compile-time args in constant
 * expressions, named args, typed runtime args, the freestanding standard
 * headers, my_x[noc], get_dataformat, InterleavedAddrGenFast<DRAM>, both
 * DPRINT forms.  Writes
 * what it computed to L1 (runtime arg 0) for the host to check.
 */
#include <array>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>

#include "api/dataflow/dataflow_api.h"
#include "api/debug/dprint.h"

namespace {

constexpr uint32_t k_first = get_compile_time_arg_val(0);
constexpr uint32_t k_scale = get_named_compile_time_arg_val("scale");

static_assert(k_first == 7, "compile-time arg 0 is a constant expression");
static_assert(get_named_compile_time_arg_val("offset") == 1000, "named args are constants");

template <uint32_t N>
constexpr std::array<uint32_t, N> squares()
{
	std::array<uint32_t, N> a{};

	for (uint32_t i = 0; i < N; i++)
		a[i] = i * i;
	return a;
}

} // namespace

void kernel_main()
{
	volatile tt_l1_ptr uint32_t *out =
		reinterpret_cast<volatile tt_l1_ptr uint32_t *>(get_arg_val<uint32_t>(0));
	float f = get_arg_val<float>(1);
	int32_t neg = get_arg_val<int32_t>(2);
	constexpr auto sq = squares<get_compile_time_arg_val(1)>();
	uint32_t copy[4];

	static_assert(sq.size() == 5 && sq[4] == 16, "constexpr std::array");
	static_assert(std::numeric_limits<uint16_t>::max() == 65535, "numeric_limits");
	static_assert(std::is_same_v<std::make_unsigned_t<int32_t>, uint32_t>, "type_traits");

	std::memcpy(copy, sq.data(), sizeof(copy));
	out[0] = k_first * k_scale;
	out[1] = get_named_compile_time_arg_val("offset");
	out[2] = (uint32_t)(f * 4.0f);
	out[3] = (uint32_t)(-neg);
	out[4] = copy[3];
	out[5] = my_x[noc_index] << 8 | my_y[noc_index];
	out[6] = std::exchange(copy[0], 5u) + copy[0];
	out[7] = get_noc_addr(0x1234u) == get_noc_addr(my_x, my_y, 0x1234u) ? 1 : 0;

	/* CB 3 is Float16_b: get_dataformat() as a DataFormat and as a number */
	const DataFormat df = get_dataformat(3);
	const InterleavedAddrGenFast<true> gen = { .bank_base_address = 0,
						   .page_size = get_tile_size(3),
						   .data_format = df };
	uint32_t df_number = get_dataformat(3);

	out[8] = (gen.data_format == DataFormat::Float16_b ? 1u : 0u) | df_number << 8 |
		 gen.page_size << 16;

	/* the other NoC for one read, then back on the kernel's own */
	uint8_t other = noc_index ^ 1;
	uint32_t here = reinterpret_cast<uint32_t>(out);

	noc_async_read(get_noc_addr(here, other), here + 48, 4, other);
	noc_async_read_barrier(other);
	out[11] = noc_index;
	noc_async_read(get_noc_addr(here + 16), here + 64, 4);
	noc_async_read_barrier();

	DPRINT("fmt {} {:#x} {:5} {:.2f} {} {}\n", k_first, 255u, -3, f, bf16_t(0x3fc0), 'c');
	DPRINT("{0:x} {0} {0:o} {0:b} [{1:<4}] [{1:>4}] [{1:^5}] [{2:*^7}] {3}\n", 15, 7, "ab",
	       true);
	DPRINT << "stream " << k_scale << " " << HEX() << 255u << DEC() << " " << SETW(4) << 7
	       << " " << SETPRECISION(3) << FIXED() << 0.5f << ENDL();
	DPRINT_DATA0("only on BRISC {}\n", out[1]); /* a volatile L1 word */
	DPRINT_DATA1("only on NCRISC\n");
}
