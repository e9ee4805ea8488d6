// SPDX-License-Identifier: Apache-2.0
//
// tt-metal's DistributedContext: the ranks of a multi-host job and the
// messages and collectives between them.
//
// Under mpirun (or another MPI launcher, or with TT_EMU_MPI=1) the
// context runs over MPI, Open MPI on Debian (src/mpi_context.cpp;
// docs/multi-host.md): each call is the MPI call of the same name, and a
// failed one throws a DistributedException naming it.  Any other process
// is a job of one, rank 0 of a world of one (src/distributed_context.cpp),
// which never calls into MPI: its collectives do what they do with one
// rank, and messages to another rank throw.  Neither has fault tolerance
// (MPI's ULFM): the revoke and shrink calls throw.
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>

#include <tt_stl/span.hpp>
#include <tt_stl/strong_type.hpp>

namespace tt::tt_metal::distributed::multihost {

enum class ReduceOp : std::uint8_t { SUM, MAX, MIN, PROD, LAND, LOR, BAND, BOR };

enum class DType : std::uint8_t {
	INT8,
	UINT8,
	INT16,
	UINT16,
	INT32,
	UINT32,
	INT64,
	UINT64,
	FLOAT32,
	FLOAT64,
	BOOL,
	BYTE,
	COMPLEX_FLOAT,
	COMPLEX_DOUBLE,
};

// The DType of an element type; no value for the types it has no name for.
template <typename T, typename = void>
struct dtype_of;
template <DType D>
struct dtype_is {
	static constexpr DType value = D;
};
template <>
struct dtype_of<std::int8_t> : dtype_is<DType::INT8> {};
template <>
struct dtype_of<std::uint8_t> : dtype_is<DType::UINT8> {};
template <>
struct dtype_of<std::int16_t> : dtype_is<DType::INT16> {};
template <>
struct dtype_of<std::uint16_t> : dtype_is<DType::UINT16> {};
template <>
struct dtype_of<std::int32_t> : dtype_is<DType::INT32> {};
template <>
struct dtype_of<std::uint32_t> : dtype_is<DType::UINT32> {};
template <>
struct dtype_of<std::int64_t> : dtype_is<DType::INT64> {};
template <>
struct dtype_of<std::uint64_t> : dtype_is<DType::UINT64> {};
template <>
struct dtype_of<float> : dtype_is<DType::FLOAT32> {};
template <>
struct dtype_of<double> : dtype_is<DType::FLOAT64> {};
template <>
struct dtype_of<bool> : dtype_is<DType::BOOL> {};
template <>
struct dtype_of<std::complex<float>> : dtype_is<DType::COMPLEX_FLOAT> {};
template <>
struct dtype_of<std::complex<double>> : dtype_is<DType::COMPLEX_DOUBLE> {};

template <typename T>
inline constexpr DType dtype_of_v = dtype_of<T>::value;

template <typename T, typename = void>
struct is_supported_dtype : std::false_type {};
template <typename T>
struct is_supported_dtype<T, std::void_t<decltype(dtype_of<T>::value)>> : std::true_type {};
template <typename T>
inline constexpr bool is_supported_dtype_v = is_supported_dtype<T>::value;

using Rank = ttsl::StrongType<int, struct RankTag>;
using Tag = ttsl::StrongType<int, struct TagTag>;
using Color = ttsl::StrongType<int, struct ColorTag>;
using Key = ttsl::StrongType<int, struct KeyTag>;
using Size = ttsl::StrongType<int, struct SizeTag>;
using SubcontextId = ttsl::StrongType<int, struct SubcontextIdTag>;
using DistributedContextId = ttsl::StrongType<int, struct DistributedContextIdTag>;

// A failure of the transport, with the rank it happened on.
class DistributedException : public std::exception {
public:
	virtual Rank rank() const noexcept = 0;
	virtual int error_code() const noexcept = 0;
	virtual const std::string &message() const noexcept = 0;
	virtual const std::string &error_string() const noexcept = 0;
	const char *what() const noexcept override { return message().c_str(); }
	~DistributedException() override = default;
};

// Where a received message came from.
struct Status {
	Rank source = Rank(0);
	Tag tag = Tag(0);
	int count = 0;
};

// A message in flight (isend, irecv).
class Request {
public:
	virtual ~Request() = default;
	[[nodiscard]] virtual Status wait() = 0;
	[[nodiscard]] virtual std::optional<Status> test() = 0;
	virtual void cancel() = 0;
	[[nodiscard]] virtual bool active() const = 0;
};

class DistributedContext;
using RequestPtr = std::shared_ptr<Request>;
using ContextPtr = std::shared_ptr<DistributedContext>;

class DistributedContext {
public:
	static constexpr int SPLIT_COLOR_UNDEFINED = -1;

	// The process's world: create() makes it once (the arguments are
	// handed to MPI_Init); get_current_world() makes it if needed.
	// get_world_context() is the whole job when the launcher split it
	// into sub-contexts (TT_RUN_SUBCONTEXT_ID, _SIZES), the current world
	// otherwise.
	static void create(int argc, char **argv);
	static const ContextPtr &get_current_world();
	static ContextPtr get_world_context();
	static void set_current_world(const ContextPtr &ctx);
	static bool is_initialized();

