// SPDX-License-Identifier: Apache-2.0
/*
 * Ethernet between chips (hal/tt_link.h): kernels on the ethernet cores
 * of two chips move bytes over their link with tt-metal's calls, a ball
 * goes back and forth a hundred times, a token goes round the eight
 * chips of a T3000, every run counts the same instructions on every
 * chip, and a chip waiting for bytes nobody sends is reported at once.
 * Chips are 1x1 grids: what is tested is the links.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "e2e.h"
#include "tt_mem_map.h"

#define BUF  TT_MEM_L1_UNRESERVED_BASE
#define BALL (BUF + 64 * 1024)

/* A program of one ethernet kernel on @channel with @n args. */
static struct tt_program *eth_program(const char *kernel, uint32_t channel, const uint32_t *args,
				      uint32_t n)
{
	struct tt_core_range_set set = tt_core_set(tt_core(0, channel));
	struct tt_eth_config cfg = { .mode = TT_ETH_SENDER };
	struct tt_program *prog;
	tt_kernel_handle k;

	cr_assert_eq(tt_program_create(&prog), TT_OK);
	cr_assert_eq(tt_eth_kernel_create(prog, kernel, &set, &cfg, &k), TT_OK, "%s: %s", kernel,
		     tt_last_error());
	cr_assert_eq(tt_kernel_set_runtime_args(prog, k, tt_core(0, channel), args, n), TT_OK);
	return prog;
}

static void fill(uint8_t *p, size_t n, uint32_t seed)
{
	for (size_t i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		p[i] = (uint8_t)(seed >> 16);
	}
}

/* Start @prog[i] on chip @chip[i], all at one step, then finish them all. */
static void run_together(struct tt_system *sys, struct tt_program **prog, const uint32_t *chip,
			 uint32_t n, struct tt_run_report *rep)
{
	cr_assert_eq(tt_system_hold(sys), TT_OK);
	for (uint32_t i = 0; i < n; i++)
		cr_assert_eq(tt_enqueue_program(tt_system_chip(sys, chip[i]), prog[i], &rep[i]),
			     TT_OK, "chip %u: %s", chip[i], tt_last_error());
	cr_assert_eq(tt_system_unhold(sys), TT_OK);
	for (uint32_t i = 0; i < n; i++)
		cr_assert_eq(tt_finish(tt_system_chip(sys, chip[i]), 60000, &rep[i]), TT_OK,
			     "chip %u: %s", chip[i], tt_last_error());
}

Test(link, bytes_cross_an_n300_card, .timeout = 120)
{
	struct tt_system *sys = e2e_open_system("N300");
	uint32_t peer, pch, ch = 8, bytes = 48 * 1024;
	uint8_t *in = malloc(bytes), *out = calloc(1, bytes);
	struct tt_program *prog[2];
	struct tt_run_report rep[2];
	uint32_t chips[2] = { 0, 1 };

	cr_assert_eq(tt_system_eth_peer(sys, 0, ch, &peer, &pch), TT_OK);
	cr_assert_eq(peer, 1);
	fill(in, bytes, 42);
	cr_assert_eq(tt_device_eth_l1_write(tt_system_chip(sys, 0), tt_core(0, ch), BUF, in, bytes),
		     TT_OK);
	prog[0] = eth_program(KERNEL("eth_send.c"), ch, (uint32_t[]){ BUF, BUF + 4096, bytes }, 3);
	prog[1] = eth_program(KERNEL("eth_receive.c"), pch, &bytes, 1);
	run_together(sys, prog, chips, 2, rep);
	cr_assert_eq(tt_device_eth_l1_read(tt_system_chip(sys, 1), tt_core(0, pch), BUF + 4096, out,
					   bytes),
		     TT_OK);
	cr_expect(!memcmp(in, out, bytes), "the bytes that crossed the link differ");
	tt_program_destroy(prog[0]);
	tt_program_destroy(prog[1]);
	free(in);
	free(out);
	tt_system_close(sys);
}

