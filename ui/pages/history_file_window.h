// A recorded history opened from a file (Connection ▸ Open history…,
// `pelscope --open-history FILE`): a postmortem on another desktop. It reads
// a private copy, never the file itself and never Redis. Every group at its
// last record, worst first; the chosen group's charts over the recorded time
// with the stored status changes, failovers and writes marked; the events.
#pragma once

#include "history/history_database.h"

#include <QMainWindow>
#include <QTemporaryDir>

#include <memory>

class QComboBox;
class QLabel;
class QTableWidget;
class QTreeWidget;

namespace pelscope {

class TimeChartWidget;

class HistoryFileWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit HistoryFileWindow(QWidget *parent = nullptr);
    ~HistoryFileWindow() override;

    // False with the reason (no such file, not a history, newer schema, damaged).
    bool open(const QString &path, QString *error);

    QTableWidget *groupTable() const { return m_groups; }
    QTreeWidget *eventList() const { return m_events; }
    QList<TimeChartWidget *> charts() const { return m_charts; }
    const GroupKey &shownGroup() const { return m_shown; }
    void showGroup(const GroupKey &key);

private:
    void fillGroups();
    void updateCharts();
    std::pair<qint64, qint64> shownRange() const;

    QTemporaryDir m_copyDir;
    std::unique_ptr<HistoryDatabase> m_db;
    QList<GroupKey> m_keys; // by table row's data
    GroupKey m_shown;
    qint64 m_sinceMs = 0;
    qint64 m_untilMs = 0;
    QList<StoredEvent> m_allEvents;

    QLabel *m_header;
    QTableWidget *m_groups;
    QComboBox *m_window;
    QComboBox *m_compare; // the previous period drawn under the charts
    QLabel *m_groupTitle;
    TimeChartWidget *m_lagChart;
    TimeChartWidget *m_idleChart;
    TimeChartWidget *m_rateChart;
    QList<TimeChartWidget *> m_charts;
    QTreeWidget *m_events;
};

} // namespace pelscope
