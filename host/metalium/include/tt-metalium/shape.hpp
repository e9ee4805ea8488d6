// SPDX-License-Identifier: Apache-2.0
//
// Shape: a tensor's dimensions, outermost first ({1, 1, 64, 32} is 64 rows
// of 32).  An index counts from the front (0 is the outermost) or, as in
// Python, from the back (-1 is the innermost); counting from the back runs
// into implicit leading 1s up to rank 4, as tt-metal's shapes do, so code
// written for 4-D shapes reads any shape.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <ostream>
#include <vector>

#include <tt_stl/span.hpp>

namespace tt::tt_metal {

class Shape final {
public:
	using value_type = uint32_t;

	Shape() = default;
	Shape(std::initializer_list<uint32_t> dims) : dims_(dims) {}
	explicit Shape(std::vector<uint32_t> dims) : dims_(std::move(dims)) {}
	explicit Shape(ttsl::Span<const uint32_t> dims) : dims_(dims.begin(), dims.end()) {}

	size_t rank() const { return dims_.size(); }
	// Product of the dimensions (1 for rank 0).
	uint64_t volume() const;
	uint32_t operator[](int32_t index) const;
	uint32_t &operator[](int32_t index);

	ttsl::Span<const uint32_t> view() const { return dims_; }
	auto begin() const { return dims_.begin(); }
	auto end() const { return dims_.end(); }

	bool operator==(const Shape &o) const { return dims_ == o.dims_; }

private:
	std::vector<uint32_t> dims_;
};

std::ostream &operator<<(std::ostream &os, const Shape &shape);

} // namespace tt::tt_metal
