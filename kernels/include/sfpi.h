// SPDX-License-Identifier: Apache-2.0
/*
 * sfpi: tt-metal's C++ programming model of the SFPU (namespace sfpi),
 * on the tile engine's vector unit.  vFloat, vInt, vUInt and their
 * narrower forms are values of 32 lanes held in a vector register of the
 * unit ("slot"); an operator or intrinsic is one instruction written to
 * the unit (hal/tt_tile_regs.h, SFPI_INSN), and the arithmetic is done by
 * the device model (device/model/ttx_sfpi.c), lane for lane as the SFPU
 * does it.  dst_reg[i] reads and writes Dst, l_reg[] the eight LRegs,
 * vConst* the constant registers; v_if / v_elseif / v_else / v_endif and
 * v_block / v_and / v_endblock drive the SFPU's lane predication, so every
 * write in a disabled lane is skipped, as on silicon.
 *
 * A variable owns its slot from construction to destruction; a temporary
 * hands its slot over when assigned outside any v_if.  Arguments are taken
 * by reference where sfpi takes registers by value: a copy is an
 * instruction here.  Comparisons return a lane mask (vBool) that the
 * kernel combines with &&, || and ! and gives to v_if.
 *
 * The API follows sfpi as tt-metal ships it for Wormhole (release 7.55):
 * the names, namespaces, overloads and the load/store modes of each type
 * (vInt moves through Dst as sign-magnitude, vUInt as raw bits).  The
 * numbers are the hardware's: SFPMAD's rounding and flushing, compares by
 * subtraction, SFPSTOCHRND rounding half away from zero in its
 * "NearestEven" mode, SFPCAST, SFPSETMAN's 12-bit immediate.
 *
 * Not yet implemented: the lookup tables (lut, lut2), subvec_transp and
 * the lane shuffles, dst_reg[].mode<>(), stochastic rounding (rounds to
 * nearest), raw TTI_SFP* instructions and the int32 <-> uint8 descaling
 * conversions.  A kernel holds at most 47 vectors at once; more stops it
 * with a report.
 */
#ifndef TT_SFPI_H
#define TT_SFPI_H

#include <stdint.h>

#include <limits>
#include <type_traits>
#include <utility>

#include "circular_buffer.h"
#include "tt_emu_regs.h"
#include "tt_mem_map.h"
#include "tt_tile_regs.h"

#define sfpi_inline inline __attribute__((always_inline))

namespace sfpi {

class vFloat;
class vInt;
class vUInt;
class vSMag;
class vBool;

/* The SFPU's MOD0 load/store formats, the constants sfpi names. */
constexpr unsigned int SFP_LREG_COUNT = TT_SFPI_LREGS;
constexpr unsigned int SFP_DESTREG_STRIDE = TT_SFPI_DST_STRIDE;
constexpr unsigned int SFPLOAD_MOD0_FMT_SRCB = TT_SFPI_FMT_DEFAULT;
constexpr unsigned int SFPLOAD_MOD0_FMT_FP16A = TT_SFPI_FMT_FP16;
constexpr unsigned int SFPLOAD_MOD0_FMT_FP16B = TT_SFPI_FMT_BF16;
constexpr unsigned int SFPLOAD_MOD0_FMT_FP32 = TT_SFPI_FMT_FP32;
constexpr unsigned int SFPLOAD_MOD0_FMT_INT32 = TT_SFPI_FMT_INT32;
constexpr unsigned int SFPLOAD_MOD0_FMT_UINT16 = TT_SFPI_FMT_UINT16;
constexpr unsigned int SFPLOAD_MOD0_FMT_HI16 = TT_SFPI_FMT_HI16;
constexpr unsigned int SFPLOAD_MOD0_FMT_INT16 = TT_SFPI_FMT_INT16;
constexpr unsigned int SFPLOAD_MOD0_FMT_LO16 = TT_SFPI_FMT_LO16;
constexpr unsigned int SFPLOAD_MOD0_FMT_SM32 = TT_SFPI_FMT_SM32;
constexpr unsigned int SFPSTORE_MOD0_FMT_SRCB = TT_SFPI_FMT_DEFAULT;
constexpr unsigned int SFPSTORE_MOD0_FMT_FP16A = TT_SFPI_FMT_FP16;
constexpr unsigned int SFPSTORE_MOD0_FMT_FP16B = TT_SFPI_FMT_BF16;
constexpr unsigned int SFPSTORE_MOD0_FMT_FP32 = TT_SFPI_FMT_FP32;
constexpr unsigned int SFPSTORE_MOD0_FMT_INT32 = TT_SFPI_FMT_INT32;
constexpr unsigned int SFPSTORE_MOD0_FMT_UINT16 = TT_SFPI_FMT_UINT16;
constexpr unsigned int SFPSTORE_MOD0_FMT_HI16 = TT_SFPI_FMT_HI16;
constexpr unsigned int SFPSTORE_MOD0_FMT_INT16 = TT_SFPI_FMT_INT16;
constexpr unsigned int SFPSTORE_MOD0_FMT_LO16 = TT_SFPI_FMT_LO16;
constexpr unsigned int SFPSTORE_MOD0_FMT_SM32 = TT_SFPI_FMT_SM32;

/* Register numbers of the constant LRegs (CREG_IDX_*). */
constexpr unsigned int CREG_IDX_0P837300003 = 8;
constexpr unsigned int CREG_IDX_0 = 9;
constexpr unsigned int CREG_IDX_1 = 10;
constexpr unsigned int CREG_IDX_PRGM0 = 11;
constexpr unsigned int CREG_IDX_PRGM1 = 12;
constexpr unsigned int CREG_IDX_PRGM2 = 13;
constexpr unsigned int CREG_IDX_PRGM3 = 14;
constexpr unsigned int CREG_IDX_NEG_1 = CREG_IDX_PRGM0;
constexpr unsigned int CREG_IDX_TILEID = 15;

namespace impl_ {

/* Instructions ------------------------------------------------------------ */

sfpi_inline volatile uint32_t &reg(uint32_t off)
{
	return *reinterpret_cast<volatile uint32_t *>(TT_MMIO_TILE_BASE + off);
}

constexpr uint32_t word(unsigned op, unsigned d, unsigned a, unsigned b, unsigned c)
{
	return (uint32_t)op << TT_R_TILE_SFPI_OP_SHIFT | (uint32_t)d << TT_R_TILE_SFPI_VD_SHIFT |
	       (uint32_t)a << TT_R_TILE_SFPI_VA_SHIFT | (uint32_t)b << TT_R_TILE_SFPI_VB_SHIFT |
	       (uint32_t)c << TT_R_TILE_SFPI_VC_SHIFT;
}

sfpi_inline void op(unsigned o, unsigned d, unsigned a = 0, unsigned b = 0, unsigned c = 0)
{
	reg(TT_A_TILE_SFPI_INSN) = word(o, d, a, b, c);
}

sfpi_inline void op_imm(unsigned o, uint32_t imm, unsigned d, unsigned a = 0, unsigned b = 0,
			unsigned c = 0)
{
	reg(TT_A_TILE_SFPI_IMM) = imm;
	op(o, d, a, b, c);
}

/* LOAD / STORE at Dst address @addr from dst_reg[0]. */
sfpi_inline void dst_op(unsigned o, unsigned slot, unsigned addr, unsigned fmt)
{
	reg(TT_A_TILE_SFPI_INSN) = (uint32_t)o << TT_R_TILE_SFPI_OP_SHIFT |
				   (uint32_t)slot << TT_R_TILE_SFPI_VD_SHIFT |
				   (uint32_t)addr << TT_R_TILE_SFPI_ADDR_SHIFT |
				   (uint32_t)fmt << TT_R_TILE_SFPI_MOD_SHIFT;
}

/* The lane mask of a CMP. */
sfpi_inline uint32_t cmp(unsigned a, unsigned b, unsigned mod, uint32_t imm = 0)
{
	if (mod & TT_SFPI_CMP_IMM)
		reg(TT_A_TILE_SFPI_IMM) = imm;
	op(TT_SFPI_CMP, 0, a, b, mod);
	return reg(TT_A_TILE_SFPI_RESULT);
}

/*
 * Stop the kernel if the unit rejected an instruction since CONFIG (the
 * engine has reported which and why).
 */
sfpi_inline void check()
{
	tt_sfpi_stop_unless_ok(reg(TT_A_TILE_SFPI_STATUS));
}

constexpr unsigned CREG(unsigned n)
{
	return TT_SFPI_CREG(n);
}

/* Slots -------------------------------------------------------------------- */

constexpr uint8_t NO_SLOT = 0xff;
constexpr unsigned TEMP_SLOTS = TT_SFPI_TEMP_END - TT_SFPI_LREGS;

/*
 * Slots for vectors: never used ones from TT_SFPI_LREGS up, then a stack
 * of released ones (all zero at kernel start, as .bss is).  And how deep
 * v_if blocks are nested.
 */
inline unsigned slots_fresh;
inline unsigned slots_nfree;
inline uint8_t slots_free[TEMP_SLOTS];
inline unsigned cc_depth;

sfpi_inline uint8_t alloc()
{
	if (slots_nfree)
		return slots_free[--slots_nfree];
	if (slots_fresh >= TEMP_SLOTS)
		tt_kernel_fault(TT_FAULT_SFPI_SLOTS, TEMP_SLOTS, 0, 0);
	return (uint8_t)(TT_SFPI_LREGS + slots_fresh++);
}

sfpi_inline void release(uint8_t s)
{
	slots_free[slots_nfree++] = s;
}

sfpi_inline uint32_t float_bits(float f)
{
	uint32_t u;

	__builtin_memcpy(&u, &f, sizeof(u));
	return u;
}

struct adopt_t {};
constexpr adopt_t adopt{};

/*
 * A vector value: the slot it owns.  Copies copy the lanes (predicated,
 * as SFPMOV); moves hand the slot over, and a move-assignment does that
 * only where no v_if is open, since inside one only enabled lanes may
 * change.
 */
class vVal {
protected:
	uint8_t s_;

public:
	sfpi_inline vVal() : s_(alloc()) {}
	sfpi_inline vVal(adopt_t, uint8_t s) : s_(s) {}
	sfpi_inline vVal(const vVal &o) : s_(alloc()) { op(TT_SFPI_MOV, s_, o.s_); }
	sfpi_inline vVal(vVal &&o) : s_(o.s_) { o.s_ = NO_SLOT; }
	sfpi_inline ~vVal()
	{
		if (s_ != NO_SLOT)
			release(s_);
	}

