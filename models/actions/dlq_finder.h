// Finds dead-letter streams among the stream keys, by naming convention and by
// explicit mapping, and reads what a DLQ list shows: length, categories over the
// newest N entries (never the whole stream), newest entry time.
#pragma once

#include "../redis/redis_connection.h"
#include "../snapshot/dlq_layout.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <optional>

namespace pelscope {

struct DlqInfo
{
    QByteArray key;
    QByteArray source;                           // mapped, else named by the convention
    bool sourceMapped = false;                   // from an explicit mapping
    bool exists = true;                          // a mapped DLQ may not have been created yet
    qint64 length = 0;                           // XLEN
    qint64 sampled = 0;                          // entries the categories rest on (the newest ones)
    QList<QPair<QByteArray, qint64>> categories; // most frequent first; "" = no category field
    QHash<QByteArray, QByteArray> categoryFields; // category -> the field it was read from ("category", "error", …)
    QByteArray newestId;                         // empty: no entries
    std::optional<qint64> newestMs;              // the ms part of the newest ID
};

struct DlqFinderConfig
{
    QList<QByteArray> conventions = defaultDlqConventions();
    QList<QPair<QByteArray, QByteArray>> mappings; // DLQ key -> source stream
    QByteArray match = "*";                        // SCAN pattern
    int scanCount = 1000;
    int sampleSize = 100;
    QByteArray categoryField = "category";
};

// Entries per category among XRANGE/XREVRANGE entry replies; `fields`,
// when given, gets the field each was read from.
QList<QPair<QByteArray, qint64>> countCategories(const QList<RedisReply> &entries, const QByteArray &field = "category",
                                                 QHash<QByteArray, QByteArray> *fields = nullptr);

class DlqFinder : public QObject
{
    Q_OBJECT
public:
    DlqFinder(ConnectionOptions options, DlqFinderConfig config, QObject *parent = nullptr);

    void start();
    // The source stream a key is the DLQ of (mapping first, then the
    // conventions) and whether a mapping said so; nullopt: not a DLQ.
    static std::optional<QPair<QByteArray, bool>> sourceOf(const QByteArray &key, const DlqFinderConfig &config);

Q_SIGNALS:
    void finished(const QList<pelscope::DlqInfo> &dlqs, const pelscope::RedisError &error);

private:
    void scan();
    void checkMapped();
    void describe();
    void finish(const RedisError &error = {});

    ConnectionOptions m_options;
    DlqFinderConfig m_config;
    RedisConnection *m_connection = nullptr;
    QByteArray m_cursor = "0";
    QSet<QByteArray> m_streams;
    QList<DlqInfo> m_found;
    qsizetype m_described = 0;
    bool m_done = false;
};

} // namespace pelscope

Q_DECLARE_METATYPE(pelscope::DlqInfo)
