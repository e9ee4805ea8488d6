/* SPDX-License-Identifier: Apache-2.0 */
/*
 * On-target tests: test cases written as bare-metal C that run on the
 * harts a host picks, with the firmware resident (docs/firmware-tests.md).
 *
 *	#include "tt_fwtest.h"
 *
 *	TT_TEST(core_magic)
 *	{
 *		ASSERT_EQ(mailbox()->core_info.magic, TT_CORE_MAGIC_WORKER);
 *	}
 *
 * Including this header makes the file a test program: it defines
 * kernel_main(), which runs every TT_TEST of the file in source order and
 * leaves one result per case in the L1 record of its RISC
 * (hal/tt_fwtest.h).  The host side (tt_fwtest_run(), tools/tt-fwtest)
 * builds the file for the chosen RISCs, runs it and reads the records.
 *
 * EXPECT_* records a failure and goes on; ASSERT_* records it and returns
 * from the test case, so use ASSERT_* in the case's own body (a helper
 * function can return a bool for the case to assert).  Comparisons are
 * done in the operands' own C types; the message shows both values as
 * signed decimal and hex.
 */
#ifndef TT_FWTEST_H
#define TT_FWTEST_H

#include <stdbool.h>
#include <stdint.h>

#include "tt_fwtest_abi.h"
#include "tt_kernel.h"

#ifndef TT_FWTEST_RESULTS
#error "TT_FWTEST_RESULTS is not defined: build test programs with tt_fwtest_run() or tools/tt-fwtest, which reserve the result mailbox and pass its address"
#endif

struct tt_fwtest_def {
	const char *name;
	void (*fn)(void);
	uint32_t line;
};

/* The cases of this file, collected by linker/kernel.ld.S. */
extern const struct tt_fwtest_def __tt_fwtest_start[], __tt_fwtest_end[];

