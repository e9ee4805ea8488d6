// SPDX-License-Identifier: Apache-2.0
/*
 * DPRINT for C++ kernels (tt-metal api/debug/dprint.h), on the kernel
 * print port: every character is one register write that the model
 * forwards to the host line by line, prefixed with core and RISC, so a
 * print can never stall or hang a kernel and never touches the NoC.
 *
 * Both of tt-metal's forms:
 *   DPRINT("x = {}, hex {:#x}, {:.3f}\n", x, y, f);   format string ({}-style)
 *   DPRINT << "x = " << x << HEX() << y << ENDL();   stream
 * DPRINT_DATA0 / DPRINT_DATA1 print only on BRISC / NCRISC,
 * DPRINT_UNPACK / _MATH / _PACK only on TRISC0 / 1 / 2; each takes a
 * format string and its args, or a stream expression.
 *
 * Format specs: {[index][:[[fill]align][#][0][width][.precision][type]]}
 * with align < > ^ and type d x X o b f e g c s, as fmt; floats
 * print with up to 9 significant digits by default ({}), fixed with a
 * precision ({:.3f}).  bf16_t(bits) prints a bfloat16 as a float.
 * Stream manipulators: ENDL, SETW(w), HEX, DEC, OCT, SETPRECISION(p),
 * FIXED, DEFAULTFLOAT; BF16(bits), F32(v), U32(v); TileSlice(cb, tile,
 * SliceRange, TSLICE_INPUT_CB / _OUTPUT_CB, TSLICE_RD_PTR / _WR_PTR,
 * endl_rows, print_untilized) prints a strided slice of a tile of a
 * Float16_b or Float32 CB.
 *
 * Each line goes out marked with a leading \002; the host shows it
 * according to tt-metal's TT_METAL_DPRINT_* switches (host/src/device/dprint.c).
 *
 * Not yet implemented: printing a TileSlice of block-float formats (the
 * values print as "?").
 */
#ifndef TT_API_DEBUG_DPRINT_H
#define TT_API_DEBUG_DPRINT_H

#include <cstdint>
#include <type_traits>

#include "circular_buffer.h"
#include "tt_data_format.h"
#include "tt_wait.h"

