// SPDX-License-Identifier: Apache-2.0
//
// Table<K, V>: a map from unique keys to values for the Metal 2.0 specs,
// with std::map's interface (find, get, insert and emplace that keep an
// existing entry, operator[] that inserts or overwrites, erase) but no
// order: iteration order is unspecified, and two tables are equal when
// they hold the same pairs in any order.  Keys only need ==, so a key may
// be a type without a hash or an ordering (Nodes, a std::variant of core
// coordinates and ranges, is one).
//
// Entries live in a std::list of std::pair<const K, V>, so iterators are
// the list's own: a key cannot change through them, structured bindings
// work, iterator converts to const_iterator (not back), and erasing one
// entry leaves iterators to the others valid.  Lookup is linear, which
// suits the handful of entries a spec holds.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <initializer_list>
#include <list>
#include <ranges>
#include <type_traits>
#include <utility>

#include <tt_stl/assert.hpp>
#include <tt_stl/optional_reference.hpp>

namespace tt::tt_metal::experimental {

template <typename K, typename V>
class Table {
	static_assert(!std::is_reference_v<V>, "Table holds values, not references");

public:
	using key_type = K;
	using mapped_type = V;
	using value_type = std::pair<const K, V>;
	using size_type = std::size_t;
	using iterator = typename std::list<value_type>::iterator;
	using const_iterator = typename std::list<value_type>::const_iterator;

	Table() = default;
	Table(const Table &) = default;
	Table(Table &&) noexcept = default;
	// Copy and swap: a list of const-key pairs cannot be assigned element
	// by element, which is what std::list's own copy assignment would do.
	Table &operator=(const Table &other)
	{
		Table copy(other);
		entries_.swap(copy.entries_);
		return *this;
	}
	Table &operator=(Table &&other) noexcept
	{
		entries_.swap(other.entries_);
		other.entries_.clear();
		return *this;
	}

	// {{k, v}, ...}; a key given twice throws.
	Table(std::initializer_list<value_type> entries)
	{
		for (const auto &e : entries)
			add_unique(e);
	}

	// From any range of (key, value) pairs: a map, a vector or span of
	// pairs, another table.  A key given twice throws.
	template <std::ranges::input_range R>
	requires std::convertible_to<std::ranges::range_reference_t<R>, value_type>
	explicit Table(const R &entries)
	{
		for (const auto &e : entries)
			add_unique(value_type(e));
	}

	iterator begin() { return entries_.begin(); }
	iterator end() { return entries_.end(); }
	const_iterator begin() const { return entries_.begin(); }
	const_iterator end() const { return entries_.end(); }
	const_iterator cbegin() const { return entries_.cbegin(); }
	const_iterator cend() const { return entries_.cend(); }

	bool empty() const noexcept { return entries_.empty(); }
	size_type size() const noexcept { return entries_.size(); }
	void clear() noexcept { entries_.clear(); }

	iterator find(const K &key)
	{
		return std::find_if(entries_.begin(), entries_.end(),
				    [&](const value_type &e) { return e.first == key; });
	}
	const_iterator find(const K &key) const
	{
		return std::find_if(entries_.begin(), entries_.end(),
				    [&](const value_type &e) { return e.first == key; });
	}
	bool contains(const K &key) const { return find(key) != end(); }

	// The value of @key, or an empty reference; never inserts.
	ttsl::optional_reference<V> get(const K &key) noexcept
	{
		auto it = find(key);
		if (it == end())
			return std::nullopt;
		return it->second;
	}
	ttsl::optional_reference<const V> get(const K &key) const noexcept
	{
		auto it = find(key);
		if (it == end())
			return std::nullopt;
		return it->second;
	}

	// Add @entry unless its key is there: {the entry of that key, whether
	// it was added}.
	std::pair<iterator, bool> insert(const value_type &entry)
	{
		if (auto it = find(entry.first); it != end())
			return { it, false };
		entries_.push_back(entry);
		return { std::prev(entries_.end()), true };
	}
	std::pair<iterator, bool> insert(value_type &&entry)
	{
		if (auto it = find(entry.first); it != end())
			return { it, false };
		entries_.push_back(std::move(entry));
		return { std::prev(entries_.end()), true };
	}

	template <typename... Args>
	requires std::constructible_from<value_type, Args...> std::pair<iterator, bool>
	emplace(Args &&...args)
	{
		return insert(value_type(std::forward<Args>(args)...));
	}

	// The value of @key, added default-constructed when absent.
	V &operator[](const K &key)
	{
		if (auto it = find(key); it != end())
			return it->second;
		entries_.emplace_back(key, V{});
		return entries_.back().second;
	}

	// Remove @key's entry: how many were removed (0 or 1).
	size_type erase(const K &key)
	{
		auto it = find(key);
		if (it == end())
			return 0;
		entries_.erase(it);
		return 1;
	}

	friend bool operator==(const Table &a, const Table &b)
	{
		if (a.size() != b.size())
			return false;
		return std::all_of(a.begin(), a.end(), [&](const value_type &e) {
			auto it = b.find(e.first);
			return it != b.end() && it->second == e.second;
		});
	}

private:
	void add_unique(const value_type &e)
	{
		TT_FATAL(insert(e).second, "Table: a key is given more than once");
	}

	std::list<value_type> entries_;
};

} // namespace tt::tt_metal::experimental