#define TT_TEST(name)                                                                   \
	static void tt_fwtest_fn_##name(void);                                          \
	static const struct tt_fwtest_def tt_fwtest_def_##name                          \
		__attribute__((section(".tt_fwtest"), used,                             \
			       aligned(4))) = { #name, tt_fwtest_fn_##name, __LINE__ }; \
	static void tt_fwtest_fn_##name(void)

/* The RISC this copy of the test program runs on (TT_RISC_*). */
#define TT_TEST_RISC() ((uint32_t)TT_KERNEL_RISC)

/* Mark the running case skipped (with @why) and leave it. */
#define TT_SKIP(why)                           \
	do {                                   \
		tt_fwtest_skip(__LINE__, why); \
		return;                        \
	} while (0)

#define TT_FWTEST_BOOL(cond, text, fatal)                                               \
	do {                                                                            \
		if (!tt_fwtest_check(!!(cond), __LINE__, text, 0, 0, false) && (fatal)) \
			return;                                                         \
	} while (0)

#define TT_FWTEST_CMP(a, op, b, fatal)                                            \
	do {                                                                      \
		__typeof__(a) tt_a_ = (a);                                        \
		__typeof__(b) tt_b_ = (b);                                        \
		if (!tt_fwtest_check(tt_a_ op tt_b_, __LINE__, #a " " #op " " #b, \
				     (long long)tt_a_, (long long)tt_b_, true) && \
		    (fatal))                                                      \
			return;                                                   \
	} while (0)

#define EXPECT_TRUE(c)	TT_FWTEST_BOOL(c, "EXPECT_TRUE(" #c ")", false)
#define EXPECT_FALSE(c) TT_FWTEST_BOOL(!(c), "EXPECT_FALSE(" #c ")", false)
#define ASSERT_TRUE(c)	TT_FWTEST_BOOL(c, "ASSERT_TRUE(" #c ")", true)
#define ASSERT_FALSE(c) TT_FWTEST_BOOL(!(c), "ASSERT_FALSE(" #c ")", true)
#define EXPECT_EQ(a, b) TT_FWTEST_CMP(a, ==, b, false)
#define EXPECT_NE(a, b) TT_FWTEST_CMP(a, !=, b, false)
#define EXPECT_LT(a, b) TT_FWTEST_CMP(a, <, b, false)
#define EXPECT_LE(a, b) TT_FWTEST_CMP(a, <=, b, false)
#define EXPECT_GT(a, b) TT_FWTEST_CMP(a, >, b, false)
#define EXPECT_GE(a, b) TT_FWTEST_CMP(a, >=, b, false)
#define ASSERT_EQ(a, b) TT_FWTEST_CMP(a, ==, b, true)
#define ASSERT_NE(a, b) TT_FWTEST_CMP(a, !=, b, true)
#define ASSERT_LT(a, b) TT_FWTEST_CMP(a, <, b, true)
#define ASSERT_LE(a, b) TT_FWTEST_CMP(a, <=, b, true)
#define ASSERT_GT(a, b) TT_FWTEST_CMP(a, >, b, true)
#define ASSERT_GE(a, b) TT_FWTEST_CMP(a, >=, b, true)

/* @n bytes at @a and @b are equal; the message gives the first difference. */
#define EXPECT_MEM_EQ(a, b, n)                                                                \
	do {                                                                                  \
		tt_fwtest_mem_eq((const volatile void *)(a), (const volatile void *)(b), (n), \
				 __LINE__, "EXPECT_MEM_EQ(" #a ", " #b ")");                  \
	} while (0)
#define ASSERT_MEM_EQ(a, b, n)                                                                     \
	do {                                                                                       \
		if (!tt_fwtest_mem_eq((const volatile void *)(a), (const volatile void *)(b), (n), \
				      __LINE__, "ASSERT_MEM_EQ(" #a ", " #b ")"))                  \
			return;                                                                    \
	} while (0)

/* Implementation ---------------------------------------------------------- */

static volatile struct tt_fwtest_case *tt_fwtest_cur;

static inline volatile struct tt_fwtest_record *tt_fwtest_record(void)
{
	return (volatile struct tt_fwtest_record
			*)(uintptr_t)(TT_FWTEST_RESULTS +
				      TT_KERNEL_RISC * sizeof(struct tt_fwtest_record));
}

/* Bounded string building into the record (no C library needed). */
struct tt_fwtest_buf {
	volatile char *p;
	uint32_t len, cap;
};

static inline void tt_fwtest_puts(struct tt_fwtest_buf *b, const char *s)
{
	while (*s && b->len + 1 < b->cap)
		b->p[b->len++] = *s++;
	b->p[b->len] = 0;
}

static inline void tt_fwtest_putnum(struct tt_fwtest_buf *b, unsigned long long v,
				    unsigned int base)
{
	char tmp[24];
	int n = 0;

	do {
		unsigned int d = (unsigned int)(v % base);

		tmp[n++] = (char)(d < 10 ? '0' + d : 'a' + d - 10);
		v /= base;
	} while (v);
	while (n > 0 && b->len + 1 < b->cap)
		b->p[b->len++] = tmp[--n];
	b->p[b->len] = 0;
}

static inline void tt_fwtest_putval(struct tt_fwtest_buf *b, long long v)
{
	if (v < 0) {
		tt_fwtest_puts(b, "-");
		tt_fwtest_putnum(b, 0ull - (unsigned long long)v, 10);
	} else {
		tt_fwtest_putnum(b, (unsigned long long)v, 10);
	}
	if (v < -9 || v > 9) {
		tt_fwtest_puts(b, " (0x");
		tt_fwtest_putnum(b,
				 (unsigned long long)v &
					 (v < 0 && v >= -0x80000000ll ? 0xffffffffull : ~0ull),
				 16);
		tt_fwtest_puts(b, ")");
	}
}

/* Record the first failure of the running case; later ones are counted. */
static inline struct tt_fwtest_buf tt_fwtest_fail(uint32_t line)
{
	volatile struct tt_fwtest_case *c = tt_fwtest_cur;
	struct tt_fwtest_buf b = { c->msg, 0, 0 };

	if (c->failures++ == 0) {
		c->status = TT_FWTEST_FAIL;
		c->line = line;
		b.cap = TT_FWTEST_MSG_LEN;
	}
	return b;
}

static inline bool tt_fwtest_check(bool ok, uint32_t line, const char *text, long long a,
				   long long b, bool values)
{
	struct tt_fwtest_buf m;

	tt_fwtest_cur->checks++;
	if (ok)
		return true;
	m = tt_fwtest_fail(line);
	if (!m.cap)
		return false;
	tt_fwtest_puts(&m, text);
	if (values) {
		tt_fwtest_puts(&m, ": ");
		tt_fwtest_putval(&m, a);
		tt_fwtest_puts(&m, " vs ");
		tt_fwtest_putval(&m, b);
	}
	return false;
}

static inline bool tt_fwtest_mem_eq(const volatile void *a, const volatile void *b, uint32_t n,
				    uint32_t line, const char *text)
{
	const volatile uint8_t *pa = a, *pb = b;
	struct tt_fwtest_buf m;
	uint32_t i;

	tt_fwtest_cur->checks++;
	for (i = 0; i < n && pa[i] == pb[i]; i++)
		;
	if (i == n)
		return true;
	m = tt_fwtest_fail(line);
	if (!m.cap)
		return false;
	tt_fwtest_puts(&m, text);
	tt_fwtest_puts(&m, ": byte ");
	tt_fwtest_putnum(&m, i, 10);
	tt_fwtest_puts(&m, " is 0x");
	tt_fwtest_putnum(&m, pa[i], 16);
	tt_fwtest_puts(&m, " vs 0x");
	tt_fwtest_putnum(&m, pb[i], 16);
	return false;
}

static inline void tt_fwtest_skip(uint32_t line, const char *why)
{
	volatile struct tt_fwtest_case *c = tt_fwtest_cur;
	struct tt_fwtest_buf m = { c->msg, 0, TT_FWTEST_MSG_LEN };

	if (c->failures)
		return; /* a failure before the skip stands */
	c->status = TT_FWTEST_SKIP;
	c->line = line;
	tt_fwtest_puts(&m, why);
}

#ifndef TT_FWTEST_NO_MAIN
/*
 * Runs the cases in source order (the linker may not keep it).  Every
 * name is written first, so a case after one that traps is reported by
 * name as not run.
 */
void kernel_main(void)
{
	volatile struct tt_fwtest_record *r = tt_fwtest_record();
	uint32_t n = (uint32_t)(__tt_fwtest_end - __tt_fwtest_start);
	const struct tt_fwtest_def *order[TT_FWTEST_MAX_CASES];
	uint32_t last_line = 0;

	r->magic = TT_FWTEST_MAGIC;
	r->num_cases = n;
	if (n > TT_FWTEST_MAX_CASES)
		n = TT_FWTEST_MAX_CASES;
	for (uint32_t i = 0; i < n; i++) {
		struct tt_fwtest_buf name = { r->cases[i].name, 0, TT_FWTEST_NAME_LEN };
		const struct tt_fwtest_def *d = 0;

		for (const struct tt_fwtest_def *t = __tt_fwtest_start; t < __tt_fwtest_end; t++)
			if (t->line > last_line && (!d || t->line < d->line))
				d = t;
		order[i] = d;
		last_line = d->line;
		tt_fwtest_puts(&name, d->name);
	}
	for (uint32_t i = 0; i < n; i++) {
		volatile struct tt_fwtest_case *c = &r->cases[i];

		c->status = TT_FWTEST_RUNNING;
		r->current = i;
		tt_fwtest_cur = c;
		order[i]->fn();
		if (c->status == TT_FWTEST_RUNNING)
			c->status = TT_FWTEST_PASS;
	}
	r->done = TT_FWTEST_MAGIC;
}
#endif

#endif /* TT_FWTEST_H */
