// SPDX-License-Identifier: Apache-2.0
/*
 * tt-metal's api/debug/dprint_pages.h for data-movement kernels: print
 * @npages pages of @elts_per_page values each, from L1 at @l1_addr,
 * starting at page @start, one page per line, through DPRINT.
 */
#ifndef TT_API_DEBUG_DPRINT_PAGES_H
#define TT_API_DEBUG_DPRINT_PAGES_H

#include <cstdint>

#include "api/debug/dprint.h"

namespace tt::data_movement::common {

template <typename Elt, typename Show>
inline void print_pages(uint32_t l1_addr, uint32_t elts_per_page, uint32_t npages, uint32_t start,
			Show show)
{
	const volatile Elt *p = reinterpret_cast<const volatile Elt *>(l1_addr) +
				static_cast<uintptr_t>(start) * elts_per_page;
	for (uint32_t page = 0; page < npages; page++) {
		DPRINT << start + page << ": ";
		for (uint32_t i = 0; i < elts_per_page; i++, p++)
			DPRINT << show(*p) << " ";
		DPRINT << ENDL();
	}
}

inline void print_bf16_pages(uint32_t l1_addr, uint32_t elts_per_page, uint32_t npages,
			     uint32_t start = 0)
{
	print_pages<uint16_t>(l1_addr, elts_per_page, npages, start,
			      [](uint16_t v) { return BF16(v); });
}

inline void print_f32_pages(uint32_t l1_addr, uint32_t elts_per_page, uint32_t npages,
			    uint32_t start = 0)
{
	print_pages<float>(l1_addr, elts_per_page, npages, start, [](float v) { return F32(v); });
}

inline void print_u8_pages(uint32_t l1_addr, uint32_t bytes_per_page, uint32_t npages,
			   uint32_t start = 0)
{
	print_pages<uint8_t>(l1_addr, bytes_per_page, npages, start,
			     [](uint8_t v) { return static_cast<uint32_t>(v); });
}

inline void print_u16_pages(uint32_t l1_addr, uint32_t elts_per_page, uint32_t npages,
			    uint32_t start = 0)
{
	print_pages<uint16_t>(l1_addr, elts_per_page, npages, start,
			      [](uint16_t v) { return static_cast<uint32_t>(v); });
}

inline void print_u32_pages(uint32_t l1_addr, uint32_t elts_per_page, uint32_t npages,
			    uint32_t start = 0)
{
	print_pages<uint32_t>(l1_addr, elts_per_page, npages, start, [](uint32_t v) { return v; });
}

} // namespace tt::data_movement::common

#endif
