// Which page of a connection's tab is showing: the overview, a group, the
// dead letters, a queue — with its keys as the bytes Redis holds. Routes are
// written as text for --page, the "reopen the last page" setting and the
// desktop notifications' "Open": "group:STREAM/GROUP", "dlq[:KEY]",
// "queue:KEY", "overview". In that text a key is percent-encoded where it
// holds '%', '/' or a byte that is not printable UTF-8, so any key survives
// the round trip and a stream name with '/' is not split in the wrong place
// ("group:a%2Fb/c" is stream "a/b", group "c"). Plain names read as they are.
#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace pelscope {

struct PageRoute
{
    enum class Page { Overview, Group, DeadLetters, Queue };
    Page page = Page::Overview;
    QByteArray key;   // the stream, the DLQ (empty: the first one), the queue
    QByteArray group; // Page::Group

    static PageRoute overview() { return {}; }
    static PageRoute groupOf(const QByteArray &stream, const QByteArray &group) { return {Page::Group, stream, group}; }
    static PageRoute deadLetters(const QByteArray &dlq = {}) { return {Page::DeadLetters, dlq, {}}; }
    static PageRoute queue(const QByteArray &key) { return {Page::Queue, key, {}}; }

    QString toText() const;
    // nullopt: not a route (an unknown page, a group route without a group).
    static std::optional<PageRoute> fromText(const QString &text);

    bool operator==(const PageRoute &) const = default;
};

} // namespace pelscope
