// SPDX-License-Identifier: Apache-2.0
/*
 * Ping-pong over one ethernet link, arg 0 rounds; the side with arg 1 set
 * serves.  The ball is 16 words at L1 arg 2 followed by a turn counter:
 * on its turn a side adds 1 to every word, counts the turn and sends
 * ball and counter to the same address on the far side in one send, then
 * sleeps until the counter comes back advanced.  The server's ball ends
 * at its start plus 2 * rounds.
 */
#include "dataflow_api.h"

#define BALL_WORDS 16

void kernel_main(void)
{
	uint32_t rounds = get_arg_val(0), serve = get_arg_val(1), ball = get_arg_val(2);
	volatile uint32_t *w = (volatile uint32_t *)ball;
	volatile uint32_t *turn = w + BALL_WORDS;

	for (uint32_t r = 0; r < rounds; r++) {
		uint32_t mine = 2 * r + (serve ? 0 : 1);

		noc_semaphore_wait(turn, mine);
		for (uint32_t i = 0; i < BALL_WORDS; i++)
			w[i] += 1;
		*turn = mine + 1;
		eth_send_bytes_over_channel_payload_only(ball, ball, BALL_WORDS * 4 + 16);
	}
	if (serve)
		noc_semaphore_wait(turn, 2 * rounds);
}