	sfpi_inline vVal &operator=(const vVal &o)
	{
		if (this != &o)
			op(TT_SFPI_MOV, s_, o.s_);
		return *this;
	}

	sfpi_inline vVal &operator=(vVal &&o)
	{
		if (this == &o)
			return *this;
		if (!cc_depth && o.s_ != NO_SLOT) {
			uint8_t t = s_;

			s_ = o.s_;
			o.s_ = t;
		} else {
			op(TT_SFPI_MOV, s_, o.s_);
		}
		return *this;
	}

	sfpi_inline unsigned slot() const { return s_; }

	/* The slot, given up (to another type of vector). */
	sfpi_inline uint8_t take()
	{
		uint8_t s = s_;

		s_ = NO_SLOT;
		return s;
	}
};

/* A new vector of type @T holding op(@a, @b, @c) with immediate @imm. */
template <class T>
sfpi_inline T make(unsigned o, unsigned a, unsigned b = 0, unsigned c = 0, uint32_t imm = 0)
{
	T r(adopt, alloc());

	op_imm(o, imm, r.slot(), a, b, c);
	return r;
}

template <class T>
sfpi_inline T make_noimm(unsigned o, unsigned a, unsigned b = 0, unsigned c = 0)
{
	T r(adopt, alloc());

	op(o, r.slot(), a, b, c);
	return r;
}

class CC;
class DstReg;

} // namespace impl_

/* Scalar holders of FP16 (FP16A) and BF16 (FP16B) bit patterns. */
class sFloat16a {
	uint16_t v_;

public:
	sfpi_inline explicit sFloat16a(uint32_t v) : v_((uint16_t)v) {}
	sfpi_inline explicit sFloat16a(int32_t v) : v_((uint16_t)v) {}
	sfpi_inline explicit sFloat16a(unsigned v) : v_((uint16_t)v) {}
	sfpi_inline explicit sFloat16a(int v) : v_((uint16_t)v) {}
	sfpi_inline uint32_t get() const { return v_; }
};

class sFloat16b {
	uint16_t v_;

public:
	/* A float keeps its top 16 bits (truncation). */
	sfpi_inline explicit sFloat16b(float f) : v_((uint16_t)(impl_::float_bits(f) >> 16)) {}
	sfpi_inline explicit sFloat16b(double f) : sFloat16b((float)f) {}
	sfpi_inline explicit sFloat16b(uint32_t v) : v_((uint16_t)v) {}
	sfpi_inline explicit sFloat16b(int32_t v) : v_((uint16_t)v) {}
	sfpi_inline explicit sFloat16b(unsigned v) : v_((uint16_t)v) {}
	sfpi_inline explicit sFloat16b(int v) : v_((uint16_t)v) {}
	sfpi_inline uint32_t get() const { return v_; }
};

/* The older names of the two. */
using s2vFloat16a = sFloat16a;
using s2vFloat16b = sFloat16b;

/* Vector types ------------------------------------------------------------- */

#define TT_SFPI_VALUE_TYPE(T)                                   \
	sfpi_inline T() = default;                              \
	sfpi_inline T(const T &) = default;                     \
	sfpi_inline T(T &&) = default;                          \
	sfpi_inline T &operator=(const T &) = default;          \
	sfpi_inline T &operator=(T &&) = default;               \
	sfpi_inline T(impl_::adopt_t a, uint8_t s) : vVal(a, s) \
	{}

class vFloat : public impl_::vVal {
public:
	TT_SFPI_VALUE_TYPE(vFloat)

	sfpi_inline vFloat(float f) { impl_::op_imm(TT_SFPI_LOADI, impl_::float_bits(f), s_); }
	sfpi_inline vFloat(sFloat16b h) { impl_::op_imm(TT_SFPI_LOADI, h.get() << 16, s_); }
	sfpi_inline vFloat(sFloat16a h);

	sfpi_inline vFloat &operator+=(const vFloat &a);
	sfpi_inline vFloat &operator-=(const vFloat &a);
	sfpi_inline vFloat &operator*=(const vFloat &a);
	sfpi_inline vFloat operator++(int);
	sfpi_inline vFloat operator++();
	sfpi_inline vFloat operator--(int);
	sfpi_inline vFloat operator--();
};

/* FP32 lanes holding an FP16 (FP16A) or BF16 (FP16B) value. */
class vFloat16a : public vFloat {
public:
	sfpi_inline vFloat16a() = default;
	sfpi_inline vFloat16a(impl_::adopt_t a, uint8_t s) : vFloat(a, s) {}
	sfpi_inline explicit vFloat16a(sFloat16a h) : vFloat(h) {}
};

class vFloat16b : public vFloat {
public:
	sfpi_inline vFloat16b() = default;
	sfpi_inline vFloat16b(impl_::adopt_t a, uint8_t s) : vFloat(a, s) {}
	sfpi_inline explicit vFloat16b(sFloat16b h) : vFloat(h) {}
};

class vInt : public impl_::vVal {
public:
	TT_SFPI_VALUE_TYPE(vInt)

	sfpi_inline vInt(const vUInt &v);
	sfpi_inline vInt(int16_t v) { impl_::op_imm(TT_SFPI_LOADI, (uint32_t)(int32_t)v, s_); }
	sfpi_inline vInt(uint16_t v) { impl_::op_imm(TT_SFPI_LOADI, v, s_); }
	sfpi_inline vInt(int32_t v) { impl_::op_imm(TT_SFPI_LOADI, (uint32_t)v, s_); }
	sfpi_inline vInt(uint32_t v) { impl_::op_imm(TT_SFPI_LOADI, v, s_); }
	sfpi_inline vInt(int v) : vInt((int32_t)v) {}
	sfpi_inline vInt(unsigned v) : vInt((uint32_t)v) {}

	sfpi_inline vInt &operator+=(const vInt &a);
	sfpi_inline vInt &operator-=(const vInt &a);
	sfpi_inline vInt &operator<<=(unsigned a);
	sfpi_inline vInt &operator<<=(const vInt &a);
	sfpi_inline vInt &operator&=(const vInt &a);
	sfpi_inline vInt &operator|=(const vInt &a);
	sfpi_inline vInt &operator^=(const vInt &a);
	sfpi_inline vInt operator++();
	sfpi_inline vInt operator++(int);
	sfpi_inline vInt operator--();
	sfpi_inline vInt operator--(int);
};

class vUInt : public impl_::vVal {
public:
	TT_SFPI_VALUE_TYPE(vUInt)

