// The dead-letter streams the poller found, one tab each, with the reads
// they need routed to and from the payload reader's thread.
#pragma once

#include "polling/entry_reader.h"
#include "snapshot/snapshot.h"

#include <QWidget>

class QLabel;
class QTabWidget;

namespace pelscope {

class DlqTab;
class WriteController;

class DlqPage : public QWidget
{
    Q_OBJECT
public:
    DlqPage(WriteController *writes, QWidget *parent = nullptr);

    void applySnapshot(const Snapshot &snapshot);
    void clear();
    void setStale(bool stale);
    // Brings the DLQ's tab forward; false when there is no such DLQ.
    bool showDlq(const QByteArray &key);
    DlqTab *tab(const QByteArray &key) const;
    DlqTab *currentTab() const;
    int tabCount() const;

public Q_SLOTS:
    void routePage(const pelscope::EntryPage &page);
    void routeEntries(const pelscope::EntryPage &entries);
    void routeEntry(const pelscope::EntryReadResult &result);

Q_SIGNALS:
    void backRequested();
    void pageRequested(const QByteArray &stream, const QByteArray &beforeId, int count, quint64 request);
    void entryRequested(const QByteArray &stream, const QByteArray &id);
    void entriesRequested(const QByteArray &stream, const QList<QByteArray> &ids, quint64 request);

private:
    WriteController *m_writes;
    QTabWidget *m_tabs;
    QLabel *m_empty;
    QByteArray m_wanted; // asked for before its tab existed
};

} // namespace pelscope