namespace tt_dprint {

/*
 * Where characters go: the print port, each line marked as DPRINT output
 * with a leading \002 for the host (which strips it), or, while a padded
 * value is measured, a small buffer.
 */
inline bool line_start = true;
inline char *capture;
inline uint32_t captured, capture_max;

inline void put(char c)
{
	if (capture) {
		if (captured < capture_max)
			capture[captured++] = c;
		return;
	}
	if (line_start)
		tt_print_putc('\002');
	tt_print_putc(c);
	line_start = c == '\n';
}

inline void puts(const char *s)
{
	while (*s)
		put(*s++);
}

/* How the next value prints: a fmt spec or the stream's state. */
struct spec {
	uint8_t base = 10;
	bool alt = false; /* '#': 0x / 0b / 0 prefix */
	bool upper = false;
	bool zero = false;  /* pad with 0 */
	bool fixed = false; /* 'f' or FIXED */
	bool exp = false;   /* 'e' */
	char type = 0;
	char align = 0; /* '<', '>', '^' or 0: the type's default */
	char fill = ' ';
	uint8_t width = 0;
	int8_t precision = -1; /* -1: the default */
};

/* Zero padding of a number up to the width (the '0' flag). */
inline void pad(uint32_t len, const spec &s)
{
	for (uint32_t i = len; s.zero && i < s.width; i++)
		put('0');
}

inline void print_unsigned(uint64_t v, bool neg, const spec &s)
{
	char buf[72];
	uint32_t n = 0, len;
	const char *digits = s.upper ? "0123456789ABCDEF" : "0123456789abcdef";

	do {
		buf[n++] = digits[v % s.base];
		v /= s.base;
	} while (v);
	len = n + neg;
	if (s.alt && s.base != 10)
		len += s.base == 8 ? 1 : 2;
	if (neg)
		put('-');
	if (s.alt && s.base == 16)
		puts(s.upper ? "0X" : "0x");
	else if (s.alt && s.base == 2)
		puts("0b");
	else if (s.alt && s.base == 8)
		put('0');
	if (s.zero)
		pad(len, s);
	while (n)
		put(buf[--n]);
}

/* Decimal digits of x (> 0) with @sig significant digits, and its exponent. */
inline void float_digits(double x, int sig, char *d, int *exp10)
{
	int e = 0;
	uint64_t m, lim = 1;

	while (x >= 10.0) {
		x /= 10.0;
		e++;
	}
	while (x < 1.0) {
		x *= 10.0;
		e--;
	}
	for (int i = 1; i < sig; i++)
		lim *= 10;
	m = (uint64_t)(x * (double)lim + 0.5);
	if (m >= lim * 10) {
		m /= 10;
		e++;
	}
	for (int i = sig - 1; i >= 0; i--) {
		d[i] = (char)('0' + m % 10);
		m /= 10;
	}
	*exp10 = e;
}

/* The value of digits @d (@sig of them) times 10^(exp10 - sig + 1), as a float. */
inline float digits_value(const char *d, int sig, int exp10)
{
	double v = 0, p = 1;
	int k = exp10 - sig + 1;

	for (int i = 0; i < sig; i++)
		v = v * 10 + (d[i] - '0');
	for (int i = 0; i < (k < 0 ? -k : k); i++)
		p *= 10;
	return (float)(k < 0 ? v / p : v * p);
}

inline void print_float(double x, const spec &s, bool is_float)
{
	char d[20];
	int e, sig;

	if (x != x) {
		puts("nan");
		return;
	}
	if (x < 0) {
		put('-');
		x = -x;
	}
	if (x > 1.7976931348623157e308) {
		puts("inf");
		return;
	}
	if (s.fixed) {
		int prec = s.precision < 0 ? 6 : s.precision;
		double scale = 1;
		uint64_t ip, fp;

		for (int i = 0; i < prec; i++)
			scale *= 10;
		ip = (uint64_t)x;
		fp = (uint64_t)((x - (double)ip) * scale + 0.5);
		if ((double)fp >= scale) {
			ip++;
			fp = 0;
		}
		print_unsigned(ip, false, spec());
		if (prec) {
			char buf[20];

			put('.');
			for (int i = prec - 1; i >= 0; i--) {
				buf[i] = (char)('0' + fp % 10);
				fp /= 10;
			}
			for (int i = 0; i < prec; i++)
				put(buf[i]);
		}
		return;
	}
	if (x == 0) {
		put('0');
		return;
	}
	if (s.precision > 0) {
		sig = s.precision > 17 ? 17 : s.precision;
		float_digits(x, sig, d, &e);
	} else {
		/* The fewest digits that read back as the same float. */
		for (sig = 1; sig < (is_float ? 9 : 17); sig++) {
			float_digits(x, sig, d, &e);
			if (!is_float || digits_value(d, sig, e) == (float)x)
				break;
		}
		float_digits(x, sig, d, &e);
	}
	while (sig > 1 && d[sig - 1] == '0')
		sig--;
	if (s.exp || e < -5 || e >= 16) {
		put(d[0]);
		if (sig > 1)
			put('.');
		for (int i = 1; i < sig; i++)
			put(d[i]);
		put('e');
		print_unsigned((uint64_t)(e < 0 ? -e : e), e < 0, spec());
		return;
	}
	if (e < 0) {
		puts("0.");
		for (int i = -1; i > e; i--)
			put('0');
		for (int i = 0; i < sig; i++)
			put(d[i]);
		return;
	}
	for (int i = 0; i <= e; i++)
		put(i < sig ? d[i] : '0');
	if (sig > e + 1) {
		put('.');
		for (int i = e + 1; i < sig; i++)
			put(d[i]);
	}
}

} // namespace tt_dprint

/* A bfloat16 value, given by its 16 bits. */
struct bf16_t {
	uint16_t val;
	constexpr bf16_t(uint16_t v) : val(v) {}
};

/* Stream manipulators and value wrappers (tt-metal's names). */
struct ENDL {};
struct SETW {
	uint8_t w;
	constexpr SETW(uint8_t width) : w(width) {}
};
struct SETPRECISION {
	uint8_t p;
	constexpr SETPRECISION(uint8_t precision) : p(precision) {}
};
struct FIXED {};
struct DEFAULTFLOAT {};
struct HEX {};
struct DEC {};
struct OCT {};
struct BF16 {
	uint16_t val;
	constexpr BF16(uint16_t v) : val(v) {}
};
struct F32 {
	float val;
	constexpr F32(float v) : val(v) {}
};
struct U32 {
	uint32_t val;
	constexpr U32(uint32_t v) : val(v) {}
};