	DistributedContextId id() const { return id_; }

	[[nodiscard]] virtual Rank rank() const = 0;
	[[nodiscard]] virtual Size size() const = 0;
	[[nodiscard]] virtual bool supports_fault_tolerance() const = 0;

	// Sub-contexts: a plain context is its own one and only.
	[[nodiscard]] virtual std::optional<SubcontextId> subcontext_id() const
	{
		return std::nullopt;
	}
	[[nodiscard]] virtual int subcontext_count() const { return 1; }
	[[nodiscard]] virtual Size subcontext_size(SubcontextId subcontext_id) const;
	[[nodiscard]] virtual ttsl::Span<const int> subcontext_sizes() const;
	[[nodiscard]] virtual Rank local_to_world_rank(SubcontextId subcontext_id,
						       Rank local_rank) const;

	virtual void barrier() const = 0;

	virtual void send(ttsl::Span<std::byte> buffer, Rank dest, Tag tag) const = 0;
	virtual void ssend(ttsl::Span<std::byte> buffer, Rank dest, Tag tag) const = 0;
	virtual void recv(ttsl::Span<std::byte> buffer, Rank source, Tag tag) const = 0;
	[[nodiscard]] virtual RequestPtr isend(ttsl::Span<std::byte> buffer, Rank dest,
					       Tag tag) const = 0;
	[[nodiscard]] virtual RequestPtr irecv(ttsl::Span<std::byte> buffer, Rank source,
					       Tag tag) const = 0;

	virtual void broadcast(ttsl::Span<std::byte> buffer, Rank root) const = 0;
	virtual void gather(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf,
			    Rank root) const = 0;
	virtual void scatter(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf,
			     Rank root) const = 0;
	virtual void all_gather(ttsl::Span<std::byte> send_buf,
				ttsl::Span<std::byte> recv_buf) const = 0;
	virtual void all_to_all(ttsl::Span<std::byte> send_buf,
				ttsl::Span<std::byte> recv_buf) const = 0;
	virtual void all_reduce(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf,
				ReduceOp op, DType dtype) const = 0;
	virtual void reduce(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf,
			    ReduceOp op, DType dtype, Rank root) const = 0;
	virtual void reduce_scatter(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf,
				    ReduceOp op, DType dtype) const = 0;
	virtual void scan(ttsl::Span<std::byte> send_buf, ttsl::Span<std::byte> recv_buf,
			  ReduceOp op, DType dtype) const = 0;

	// The typed collectives name the element type for the transport.
	template <class T>
	requires is_supported_dtype_v<T>
	void all_reduce(ttsl::Span<T> send_buf, ttsl::Span<T> recv_buf, ReduceOp op) const
	{
		all_reduce(std::as_writable_bytes(send_buf), std::as_writable_bytes(recv_buf), op,
			   dtype_of_v<T>);
	}
	template <class T>
	requires is_supported_dtype_v<T>
	void reduce(ttsl::Span<T> send_buf, ttsl::Span<T> recv_buf, ReduceOp op, Rank root) const
	{
		reduce(std::as_writable_bytes(send_buf), std::as_writable_bytes(recv_buf), op,
		       dtype_of_v<T>, root);
	}
	template <class T>
	requires is_supported_dtype_v<T>
	void scan(ttsl::Span<T> send_buf, ttsl::Span<T> recv_buf, ReduceOp op) const
	{
		scan(std::as_writable_bytes(send_buf), std::as_writable_bytes(recv_buf), op,
		     dtype_of_v<T>);
	}
	template <class T>
	requires is_supported_dtype_v<T>
	void reduce_scatter(ttsl::Span<T> send_buf, ttsl::Span<T> recv_buf, ReduceOp op) const
	{
		reduce_scatter(std::as_writable_bytes(send_buf), std::as_writable_bytes(recv_buf),
			       op, dtype_of_v<T>);
	}

	[[nodiscard]] virtual ContextPtr duplicate() const = 0;
	[[nodiscard]] virtual ContextPtr split(Color color, Key key) const = 0;
	[[nodiscard]] virtual ContextPtr create_sub_context(ttsl::Span<int> ranks) const = 0;
	virtual void translate_ranks_to_other_ctx(ttsl::Span<int> ranks,
						  const ContextPtr &other_ctx,
						  ttsl::Span<int> translated_ranks) const = 0;
	virtual void abort(int error_code) const = 0;

	// Fault tolerance (shrinking the world after a rank is lost).
	virtual void revoke_and_shrink() = 0;
	[[nodiscard]] virtual bool is_revoked() = 0;

	// Bytes of the next message from @source with @tag, before receiving it.
	virtual std::size_t snoop_incoming_msg_size(Rank source, Tag tag) const = 0;

	virtual ~DistributedContext() = default;

protected:
	static DistributedContextId generate_unique_id();
	DistributedContextId id_{ 0 };
};

} // namespace tt::tt_metal::distributed::multihost
