#include "annotation_probe.h"

#include "../text/display_text.h"
#include "../text/fill_text.h"

#include <QDateTime>

#include <algorithm>

namespace pelscope {

RedisCommand AnnotationProbe::command() const
{
    const QByteArray count = QByteArray::number(kPerTick);
    if (m_lastId.isEmpty())
        return {"XREVRANGE", m_key, "+", "-", "COUNT", count};
    return {"XRANGE", m_key, "(" + m_lastId, "+", "COUNT", count};
}

std::optional<PublishedAnnotation> AnnotationProbe::fromEntry(const RedisReply &entry)
{
    if (!entry.isArray() || entry.size() < 2 || !entry.at(0).isString() || !entry.at(1).isArray())
        return std::nullopt;
    PublishedAnnotation a;
    a.id = entry.at(0).bytes();
    a.atMs = a.id.left(a.id.indexOf('-')).toLongLong();
    const RedisReply &fields = entry.at(1);
    QByteArray text, message, at;
    for (qsizetype i = 0; i + 1 < fields.size(); i += 2) {
        const QByteArray &name = fields.at(i).bytes();
        const QByteArray &value = fields.at(i + 1).bytes();
        if (name == "text")
            text = value;
        else if (name == "message")
            message = value;
        else if (name == "stream")
            a.stream = value;
        else if (name == "group")
            a.group = value;
        else if (name == "author")
            a.author = QString::fromUtf8(value.left(200));
        else if (name == "at")
            at = value;
    }
    if (text.isEmpty())
        text = message;
    a.text = QString::fromUtf8(text).trimmed();
    if (a.text.isEmpty())
        return std::nullopt;
    if (a.text.size() > kMaxText)
        a.text = a.text.left(kMaxText - 1) + QChar(0x2026);
    if (!at.isEmpty()) {
        bool ok = false;
        const qint64 ms = at.toLongLong(&ok);
        if (ok && ms > 0)
            a.atMs = ms;
        else if (const QDateTime t = QDateTime::fromString(QString::fromUtf8(at), Qt::ISODateWithMs); t.isValid())
            a.atMs = t.toMSecsSinceEpoch();
    }
    // A subject is a stream and its group: a stream alone marks the
    // connection, and so do names longer than any real key's (the mark is
    // kept, its scope is not: a cut name would name another group).
    if (a.group.isEmpty() || a.stream.size() > kMaxName || a.group.size() > kMaxName) {
        a.stream.clear();
        a.group.clear();
    }
    return a;
}

void AnnotationProbe::parse(const RedisReply &reply, SnapshotData &data)
{
    if (reply.isError()) {
        const QString refused = fillText(QStringLiteral("annotations stream %1 not read: %2"), displayBytes(m_key), displayBytes(reply.bytes()));
        data.warning = data.warning.isEmpty() ? refused : fillText(QStringLiteral("%1; %2"), data.warning, refused);
        return;
    }
    if (!reply.isArray())
        return;
    QList<RedisReply> entries = reply.elements();
    if (m_lastId.isEmpty())
        std::reverse(entries.begin(), entries.end()); // XREVRANGE: newest first
    for (const RedisReply &entry : entries) {
        if (entry.isArray() && entry.size() >= 1 && entry.at(0).isString())
            m_lastId = entry.at(0).bytes(); // past an entry without text too: it is never read again
        if (auto a = fromEntry(entry)) {
            a->from = m_key;
            if (m_unpublished.size() < 10 * kPerTick) // bounded if nothing publishes for long
                m_unpublished.append(*a);
        }
    }
    if (m_lastId.isEmpty())
        m_lastId = "0-0"; // an empty or missing stream: from its first entry on
}

void AnnotationProbe::publishInto(SnapshotData &data)
{
    data.annotationsStream = m_key;
    data.annotations = std::move(m_unpublished);
    m_unpublished.clear();
}

} // namespace pelscope
