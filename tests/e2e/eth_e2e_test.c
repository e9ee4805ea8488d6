// SPDX-License-Identifier: Apache-2.0
/*
 * Ethernet cores end to end: kernels run on a chip's ethernet cores
 * (tt_eth_kernel_create, logical cores (0, channel)), see their own NoC
 * coordinates, move data between DRAM and their L1 with the dataflow API,
 * hand data to and from workers over the NoC with semaphores on both
 * kinds of core, and stay inside their smaller L1.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"
#include "tt_mem_map.h"
#include "tt_noc_map.h"

#define TILE 2048u

static struct tt_program *eth_program(const char *kernel, uint32_t channel, enum tt_eth_mode mode,
				      enum tt_noc noc, tt_kernel_handle *k)
{
	struct tt_core_range_set set = tt_core_set(tt_core(0, channel));
	struct tt_eth_config cfg = { .mode = mode, .noc = noc };
	struct tt_program *prog;
	int rc;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	rc = tt_eth_kernel_create(prog, kernel, &set, &cfg, k);
	cr_assert_eq(rc, TT_OK, "ethernet kernel %s: %s", kernel, tt_last_error());
	return prog;
}

static struct tt_buffer *dram_buffer(struct tt_device *dev, uint64_t size)
{
	struct tt_buffer_config cfg = { .size = size, .page_size = TILE, .type = TT_BUFFER_DRAM };
	struct tt_buffer *buf;

	cr_assert_eq(tt_buffer_create(dev, &cfg, &buf), TT_OK, "%s", tt_last_error());
	return buf;
}

static void fill(uint8_t *p, size_t n, uint32_t seed)
{
	for (size_t i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		p[i] = (uint8_t)(seed >> 16);
	}
}

Test(eth, the_arch_lists_sixteen_channels_with_their_own_l1)
{
	struct tt_device *dev = e2e_open(2, 2);
	const struct tt_arch *a = tt_device_arch(dev);
	struct tt_core noc;

	cr_expect_eq(a->eth_cores, 16);
	cr_expect_eq(a->eth_l1_size, TT_MEM_ETH_L1_SIZE);
	cr_expect_lt(a->eth_l1_size, a->l1_size);
	cr_expect_gt(a->eth_l1_size, a->l1_unreserved_base + 128 * 1024);
	cr_assert_eq(tt_device_eth_core(dev, tt_core(0, 9), &noc), TT_OK);
	cr_expect_eq(noc.x, TT_NOC_VIRTUAL_ETH_X0 + 1);
	cr_expect_eq(noc.y, TT_NOC_VIRTUAL_ETH_Y0 + 1);
	cr_expect_eq(tt_device_eth_core(dev, tt_core(0, 16), &noc), TT_ERANGE);
	cr_expect_eq(tt_device_eth_core(dev, tt_core(1, 0), &noc), TT_ERANGE);
	tt_device_close(dev);
}

/* Every channel runs its kernel and knows where it is. */
Test(eth, kernels_run_on_every_channel_and_know_where)
{
	struct tt_device *dev = e2e_open(2, 2);
	uint32_t out = TT_MEM_L1_UNRESERVED_BASE;

	for (uint32_t ch = 0; ch < TT_ETH_CORES; ch++) {
		enum tt_eth_mode mode = ch % 2 ? TT_ETH_IDLE : TT_ETH_RECEIVER;
		struct tt_run_report rep;
		tt_kernel_handle k;
		struct tt_program *prog =
			eth_program(KERNEL("eth_identity.c"), ch, mode, TT_NOC_0, &k);
		struct tt_core noc;
		uint32_t got[4] = { 0 };

		cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, ch), &out, 1), TT_OK);
		e2e_run_ok(dev, prog, &rep);
		cr_assert_eq(tt_device_eth_core(dev, tt_core(0, ch), &noc), TT_OK);
		cr_assert_eq(tt_device_eth_l1_read(dev, tt_core(0, ch), out, got, sizeof(got)),
			     TT_OK);
		cr_expect_eq(got[0], noc.x, "channel %u: my_x %u, expected %u", ch, got[0], noc.x);
		cr_expect_eq(got[1], noc.y, "channel %u: my_y %u, expected %u", ch, got[1], noc.y);
		cr_expect_eq(got[2], ch, "channel %u: logical (%u,%u)", ch, got[2] >> 16,
			     got[2] & 0xffff);
		cr_expect_eq(got[3], mode == TT_ETH_IDLE ? 2u : 1u,
			     "channel %u: built as %u (1 active, 2 idle)", ch, got[3]);
		tt_program_destroy(prog);
	}
	tt_device_close(dev);
}

