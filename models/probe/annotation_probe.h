// --annotations-stream KEY: a deploy pipeline marks moments ("deploy 1.4.2")
// by XADD to a stream; Pelscope reads it read-only, in order, a bounded
// number of entries a tick. The first tick reads the newest entries (a
// restart shows the deploys of the last hours again; the history keeps each
// once), later ticks only what came after the last entry seen.
#pragma once

#include "../redis/redis_reply.h"
#include "../snapshot/snapshot.h"

namespace pelscope {

class AnnotationProbe
{
public:
    static constexpr int kPerTick = 100;        // entries read a tick, at most
    static constexpr qsizetype kMaxText = 1'000; // a mark, not a document: longer texts are cut
    static constexpr qsizetype kMaxName = 1'024; // a longer stream or group name drops the mark's scope

    explicit AnnotationProbe(QByteArray key)
        : m_key(std::move(key))
    {}
    const QByteArray &key() const { return m_key; }

    // XREVRANGE key + - COUNT n on the first tick, XRANGE key (last + COUNT n after.
    RedisCommand command() const;
    // Advances the position past the entries new this tick; a refusal
    // (WRONGTYPE, NOPERM) is said in data.warning.
    void parse(const RedisReply &reply, SnapshotData &data);
    // What was read since the last snapshot published, oldest first, into
    // data.annotations (a tick whose snapshot is not published, as the
    // first of a connection asking again at once, loses none).
    void publishInto(SnapshotData &data);

    // One entry's fields: "text" (or "message"), optional "stream" and
    // "group" (the subject), "author", "at" (ms since the epoch or ISO 8601;
    // else the ID's time). Null when it has no text.
    static std::optional<PublishedAnnotation> fromEntry(const RedisReply &entry);

private:
    QByteArray m_key;
    QByteArray m_lastId; // empty: nothing read yet
    QList<PublishedAnnotation> m_unpublished;
};

} // namespace pelscope
