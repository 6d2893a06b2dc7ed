// Every connection's groups in one table, worst first, with the connection
// as a column: the first tab once the window watches more than one Redis.
// It knows a connection only by what it shows of it (ConnectionRows); the
// window, which composes the tabs, provides those and opens what a row asks.
#pragma once

#include "snapshot/snapshot.h"

#include <QList>
#include <QPointer>
#include <QTimer>
#include <QWidget>

#include <functional>

class QAbstractItemModel;
class QConcatenateTablesProxyModel;

namespace pelscope {

class OverviewPage;

// What the page shows of one connection.
struct ConnectionRows
{
    QObject *owner = nullptr;             // the connection: named back by groupRequested, and by removeConnection
    QAbstractItemModel *groups = nullptr; // its groups, a row each, with the Connection column
    std::function<Snapshot()> lastSnapshot;
    std::function<bool()> stale; // not answering now
    std::function<QString()> label;
};

class AllConnectionsPage : public QWidget
{
    Q_OBJECT
public:
    explicit AllConnectionsPage(QWidget *parent = nullptr);

    void addConnection(const ConnectionRows &rows);
    void removeConnection(QObject *owner);
    // A connection polled, went stale or was renamed: the summary is counted
    // again, at most five times a second.
    void connectionChanged();
    OverviewPage *overview() const { return m_overview; }
    // Recounts the summary line (a connection polled, went stale, renamed).
    void updateSummary();

Q_SIGNALS:
    // A row was opened: show that connection's group page.
    void groupRequested(QObject *owner, const QByteArray &stream, const QByteArray &group);

private:
    QObject *ownerOf(const QModelIndex &index) const;

    QConcatenateTablesProxyModel *m_rows;
    OverviewPage *m_overview;
    struct Shown
    {
        QPointer<QObject> owner;
        ConnectionRows rows;
    };
    QList<Shown> m_shown;
    QTimer m_summaryDue;
};

} // namespace pelscope
