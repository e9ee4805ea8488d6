// SPDX-License-Identifier: Apache-2.0
//
// Test support (README.md): tt-metal's host thread pools, which run work
// for each device of a mesh in parallel.  The device-bound pool has one
// worker thread per device, each with its own queue: a task for device i
// goes to worker i % threads, a task with no device to the next worker
// in turn.  wait() returns when every task so far has run, and rethrows
// the first exception one threw.  The passthrough pool runs each task at
// once on the caller's thread.
//
// Not implemented: binding the workers to CPU cores (near a device's
// NUMA node); the emulated devices are processes, not PCIe functions.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include <tt-metalium/device.hpp>
#include <tt_stl/assert.hpp>

#include "impl/context/context_types.hpp"

namespace tt::tt_metal {

class ThreadPool {
public:
	virtual ~ThreadPool() = default;
	virtual void enqueue(std::function<void()> &&f,
			     std::optional<uint32_t> device_idx = std::nullopt) = 0;
	virtual void wait() = 0;
};

namespace test_support {

class WorkerThreadPool : public ThreadPool {
public:
	explicit WorkerThreadPool(int num_threads)
	{
		TT_FATAL(num_threads > 0, "a thread pool of {} threads", num_threads);
		workers_.reserve(static_cast<size_t>(num_threads));
		for (int i = 0; i < num_threads; i++)
			workers_.push_back(std::make_unique<Worker>());
		for (auto &w : workers_)
			w->thread = std::thread([this, wp = w.get()] { run(*wp); });
	}
	~WorkerThreadPool() override
	{
		for (auto &w : workers_) {
			std::lock_guard<std::mutex> g(w->lock);
			w->stop = true;
			w->ready.notify_one();
		}
		for (auto &w : workers_)
			w->thread.join();
	}

	void enqueue(std::function<void()> &&f, std::optional<uint32_t> device_idx) override
	{
		const size_t n = workers_.size();
		const size_t which = device_idx ? *device_idx % n : next_++ % n;
		{
			std::lock_guard<std::mutex> g(state_lock_);
			pending_++;
		}
		Worker &w = *workers_[which];
		std::lock_guard<std::mutex> g(w.lock);
		w.tasks.push_back(std::move(f));
		w.ready.notify_one();
	}

	void wait() override
	{
		std::unique_lock<std::mutex> g(state_lock_);
		all_done_.wait(g, [this] { return pending_ == 0; });
		if (error_) {
			std::exception_ptr e = error_;
			error_ = nullptr;
			std::rethrow_exception(e);
		}
	}

private:
	struct Worker {
		std::thread thread;
		std::mutex lock;
		std::condition_variable ready;
		std::deque<std::function<void()>> tasks;
		bool stop = false;
	};

	void run(Worker &w)
	{
		for (;;) {
			std::function<void()> task;
			{
				std::unique_lock<std::mutex> g(w.lock);
				w.ready.wait(g, [&w] { return w.stop || !w.tasks.empty(); });
				if (w.tasks.empty())
					return;
				task = std::move(w.tasks.front());
				w.tasks.pop_front();
			}
			std::exception_ptr failed;
			try {
				task();
			} catch (...) {
				failed = std::current_exception();
			}
			std::lock_guard<std::mutex> g(state_lock_);
			if (failed && !error_)
				error_ = failed;
			if (--pending_ == 0)
				all_done_.notify_all();
		}
	}

	std::vector<std::unique_ptr<Worker>> workers_;
	size_t next_ = 0; // round robin; enqueue is called from one thread
	std::mutex state_lock_;
	std::condition_variable all_done_;
	uint64_t pending_ = 0;
	std::exception_ptr error_;
};

class PassthroughThreadPool : public ThreadPool {
public:
	void enqueue(std::function<void()> &&f, std::optional<uint32_t>) override
	{
		try {
			f();
		} catch (...) {
			if (!error_)
				error_ = std::current_exception();
		}
	}
	void wait() override
	{
		if (error_) {
			std::exception_ptr e = error_;
			error_ = nullptr;
			std::rethrow_exception(e);
		}
	}

private:
	std::exception_ptr error_;
};

} // namespace test_support

inline std::shared_ptr<ThreadPool> create_device_bound_thread_pool(ContextId, int num_threads)
{
	return std::make_shared<test_support::WorkerThreadPool>(num_threads);
}

inline std::shared_ptr<ThreadPool>
create_device_bound_thread_pool(ContextId context_id,
				const std::vector<tt::tt_metal::IDevice *> &physical_devices)
{
	return create_device_bound_thread_pool(context_id,
					       static_cast<int>(physical_devices.size()));
}

inline std::shared_ptr<ThreadPool> create_passthrough_thread_pool(ContextId)
{
	return std::make_shared<test_support::PassthroughThreadPool>();
}

} // namespace tt::tt_metal
