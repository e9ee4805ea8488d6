// SPDX-License-Identifier: Apache-2.0
/*
 * A kernel whose build prints far more warnings than a report holds (64 x
 * 4 x 4 of them): it must still build and run, writing 0x600d to arg 0.
 */
#include <cstdint>

#define TT_NOISE   _Pragma("GCC warning \"a long warning line that only fills the compiler log\"")
#define TT_NOISE4  TT_NOISE TT_NOISE TT_NOISE TT_NOISE
#define TT_NOISE16 TT_NOISE4 TT_NOISE4 TT_NOISE4 TT_NOISE4
#define TT_NOISE64 TT_NOISE16 TT_NOISE16 TT_NOISE16 TT_NOISE16

TT_NOISE64
TT_NOISE64
TT_NOISE64
TT_NOISE64

void kernel_main()
{
	*reinterpret_cast<volatile uint32_t *>(get_arg_val<uint32_t>(0)) = 0x600d;
}
