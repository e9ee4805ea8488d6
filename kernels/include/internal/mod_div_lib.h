// SPDX-License-Identifier: Apache-2.0
/*
 * tt-metal's division by constants (internal/mod_div_lib.h): bank index
 * arithmetic in kernels divides by bank counts known at compile time.
 * Here each is the plain division, which the compiler turns into a
 * multiply and shift for a constant divisor (RV32IM has mulhu), and which
 * is exact for every 32-bit value.
 */
#ifndef TT_INTERNAL_MOD_DIV_LIB_H
#define TT_INTERNAL_MOD_DIV_LIB_H

#include <stdint.h>

static inline __attribute__((always_inline)) unsigned int mulsi3(unsigned int a, unsigned int b)
{
	return a * b;
}

#define TT_FAST_UDIV(d)                                                                 \
	static inline __attribute__((always_inline)) uint32_t fast_udiv_##d(uint32_t n) \
	{                                                                               \
		return n / d##u;                                                        \
	}
TT_FAST_UDIV(7)
TT_FAST_UDIV(12)
TT_FAST_UDIV(20)
TT_FAST_UDIV(48)
TT_FAST_UDIV(56)
TT_FAST_UDIV(63)
TT_FAST_UDIV(70)
TT_FAST_UDIV(72)
TT_FAST_UDIV(80)
TT_FAST_UDIV(94)
TT_FAST_UDIV(108)
TT_FAST_UDIV(110)
TT_FAST_UDIV(117)
TT_FAST_UDIV(120)
TT_FAST_UDIV(124)
TT_FAST_UDIV(126)
TT_FAST_UDIV(130)
TT_FAST_UDIV(140)
#undef TT_FAST_UDIV

#ifdef __cplusplus
template <uint32_t d>
inline __attribute__((always_inline)) uint32_t udivsi3_const_divisor(uint32_t n)
{
	return n / d;
}

template <uint32_t d>
inline __attribute__((always_inline)) uint32_t umodsi3_const_divisor(uint32_t a)
{
	return a % d;
}
#endif

#endif /* TT_INTERNAL_MOD_DIV_LIB_H */