/* TileSlice: rows h0..h1 (exclusive) step hs, columns w0..w1 step ws. */
struct SliceRange {
	uint8_t h0, h1, hs, w0, w1, ws;
	static constexpr SliceRange hw0_32_16() { return { 0, 32, 16, 0, 32, 16 }; }
	static constexpr SliceRange hw0_32_8() { return { 0, 32, 8, 0, 32, 8 }; }
	static constexpr SliceRange hw0_32_4() { return { 0, 32, 4, 0, 32, 4 }; }
	static constexpr SliceRange h0_w0_32() { return { 0, 1, 1, 0, 32, 1 }; }
	static constexpr SliceRange h0_32_w0() { return { 0, 32, 1, 0, 1, 1 }; }
};

enum dprint_tslice_cb_t { TSLICE_INPUT_CB, TSLICE_OUTPUT_CB, TSLICE_INTERMED_CB };
enum dprint_tslice_ptr_t { TSLICE_RD_PTR, TSLICE_WR_PTR };

struct TileSlice {
	uint32_t cb, tile;
	SliceRange sr;
	dprint_tslice_ptr_t ptr;
	bool endl_rows, untilized;

	TileSlice(uint32_t cb_id, uint32_t tile_idx, const SliceRange &range,
		  dprint_tslice_cb_t cb_type = TSLICE_INPUT_CB,
		  dprint_tslice_ptr_t ptr_type = TSLICE_RD_PTR, bool endl = true,
		  bool print_untilized = true)
	    : cb(cb_id), tile(tile_idx), sr(range), ptr(ptr_type), endl_rows(endl),
	      untilized(print_untilized)
	{
		(void)cb_type;
	}
};

