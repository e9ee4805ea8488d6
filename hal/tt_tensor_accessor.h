/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The arguments a TensorAccessor reads (tt-metal's TensorAccessorArgs):
 * the host appends them to a kernel's compile-time args (and, for fields
 * whose Runtime bit is set, to its common runtime args, in the same
 * order); the kernel API reads them back.
 *
 *   interleaved: config, aligned page size                        (2 words)
 *   sharded:     config, aligned page size, rank, number of banks,
 *                tensor shape in pages (rank words), shard shape in
 *                pages (rank words), bank coordinates (two per word)
 *
 * config is a set of the TT_TA_* bits below.  A bank coordinate is 16
 * bits, x << 8 | y, the first bank of a pair in the low half: the NoC
 * coordinates of the shard core for L1, (bank, 0) for DRAM.
 */
#ifndef TT_HAL_TENSOR_ACCESSOR_H
#define TT_HAL_TENSOR_ACCESSOR_H

#define TT_TA_SHARDED			(1u << 0)
#define TT_TA_IS_DRAM			(1u << 1)
#define TT_TA_RUNTIME_RANK		(1u << 2)
#define TT_TA_RUNTIME_NUM_BANKS		(1u << 3)
#define TT_TA_RUNTIME_TENSOR_SHAPE	(1u << 4)
#define TT_TA_RUNTIME_SHARD_SHAPE	(1u << 5)
#define TT_TA_RUNTIME_BANK_COORDS	(1u << 6)
#define TT_TA_RUNTIME			(TT_TA_RUNTIME_RANK | TT_TA_RUNTIME_NUM_BANKS | \
					 TT_TA_RUNTIME_TENSOR_SHAPE |                  \
					 TT_TA_RUNTIME_SHARD_SHAPE |                   \
					 TT_TA_RUNTIME_BANK_COORDS)

#define TT_TA_INTERLEAVED_WORDS		2	/* config, aligned page size */
#define TT_TA_MAX_RANK			8

#endif /* TT_HAL_TENSOR_ACCESSOR_H */
