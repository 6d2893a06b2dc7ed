// The in-memory history of one connection, shared by two threads: the
// history thread appends every poll to it and runs the history rules
// (LiveHistory), the window reads it for its charts, sparklines and "since
// when" (one short read at a time). Neither holds the lock for longer than
// one call: the window never waits for a poll's whole append, only, rarely,
// for the one the history thread is in.
#pragma once

#include "history_store.h"

#include <mutex>
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
