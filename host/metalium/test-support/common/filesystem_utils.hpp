// SPDX-License-Identifier: Apache-2.0
//
// Test support (README.md): tt-metal's filesystem helpers
// (tt_metal/common/filesystem_utils.hpp), as its header describes them:
// std::filesystem calls that report failure as false or std::nullopt
// instead of throwing, treat "not there" as done where the contract says
// so, and, with NFS safety on, retry a stale file handle (ESTALE) up to
// kMaxFsRetries times with a linear backoff (writes add a random jitter).
// Header-only: every function is inline, so the NFS safety switch and the
// pending asynchronous sync are one object per program.
#pragma once

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <future>
#include <mutex>
#include <optional>
#include <random>
#include <system_error>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

namespace tt::filesystem {

namespace detail {
inline std::atomic<bool> &nfs_safety_flag()
{
	static std::atomic<bool> flag{ false };
	return flag;
}
} // namespace detail

inline bool nfs_safety_enabled()
{
	return detail::nfs_safety_flag().load();
}
inline void set_nfs_safety(bool enabled)
{
	detail::nfs_safety_flag().store(enabled);
}

inline constexpr int kMaxFsRetries = 5;
inline constexpr int kFsRetryDelayMs = 500;
inline constexpr int kFsRetryJitterMs = 100;

inline bool is_estale_error(const std::error_code &ec)
{
	return ec.category() == std::system_category() && ec.value() == ESTALE;
}

inline bool is_not_found_error(const std::error_code &ec)
{
	return ec == std::errc::no_such_file_or_directory;
}

inline int get_retry_jitter_ms()
{
	thread_local std::mt19937 rng{ std::random_device{}() };
	std::uniform_int_distribution<int> dist(0, kFsRetryJitterMs);
	return dist(rng);
}

template <typename Operation>
bool retry_on_estale(Operation operation)
{
	if (!nfs_safety_enabled())
		return operation();
	for (int attempt = 0; attempt < kMaxFsRetries; ++attempt) {
		if (operation())
			return true;
		if (errno != ESTALE)
			break;
		if (attempt < kMaxFsRetries - 1)
			std::this_thread::sleep_for(std::chrono::milliseconds(
				kFsRetryDelayMs * (attempt + 1) + get_retry_jitter_ms()));
	}
	return false;
}

template <typename Operation>
bool retry_on_estale_ec(Operation operation, std::error_code &ec)
{
	ec.clear();
	if (!nfs_safety_enabled())
		return operation(ec);
	for (int attempt = 0; attempt < kMaxFsRetries; ++attempt) {
		ec.clear();
		if (operation(ec))
			return true;
		if (!is_estale_error(ec))
			break;
		if (attempt < kMaxFsRetries - 1)
			std::this_thread::sleep_for(std::chrono::milliseconds(
				kFsRetryDelayMs * (attempt + 1) + get_retry_jitter_ms()));
	}
	return false;
}

namespace detail {
// Runs @op (which fills an error_code and says whether it succeeded) once,
// or with NFS safety on until it succeeds or fails with an error that
// @retry does not accept; writes sleep with jitter, reads without.
template <typename Operation, typename Retry>
bool attempt(Operation op, std::error_code &ec, bool write, Retry retry)
{
	const int tries = nfs_safety_enabled() ? kMaxFsRetries : 1;
	for (int i = 0; i < tries; ++i) {
		ec.clear();
		if (op(ec))
			return true;
		if (!retry(ec))
			return false;
		if (i < tries - 1)
			std::this_thread::sleep_for(std::chrono::milliseconds(
				kFsRetryDelayMs * (i + 1) + (write ? get_retry_jitter_ms() : 0)));
	}
	return false;
}

template <typename Operation>
bool attempt(Operation op, std::error_code &ec, bool write)
{
	return attempt(op, ec, write, [](const std::error_code &e) { return is_estale_error(e); });
}

// The file type of @path, following links: not_found when it is not
// there, std::nullopt on any other error.
inline std::optional<std::filesystem::file_type> type_of(const std::filesystem::path &path)
{
	std::filesystem::file_status st;
	std::error_code ec;
	const bool ok = attempt(
		[&](std::error_code &e) {
			st = std::filesystem::status(path, e);
			if (e && is_not_found_error(e)) {
				e.clear();
				st = std::filesystem::file_status(
					std::filesystem::file_type::not_found);
			}
			return !e;
		},
		ec, false);
	if (!ok)
		return std::nullopt;
	return st.type();
}

inline void sync_fd_of(const std::filesystem::path &path, int flags, bool whole_fs)
{
	const int fd = ::open(path.c_str(), flags | O_CLOEXEC);
	if (fd < 0) {
		if (whole_fs)
			::sync();
		return;
	}
	if (whole_fs)
		(void)::syncfs(fd); // best effort: a failed flush is not an error here
	else
		(void)::fsync(fd);
	::close(fd);
}

struct pending_sync {
	std::mutex lock;
	std::future<void> job;
};

inline pending_sync &pending()
{
	static pending_sync p;
	return p;
}
} // namespace detail

inline void sync_filesystem(const std::filesystem::path &path)
{
	std::error_code ec;
	std::filesystem::path target = path;
	if (!std::filesystem::is_directory(target, ec)) {
		target = path.parent_path();
		if (target.empty())
			target = ".";
	}
	detail::sync_fd_of(target, O_RDONLY, true);
}

inline bool safe_remove(const std::filesystem::path &path)
{
	std::error_code ec;
	return detail::attempt(
		       [&](std::error_code &e) {
			       std::filesystem::remove(path, e);
			       return !e;
		       },
		       ec, true) ||
	       is_not_found_error(ec);
}

inline bool safe_remove_all(const std::filesystem::path &path)
{
	std::error_code ec;
	return detail::attempt(
		       [&](std::error_code &e) {
			       std::filesystem::remove_all(path, e);
			       return !e;
		       },
		       ec, true,
		       [](const std::error_code &e) {
			       return is_estale_error(e) || e == std::errc::directory_not_empty;
		       }) ||
	       is_not_found_error(ec);
}

inline bool safe_rename(const std::filesystem::path &src, const std::filesystem::path &dst,
			bool ignore_missing = false)
{
	std::error_code ec;
	if (detail::attempt(
		    [&](std::error_code &e) {
			    std::filesystem::rename(src, dst, e);
			    return !e;
		    },
		    ec, true))
		return true;
	return ignore_missing && is_not_found_error(ec) && !std::filesystem::exists(src);
}

inline bool safe_hard_link_or_copy(const std::filesystem::path &target,
				   const std::filesystem::path &link)
{
	std::error_code ec;
	return detail::attempt(
		[&](std::error_code &e) {
			if (!std::filesystem::is_regular_file(target, e)) {
				if (!e)
					e = std::make_error_code(
						std::errc::no_such_file_or_directory);
				return false;
			}
			// An existing destination is replaced, unless it already is the target.
			std::error_code same_ec;
			if (std::filesystem::exists(link, same_ec)) {
				if (std::filesystem::equivalent(target, link, same_ec))
					return true;
				std::filesystem::remove(link, e);
				if (e)
					return false;
			}
			std::filesystem::create_hard_link(target, link, e);
			if (!e)
				return true;
			if (is_estale_error(e) || is_not_found_error(e))
				return false;
			// Another filesystem, or links not allowed: copy instead.
			e.clear();
			std::filesystem::copy_file(
				target, link, std::filesystem::copy_options::overwrite_existing, e);
			return !e;
		},
		ec, true);
}

inline bool safe_create_directories(const std::filesystem::path &path)
{
	std::error_code ec;
	return detail::attempt(
		[&](std::error_code &e) {
			std::filesystem::create_directories(path, e);
			if (e && e == std::errc::file_exists) {
				std::error_code d;
				if (std::filesystem::is_directory(path, d))
					e.clear();
			}
			return !e;
		},
		ec, true);
}

inline std::optional<bool> safe_exists(const std::filesystem::path &path)
{
	auto t = detail::type_of(path);
	if (!t)
		return std::nullopt;
	return *t != std::filesystem::file_type::not_found;
}

inline std::optional<bool> safe_is_directory(const std::filesystem::path &path)
{
	auto t = detail::type_of(path);
	if (!t)
		return std::nullopt;
	return *t == std::filesystem::file_type::directory;
}

inline std::optional<bool> safe_is_regular_file(const std::filesystem::path &path)
{
	auto t = detail::type_of(path);
	if (!t)
		return std::nullopt;
	return *t == std::filesystem::file_type::regular;
}

inline std::optional<std::uintmax_t> safe_file_size(const std::filesystem::path &path)
{
	std::uintmax_t size = 0;
	std::error_code ec;
	if (!detail::attempt(
		    [&](std::error_code &e) {
			    size = std::filesystem::file_size(path, e);
			    return !e;
		    },
		    ec, false))
		return std::nullopt;
	return size;
}

inline std::optional<std::filesystem::file_time_type>
safe_last_write_time(const std::filesystem::path &path)
{
	std::filesystem::file_time_type t{};
	std::error_code ec;
	if (!detail::attempt(
		    [&](std::error_code &e) {
			    t = std::filesystem::last_write_time(path, e);
			    return !e;
		    },
		    ec, false))
		return std::nullopt;
	return t;
}

inline std::vector<std::filesystem::directory_entry>
safe_directory_entries(const std::filesystem::path &path)
{
	std::vector<std::filesystem::directory_entry> entries;
	std::error_code ec;
	detail::attempt(
		[&](std::error_code &e) {
			entries.clear();
			std::filesystem::directory_iterator it(path, e), end;
			while (!e && it != end) {
				entries.push_back(*it);
				it.increment(e);
			}
			return !e;
		},
		ec, false);
	return entries;
}

inline void fsync_file(const std::filesystem::path &path)
{
	detail::sync_fd_of(path, O_RDONLY, false);
	std::filesystem::path parent = path.parent_path();
	detail::sync_fd_of(parent.empty() ? std::filesystem::path(".") : parent,
			   O_RDONLY | O_DIRECTORY, false);
}

inline void wait_for_pending_sync()
{
	auto &p = detail::pending();
	std::lock_guard<std::mutex> g(p.lock);
	if (p.job.valid())
		p.job.get();
}

inline void async_sync_filesystem(const std::filesystem::path &path)
{
	auto &p = detail::pending();
	std::lock_guard<std::mutex> g(p.lock);
	if (p.job.valid())
		p.job.get();
	p.job = std::async(std::launch::async, [path] { sync_filesystem(path); });
}

inline size_t remove_empty_parent_directories(const std::filesystem::path &path)
{
	size_t removed = 0;
	std::filesystem::path dir = path;
	while (!dir.empty() && dir.has_parent_path() && dir.parent_path() != dir) {
		std::error_code ec;
		if (!std::filesystem::is_directory(dir, ec) || ec)
			break;
		const bool empty = std::filesystem::is_empty(dir, ec);
		if (ec || !empty)
			break;
		if (!safe_remove(dir) || std::filesystem::exists(dir, ec))
			break;
		++removed;
		dir = dir.parent_path();
	}
	return removed;
}

} // namespace tt::filesystem