/* DRAM -> ethernet core L1 -> DRAM through the bank tables, on both NoCs. */
Test(eth, dram_loopback_through_an_ethernet_core)
{
	struct tt_device *dev = e2e_open(2, 2);
	const uint32_t tiles = 24; /* 48 KiB: more than fits in the 40 KiB a worker layout leaves */
	size_t size = (size_t)tiles * TILE;
	uint8_t *in = malloc(size), *out = calloc(1, size);

	for (uint32_t noc = 0; noc < 2; noc++) {
		struct tt_buffer *src = dram_buffer(dev, size), *dst = dram_buffer(dev, size);
		struct tt_run_report rep;
		tt_kernel_handle k;
		uint32_t ch = noc ? 15 : 4;
		struct tt_program *prog =
			eth_program(KERNEL("noc_dram_loopback.c"), ch, TT_ETH_IDLE, noc, &k);
		uint32_t args[7] = { tt_buffer_address(src),
				     tt_buffer_address(dst),
				     TT_MEM_L1_UNRESERVED_BASE,
				     tiles,
				     TILE,
				     1,
				     1 };

		fill(in, size, 7 + noc);
		memset(out, 0, size);
		cr_assert_eq(tt_buffer_write(src, in), TT_OK);
		cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, ch), args, 7), TT_OK);
		e2e_run_ok(dev, prog, &rep);
		cr_assert_eq(tt_buffer_read(dst, out), TT_OK);
		cr_expect(!memcmp(in, out, size),
			  "NoC %u: the loopback through channel %u corrupted", noc, ch);
		tt_program_destroy(prog);
		tt_buffer_free(src);
		tt_buffer_free(dst);
	}
	free(in);
	free(out);
	tt_device_close(dev);
}

/*
 * A worker and an ethernet core hand a tile over the NoC, each with
 * semaphores of its own kind: first the worker sends, then the ethernet
 * core does.
 */
