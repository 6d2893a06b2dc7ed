#include "dlq_browse.h"

#include "actions/dlq_export.h"

#include <QSaveFile>

#include <algorithm>
#include <utility>

namespace pelscope {

std::optional<quint64> DlqBrowse::beginPage(bool newest)
{
    if (m_loading && !newest)
        return std::nullopt;
    m_loading = true;
    return ++m_request;
}

bool DlqBrowse::acceptPage(const EntryPage &page)
{
    if (page.request != m_request)
        return false; // superseded
    m_loading = false;
    if (!page.error.isEmpty())
        return true;
    qint64 bytes = 0;
    for (qint64 b : page.entryBytes)
        bytes += b;
    if (bytes > kPageBytesTarget && m_pageSize > kSmallestPageSize)
        m_pageSize = std::max(kSmallestPageSize, int(m_pageSize * kPageBytesTarget / bytes));
    return true;
}

quint64 DlqBrowse::beginExport(const QString &path)
{
    m_exportPath = path;
    return ++m_exportRequest;
}

std::optional<DlqBrowse::ExportOutcome> DlqBrowse::finishExport(const QByteArray &dlq, const EntryPage &entries)
{
    if (entries.request != m_exportRequest || m_exportPath.isEmpty())
        return std::nullopt;
    ExportOutcome outcome;
    outcome.path = std::exchange(m_exportPath, QString());
    if (!entries.error.isEmpty()) {
        outcome.error = entries.error;
        return outcome;
    }
    QList<ExportedEntry> out;
    for (const auto &[id, fields] : entries.entries)
        out.append({id, fields});
    const QByteArray data = outcome.path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive) ? exportCsv(dlq, out) : exportJsonLines(dlq, out);
    // Whole or not at all: QSaveFile replaces the file only when every byte is written.
    QSaveFile file(outcome.path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit()) {
        outcome.error = file.errorString();
        return outcome;
    }
    outcome.entries = out.size();
    return outcome;
}

} // namespace pelscope