/* The packets of a link are in both chips' timeline traces. */
Test(link, packets_are_in_the_trace, .timeout = 120)
{
	struct tt_system_config cfg = { .name = "N300", .chip = { .grid_x = 1, .grid_y = 1 } };
	char dir[] = "/tmp/tt-link-trace-XXXXXX", path[96], want[96];
	uint32_t peer, pch, ch = 8, bytes = 4096;
	struct tt_program *prog[2];
	struct tt_run_report rep[2];
	uint32_t chips[2] = { 0, 1 };
	struct tt_system *sys;
	size_t len;
	char *t;

	cr_assert_not_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/run.json", dir);
	cfg.chip.trace_path = path;
	cr_assert_eq(tt_system_open(&cfg, &sys), TT_OK, "%s", tt_last_error());
	cr_assert_eq(tt_system_eth_peer(sys, 0, ch, &peer, &pch), TT_OK);
	prog[0] = eth_program(KERNEL("eth_send.c"), ch, (uint32_t[]){ BUF, BUF + 4096, bytes }, 3);
	prog[1] = eth_program(KERNEL("eth_receive.c"), pch, &bytes, 1);
	run_together(sys, prog, chips, 2, rep);
	tt_program_destroy(prog[0]);
	tt_program_destroy(prog[1]);
	tt_system_close(sys);

	snprintf(path, sizeof(path), "%s/run.chip0.json", dir);
	t = e2e_slurp(path, &len);
	snprintf(want, sizeof(want), "\"channel\":%u,\"bytes\":%u,\"to\":\"chip 1 channel %u\"", ch,
		 bytes, pch);
	cr_expect(strstr(t, "\"name\":\"eth send\"") && strstr(t, want), "chip 0: %s", t);
	free(t);
	remove(path);
	snprintf(path, sizeof(path), "%s/run.chip1.json", dir);
	t = e2e_slurp(path, &len);
	snprintf(want, sizeof(want), "\"channel\":%u,\"bytes\":%u,\"from\":\"chip 0 channel %u\"",
		 pch, bytes, ch);
	cr_expect(strstr(t, "\"name\":\"eth receive\"") && strstr(t, want), "chip 1: %s", t);
	free(t);
	remove(path);
	rmdir(dir);
}

/*
 * Launched one after the other, without a hold: the receiver's chip
 * starts first and sleeps; the sender's launch starts once the system is
 * idle, and the bytes still arrive.
 */
Test(link, launches_in_turn_still_meet, .timeout = 120)
{
	struct tt_system *sys = e2e_open_system("N300");
	uint32_t pch, peer, ch = 9, bytes = 4096;
	struct tt_program *rx, *tx;
	struct tt_run_report rep;
	uint32_t got[4];

	cr_assert_eq(tt_system_eth_peer(sys, 0, ch, &peer, &pch), TT_OK);
	cr_assert_eq(tt_device_eth_l1_write(tt_system_chip(sys, 0), tt_core(0, ch), BUF,
					    (uint32_t[]){ 1, 2, 3, 4 }, 16),
		     TT_OK);
	rx = eth_program(KERNEL("eth_receive.c"), pch, &bytes, 1);
	tx = eth_program(KERNEL("eth_send.c"), ch, (uint32_t[]){ BUF, BUF, bytes }, 3);
	cr_assert_eq(tt_enqueue_program(tt_system_chip(sys, 1), rx, &rep), TT_OK);
	cr_assert_eq(tt_enqueue_program(tt_system_chip(sys, 0), tx, &rep), TT_OK);
	cr_assert_eq(tt_finish(tt_system_chip(sys, 0), 60000, &rep), TT_OK, "%s", tt_last_error());
	cr_assert_eq(tt_finish(tt_system_chip(sys, 1), 60000, &rep), TT_OK, "%s", tt_last_error());
	cr_assert_eq(tt_device_eth_l1_read(tt_system_chip(sys, 1), tt_core(0, pch), BUF, got, 16),
		     TT_OK);
	cr_expect(got[0] == 1 && got[1] == 2 && got[2] == 3 && got[3] == 4);
	tt_program_destroy(rx);
	tt_program_destroy(tx);
	tt_system_close(sys);
}

/* A hundred round trips; returns the instructions each chip ran. */
static void pingpong(struct tt_system *sys, uint64_t icount[2])
{
	const uint32_t rounds = 100;
	uint32_t peer, pch, ch = 8;
	struct tt_program *prog[2];
	struct tt_run_report rep[2];
	uint32_t chips[2] = { 0, 1 }, ball[17] = { 0 }, got[16];

	cr_assert_eq(tt_system_eth_peer(sys, 0, ch, &peer, &pch), TT_OK);
	for (uint32_t i = 0; i < 16; i++)
		ball[i] = i * 1000;
	cr_assert_eq(tt_device_eth_l1_write(tt_system_chip(sys, 0), tt_core(0, ch), BALL, ball,
					    sizeof(ball)),
		     TT_OK);
	memset(ball, 0, sizeof(ball));
	cr_assert_eq(tt_device_eth_l1_write(tt_system_chip(sys, 1), tt_core(0, pch), BALL, ball,
					    sizeof(ball)),
		     TT_OK);
	prog[0] = eth_program(KERNEL("eth_pingpong.c"), ch, (uint32_t[]){ rounds, 1, BALL }, 3);
	prog[1] = eth_program(KERNEL("eth_pingpong.c"), pch, (uint32_t[]){ rounds, 0, BALL }, 3);
	run_together(sys, prog, chips, 2, rep);
	cr_assert_eq(tt_device_eth_l1_read(tt_system_chip(sys, 0), tt_core(0, ch), BALL, got,
					   sizeof(got)),
		     TT_OK);
	for (uint32_t i = 0; i < 16; i++)
		cr_expect_eq(got[i], i * 1000 + 2 * rounds, "word %u of the ball: %u", i, got[i]);
	icount[0] = rep[0].instructions;
	icount[1] = rep[1].instructions;
	tt_program_destroy(prog[0]);
	tt_program_destroy(prog[1]);
}

