// The in-memory history of one connection, shared by two threads: the
// history thread appends every poll to it and runs the history rules
// (LiveHistory), the window reads it for its charts, sparklines and "since
// when" (one short read at a time). Neither holds the lock for longer than
// one call. The overview never waits for the history's thread at all
// (tryRead: a cell shows what it read last while a poll is appended).
#pragma once

#include "history_store.h"

#include <mutex>
#include <optional>
#include <type_traits>
#include <utility>

namespace pelscope {

class SharedHistoryStore
{
public:
    // One read under the lock; `f` gets the store and returns a value (a
    // copy: nothing of the store may leave the lock).
    template <class F>
    auto read(F &&f) const
    {
        std::lock_guard lock(m_mutex);
        return std::forward<F>(f)(std::as_const(m_store));
    }
    // As read(), but never waits: empty while the history's thread holds
    // the store (appending a poll: up to ~40 ms at 10,000 groups).
    template <class F>
    auto tryRead(F &&f) const -> std::optional<std::invoke_result_t<F, const HistoryStore &>>
    {
        std::unique_lock lock(m_mutex, std::try_to_lock);
        if (!lock.owns_lock())
            return std::nullopt;
        return std::forward<F>(f)(std::as_const(m_store));
    }
    template <class F>
    auto write(F &&f)
    {
        std::lock_guard lock(m_mutex);
        return std::forward<F>(f)(m_store);
    }

private:
    mutable std::mutex m_mutex;
    HistoryStore m_store;
};

} // namespace pelscope
