// Under the overview's groups: the connection's delayed queues and reliable
// lists, worst first, with the same status pill and reasons. Hidden while the
// connection has none. A row opens the queue's page.
#pragma once

#include "snapshot/snapshot.h"

#include <QWidget>

class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace pelscope {

class QueueTableModel;

class QueuePanel : public QWidget
{
    Q_OBJECT
public:
    explicit QueuePanel(QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    QueueTableModel *model() const { return m_model; }
    void applySnapshot(const Snapshot &snapshot);

Q_SIGNALS:
    // Double-click or Enter on a row: its page. `processingKey` empty: a
    // delayed queue, or a plain list when `list`.
    void queueActivated(const QByteArray &key, const QByteArray &processingKey, bool list);
    // The same on a job framework's row: its jobQueueId().
    void jobQueueActivated(const QByteArray &id);

private:
    QueueTableModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_table;
    QLabel *m_title;
};

} // namespace pelscope