Test(eth, a_worker_and_an_ethernet_core_hand_over_a_tile)
{
	struct tt_device *dev = e2e_open(2, 2);
	uint32_t tile = TT_MEM_L1_UNRESERVED_BASE;
	struct tt_core worker = tt_core(1, 1), wnoc, enoc, eth = tt_core(0, 6);
	uint8_t data[TILE], got[TILE + 4];

	cr_assert_eq(tt_device_worker_core(dev, worker, &wnoc), TT_OK);
	cr_assert_eq(tt_device_eth_core(dev, eth, &enoc), TT_OK);
	for (int eth_sends = 0; eth_sends < 2; eth_sends++) {
		struct tt_core_range_set wset = tt_core_set(worker), eset = tt_core_set(eth);
		struct tt_dm_config wcfg = { .processor = TT_DM_RISCV_0, .noc = TT_NOC_0 };
		struct tt_eth_config ecfg = { .mode = TT_ETH_SENDER, .noc = TT_NOC_1 };
		struct tt_program *prog;
		struct tt_run_report rep;
		tt_kernel_handle wk, ek;
		uint32_t id, wargs[5] = { eth_sends, enoc.x, enoc.y, tile, TILE };
		uint32_t eargs[5] = { !eth_sends, wnoc.x, wnoc.y, tile, TILE };

		fill(data, TILE, 100 + eth_sends);
		cr_assert_eq(tt_program_create(&prog), TT_OK);
		for (uint32_t s = 0; s < 2; s++) {
			cr_assert_eq(tt_semaphore_create(prog, &wset, 0, &id), TT_OK);
			cr_assert_eq(id, s);
			cr_assert_eq(tt_eth_semaphore_create(prog, &eset, 0, &id), TT_OK);
			cr_assert_eq(id, s, "ethernet semaphores are numbered on their own");
		}
		cr_assert_eq(tt_kernel_create(prog, KERNEL("noc_sem_pair.c"), &wset, &wcfg, &wk),
			     TT_OK);
		cr_assert_eq(
			tt_eth_kernel_create(prog, KERNEL("noc_sem_pair.c"), &eset, &ecfg, &ek),
			TT_OK, "%s", tt_last_error());
		cr_assert_eq(tt_kernel_set_runtime_args(prog, wk, worker, wargs, 5), TT_OK);
		cr_assert_eq(tt_kernel_set_runtime_args(prog, ek, eth, eargs, 5), TT_OK);
		if (eth_sends)
			cr_assert_eq(tt_device_eth_l1_write(dev, eth, tile, data, TILE), TT_OK);
		else
			cr_assert_eq(tt_device_l1_write(dev, worker, tile, data, TILE), TT_OK);
		e2e_run_ok(dev, prog, &rep);
		if (eth_sends)
			cr_assert_eq(tt_device_l1_read(dev, worker, tile, got, sizeof(got)), TT_OK);
		else
			cr_assert_eq(tt_device_eth_l1_read(dev, eth, tile, got, sizeof(got)),
				     TT_OK);
		cr_expect(!memcmp(got, data, TILE), "%s: the tile arrived corrupted",
			  eth_sends ? "ethernet to worker" : "worker to ethernet");
		cr_expect(!memcmp(got + TILE, data, 4), "the receiver read the tile after its "
							"semaphore");
		tt_program_destroy(prog);
	}
	tt_device_close(dev);
}

Test(eth, bad_placements_are_refused_and_l1_ends_where_it_should)
{
	struct tt_device *dev = e2e_open(2, 2);
	struct tt_core_range_set past = tt_core_set(tt_core(0, 16));
	struct tt_core_range_set worker = tt_core_set(tt_core(1, 0));
	struct tt_eth_config cfg = { .mode = TT_ETH_IDLE };
	struct tt_program *prog;
	struct tt_run_report rep;
	tt_kernel_handle k;
	uint32_t addr = TT_MEM_ETH_L1_SIZE;
	uint8_t byte;
	int rc;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_expect_eq(tt_eth_kernel_create(prog, KERNEL("empty.c"), &past, &cfg, &k), TT_ERANGE);
	cr_expect(strstr(tt_last_error(), "not an ethernet core"), "%s", tt_last_error());
	cr_expect_eq(tt_eth_kernel_create(prog, KERNEL("empty.c"), &worker, &cfg, &k), TT_ERANGE);
	cr_expect_eq(tt_device_eth_l1_read(dev, tt_core(0, 0), TT_MEM_ETH_L1_SIZE, &byte, 1),
		     TT_ERANGE);
	tt_program_destroy(prog);

	/* A store past the ethernet core's L1 faults there, not in a neighbour. */
	prog = eth_program(KERNEL("eth_past_l1.c"), 2, TT_ETH_IDLE, TT_NOC_0, &k);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, 2), &addr, 1), TT_OK);
	rc = tt_program_run(dev, prog, 30000, &rep);
	cr_expect_neq(rc, TT_OK, "a store past the ethernet core's L1 ran");
	cr_expect(strstr(tt_last_error(), "unmapped address"), "%s", tt_last_error());
	tt_program_destroy(prog);

	/* The device is still usable afterwards. */
	addr = TT_MEM_L1_UNRESERVED_BASE;
	prog = eth_program(KERNEL("eth_identity.c"), 2, TT_ETH_IDLE, TT_NOC_0, &k);
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, 2), &addr, 1), TT_OK);
	e2e_run_ok(dev, prog, &rep);
	tt_program_destroy(prog);
	tt_device_close(dev);
}