	sfpi_inline vUInt(const vInt &v) : vVal(v) {}
	sfpi_inline vUInt(int16_t v) { impl_::op_imm(TT_SFPI_LOADI, (uint32_t)(int32_t)v, s_); }
	sfpi_inline vUInt(uint16_t v) { impl_::op_imm(TT_SFPI_LOADI, v, s_); }
	sfpi_inline vUInt(int32_t v) { impl_::op_imm(TT_SFPI_LOADI, (uint32_t)v, s_); }
	sfpi_inline vUInt(uint32_t v) { impl_::op_imm(TT_SFPI_LOADI, v, s_); }
	sfpi_inline vUInt(int v) : vUInt((int32_t)v) {}
	sfpi_inline vUInt(unsigned v) : vUInt((uint32_t)v) {}

	sfpi_inline vUInt operator++();
	sfpi_inline vUInt operator--();
	sfpi_inline vUInt operator++(int);
	sfpi_inline vUInt operator--(int);
	sfpi_inline vUInt &operator+=(const vUInt &a);
	sfpi_inline vUInt &operator-=(const vUInt &a);
	sfpi_inline vUInt &operator<<=(const vUInt &a);
	sfpi_inline vUInt &operator>>=(const vUInt &a);
	sfpi_inline vUInt &operator&=(const vUInt &a);
	sfpi_inline vUInt &operator|=(const vUInt &a);
	sfpi_inline vUInt &operator^=(const vUInt &a);
	sfpi_inline vUInt &operator<<=(unsigned a);
	sfpi_inline vUInt &operator>>=(unsigned a);
};

sfpi_inline vInt::vInt(const vUInt &v) : vVal(v)
{}

/* Narrower unsigned values in u32 lanes: magnitudes, 16 and 8 bits. */
class vMag : public vUInt {
public:
	sfpi_inline vMag() = default;
	sfpi_inline vMag(impl_::adopt_t a, uint8_t s) : vUInt(a, s) {}
	sfpi_inline explicit vMag(uint32_t v) : vUInt(v) {}
	sfpi_inline explicit vMag(unsigned v) : vUInt(v) {}
	sfpi_inline explicit vMag(int v) : vUInt(v) {}
};

class vUInt16 : public vMag {
public:
	sfpi_inline vUInt16() = default;
	sfpi_inline vUInt16(impl_::adopt_t a, uint8_t s) : vMag(a, s) {}
	sfpi_inline explicit vUInt16(uint16_t v) : vMag((uint32_t)v) {}
};

class vUInt8 : public vUInt16 {
public:
	sfpi_inline vUInt8() = default;
	sfpi_inline vUInt8(impl_::adopt_t a, uint8_t s) : vUInt16(a, s) {}
	sfpi_inline explicit vUInt8(uint8_t v) : vUInt16((uint16_t)v) {}
};

/* Sign-magnitude integers: a container, and its 16 and 8 bit forms. */
class vSMag : public impl_::vVal {
public:
	TT_SFPI_VALUE_TYPE(vSMag)