Test(link, a_ball_goes_back_and_forth, .timeout = 120)
{
	struct tt_system *sys = e2e_open_system("N300");
	uint64_t icount[2];

	pingpong(sys, icount);
	cr_expect_gt(icount[0], 0);
	cr_log_info("ping-pong: chip 0 ran %lu instructions, chip 1 %lu", (unsigned long)icount[0],
		    (unsigned long)icount[1]);
	tt_system_close(sys);
}

/* Every run of several chips counts the same instructions on each chip. */
Test(link, runs_count_the_same_every_time, .timeout = 240)
{
	uint64_t first[2] = { 0 }, again[2];

	for (int run = 0; run < 3; run++) {
		struct tt_system *sys = e2e_open_system("N300");

		pingpong(sys, run ? again : first);
		tt_system_close(sys);
		if (run) {
			cr_expect_eq(again[0], first[0],
				     "run %d: chip 0 ran %lu instructions, %lu first", run,
				     (unsigned long)again[0], (unsigned long)first[0]);
			cr_expect_eq(again[1], first[1],
				     "run %d: chip 1 ran %lu instructions, %lu first", run,
				     (unsigned long)again[1], (unsigned long)first[1]);
		}
	}
}

/*
 * Every hop of the T3000's ring of eight chips (0 1 2 3 7 6 5 4) carries
 * bytes: a sender and a receiver per hop, every chip in two hops at once
 * (one launch of four hops, then the other four).
 */
Test(link, every_hop_of_a_t3000_ring_carries_bytes, .timeout = 240)
{
	static const uint32_t ring[8] = { 0, 1, 2, 3, 7, 6, 5, 4 };
	struct tt_system *sys = e2e_open_system("T3000");
	struct tt_program *prog[16];
	struct tt_run_report rep[16];
	uint32_t chips[16], bytes = 1024;
	uint8_t token[1024], got[1024];

	fill(token, sizeof(token), 3);
	for (uint32_t i = 0; i < 8; i++) {
		uint32_t a = ring[i], b = ring[(i + 1) % 8], ch, peer = 0, pch = 0;

		/* The channel of chip a whose far end is chip b. */
		for (ch = 0; ch < 16; ch++)
			if (tt_system_eth_peer(sys, a, ch, &peer, &pch) == TT_OK && peer == b)
				break;
		cr_assert_lt(ch, 16, "chips %u and %u are not linked", a, b);
		cr_assert_eq(tt_device_eth_l1_write(tt_system_chip(sys, a), tt_core(0, ch), BUF,
						    token, sizeof(token)),
			     TT_OK);
		prog[2 * i] = eth_program(KERNEL("eth_send.c"), ch,
					  (uint32_t[]){ BUF, BUF + 8192, bytes }, 3);
		prog[2 * i + 1] = eth_program(KERNEL("eth_receive.c"), pch, &bytes, 1);
		chips[2 * i] = a;
		chips[2 * i + 1] = b;
	}
	/* One program per chip and launch: run the hops in two rounds. */
	for (uint32_t half = 0; half < 2; half++) {
		struct tt_program *p[8];
		uint32_t c[8], n = 0;

		for (uint32_t i = half; i < 8; i += 2) {
			p[n] = prog[2 * i], c[n++] = chips[2 * i];
			p[n] = prog[2 * i + 1], c[n++] = chips[2 * i + 1];
		}
		run_together(sys, p, c, n, rep);
	}
	for (uint32_t i = 0; i < 8; i++) {
		uint32_t b = ring[(i + 1) % 8], ch, peer, pch;

		for (ch = 0; ch < 16; ch++)
			if (tt_system_eth_peer(sys, b, ch, &peer, &pch) == TT_OK && peer == ring[i])
				break;
		memset(got, 0, sizeof(got));
		cr_assert_eq(tt_device_eth_l1_read(tt_system_chip(sys, b), tt_core(0, ch),
						   BUF + 8192, got, sizeof(got)),
			     TT_OK);
		cr_expect(!memcmp(got, token, sizeof(got)), "hop %u -> %u lost the token", ring[i],
			  b);
	}
	for (uint32_t i = 0; i < 16; i++)
		tt_program_destroy(prog[i]);
	tt_system_close(sys);
}

