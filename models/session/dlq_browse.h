// A dead-letter stream's page in the window, below its widgets: which page
// request is the current one (an answer to an older one is dropped), how
// many entries a page asks for (fewer when entries are huge: a page aims at
// 8 MB), and the export in flight — its entries read whole again, written
// to the file the operator chose, as JSON lines or CSV by its name.
#pragma once

#include "polling/entry_reader.h"

#include <QString>

#include <optional>

namespace pelscope {

class DlqBrowse
{
public:
    static constexpr qint64 kPageBytesTarget = 8LL * 1024 * 1024;
    static constexpr int kFirstPageSize = 200;
    static constexpr int kSmallestPageSize = 10;

    // The next page's request number; none while an older page is being
    // read (the newest page is always asked for again).
    std::optional<quint64> beginPage(bool newest);
    int pageSize() const { return m_pageSize; }
    bool loading() const { return m_loading; }
    // True when `page` answers the current request (the page size then
    // follows the entries' sizes); false when a newer one superseded it.
    bool acceptPage(const EntryPage &page);

    quint64 beginExport(const QString &path);
    bool exporting() const { return !m_exportPath.isEmpty(); }
    struct ExportOutcome
    {
        QString path;
        qsizetype entries = 0;
        QString error; // empty: written
    };
    // The export's answer written to its file; none when `entries` is not
    // the answer to the export in flight.
    std::optional<ExportOutcome> finishExport(const QByteArray &dlq, const EntryPage &entries);

private:
    quint64 m_request = 0;
    bool m_loading = false;
    int m_pageSize = kFirstPageSize;
    quint64 m_exportRequest = 0;
    QString m_exportPath;
};

} // namespace pelscope
