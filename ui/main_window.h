// The first window: a live overview of every stream/group, worst first, with
// the connection's state always visible.
#pragma once

#include "probe/connection_status.h"
#include "snapshot/snapshot.h"

#include <QMainWindow>

class QLabel;
class QLineEdit;
class QTableView;

namespace pelscope {

class GroupTableModel;
class OverviewProxyModel;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);

    GroupTableModel *groupModel() const { return m_model; }
    QTableView *overviewTable() const { return m_table; }

public Q_SLOTS:
    void applySnapshot(const pelscope::Snapshot &snapshot);
    void applyStatus(const pelscope::ConnectionStatus &status);
    void showStartupError(const QString &message);

Q_SIGNALS:
    void refreshRequested();

private:
    void updateSummary(const Snapshot &snapshot);

    GroupTableModel *m_model;
    OverviewProxyModel *m_proxy;
    QTableView *m_table;
    QLineEdit *m_filter;
    QLabel *m_banner;
    QLabel *m_summary;
    QLabel *m_connectionLabel;
    QLabel *m_pollLabel;
    quint64 m_generation = 0;
};

} // namespace pelscope