namespace tt_dprint {

inline float bf16_to_float(uint16_t bits)
{
	union {
		uint32_t u;
		float f;
	} v = { (uint32_t)bits << 16 };
	return v.f;
}

/* Element (r, c) of the tile at @addr: face order when @untilized. */
inline void print_tile_elem(uint32_t addr, uint32_t fmt, uint32_t r, uint32_t c, bool untilized)
{
	uint32_t i = r * TT_TILE_DIM + c;

	if (untilized)
		i = ((r / TT_TILE_FACE_DIM) * 2 + c / TT_TILE_FACE_DIM) * TT_TILE_FACE_ELEMS +
		    (r % TT_TILE_FACE_DIM) * TT_TILE_FACE_DIM + c % TT_TILE_FACE_DIM;
	if (fmt == TT_DF_FLOAT16_B)
		print_float(bf16_to_float(((volatile uint16_t *)addr)[i]), spec(), true);
	else if (fmt == TT_DF_FLOAT32)
		print_float(((volatile float *)addr)[i], spec(), true);
	else if (fmt == TT_DF_INT32 || fmt == TT_DF_UINT32)
		print_unsigned(((volatile uint32_t *)addr)[i], false, spec());
	else if (fmt == TT_DF_UINT16)
		print_unsigned(((volatile uint16_t *)addr)[i], false, spec());
	else
		put('?');
}

inline void print_tile_slice(const TileSlice &t)
{
	uint32_t base = t.ptr == TSLICE_WR_PTR ? get_write_ptr(t.cb) : get_read_ptr(t.cb);
	uint32_t fmt = tt_get_dataformat(t.cb);
	uint32_t addr = base + t.tile * get_tile_size(t.cb);
	uint32_t hs = t.sr.hs ? t.sr.hs : 1, ws = t.sr.ws ? t.sr.ws : 1;

	for (uint32_t r = t.sr.h0; r < t.sr.h1 && r < TT_TILE_DIM; r += hs) {
		for (uint32_t c = t.sr.w0; c < t.sr.w1 && c < TT_TILE_DIM; c += ws) {
			if (c != t.sr.w0)
				put(' ');
			print_tile_elem(addr, fmt, r, c, t.untilized);
		}
		if (t.endl_rows)
			put('\n');
	}
}

template <class T>
inline void print_value(const T &v, const spec &s)
{
	using U = std::remove_cv_t<T>;

	if constexpr (std::is_same_v<U, bool>) {
		puts(v ? "true" : "false");
	} else if constexpr (std::is_same_v<U, char>) {
		if (s.type && s.type != 'c')
			print_unsigned((uint8_t)v, false, s);
		else
			put(v);
	} else if constexpr (std::is_enum_v<U>) {
		print_value(static_cast<std::underlying_type_t<U>>(v), s);
	} else if constexpr (std::is_integral_v<U>) {
		if constexpr (std::is_signed_v<U>) {
			if (v < 0 && s.base == 10) {
				print_unsigned((uint64_t)0 - (uint64_t)(int64_t)v, true, s);
				return;
			}
		}
		print_unsigned((uint64_t)(std::make_unsigned_t<U>)v, false, s);
	} else if constexpr (std::is_floating_point_v<U>) {
		print_float((double)v, s, std::is_same_v<U, float>);
	} else if constexpr (std::is_same_v<U, bf16_t> || std::is_same_v<U, BF16>) {
		print_float(bf16_to_float(v.val), s, true);
	} else if constexpr (std::is_same_v<U, F32> || std::is_same_v<U, U32>) {
		print_value(v.val, s);
	} else if constexpr (std::is_same_v<U, TileSlice>) {
		print_tile_slice(v);
	} else if constexpr (std::is_pointer_v<U>) {
		if constexpr (std::is_same_v<std::remove_cv_t<std::remove_pointer_t<U>>, char>) {
			puts(v);
		} else {
			spec h = s;

			h.base = 16;
			h.alt = true;
			print_unsigned((uintptr_t)v, false, h);
		}
	} else {
		static_assert(sizeof(U) == 0, "DPRINT cannot print this type");
	}
}

template <uint32_t N>
inline void print_value(const char (&v)[N], const spec &)
{
	puts(v);
}

/* Parse a fmt spec after ':' up to '}'; returns the position after '}'. */
inline const char *parse_spec(const char *f, spec &s)
{
	if (*f != ':')
		return *f == '}' ? f + 1 : f;
	f++;
	if (f[0] && f[0] != '}' && (f[1] == '<' || f[1] == '>' || f[1] == '^')) {
		s.fill = f[0];
		s.align = f[1];
		f += 2;
	} else if (*f == '<' || *f == '>' || *f == '^') {
		s.align = *f++;
	}
	if (*f == '+' || *f == '-' || *f == ' ')
		f++;
	if (*f == '#') {
		s.alt = true;
		f++;
	}
	if (*f == '0') {
		s.zero = true;
		f++;
	}
	while (*f >= '0' && *f <= '9')
		s.width = (uint8_t)(s.width * 10 + (*f++ - '0'));
	if (*f == '.') {
		f++;
		s.precision = 0;
		while (*f >= '0' && *f <= '9')
			s.precision = (int8_t)(s.precision * 10 + (*f++ - '0'));
	}
	switch (*f) {
	case 'x':
		s.base = 16;
		break;
	case 'X':
		s.base = 16;
		s.upper = true;
		break;
	case 'o':
		s.base = 8;
		break;
	case 'b':
		s.base = 2;
		break;
	case 'B':
		s.base = 2;
		s.upper = true;
		break;
	case 'f':
	case 'F':
		s.fixed = true;
		break;
	case 'e':
	case 'E':
		s.exp = true;
		break;
	default:
		break;
	}
	if (*f && *f != '}')
		s.type = *f++;
	while (*f && *f != '}')
		f++;
	return *f ? f + 1 : f;
}

/* Print @f up to its next placeholder; returns what follows '{', or NULL. */
inline const char *literal(const char *f)
{
	for (; *f; f++) {
		if (f[0] == '{' && f[1] == '{') {
			put('{');
			f++;
		} else if (f[0] == '}' && f[1] == '}') {
			put('}');
			f++;
		} else if (*f == '{') {
			return f + 1;
		} else {
			put(*f);
		}
	}
	return nullptr;
}

/* Print @v with @s's width and alignment (numbers right, text left by default). */
template <class T>
inline void print_padded(const T &v, const spec &s)
{
	char buf[48];
	uint32_t n, left, right;
	char *saved = capture;
	uint32_t saved_n = captured, saved_max = capture_max;
	bool text = std::is_same_v<T, bool> || std::is_same_v<T, char> ||
		    std::is_same_v<T, const char *> || std::is_same_v<T, char *> ||
		    std::is_array_v<T>;
	char align = s.align ? s.align : text ? '<' : '>';

	if (!s.width || s.zero || std::is_same_v<T, TileSlice>) {
		print_value(v, s);
		return;
	}
	capture = buf;
	captured = 0;
	capture_max = sizeof(buf);
	print_value(v, s);
	n = captured;
	capture = saved;
	captured = saved_n;
	capture_max = saved_max;
	left = n >= s.width ? 0 : align == '<' ? 0 : align == '^' ? (s.width - n) / 2 : s.width - n;
	right = n >= s.width ? 0 : s.width - n - left;
	for (uint32_t i = 0; i < left; i++)
		put(s.fill);
	for (uint32_t i = 0; i < n; i++)
		put(buf[i]);
	for (uint32_t i = 0; i < right; i++)
		put(s.fill);
}

/* One argument of a format string, its type erased. */
struct arg {
	const volatile void *p; /* volatile: DPRINT("{}", l1_ptr[0]) */
	void (*print)(const volatile void *, const spec &);
};

template <class T>
inline void print_erased(const volatile void *p, const spec &s)
{
	print_padded(*static_cast<const T *>(const_cast<const void *>(p)), s);
}

/* fmt's rules: {} takes the next argument, {N} / {N:spec} argument N. */
inline void vformat(const char *f, const arg *args, uint32_t nargs)
{
	uint32_t next = 0;

	while ((f = literal(f))) {
		spec s;
		uint32_t i = next;

		if (*f >= '0' && *f <= '9') {
			for (i = 0; *f >= '0' && *f <= '9'; f++)
				i = i * 10 + (uint32_t)(*f - '0');
		} else {
			next++;
		}
		f = parse_spec(f, s);
		if (i < nargs)
			args[i].print(args[i].p, s);
	}
}

inline void format(const char *f)
{
	vformat(f, nullptr, 0);
}

template <class... A>
inline void format(const char *f, const A &...a)
{
	const arg args[] = { { &a, &print_erased<A> }... };

	vformat(f, args, sizeof...(A));
}

/* The stream form's object: its state lives in the RISC's local memory. */
class printer {
	spec s_;

public:
	template <class T>
	printer &operator<<(const T &v)
	{
		if constexpr (std::is_same_v<T, ENDL>) {
			put('\n');
		} else if constexpr (std::is_same_v<T, SETW>) {
			s_.width = v.w;
		} else if constexpr (std::is_same_v<T, SETPRECISION>) {
			s_.precision = (int8_t)v.p;
		} else if constexpr (std::is_same_v<T, FIXED>) {
			s_.fixed = true;
		} else if constexpr (std::is_same_v<T, DEFAULTFLOAT>) {
			s_.fixed = false;
		} else if constexpr (std::is_same_v<T, HEX>) {
			s_.base = 16;
		} else if constexpr (std::is_same_v<T, DEC>) {
			s_.base = 10;
		} else if constexpr (std::is_same_v<T, OCT>) {
			s_.base = 8;
		} else {
			spec s = s_;

			if (s.precision < 0 && !s.fixed)
				s.precision = 6; /* iostream's default */
			s.align = '>';		 /* iostream pads on the left */
			print_padded(v, s);
			s_.width = 0; /* SETW applies to one value */
		}
		return *this;
	}

