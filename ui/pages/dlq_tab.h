// One dead-letter stream: what it holds (length, growth, categories over
// time), its entries newest first, paged with XREVRANGE as the operator
// scrolls back, searchable, each entry's payload beside the table, and the
// write actions (requeue, edit and requeue, delete) behind the write switch.
#pragma once

#include "session/dlq_browse.h"
#include "snapshot/dlq_layout.h"
#include "polling/entry_reader.h"
#include "snapshot/snapshot.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace pelscope {

class DlqCategoryChart;
class DlqEntryModel;
class DlqFilterProxy;
class PayloadView;
class WriteController;

class DlqTab : public QWidget
{
    Q_OBJECT
public:
    DlqTab(const DeadLetterSnapshot &info, WriteController *writes, QWidget *parent = nullptr);

    QByteArray key() const { return m_info.key; }
    const DeadLetterSnapshot &info() const { return m_info; }
    // From every snapshot: the header, and a re-read of the newest page when
    // the DLQ's length or newest entry changed.
    // serverNowMs: the poll's server time (entry IDs are on the server's clock).
    void applyInfo(const DeadLetterSnapshot &info, qint64 serverNowMs);
    void applyPage(const EntryPage &page);
    void applyEntries(const EntryPage &entries);
    void showEntry(const EntryReadResult &result);
    void setStale(bool stale);
    void reload();

    DlqEntryModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QPushButton *requeueButton() const { return m_requeue; }
    QPushButton *requeueMatchingButton() const { return m_requeueMatching; }
    QPushButton *editButton() const { return m_edit; }
    QPushButton *deleteButton() const { return m_delete; }
    QPushButton *exportButton() const { return m_export; }
    void setFilter(int scope, const QString &text);
    // For tests and scripts: export the selected entries to `path` (.csv or JSON lines).
    void exportSelected(const QString &path);

Q_SIGNALS:
    void pageRequested(const QByteArray &stream, const QByteArray &beforeId, int count, quint64 request);
    void entryRequested(const QByteArray &stream, const QByteArray &id);
    void entriesRequested(const QByteArray &stream, const QList<QByteArray> &ids, quint64 request);

private:
    void requestPage(bool newest);
    void updateHeader();
    void updateChart();
    void updateButtons();
    void updateCount();
    void applyFilter();
    // Oldest first. `visibleOnly`: the rows in the table's view, which is what a write touches.
    QList<QByteArray> selectedIds(bool visibleOnly = false) const;
    QList<QByteArray> visibleIds() const;
    QString scope() const;
    void requeueIds(const QList<QByteArray> &ids);
    void requeueMatching();
    void deleteSelected();
    void editSelected();
    void chooseExport();
    void afterWrite(const QList<QByteArray> &ids);

    DeadLetterSnapshot m_info;
    // The server's clock as of the last poll, and the desktop's then: the
    // server's now, to age entry IDs by (the desktop's clock may be hours off).
    qint64 m_serverAtMs = 0, m_desktopAtMs = 0;
    qint64 serverNowMs() const;
    WriteController *m_writes;
    DlqLayout m_layout;
    DlqEntryModel *m_model;
    DlqFilterProxy *m_proxy;
    QLabel *m_header;
    QLabel *m_count;
    DlqCategoryChart *m_chart;
    QComboBox *m_scope;
    QLineEdit *m_search;
    QComboBox *m_since;
    QTableView *m_view;
    PayloadView *m_payload;
    QPushButton *m_loadMore;
    QPushButton *m_requeue;
    QPushButton *m_requeueMatching;
    QPushButton *m_edit;
    QPushButton *m_delete;
    QPushButton *m_export;
    DlqBrowse m_browse; // the page in flight, its size, the export
    EntryReadResult m_shown; // the payload pane's entry, whole
};

} // namespace pelscope