	sfpi_inline explicit vSMag(uint32_t v) { impl_::op_imm(TT_SFPI_LOADI, v, s_); }
};

class vSMag16 : public vSMag {
public:
	sfpi_inline vSMag16() = default;
	sfpi_inline vSMag16(impl_::adopt_t a, uint8_t s) : vSMag(a, s) {}
};

class vSMag8 : public vSMag16 {
public:
	sfpi_inline vSMag8() = default;
	sfpi_inline vSMag8(impl_::adopt_t a, uint8_t s) : vSMag16(a, s) {}
};

#undef TT_SFPI_VALUE_TYPE

sfpi_inline vFloat::vFloat(sFloat16a h)
{
	uint32_t x = h.get(), e = (x >> 10) & 0x1f;

	/* SFPLOADI's FP16: the exponent rebiased, nothing else special. */
	impl_::op_imm(TT_SFPI_LOADI, (x >> 15) << 31 | (e + 112) << 23 | (x & 0x3ff) << 13, s_);
}

/* Reinterpret the bits of @v as type @T (sfpi::as, sfpi::reinterpret). */
template <class T, class U,
	  std::enable_if_t<
		  std::is_base_of<impl_::vVal, T>::value &&
		  std::is_base_of<impl_::vVal, std::remove_cv_t<std::remove_reference_t<U>>>::value>
		  * = nullptr>
sfpi_inline T as(U &&v)
{
	std::remove_cv_t<std::remove_reference_t<U>> tmp(std::forward<U>(v));

	return T(impl_::adopt, tmp.take());
}

template <class T, class U,
	  std::enable_if_t<
		  std::is_base_of<impl_::vVal, T>::value &&
		  std::is_base_of<impl_::vVal, std::remove_cv_t<std::remove_reference_t<U>>>::value>
		  * = nullptr>
sfpi_inline T reinterpret(U &&v)
{
	return as<T>(std::forward<U>(v));
}

/* vFloat arithmetic (SFPMAD; subtraction is a + b * -1) ------------------- */

sfpi_inline vFloat operator+(const vFloat &a, const vFloat &b)
{
	return impl_::make_noimm<vFloat>(TT_SFPI_MAD, a.slot(), impl_::CREG(10), b.slot());
}

sfpi_inline vFloat operator-(const vFloat &a, const vFloat &b)
{
	return impl_::make_noimm<vFloat>(TT_SFPI_MAD, b.slot(), TT_SFPI_NEG_ONE, a.slot());
}

sfpi_inline vFloat operator*(const vFloat &a, const vFloat &b)
{
	return impl_::make_noimm<vFloat>(TT_SFPI_MAD, a.slot(), b.slot(), impl_::CREG(9));
}

/* Negation flips the sign bit (SFPMOV), without arithmetic. */
sfpi_inline vFloat operator-(const vFloat &a)
{
	return impl_::make_noimm<vFloat>(TT_SFPI_MOV, a.slot(), 0, 1);
}

sfpi_inline vFloat operator+(const vFloat &a)
{
	return a;
}

sfpi_inline vFloat &vFloat::operator+=(const vFloat &a)
{
	return *this = *this + a;
}
sfpi_inline vFloat &vFloat::operator-=(const vFloat &a)
{
	return *this = *this - a;
}
sfpi_inline vFloat &vFloat::operator*=(const vFloat &a)
{
	return *this = *this * a;
}

sfpi_inline vFloat vFloat::operator++(int)
{
	vFloat t = *this;

	*this += 1.0f;
	return t;
}

sfpi_inline vFloat vFloat::operator++()
{
	*this += 1.0f;
	return *this;
}

sfpi_inline vFloat vFloat::operator--(int)
{
	vFloat t = *this;

	*this -= 1.0f;
	return t;
}

sfpi_inline vFloat vFloat::operator--()
{
	*this -= 1.0f;
	return *this;
}

/* Integer arithmetic (SFPIADD, SFPAND, SFPOR, SFPXOR, SFPNOT, SFPSHFT) ----- */

namespace impl_ {

template <class T>
sfpi_inline T iop(unsigned o, const vVal &a, const vVal &b)
{
	return make_noimm<T>(o, a.slot(), b.slot());
}

template <class T>
sfpi_inline T iop_imm(unsigned o, const vVal &a, uint32_t imm)
{
	return make<T>(o, a.slot(), 0, 0, imm);
}

/* A shift by -@amount: sfpi's right shift. */
template <class T>
sfpi_inline T shift_right(const vVal &a, const vVal &amount)
{
	vInt neg = make_noimm<vInt>(TT_SFPI_ISUB, CREG(9), amount.slot());

	return make_noimm<T>(TT_SFPI_SHFT, a.slot(), neg.slot());
}

} // namespace impl_

sfpi_inline vInt operator+(const vInt &a, const vInt &b)
{
	return impl_::iop<vInt>(TT_SFPI_IADD, a, b);
}
sfpi_inline vInt operator-(const vInt &a, const vInt &b)
{
	return impl_::iop<vInt>(TT_SFPI_ISUB, a, b);
}
sfpi_inline vInt operator+(const vInt &a, int32_t b)
{
	return impl_::iop_imm<vInt>(TT_SFPI_IADDI, a, (uint32_t)b);
}
sfpi_inline vInt operator-(const vInt &a, int32_t b)
{
	return impl_::iop_imm<vInt>(TT_SFPI_IADDI, a, 0u - (uint32_t)b);
}
sfpi_inline vInt operator+(int32_t a, const vInt &b)
{
	return b + a;
}
sfpi_inline vInt operator-(int32_t a, const vInt &b)
{
	return vInt(a) - b;
}
sfpi_inline vInt operator+(const vInt &a)
{
	return a;
}
sfpi_inline vInt operator-(const vInt &a)
{
	return impl_::make_noimm<vInt>(TT_SFPI_ISUB, impl_::CREG(9), a.slot());
}
sfpi_inline vInt operator~(const vInt &a)
{
	return impl_::make_noimm<vInt>(TT_SFPI_NOT, a.slot());
}
sfpi_inline vInt operator<<(const vInt &a, unsigned n)
{
	return impl_::iop_imm<vInt>(TT_SFPI_SHFTI, a, n);
}
sfpi_inline vInt operator<<(const vInt &a, const vUInt &n)
{
	return impl_::iop<vInt>(TT_SFPI_SHFT, a, n);
}
sfpi_inline vInt operator&(const vInt &a, const vInt &b)
{
	return impl_::iop<vInt>(TT_SFPI_AND, a, b);
}
sfpi_inline vInt operator|(const vInt &a, const vInt &b)
{
	return impl_::iop<vInt>(TT_SFPI_OR, a, b);
}
sfpi_inline vInt operator^(const vInt &a, const vInt &b)
{
	return impl_::iop<vInt>(TT_SFPI_XOR, a, b);
}
sfpi_inline vInt operator&(const vInt &a, int32_t b)
{
	return a & vInt(b);
}
sfpi_inline vInt operator|(const vInt &a, int32_t b)
{
	return a | vInt(b);
}
sfpi_inline vInt operator^(const vInt &a, int32_t b)
{
	return a ^ vInt(b);
}
sfpi_inline vInt operator&(const vInt &a, int b)
{
	return a & (int32_t)b;
}
sfpi_inline vInt operator|(const vInt &a, int b)
{
	return a | (int32_t)b;
}
sfpi_inline vInt operator^(const vInt &a, int b)
{
	return a ^ (int32_t)b;
}
sfpi_inline vInt operator&(const vInt &a, unsigned b)
{
	return a & (int32_t)b;
}
sfpi_inline vInt operator|(const vInt &a, unsigned b)
{
	return a | (int32_t)b;
}
sfpi_inline vInt operator^(const vInt &a, unsigned b)
{
	return a ^ (int32_t)b;
}
/* Not in sfpi, where vInt & uint32_t is ambiguous; tt-metal code writes it. */
sfpi_inline vInt operator&(const vInt &a, uint32_t b)
{
	return a & (int32_t)b;
}
sfpi_inline vInt operator|(const vInt &a, uint32_t b)
{
	return a | (int32_t)b;
}
sfpi_inline vInt operator^(const vInt &a, uint32_t b)
{
	return a ^ (int32_t)b;
}
sfpi_inline vInt operator&(int32_t a, const vInt &b)
{
	return b & a;
}
sfpi_inline vInt operator|(int32_t a, const vInt &b)
{
	return b | a;
}
sfpi_inline vInt operator^(int32_t a, const vInt &b)
{
	return b ^ a;
}

sfpi_inline vInt &vInt::operator+=(const vInt &a)
{
	return *this = *this + a;
}
sfpi_inline vInt &vInt::operator-=(const vInt &a)
{
	return *this = *this - a;
}
sfpi_inline vInt &vInt::operator<<=(unsigned a)
{
	return *this = *this << a;
}
sfpi_inline vInt &vInt::operator<<=(const vInt &a)
{
	return *this = *this << vUInt(a);
}
sfpi_inline vInt &vInt::operator&=(const vInt &a)
{
	return *this = *this & a;
}
sfpi_inline vInt &vInt::operator|=(const vInt &a)
{
	return *this = *this | a;
}
sfpi_inline vInt &vInt::operator^=(const vInt &a)
{
	return *this = *this ^ a;
}

sfpi_inline vInt vInt::operator++()
{
	*this += 1;
	return *this;
}

sfpi_inline vInt vInt::operator++(int)
{
	vInt t = *this;

	*this += 1;
	return t;
}

sfpi_inline vInt vInt::operator--()
{
	*this -= 1;
	return *this;
}

sfpi_inline vInt vInt::operator--(int)
{
	vInt t = *this;

	*this -= 1;
	return t;
}

sfpi_inline vUInt operator+(const vUInt &a, const vUInt &b)
{
	return impl_::iop<vUInt>(TT_SFPI_IADD, a, b);
}
sfpi_inline vUInt operator-(const vUInt &a, const vUInt &b)
{
	return impl_::iop<vUInt>(TT_SFPI_ISUB, a, b);
}
sfpi_inline vUInt operator-(const vUInt &a, const vInt &b)
{
	return impl_::iop<vUInt>(TT_SFPI_ISUB, a, b);
}
sfpi_inline vUInt operator+(const vUInt &a, int32_t b)
{
	return impl_::iop_imm<vUInt>(TT_SFPI_IADDI, a, (uint32_t)b);
}
sfpi_inline vUInt operator-(const vUInt &a, int32_t b)
{
	return impl_::iop_imm<vUInt>(TT_SFPI_IADDI, a, 0u - (uint32_t)b);
}
sfpi_inline vUInt operator+(int32_t a, const vUInt &b)
{
	return b + a;
}
sfpi_inline vUInt operator-(int32_t a, const vUInt &b)
{
	return vUInt(a) - b;
}
sfpi_inline vUInt operator+(const vUInt &a)
{
	return a;
}
sfpi_inline vUInt operator-(const vUInt &a)
{
	return impl_::make_noimm<vUInt>(TT_SFPI_ISUB, impl_::CREG(9), a.slot());
}
sfpi_inline vUInt operator~(const vUInt &a)
{
	return impl_::make_noimm<vUInt>(TT_SFPI_NOT, a.slot());
}
sfpi_inline vUInt operator<<(const vUInt &a, unsigned n)
{
	return impl_::iop_imm<vUInt>(TT_SFPI_SHFTI, a, n);
}
sfpi_inline vUInt operator>>(const vUInt &a, unsigned n)
{
	return impl_::iop_imm<vUInt>(TT_SFPI_SHFTI, a, 0u - n);
}
sfpi_inline vUInt operator<<(const vUInt &a, const vUInt &n)
{
	return impl_::iop<vUInt>(TT_SFPI_SHFT, a, n);
}
sfpi_inline vUInt operator>>(const vUInt &a, const vUInt &n)
{
	return impl_::shift_right<vUInt>(a, n);
}
sfpi_inline vUInt operator&(const vUInt &a, const vUInt &b)
{
	return impl_::iop<vUInt>(TT_SFPI_AND, a, b);
}
sfpi_inline vUInt operator|(const vUInt &a, const vUInt &b)
{
	return impl_::iop<vUInt>(TT_SFPI_OR, a, b);
}
sfpi_inline vUInt operator^(const vUInt &a, const vUInt &b)
{
	return impl_::iop<vUInt>(TT_SFPI_XOR, a, b);
}
sfpi_inline vUInt operator&(const vUInt &a, const vInt &b)
{
	return impl_::iop<vUInt>(TT_SFPI_AND, a, b);
}
sfpi_inline vUInt operator|(const vUInt &a, const vInt &b)
{
	return impl_::iop<vUInt>(TT_SFPI_OR, a, b);
}
sfpi_inline vUInt operator^(const vUInt &a, const vInt &b)
{
	return impl_::iop<vUInt>(TT_SFPI_XOR, a, b);
}
sfpi_inline vUInt operator&(const vInt &a, const vUInt &b)
{
	return impl_::iop<vUInt>(TT_SFPI_AND, a, b);
}
sfpi_inline vUInt operator|(const vInt &a, const vUInt &b)
{
	return impl_::iop<vUInt>(TT_SFPI_OR, a, b);
}
sfpi_inline vUInt operator^(const vInt &a, const vUInt &b)
{
	return impl_::iop<vUInt>(TT_SFPI_XOR, a, b);
}
sfpi_inline vUInt operator&(const vUInt &a, uint32_t b)
{
	return a & vUInt(b);
}
sfpi_inline vUInt operator|(const vUInt &a, uint32_t b)
{
	return a | vUInt(b);
}
sfpi_inline vUInt operator^(const vUInt &a, uint32_t b)
{
	return a ^ vUInt(b);
}
sfpi_inline vUInt operator&(const vUInt &a, unsigned b)
{
	return a & (uint32_t)b;
}
sfpi_inline vUInt operator|(const vUInt &a, unsigned b)
{
	return a | (uint32_t)b;
}
sfpi_inline vUInt operator^(const vUInt &a, unsigned b)
{
	return a ^ (uint32_t)b;
}
sfpi_inline vUInt operator&(const vUInt &a, int b)
{
	return a & (uint32_t)b;
}
sfpi_inline vUInt operator|(const vUInt &a, int b)
{
	return a | (uint32_t)b;
}
sfpi_inline vUInt operator^(const vUInt &a, int b)
{
	return a ^ (uint32_t)b;
}
sfpi_inline vUInt operator&(int32_t a, const vUInt &b)
{
	return b & (uint32_t)a;
}
sfpi_inline vUInt operator|(int32_t a, const vUInt &b)
{
	return b | (uint32_t)a;
}
sfpi_inline vUInt operator^(int32_t a, const vUInt &b)
{
	return b ^ (uint32_t)a;
}

sfpi_inline vUInt &vUInt::operator+=(const vUInt &a)
{
	return *this = *this + a;
}
sfpi_inline vUInt &vUInt::operator-=(const vUInt &a)
{
	return *this = *this - a;
}
sfpi_inline vUInt &vUInt::operator<<=(const vUInt &a)
{
	return *this = *this << a;
}
sfpi_inline vUInt &vUInt::operator>>=(const vUInt &a)
{
	return *this = *this >> a;
}
sfpi_inline vUInt &vUInt::operator&=(const vUInt &a)
{
	return *this = *this & a;
}
sfpi_inline vUInt &vUInt::operator|=(const vUInt &a)
{
	return *this = *this | a;
}
sfpi_inline vUInt &vUInt::operator^=(const vUInt &a)
{
	return *this = *this ^ a;
}
sfpi_inline vUInt &vUInt::operator<<=(unsigned a)
{
	return *this = *this << a;
}
sfpi_inline vUInt &vUInt::operator>>=(unsigned a)
{
	return *this = *this >> a;
}

sfpi_inline vUInt vUInt::operator++()
{
	*this += 1;
	return *this;
}

sfpi_inline vUInt vUInt::operator--()
{
	*this -= 1;
	return *this;
}

sfpi_inline vUInt vUInt::operator++(int)
{
	vUInt t = *this;

	*this += 1;
	return t;
}

sfpi_inline vUInt vUInt::operator--(int)
{
	vUInt t = *this;

	*this -= 1;
	return t;
}

sfpi_inline vMag operator>>(const vMag &a, unsigned n)
{
	return impl_::iop_imm<vMag>(TT_SFPI_SHFTI, a, 0u - n);
}
sfpi_inline vMag operator>>(const vMag &a, int n)
{
	return a >> (unsigned)n;
}
sfpi_inline vMag operator>>(const vMag &a, const vUInt &n)
{
	return impl_::shift_right<vMag>(a, n);
}
sfpi_inline vMag operator&(const vMag &a, const vMag &b)
{
	return impl_::iop<vMag>(TT_SFPI_AND, a, b);
}
sfpi_inline vMag operator&(const vMag &a, unsigned b)
{
	return a & vMag(b);
}
sfpi_inline vMag operator&(const vMag &a, int b)
{
	return a & (unsigned)b;
}
sfpi_inline vUInt operator&(const vSMag &a, unsigned b)
{
	return impl_::iop<vUInt>(TT_SFPI_AND, a, vUInt(b));
}

/* Magnitudes with signed and unsigned integers (as later sfpi releases). */
sfpi_inline vInt operator+(const vInt &a, const vMag &b)
{
	return impl_::iop<vInt>(TT_SFPI_IADD, a, b);
}
sfpi_inline vInt operator+(const vMag &a, const vInt &b)
{
	return impl_::iop<vInt>(TT_SFPI_IADD, a, b);
}
sfpi_inline vInt operator-(const vInt &a, const vMag &b)
{
	return impl_::iop<vInt>(TT_SFPI_ISUB, a, b);
}
sfpi_inline vInt operator-(const vMag &a, const vInt &b)
{
	return impl_::iop<vInt>(TT_SFPI_ISUB, a, b);
}
sfpi_inline vUInt operator+(const vUInt &a, const vMag &b)
{
	return impl_::iop<vUInt>(TT_SFPI_IADD, a, b);
}
sfpi_inline vUInt operator-(const vUInt &a, const vMag &b)
{
	return impl_::iop<vUInt>(TT_SFPI_ISUB, a, b);
}

/* Conditions ----------------------------------------------------------------- */

/*
 * A condition: the lanes where it holds (bit i = lane i).  Conditions are
 * free of side effects on the SFPU, so && and || combine the masks; v_if
 * applies the result to the enabled lanes only, as SFPSETCC does.
 */
class vBool {
	uint32_t mask_;

public:
	sfpi_inline explicit vBool(uint32_t mask, int) : mask_(mask) {}
	sfpi_inline vBool(const vInt &v);
	sfpi_inline vBool(const vUInt &v);
	sfpi_inline uint32_t mask() const { return mask_; }
};

sfpi_inline vBool operator&&(const vBool &a, const vBool &b)
{
	return vBool(a.mask() & b.mask(), 0);
}
sfpi_inline vBool operator||(const vBool &a, const vBool &b)
{
	return vBool(a.mask() | b.mask(), 0);
}
sfpi_inline vBool operator!(const vBool &a)
{
	return vBool(~a.mask(), 0);
}

namespace impl_ {

sfpi_inline vBool fcmp(const vFloat &a, const vFloat &b, unsigned cond)
{
	return vBool(cmp(a.slot(), b.slot(), cond), 0);
}

sfpi_inline vBool fcmp_imm(const vFloat &a, float b, unsigned cond)
{
	return vBool(cmp(a.slot(), 0, cond | TT_SFPI_CMP_IMM, float_bits(b)), 0);
}

sfpi_inline vBool icmp(const vVal &a, const vVal &b, unsigned cond)
{
	return vBool(cmp(a.slot(), b.slot(), cond | TT_SFPI_CMP_INT), 0);
}

sfpi_inline vBool icmp_imm(const vVal &a, uint32_t b, unsigned cond)
{
	return vBool(cmp(a.slot(), 0, cond | TT_SFPI_CMP_INT | TT_SFPI_CMP_IMM, b), 0);
}

} // namespace impl_

sfpi_inline vBool::vBool(const vInt &v) : mask_(impl_::icmp_imm(v, 0, TT_SFPI_CMP_NE).mask())
{}
sfpi_inline vBool::vBool(const vUInt &v) : mask_(impl_::icmp_imm(v, 0, TT_SFPI_CMP_NE).mask())
{}

#define TT_SFPI_CMP_OPS(OP, COND)                                       \
	sfpi_inline vBool operator OP(const vFloat &a, const vFloat &b) \
	{                                                               \
		return impl_::fcmp(a, b, COND);                         \
	}                                                               \
	sfpi_inline vBool operator OP(const vFloat &a, float b)         \
	{                                                               \
		return impl_::fcmp_imm(a, b, COND);                     \
	}                                                               \
	sfpi_inline vBool operator OP(const vInt &a, const vInt &b)     \
	{                                                               \
		return impl_::icmp(a, b, COND);                         \
	}                                                               \
	sfpi_inline vBool operator OP(const vInt &a, int32_t b)         \
	{                                                               \
		return impl_::icmp_imm(a, (uint32_t)b, COND);           \
	}                                                               \
	sfpi_inline vBool operator OP(const vInt &a, int b)             \
	{                                                               \
		return a OP(int32_t) b;                                 \
	}                                                               \
	sfpi_inline vBool operator OP(const vInt &a, const vUInt &b)    \
	{                                                               \
		return impl_::icmp(a, b, COND);                         \
	}                                                               \
	sfpi_inline vBool operator OP(const vInt &a, uint32_t b)        \
	{                                                               \
		return a OP(int32_t) b;                                 \
	}                                                               \
	sfpi_inline vBool operator OP(const vInt &a, unsigned b)        \
	{                                                               \
		return a OP(int32_t) b;                                 \
	}                                                               \
	sfpi_inline vBool operator OP(const vUInt &a, const vUInt &b)   \
	{                                                               \
		return impl_::icmp(a, b, COND);                         \
	}                                                               \
	sfpi_inline vBool operator OP(const vUInt &a, uint32_t b)       \
	{                                                               \
		return impl_::icmp_imm(a, b, COND);                     \
	}                                                               \
	sfpi_inline vBool operator OP(const vUInt &a, unsigned b)       \
	{                                                               \
		return a OP(uint32_t) b;                                \
	}                                                               \
	sfpi_inline vBool operator OP(const vUInt &a, int b)            \
	{                                                               \
		return a OP(uint32_t) b;                                \
	}

TT_SFPI_CMP_OPS(<, TT_SFPI_CMP_LT)
TT_SFPI_CMP_OPS(==, TT_SFPI_CMP_EQ)
TT_SFPI_CMP_OPS(>=, TT_SFPI_CMP_GTE)
TT_SFPI_CMP_OPS(!=, TT_SFPI_CMP_NE)
TT_SFPI_CMP_OPS(<=, TT_SFPI_CMP_LTE)
TT_SFPI_CMP_OPS(>, TT_SFPI_CMP_GT)

#undef TT_SFPI_CMP_OPS

sfpi_inline vBool operator==(float a, const vFloat &b)
{
	return b == a;
}
sfpi_inline vBool operator!=(float a, const vFloat &b)
{
	return b != a;
}
sfpi_inline vBool operator<(float a, const vFloat &b)
{
	return b > a;
}
sfpi_inline vBool operator>(float a, const vFloat &b)
{
	return b < a;
}
sfpi_inline vBool operator<=(float a, const vFloat &b)
{
	return b >= a;
}
sfpi_inline vBool operator>=(float a, const vFloat &b)
{
	return b <= a;
}

namespace impl_ {

/*
 * One v_if / v_block: the flag-stack entries it pushed, popped when it
 * ends.  The first block of a nest turns the lane flags on (SFPENCC).
 */
class CC {
	unsigned depth_ = 0;

public:
	sfpi_inline CC() = default;
	CC(const CC &) = delete;
	CC &operator=(const CC &) = delete;