/* Waiting for bytes that never come: a deadlock, found when every chip idles. */
Test(link, a_receiver_nobody_feeds_is_a_deadlock, .timeout = 120)
{
	struct tt_system *sys = e2e_open_system("N300");
	uint32_t bytes = 64;
	struct tt_program *rx = eth_program(KERNEL("eth_receive.c"), 0, &bytes, 1);
	struct tt_run_report rep;
	int rc;

	cr_assert_eq(tt_enqueue_program(tt_system_chip(sys, 1), rx, &rep), TT_OK);
	rc = tt_finish(tt_system_chip(sys, 1), 60000, &rep);
	cr_expect_eq(rc, TT_EDEADLK, "got %d: %s", rc, tt_last_error());
	cr_expect(strstr(tt_last_error(), "far ethernet core"), "%s", tt_last_error());
	cr_expect(strstr(tt_last_error(), "a chain of waits that leaves this chip over ethernet"),
		  "%s", tt_last_error());
	cr_expect(strstr(tt_last_error(), "chip 1 ethernet core (0,0) ERISC waits"), "%s",
		  tt_last_error());
	cr_expect(strstr(tt_last_error(), "which only chip 0 ethernet core (0,8) ERISC can send, "
					  "and it has no kernel running"),
		  "%s", tt_last_error());
	tt_program_destroy(rx);
	tt_system_close(sys);
}

/* Both ends of a link wait for the other: one cycle naming both chips, at once. */
Test(link, a_cycle_across_two_chips_is_named, .timeout = 120)
{
	struct tt_system *sys = e2e_open_system("N300");
	uint32_t bytes = 64, chips[2] = { 0, 1 };
	struct tt_program *p[2] = { eth_program(KERNEL("eth_receive.c"), 8, &bytes, 1),
				    eth_program(KERNEL("eth_receive.c"), 0, &bytes, 1) };
	struct tt_run_report rep[2];
	int rc;

	cr_assert_eq(tt_system_hold(sys), TT_OK);
	for (uint32_t i = 0; i < 2; i++)
		cr_assert_eq(tt_enqueue_program(tt_system_chip(sys, chips[i]), p[i], &rep[i]),
			     TT_OK);
	cr_assert_eq(tt_system_unhold(sys), TT_OK);
	rc = tt_finish(tt_system_chip(sys, 0), 60000, &rep[0]);
	cr_expect_eq(rc, TT_EDEADLK, "got %d: %s", rc, tt_last_error());
	cr_expect(strstr(tt_last_error(), "a cycle of waits across two chips"), "%s",
		  tt_last_error());
	cr_expect(strstr(tt_last_error(), "chip 0 ethernet core (0,8) ERISC waits for the far "
					  "ethernet core"),
		  "%s", tt_last_error());
	cr_expect(strstr(tt_last_error(), "which only chip 1 ethernet core (0,0) ERISC can send, "
					  "and it waits for the far ethernet core"),
		  "%s", tt_last_error());
	rc = tt_finish(tt_system_chip(sys, 1), 60000, &rep[1]);
	cr_expect_eq(rc, TT_EDEADLK, "chip 1: %d: %s", rc, tt_last_error());
	tt_program_destroy(p[0]);
	tt_program_destroy(p[1]);
	tt_system_close(sys);
}

/* A send on a channel with no link, or not in 16-byte units, is refused. */
Test(link, bad_sends_are_guest_errors, .timeout = 120)
{
	struct tt_system *sys = e2e_open_system("N300");
	struct tt_run_report rep;
	struct tt_program *p;
	int rc;

	/* Channel 3: the west side of chip 0 has no neighbour. */
	p = eth_program(KERNEL("eth_send.c"), 3, (uint32_t[]){ BUF, BUF, 64 }, 3);
	rc = tt_program_run(tt_system_chip(sys, 0), p, 60000, &rep);
	cr_expect_neq(rc, TT_OK);
	cr_expect(strstr(tt_last_error(), "no link to another chip"), "%s", tt_last_error());
	tt_program_destroy(p);
	p = eth_program(KERNEL("eth_send.c"), 8, (uint32_t[]){ BUF, BUF, 20 }, 3);
	rc = tt_program_run(tt_system_chip(sys, 0), p, 60000, &rep);
	cr_expect_neq(rc, TT_OK);
	cr_expect(strstr(tt_last_error(), "multiples of 16 bytes"), "%s", tt_last_error());
	tt_program_destroy(p);
	tt_system_close(sys);
}
