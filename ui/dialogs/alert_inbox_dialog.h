// The alert inbox (issue 28, item 4): every alert the window told, newest
// first, kept after the banner and the balloon are gone. New ones are bold
// until acknowledged; Enter or a double-click opens the group or queue; the
// mute choices are the overview's. One per window, not modal: it stays open
// beside the pages while the operator works.
#pragma once

#include <QDialog>

class QLabel;
class QPushButton;
class QTableView;

namespace pelscope {

class AlertActions;
class AlertInboxModel;

class AlertInboxDialog : public QDialog
{
    Q_OBJECT
public:
    AlertInboxDialog(AlertActions *alerts, QWidget *parent = nullptr);
    QTableView *table() const { return m_table; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void openCurrent();
    void acknowledgeSelected();
    void showCounts();

    AlertActions *m_alerts;
    AlertInboxModel *m_model;
    QLabel *m_counts;
    QTableView *m_table;
    QPushButton *m_open;
    QPushButton *m_acknowledge;
    QPushButton *m_mute;
};

} // namespace pelscope
