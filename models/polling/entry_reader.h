// On-demand reads for the payload pane (XRANGE id id) on a connection of their
// own, so a slow poll never blocks browsing and vice versa. Lives on a worker
// thread; requests and results cross it through queued calls and signals.
#pragma once

#include "../snapshot/dlq_layout.h"
#include "../redis/redis_connection.h"

#include <QMetaType>
#include <optional>
#include <QHash>
#include <QObject>

namespace pelscope {

struct EntryReadResult
{
    QByteArray stream;
    QByteArray id;
    bool found = false; // false: in the PEL, gone from the stream (trimmed: data lost)
    StreamFields fields;
    QString error;
};

// One page of a stream, newest first (XREVRANGE): what the DLQ browser shows.
// Values are cut at `valueCap` bytes so a page of huge entries stays small in
// memory; the payload pane reads an entry whole with read().
struct EntryPage
{
    QByteArray stream;
    quint64 request = 0;                            // echoes the caller's number, to drop stale pages
    bool first = false;                             // the page starts at the newest entry
    QList<QPair<QByteArray, StreamFields>> entries; // id, fields (values capped)
    QList<qint64> entryBytes;                       // each entry's full size (field and value bytes)
    bool more = false;                              // older entries remain
    std::optional<qint64> length;                   // XLEN at the time of the page
    QString error;
};

// One page of a delayed queue (its earliest due first) or of a reliable
// list's list (its oldest end first: the right, where LMOVE ... LEFT leaves the
// newest on the left), for the queue page. Values cut at 64 KiB.
struct QueueItem
{
    QByteArray value;
    qint64 size = 0;             // the value's full size
    std::optional<double> score; // a sorted set's
};

struct QueueItemPage
{
    QByteArray key;
    quint64 request = 0;
    bool delayed = false;
    bool newestFirst = false;      // a sorted set read from its highest score down
    qint64 offset = 0;             // of the first item, from the earliest / oldest (newest, when newestFirst)
    std::optional<qint64> length;  // ZCARD / LLEN now
    qint64 serverNowMs = 0;        // the server's TIME with the page
    QByteArray type;               // TYPE: "zset", "list", "none" or another (then no items)
    QList<QueueItem> items;
    QString error;
};

// A job framework's job, kept as a hash (BullMQ's <prefix>:<queue>:<id>,
// RQ's rq:job:<id>) or a string (arq's arq:job:<id>, one field with an empty
// name): its fields as stored, values cut at 64 KiB.
struct JobHashPage
{
    QByteArray key;
    quint64 request = 0;
    QList<QPair<QByteArray, QByteArray>> fields;
    QList<qint64> valueSizes; // each value's full size
    bool more = false;        // more fields than one bounded read returned
    QString error;            // empty and no fields: the hash is gone
};

class EntryReader : public QObject
{
    Q_OBJECT
public:
    explicit EntryReader(ConnectionOptions options, QObject *parent = nullptr);

    void read(const QByteArray &stream, const QByteArray &id);
    // Up to `count` entries older than `beforeId` (exclusive; empty: from the
    // newest), plus XLEN, in one round trip.
    void readPage(const QByteArray &stream, const QByteArray &beforeId, int count, quint64 request);

    // These entries whole (values not cut), in one round trip: for export.
    void readEntries(const QByteArray &stream, const QList<QByteArray> &ids, quint64 request);

    // A queue's items from `offset` (0: the earliest due, or the list's oldest).
    // `newestFirst`: a sorted set from its highest score down (a dead set's newest death first).
    void readQueuePage(const QByteArray &key, bool delayed, qint64 offset, int count, quint64 request, bool newestFirst = false);
    // A job's hash, with one bounded HSCAN (COUNT kJobHashFields): read only, on demand.
    void readJobHash(const QByteArray &key, quint64 request);
    static constexpr int kJobHashFields = 256;

    static constexpr qsizetype kPageValueCap = 4096;
    static constexpr qsizetype kQueueValueCap = 64 * 1024;

Q_SIGNALS:
    void entryRead(const pelscope::EntryReadResult &result);
    void pageRead(const pelscope::EntryPage &page);
    void entriesRead(const pelscope::EntryPage &entries); // `more` unused; missing IDs are left out
    void queuePageRead(const pelscope::QueueItemPage &page);
    void jobHashRead(const pelscope::JobHashPage &page);

private:
    // Sends `batch` (every command on `key`) to the node holding `key`. On a
    // Redis Cluster a -MOVED is followed (and remembered) and an -ASK answered
    // with ASKING, once each: the DLQ browser reads keys on every master.
    void run(const QByteArray &key, const RedisBatch &batch, RedisConnection::Callback done, int hops = 0);
    RedisConnection *connectionTo(const QString &address); // empty: the server the options name
    RedisConnection *connectionFor(const QString &host, quint16 port);

    ConnectionOptions m_options;
    QHash<QString, RedisConnection *> m_connections; // by "host:port"; "" for the options' own server
    QHash<QByteArray, QString> m_keyNode;            // where a -MOVED said a key lives
};

} // namespace pelscope

Q_DECLARE_METATYPE(pelscope::EntryReadResult)
Q_DECLARE_METATYPE(pelscope::EntryPage)
Q_DECLARE_METATYPE(pelscope::QueueItemPage)
Q_DECLARE_METATYPE(pelscope::JobHashPage)