	sfpi_inline ~CC()
	{
		for (unsigned i = 0; i < depth_; i++)
			op(TT_SFPI_POPC, 0);
		cc_depth -= depth_;
	}

	sfpi_inline CC &push()
	{
		if (!cc_depth)
			op_imm(TT_SFPI_ENCC, 3, 0);
		op(TT_SFPI_PUSHC, 0);
		depth_++;
		cc_depth++;
		return *this;
	}

	sfpi_inline CC &if_() { return *this; }

	sfpi_inline CC &else_()
	{
		op(TT_SFPI_COMPC, 0);
		return *this;
	}

	sfpi_inline void cond(const vBool &b) { op_imm(TT_SFPI_SETCC, b.mask(), 0); }
};

} // namespace impl_

/* Dst -------------------------------------------------------------------------- */

namespace impl_ {

/* dst_reg[i]: Dst address 2i from dst_reg[0]. */
class DstReg {
	unsigned addr_;

	sfpi_inline uint8_t load(unsigned fmt) const
	{
		uint8_t s = alloc();

		dst_op(TT_SFPI_LOAD, s, addr_, fmt);
		return s;
	}

	sfpi_inline void store(const vVal &v, unsigned fmt) const
	{
		dst_op(TT_SFPI_STORE, v.slot(), addr_, fmt);
	}

public:
	sfpi_inline constexpr explicit DstReg(unsigned addr) : addr_(addr) {}

