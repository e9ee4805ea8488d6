// SPDX-License-Identifier: Apache-2.0
/*
 * tt-metal's names for an ethernet core's L1 (eth_l1_mem::address_map), for
 * C++ ethernet kernels, with this emulator's values: kernels and buffers
 * from ERISC_L1_UNRESERVED_BASE to the end of the ethernet core's L1
 * (hal/<arch>/tt_mem_map.h), erisc_info at ERISC_APP_SYNC_INFO_BASE
 * (kernels/include/eth_api.h).
 */
#ifndef TT_ETH_L1_ADDRESS_MAP_H
#define TT_ETH_L1_ADDRESS_MAP_H

#include <stdint.h>

#include "tt_mem_map.h"

#ifdef __cplusplus
namespace eth_l1_mem {
struct address_map {
	static constexpr std::int32_t ERISC_L1_UNRESERVED_BASE = TT_MEM_L1_UNRESERVED_BASE;
	static constexpr std::int32_t MAX_L1_LOADING_ADDR = TT_MEM_ETH_L1_SIZE;
	static constexpr std::int32_t ERISC_L1_UNRESERVED_SIZE =
		MAX_L1_LOADING_ADDR - ERISC_L1_UNRESERVED_BASE;
	static constexpr std::int32_t MAX_SIZE = TT_MEM_ETH_L1_SIZE;
	static constexpr std::int32_t MAX_NUM_CONCURRENT_TRANSACTIONS = 8;
	static constexpr std::int32_t ERISC_APP_SYNC_INFO_BASE = TT_MEM_ERISC_SYNC_BASE;
	static constexpr std::int32_t ERISC_APP_SYNC_INFO_SIZE = TT_MEM_ERISC_SYNC_SIZE;
	static constexpr std::int32_t ERISC_MEM_BANK_TO_NOC_SCRATCH = ERISC_L1_UNRESERVED_BASE;
};
} // namespace eth_l1_mem
#endif

#endif /* TT_ETH_L1_ADDRESS_MAP_H */