	template <uint32_t N>
	printer &operator<<(const char (&v)[N])
	{
		puts(v);
		return *this;
	}
};

/* DPRINT_<thread>(args): a format string and its args, or a stream expression. */
template <class... A>
inline void any(const char *f, const A &...args)
{
	format(f, args...);
}

inline void any(const printer &)
{}

} // namespace tt_dprint

/* The stream object; DPRINT(...) with parentheses is the format form. */
[[maybe_unused]] static tt_dprint::printer DPRINT;

#define DPRINT(...) tt_dprint::format(__VA_ARGS__)

#if defined(COMPILE_FOR_BRISC)
#define DPRINT_DATA0(...) tt_dprint::any(__VA_ARGS__)
#else
#define DPRINT_DATA0(...) ((void)0)
#endif
#if defined(COMPILE_FOR_NCRISC)
#define DPRINT_DATA1(...) tt_dprint::any(__VA_ARGS__)
#else
#define DPRINT_DATA1(...) ((void)0)
#endif
#if defined(COMPILE_FOR_TRISC) && COMPILE_FOR_TRISC == 0
#define DPRINT_UNPACK(...) tt_dprint::any(__VA_ARGS__)
#else
#define DPRINT_UNPACK(...) ((void)0)
#endif
#if defined(COMPILE_FOR_TRISC) && COMPILE_FOR_TRISC == 1
#define DPRINT_MATH(...) tt_dprint::any(__VA_ARGS__)
#else
#define DPRINT_MATH(...) ((void)0)
#endif
#if defined(COMPILE_FOR_TRISC) && COMPILE_FOR_TRISC == 2
#define DPRINT_PACK(...) tt_dprint::any(__VA_ARGS__)
#else
#define DPRINT_PACK(...) ((void)0)
#endif

#endif