	sfpi_inline operator vFloat() const { return vFloat(adopt, load(TT_SFPI_FMT_DEFAULT)); }
	sfpi_inline operator vFloat16a() const { return vFloat16a(adopt, load(TT_SFPI_FMT_FP16)); }
	sfpi_inline operator vFloat16b() const { return vFloat16b(adopt, load(TT_SFPI_FMT_BF16)); }
	sfpi_inline operator vInt() const { return vInt(adopt, load(TT_SFPI_FMT_SM32)); }
	sfpi_inline operator vUInt() const { return vUInt(adopt, load(TT_SFPI_FMT_INT32)); }
	sfpi_inline operator vUInt16() const { return vUInt16(adopt, load(TT_SFPI_FMT_UINT16)); }
	sfpi_inline operator vSMag() const { return vSMag(adopt, load(TT_SFPI_FMT_INT32)); }
	sfpi_inline operator vSMag16() const { return vSMag16(adopt, load(TT_SFPI_FMT_INT16)); }

	sfpi_inline void operator=(const vFloat &v) const { store(v, TT_SFPI_FMT_DEFAULT); }
	sfpi_inline void operator=(const vInt &v) const { store(v, TT_SFPI_FMT_SM32); }
	sfpi_inline void operator=(const vUInt &v) const { store(v, TT_SFPI_FMT_INT32); }
	sfpi_inline void operator=(const vUInt16 &v) const { store(v, TT_SFPI_FMT_UINT16); }
	sfpi_inline void operator=(const vSMag &v) const { store(v, TT_SFPI_FMT_INT32); }
	sfpi_inline void operator=(const vSMag16 &v) const { store(v, TT_SFPI_FMT_INT16); }
	sfpi_inline void operator=(float f) const { *this = vFloat(f); }
	sfpi_inline void operator=(const DstReg &d) const { *this = vFloat(d); }

	sfpi_inline vFloat operator-() const { return -vFloat(*this); }
};

/* dst_reg[a] op dst_reg[b] reads both as vFloat. */
sfpi_inline vFloat operator+(const DstReg &a, const DstReg &b)
{
	return vFloat(a) + vFloat(b);
}
sfpi_inline vFloat operator-(const DstReg &a, const DstReg &b)
{
	return vFloat(a) - vFloat(b);
}
sfpi_inline vFloat operator*(const DstReg &a, const DstReg &b)
{
	return vFloat(a) * vFloat(b);
}

class DstRegFile {
public:
	constexpr DstRegFile() = default;
	DstRegFile(const DstRegFile &) = delete;
	DstRegFile &operator=(const DstRegFile &) = delete;

	sfpi_inline constexpr DstReg operator[](int i) const
	{
		return DstReg((unsigned)i * TT_SFPI_DST_STRIDE);
	}

	/* dst_reg++ / += n: move dst_reg[0] on by n vectors (the Dst RWC). */
	sfpi_inline void operator+=(int n) const
	{
		op_imm(TT_SFPI_DST_INC, (uint32_t)n * TT_SFPI_DST_STRIDE, 0);
	}
	sfpi_inline void operator++() const { *this += 1; }
	sfpi_inline void operator++(int) const { *this += 1; }
};

/* LRegs and constant registers ------------------------------------------------- */

class LReg {
	unsigned r_;

public:
	sfpi_inline constexpr explicit LReg(unsigned r) : r_(r) {}

	sfpi_inline const LReg &operator=(const vVal &v) const
	{
		op(TT_SFPI_MOV, r_, v.slot());
		return *this;
	}

	sfpi_inline const LReg &operator=(const LReg &o) const
	{
		op(TT_SFPI_MOV, r_, o.r_);
		return *this;
	}

	template <class T, std::enable_if_t<std::is_base_of<vVal, T>::value> * = nullptr>
	sfpi_inline operator T() const
	{
		T t(adopt, alloc());

		op(TT_SFPI_MOV, t.slot(), r_);
		return t;
	}

	/* The register holds a live value (a compiler hint in sfpi). */
	sfpi_inline void in_use() const {}
};

class LRegFile {
public:
	constexpr LRegFile() = default;
	LRegFile(const LRegFile &) = delete;
	LRegFile &operator=(const LRegFile &) = delete;

	template <class R>
	sfpi_inline constexpr LReg operator[](R r) const
	{
		return LReg((unsigned)r);
	}
};

/* LReg8..15: read as a value of type T; 11..14 written with SFPCONFIG. */
template <class T>
class CReg {
	unsigned r_;

public:
	sfpi_inline constexpr explicit CReg(unsigned r) : r_(r) {}

	sfpi_inline operator T() const
	{
		T t(adopt, alloc());

		op(TT_SFPI_MOV, t.slot(), TT_SFPI_CREG(r_));
		return t;
	}

	sfpi_inline void operator=(const T &v) const
	{
		op(TT_SFPI_CONFIG, TT_SFPI_CREG(r_), v.slot());
	}

