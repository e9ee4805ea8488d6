// SPDX-License-Identifier: Apache-2.0
//
// MemoryPin (tt-metalium/memory_pin.hpp) and HostBuffer
// (tt-metalium/host_buffer.hpp): host memory that is owned or borrowed,
// and the references that keep borrowed memory alive.
#include <cstring>
#include <utility>

#include <tt-metalium/host_buffer.hpp>
#include <tt-metalium/memory_pin.hpp>

namespace tt::tt_metal {

// MemoryPin ------------------------------------------------------------------

MemoryPin::MemoryPin(std::function<void()> increment_ref_count,
		     std::function<void()> decrement_ref_count)
    : inc_(std::move(increment_ref_count)), dec_(std::move(decrement_ref_count)),
      shared_(std::make_shared<Shared>())
{
	take();
}

// The pin's reference is a copy of @resource, held by the decrement: each
// copy of the pin copies it, and dropping the pin drops it.
MemoryPin::MemoryPin(std::shared_ptr<void> resource)
{
	if (!resource)
		return;
	inc_ = [] {};
	dec_ = [held = std::move(resource)] {};
	shared_ = std::make_shared<Shared>();
}

MemoryPin::~MemoryPin()
{
	release();
}

MemoryPin::MemoryPin(const MemoryPin &other)
    : inc_(other.inc_), dec_(other.dec_), shared_(other.shared_)
{
	take();
}

MemoryPin &MemoryPin::operator=(const MemoryPin &other)
{
	if (this != &other)
		*this = MemoryPin(other);
	return *this;
}

MemoryPin::MemoryPin(MemoryPin &&other) noexcept
    : inc_(std::exchange(other.inc_, nullptr)), dec_(std::exchange(other.dec_, nullptr)),
      shared_(std::move(other.shared_))
{}

MemoryPin &MemoryPin::operator=(MemoryPin &&other) noexcept
{
	if (this != &other) {
		release();
		inc_ = std::exchange(other.inc_, nullptr);
		dec_ = std::exchange(other.dec_, nullptr);
		shared_ = std::move(other.shared_);
	}
	return *this;
}

void MemoryPin::add_final_release_callback(std::function<void()> callback)
{
	if (!shared_)
		shared_ = std::make_shared<Shared>();
	shared_->on_final_release.push_back(std::move(callback));
}

void MemoryPin::take()
{
	if (inc_)
		inc_();
}

// Drop this pin's reference: the last of a pin and its copies first runs
// the final-release callbacks.
void MemoryPin::release()
{
	if (shared_ && shared_.use_count() == 1) {
		auto callbacks = std::move(shared_->on_final_release);
		for (auto &cb : callbacks)
			cb();
	}
	shared_.reset();
	if (dec_)
		dec_();
	inc_ = nullptr;
	dec_ = nullptr;
}

bool operator==(const MemoryPin &pin, std::nullptr_t) noexcept
{
	return !pin.inc_ && !pin.dec_;
}

bool operator==(std::nullptr_t, const MemoryPin &pin) noexcept
{
	return pin == nullptr;
}

bool operator!=(const MemoryPin &pin, std::nullptr_t) noexcept
{
	return !(pin == nullptr);
}

bool operator!=(std::nullptr_t, const MemoryPin &pin) noexcept
{
	return !(pin == nullptr);
}

// HostBuffer -----------------------------------------------------------------

HostBuffer &HostBuffer::operator=(const HostBuffer &other)
{
	HostBuffer copy(other);
	swap(copy);
	return *this;
}

HostBuffer::HostBuffer(HostBuffer &&other) noexcept
{
	swap(other);
}

HostBuffer &HostBuffer::operator=(HostBuffer &&other) noexcept
{
	HostBuffer taken(std::move(other));
	swap(taken);
	return *this;
}

void HostBuffer::swap(HostBuffer &other) noexcept
{
	std::swap(pin_, other.pin_);
	std::swap(view_, other.view_);
	std::swap(type_, other.type_);
	std::swap(pinned_memory_, other.pinned_memory_);
}

bool operator==(const HostBuffer &a, const HostBuffer &b) noexcept
{
	auto x = a.view_bytes(), y = b.view_bytes();
	return x.size() == y.size() &&
	       (x.empty() || std::memcmp(x.data(), y.data(), x.size()) == 0);
}

bool operator!=(const HostBuffer &a, const HostBuffer &b) noexcept
{
	return !(a == b);
}

void swap(HostBuffer &a, HostBuffer &b) noexcept
{
	a.swap(b);
}

} // namespace tt::tt_metal
