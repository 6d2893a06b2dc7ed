// One row per stream/group, updated in place from each snapshot: rows are
// matched by (stream, group) so selection, sort and scroll survive updates.
// Unlike the small tables (KeyedTableModel), this one may hold 10,000 rows:
// a row is two indices into the shared snapshot, cells are formatted when a
// view asks (only visible ones are), and a poll is one dataChanged for the
// whole table, whose roles name HealthRole only when a status changed.
#pragma once

#include <QSet>

#include "history/group_key.h"
#include "history/history_store.h"
#include "snapshot/snapshot.h"

#include <QAbstractTableModel>

#include <functional>
#include <QHash>
#include <optional>

namespace pelscope {


class GroupTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    // Connection is for the window's all-connections overview (one model per
    // connection, concatenated); Node is the cluster master holding the stream.
    enum Column {
        Status,
        Since, // how long its incident has lasted (IncidentMark, or the recorded history when earlier)
        Connection,
        Node,
        Stream,
        Group,
        Lag,
        Behind,
        Pending,
        OldestIdle,
        Consumers,
        MaxDeliveries,
        InRate,
        OutRate,
        Drain, // will the lag clear by itself, and when (DrainForecast)
        DeadLetters,
        Trend,
        ReadAge, // shown when streams are read in turn (more groups than a poll reads)
        Reasons,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // numeric value to sort by
        HealthRole,                  // int(Health)
        StreamKeyRole,               // QByteArray
        GroupNameRole,               // QByteArray
        ReasonsRole,                 // QStringList
        SparklineRole,               // QList<double>: the trend's series over the last 15 minutes, NaN = unknown
        TrendThresholdsRole,         // QPointF: the trend's warn (x) and crit (y) thresholds, in the series' units
        TrendFloorRole,              // double: the least height the sparkline is drawn to (from 0)
        TrendChangeRole,             // QString: "lag up 12% in 5m", how the trend's measure moved lately; empty when not known
        DeadLetterKeyRole,           // QByteArray: the stream's DLQ, empty when none
        StaleRole,                   // bool: the values are not current (connection or node not answering)
        DeadConsumersRole,           // int: consumers holding entries idle past consumer_idle_warn (HealthVerdict::stalled)
        MutedRole,                   // bool: its desktop notifications are muted
    };

    explicit GroupTableModel(QObject *parent = nullptr);

    // Rates and the lag sparkline come from the history (optional).
    void setHistory(const class SharedHistoryStore *history) { m_history = history; }
    void applySnapshot(const Snapshot &snapshot);
    void clear(); // connection changed: the only reset
    // What the Connection column says (the profile name or address).
    void setConnectionLabel(const QString &label);
    const QString &connectionLabel() const { return m_connectionLabel; }
    // The whole connection stopped answering: every row greys.
    void setStale(bool stale);
    // Groups whose notifications are muted: marked in the Group column.
    void setMuted(const QSet<GroupKey> &muted);
    const Snapshot &snapshot() const { return m_snapshot; }
    // The history changed under the rows (the recorded past replayed): the
    // rate and sparkline columns read it again.
    void refreshHistoryColumns();

    int rowCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : int(m_rows.size()); }
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    // Where a row's group is in m_snapshot; the key shares the snapshot's bytes.
    struct Row
    {
        GroupKey key;
        int stream = 0;
        int group = 0;
    };
    const StreamSnapshot &streamAt(int row) const { return m_snapshot->streams.at(m_rows.at(row).stream); }
    const GroupSnapshot &groupAt(int row) const { return streamAt(row).groups.at(m_rows.at(row).group); }
    QString displayText(int row, int column) const;
    QString toolTip(int row, int column) const;
    std::optional<StatusSince> sinceOf(int row) const;
    // The series of the measure that explains the row's status (HealthTrend):
    // its values over the last 15 minutes, in its own units (entries, seconds).
    struct TrendSeries
    {
        QList<double> values;
        Metric metric = Metric::Lag; // the history's series drawn
        double warnAt = 0, critAt = 0, floor = 0;
        QString name;                          // "lag", "oldest pending idle", "behind"
        std::function<QString(double)> format; // a value in the series' units, as the table says it
    };
    TrendSeries trendSeries(int row) const;
    QString sparklineWords(int row) const;
    QString trendChangeWords(int row) const;
    // What the history said of a row when last read: shown instead while the
    // history's thread is appending a poll, so painting never waits for it.
    struct LastRead
    {
        int trendMetric = -1;
        QVector<double> trend;
        int changeMetric = -1; // trendChangeWords' measure and words, as last read
        QString changeWords;
        std::optional<Health> sinceFor;
        std::optional<StatusSince> since;
    };
    mutable QHash<GroupKey, LastRead> m_lastRead;
    LastRead &lastRead(const GroupKey &key) const;
    QVariant sortValue(int row, int column) const;
    // The dead-letter stream whose source is `stream`, if the poller found one.
    const DeadLetterSnapshot *deadLettersOf(const QByteArray &stream) const;
    void removeVanishedRows(const QHash<GroupKey, std::pair<int, int>> &incoming);
    bool sameLayout(const SnapshotData &d) const;
    void adoptSnapshot(const Snapshot &snapshot);
    void signalValues(int rows, bool stateChanged);

    QList<Row> m_rows;
    QHash<QByteArray, int> m_deadLetterOf; // source stream -> index in deadLetters
    QString m_connectionLabel;
    bool m_stale = false;
    QSet<GroupKey> m_muted;
    const class SharedHistoryStore *m_history = nullptr;
    Snapshot m_snapshot;
};

} // namespace pelscope