	template <class U, std::enable_if_t<!std::is_base_of<vVal, U>::value> * = nullptr>
	sfpi_inline void operator=(U u) const
	{
		*this = T(u);
	}
};

} // namespace impl_

enum class LRegs : uint8_t {
	LReg0,
	LReg1,
	LReg2,
	LReg3,
	LReg4,
	LReg5,
	LReg6,
	LReg7,
	LRegCount = SFP_LREG_COUNT,
};

constexpr impl_::DstRegFile dst_reg;
constexpr impl_::LRegFile l_reg;

constexpr impl_::CReg<vFloat> vConst0(CREG_IDX_0);
constexpr impl_::CReg<vFloat> vConst1(CREG_IDX_1);
constexpr impl_::CReg<vFloat> vConstNeg1(CREG_IDX_NEG_1);
constexpr impl_::CReg<vFloat> vConst0p8373(CREG_IDX_0P837300003);
constexpr impl_::CReg<vFloat> vConstFloatPrgm0(CREG_IDX_PRGM1);
constexpr impl_::CReg<vFloat> vConstFloatPrgm1(CREG_IDX_PRGM2);
constexpr impl_::CReg<vFloat> vConstFloatPrgm2(CREG_IDX_PRGM3);
constexpr impl_::CReg<vInt> vConstIntPrgm0(CREG_IDX_PRGM1);
constexpr impl_::CReg<vInt> vConstIntPrgm1(CREG_IDX_PRGM2);
constexpr impl_::CReg<vInt> vConstIntPrgm2(CREG_IDX_PRGM3);
constexpr impl_::CReg<vInt> vConstTileId(CREG_IDX_TILEID);

/* Predication ------------------------------------------------------------------ */

#define v_if(x)                                   \
	{                                         \
		::sfpi::impl_::CC tt_sfpi_cc_;    \
		tt_sfpi_cc_.push().if_().cond(x); \
		{

#define v_elseif(x)                               \
	}                                         \
	tt_sfpi_cc_.else_().push().if_().cond(x); \
	{

#define v_else               \
	}                    \
	tt_sfpi_cc_.else_(); \
	{

#define v_endif \
	}       \
	}

#define v_block                                \
	{                                      \
		::sfpi::impl_::CC tt_sfpi_cc_; \
		tt_sfpi_cc_.push();

#define v_and(x) tt_sfpi_cc_.if_().cond(x)

#define v_endblock }

/* Intrinsics --------------------------------------------------------------------- */

enum class ExponentMode {
	Debias,
	NoDebias,
	Unbiased = Debias,
	Biased = NoDebias,
};

enum class MantissaMode {
	FractionOnly,
	WithUnitBit,
	ImplicitOne = WithUnitBit,
};

enum class LZMode {
	All,
	IgnoreSign,
};

/* NearestEven is the hardware's "nearest": SFPSTOCHRND rounds half away. */
enum class RoundMode {
	NearestEven,
	Stochastic,
	Even = NearestEven,
	Nearest = NearestEven,
	NearestStochastic = Stochastic,
};

sfpi_inline vFloat abs(const vFloat &v)
{
	return impl_::make_noimm<vFloat>(TT_SFPI_ABS, v.slot(), 0, 1);
}

/* -2^31 stays as it is. */
sfpi_inline vMag abs(const vInt &v)
{
	return impl_::make_noimm<vMag>(TT_SFPI_ABS, v.slot(), 0, 0);
}

sfpi_inline vMag abs(const vSMag &v)
{
	return impl_::make<vMag>(TT_SFPI_SETSGN, v.slot(), 0, 0, 0);
}

sfpi_inline vInt exexp(const vFloat &v, ExponentMode mode = ExponentMode::Debias)
{
	return impl_::make_noimm<vInt>(TT_SFPI_EXEXP, v.slot(), 0, mode == ExponentMode::NoDebias);
}

sfpi_inline vInt exexp_nodebias(const vFloat &v)
{
	return exexp(v, ExponentMode::NoDebias);
}

sfpi_inline vMag exman(const vFloat &v, MantissaMode mode = MantissaMode::FractionOnly)
{
	return impl_::make_noimm<vMag>(TT_SFPI_EXMAN, v.slot(), 0,
				       mode == MantissaMode::FractionOnly);
}

/* The mantissa with its hidden one (8 bits of padding) or without (9). */
sfpi_inline vInt exman8(const vFloat &v)
{
	return impl_::make_noimm<vInt>(TT_SFPI_EXMAN, v.slot(), 0, 0);
}

sfpi_inline vInt exman9(const vFloat &v)
{
	return impl_::make_noimm<vInt>(TT_SFPI_EXMAN, v.slot(), 0, 1);
}

template <class T,
	  std::enable_if_t<std::is_same<vFloat, T>::value || std::is_base_of<vInt, T>::value ||
			   std::is_base_of<vSMag, T>::value> * = nullptr>
sfpi_inline vUInt exsgn(const T &v)
{
	return as<vUInt>(v) >> 31u;
}

sfpi_inline vFloat setexp(const vFloat &v, int exp)
{
	return impl_::make<vFloat>(TT_SFPI_SETEXP, v.slot(), 0, 0, (uint32_t)exp);
}

sfpi_inline vFloat setexp(const vFloat &v, const vInt &exp)
{
	return impl_::make_noimm<vFloat>(TT_SFPI_SETEXP, v.slot(), exp.slot(), 1);
}

sfpi_inline vFloat copyexp(const vFloat &v, const vFloat &exp)
{
	return impl_::make_noimm<vFloat>(TT_SFPI_SETEXP, v.slot(), exp.slot(), 2);
}

/*
 * SFPSETMAN's immediate has 12 bits, which become the top of the mantissa
 * (Imm12 << 11); a larger value goes through a register whole, as the
 * sfpi compiler emits it.
 */
sfpi_inline vFloat setman(const vFloat &v, unsigned man)
{
	return impl_::make<vFloat>(TT_SFPI_SETMAN, v.slot(), 0, 0, man > 4095 ? man : man << 11);
}

template <class T,
	  std::enable_if_t<std::is_base_of<vFloat, T>::value || std::is_base_of<vUInt, T>::value ||
			   std::is_base_of<vSMag, T>::value> * = nullptr>
sfpi_inline vFloat setman(const vFloat &v, const T &man)
{
	return impl_::make_noimm<vFloat>(TT_SFPI_SETMAN, v.slot(), man.slot(), 1);
}

sfpi_inline vFloat copyman(const vFloat &v, const vFloat &man)
{
	return impl_::make_noimm<vFloat>(TT_SFPI_SETMAN, v.slot(), man.slot(), 1);
}

/* The exponent plus @exp (8-bit wrapping; Inf and NaN unchanged). */
sfpi_inline vFloat addexp(const vFloat &v, int exp)
{
	return impl_::make<vFloat>(TT_SFPI_DIVP2, v.slot(), 0, 1, (uint32_t)exp);
}

template <class T, std::enable_if_t<std::is_base_of<vFloat, T>::value ||
				    std::is_base_of<vSMag, T>::value> * = nullptr>
sfpi_inline T setsgn(const T &v, int sgn)
{
	return impl_::make<T>(TT_SFPI_SETSGN, v.slot(), 0, 0, (uint32_t)sgn);
}

template <class T, std::enable_if_t<std::is_same<vUInt, T>::value> * = nullptr>
sfpi_inline vSMag setsgn(const T &v, int sgn)
{
	return impl_::make<vSMag>(TT_SFPI_SETSGN, v.slot(), 0, 0, (uint32_t)sgn);
}

sfpi_inline vInt setsgn(const vInt &v, int sgn)
{
	return impl_::make<vInt>(TT_SFPI_SETSGN, v.slot(), 0, 0, (uint32_t)sgn);
}

/* @v with the sign bit of @sgn. */
template <class A, class B,
	  std::enable_if_t<std::is_base_of<impl_::vVal, A>::value &&
			   std::is_base_of<impl_::vVal, B>::value> * = nullptr>
sfpi_inline A copysgn(const A &v, const B &sgn)
{
	return impl_::make_noimm<A>(TT_SFPI_SETSGN, v.slot(), sgn.slot(), 1);
}

template <class A, class B,
	  std::enable_if_t<std::is_base_of<impl_::vVal, A>::value &&
			   std::is_base_of<impl_::vVal, B>::value> * = nullptr>
sfpi_inline A setsgn(const A &v, const B &sgn)
{
	return copysgn(v, sgn);
}

/* @v with the sign taken from bit 0 of @sgn. */
template <class A, class B,
	  std::enable_if_t<std::is_base_of<impl_::vVal, A>::value &&
			   std::is_base_of<impl_::vVal, B>::value> * = nullptr>
sfpi_inline A setsgn2(const A &v, const B &sgn)
{
	return copysgn(v, as<vUInt>(sgn) << 31u);
}

template <class T,
	  std::enable_if_t<std::is_base_of<vInt, T>::value || std::is_base_of<vUInt, T>::value ||
			   std::is_base_of<vSMag, T>::value> * = nullptr>
sfpi_inline vMag lz(const T &v, LZMode mode = LZMode::All)
{
	return impl_::make_noimm<vMag>(TT_SFPI_LZ, v.slot(), 0, mode == LZMode::IgnoreSign);
}

template <class T, std::enable_if_t<std::is_base_of<impl_::vVal, T>::value> * = nullptr>
sfpi_inline vInt lz_nosgn(const T &v)
{
	return impl_::make_noimm<vInt>(TT_SFPI_LZ, v.slot(), 0, 1);
}

/* Logical shift: left by @amt, right by -@amt. */
sfpi_inline vUInt shft(const vUInt &v, const vInt &amt)
{
	return impl_::make_noimm<vUInt>(TT_SFPI_SHFT, v.slot(), amt.slot());
}

sfpi_inline vUInt shft(const vUInt &v, int amt)
{
	return impl_::make<vUInt>(TT_SFPI_SHFTI, v.slot(), 0, 0, (uint32_t)amt);
}

/* vec_swap, vec_min_max, vec_max_min: both vectors change (SFPSWAP). */
template <class T>
sfpi_inline void vec_swap(T &a, T &b)
{
	impl_::op(TT_SFPI_SWAP, a.slot(), b.slot(), 0, TT_SFPI_SWAP_SWAP);
}

sfpi_inline void vec_min_max(vFloat &a, vFloat &b)
{
	impl_::op(TT_SFPI_SWAP, a.slot(), b.slot(), 0, TT_SFPI_SWAP_MIN_MAX);
}

sfpi_inline void vec_min_max(vInt &a, vInt &b)
{
	impl_::op(TT_SFPI_SWAP, a.slot(), b.slot(), 0, TT_SFPI_SWAP_MIN_MAX);
}

sfpi_inline void vec_max_min(vFloat &a, vFloat &b)
{
	impl_::op(TT_SFPI_SWAP, a.slot(), b.slot(), 0, TT_SFPI_SWAP_MAX_MIN);
}

/* Conversions (SFPCAST, SFPSTOCHRND) --------------------------------------------- */

namespace impl_ {

sfpi_inline unsigned rnd(unsigned mode, RoundMode r)
{
	return mode | (r == RoundMode::Stochastic ? TT_SFPI_RND_STOCH : 0);
}

template <class T>
sfpi_inline T stochrnd(const vVal &v, unsigned mode, RoundMode r)
{
	return make_noimm<T>(TT_SFPI_STOCHRND, v.slot(), 0, rnd(mode, r));
}

sfpi_inline vFloat cast(const vVal &v, RoundMode r)
{
	return make_noimm<vFloat>(TT_SFPI_CAST, v.slot(), 0, r == RoundMode::Stochastic);
}

/* Sign-magnitude <-> two's complement, in predicated steps as sfpi does. */
sfpi_inline vInt smag_to_int(const vSMag &v)
{
	vInt r = as<vInt>(v);

	v_if(r < 0)
	{
		r = setsgn(r, 0);
		r = 0 - r;
	}
	v_endif;
	return r;
}

sfpi_inline vSMag int_to_smag(const vInt &v)
{
	vInt r = v;

	v_if(r < 0)
	{
		r = setsgn(r, 0);
		r = 0 - r;
	}
	v_endif;
	return as<vSMag>(r);
}

} // namespace impl_

/*
 * convert<To>(from, rounding): floats to the FP16 forms and the 8 and 16
 * bit integers (SFPSTOCHRND), sign-magnitude to floats (SFPCAST), vInt
 * to and from sign-magnitude.
 */
template <class To, class From,
	  std::enable_if_t<std::is_base_of<impl_::vVal, To>::value> * = nullptr,
	  std::enable_if_t<std::is_base_of<vFloat, From>::value> * = nullptr>
sfpi_inline To convert(const From &v, RoundMode r = RoundMode::Stochastic)
{
	if constexpr (std::is_same<From, To>::value || std::is_same<To, vFloat>::value)
		return To(v);
	else if constexpr (std::is_same<To, vFloat16a>::value)
		return impl_::stochrnd<To>(v, TT_SFPI_RND_FP16A, r);
	else if constexpr (std::is_same<To, vFloat16b>::value)
		return impl_::stochrnd<To>(v, TT_SFPI_RND_FP16B, r);
	else if constexpr (std::is_same<To, vSMag16>::value)
		return impl_::stochrnd<To>(v, TT_SFPI_RND_INT16, r);
	else if constexpr (std::is_same<To, vUInt16>::value)
		return impl_::stochrnd<To>(v, TT_SFPI_RND_UINT16, r);
	else if constexpr (std::is_same<To, vSMag8>::value)
		return impl_::stochrnd<To>(v, TT_SFPI_RND_INT8, r);
	else if constexpr (std::is_same<To, vUInt8>::value)
		return impl_::stochrnd<To>(v, TT_SFPI_RND_UINT8, r);
	else
		static_assert(std::is_same<To, vFloat16a>::value,
			      "cannot convert vFloat to this type");
}

template <class To, class From,
	  std::enable_if_t<std::is_base_of<impl_::vVal, To>::value> * = nullptr,
	  std::enable_if_t<std::is_base_of<vSMag, From>::value> * = nullptr>
sfpi_inline To convert(const From &v, RoundMode r = RoundMode::Stochastic)
{
	if constexpr (std::is_same<From, To>::value)
		return v;
	else if constexpr (std::is_base_of<vFloat, To>::value)
		return convert<To>(impl_::cast(v, r), r);
	else if constexpr (std::is_same<To, vInt>::value)
		return impl_::smag_to_int(v);
	else
		static_assert(std::is_same<To, vInt>::value, "cannot convert vSMag to this type");
}

template <class To, class From,
	  std::enable_if_t<std::is_base_of<impl_::vVal, To>::value> * = nullptr,
	  std::enable_if_t<std::is_same<vInt, From>::value> * = nullptr>
sfpi_inline To convert(const From &v, RoundMode r = RoundMode::Stochastic)
{
	if constexpr (std::is_same<From, To>::value)
		return v;
	else if constexpr (std::is_same<To, vSMag>::value)
		return impl_::int_to_smag(v);
	else if constexpr (std::is_base_of<vFloat, To>::value)
		return convert<To>(impl_::int_to_smag(v), r);
	else
		static_assert(std::is_same<To, vSMag>::value, "cannot convert vInt to this type");
}

template <class To, class From,
	  std::enable_if_t<std::is_base_of<impl_::vVal, To>::value> * = nullptr,
	  std::enable_if_t<std::is_base_of<vMag, From>::value> * = nullptr>
sfpi_inline To convert(const From &v, RoundMode r = RoundMode::Stochastic)
{
	if constexpr (std::is_same<From, To>::value)
		return v;
	else if constexpr (std::is_same<To, vInt>::value)
		return as<vInt>(v);
	else
		return convert<To>(as<vSMag>(v), r);
}

/* The older names: int32_to_float reads sign-magnitude, as SFPCAST does. */
sfpi_inline vFloat int32_to_float(const vInt &v, RoundMode r = RoundMode::Stochastic)
{
	return impl_::cast(v, r);
}
sfpi_inline vFloat int32_to_float(const vSMag &v, RoundMode r = RoundMode::Stochastic)
{
	return impl_::cast(v, r);
}
sfpi_inline vFloat float_to_fp16a(const vFloat &v, RoundMode r = RoundMode::Stochastic)
{
	return impl_::stochrnd<vFloat>(v, TT_SFPI_RND_FP16A, r);
}
sfpi_inline vFloat float_to_fp16b(const vFloat &v, RoundMode r = RoundMode::Stochastic)
{
	return impl_::stochrnd<vFloat>(v, TT_SFPI_RND_FP16B, r);
}
sfpi_inline vUInt float_to_uint16(const vFloat &v, RoundMode r = RoundMode::Stochastic)
{
	return impl_::stochrnd<vUInt>(v, TT_SFPI_RND_UINT16, r);
}
sfpi_inline vInt float_to_int16(const vFloat &v, RoundMode r = RoundMode::Stochastic)
{
	return impl_::stochrnd<vInt>(v, TT_SFPI_RND_INT16, r);
}
sfpi_inline vUInt float_to_uint8(const vFloat &v, RoundMode r = RoundMode::Stochastic)
{
	return impl_::stochrnd<vUInt>(v, TT_SFPI_RND_UINT8, r);
}
sfpi_inline vInt float_to_int8(const vFloat &v, RoundMode r = RoundMode::Stochastic)
{
	return impl_::stochrnd<vInt>(v, TT_SFPI_RND_INT8, r);
}

} // namespace sfpi

#endif
