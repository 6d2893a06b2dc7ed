// Every connection's groups in one table, worst first, with the connection
// as a column: the first tab once the window watches more than one Redis.
#pragma once

#include <QList>
#include <QPointer>
#include <QTimer>
#include <QWidget>

class QConcatenateTablesProxyModel;

namespace pelscope {

class ConnectionView;
class OverviewPage;

class AllConnectionsPage : public QWidget
{
    Q_OBJECT
public:
    explicit AllConnectionsPage(QWidget *parent = nullptr);

    void addConnection(ConnectionView *view);
    void removeConnection(ConnectionView *view);
    OverviewPage *overview() const { return m_overview; }
    // Recounts the summary line (a connection polled, went stale, renamed).
    void updateSummary();

Q_SIGNALS:
    // A row was opened: show that connection's group page.
    void groupRequested(pelscope::ConnectionView *view, const QByteArray &stream, const QByteArray &group);

private:
    ConnectionView *viewOf(const QModelIndex &index) const;

    QConcatenateTablesProxyModel *m_rows;
    OverviewPage *m_overview;
    QList<QPointer<ConnectionView>> m_views;
    QTimer m_summaryDue;
};

} // namespace pelscope
