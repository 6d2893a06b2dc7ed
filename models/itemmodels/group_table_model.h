// One row per stream/group, updated in place from each snapshot: rows are
// matched by (stream, group) (KeyedTableModel, like the other tables) so
// selection, sort and scroll survive updates.
#pragma once

#include "keyed_table_model.h"
#include "snapshot/snapshot.h"

#include <QHash>
#include <optional>

namespace pelscope {

class GroupTableModel : public KeyedTableModel
{
    Q_OBJECT
public:
    // Connection is for the window's all-connections overview (one model per
    // connection, concatenated); Node is the cluster master holding the stream.
    enum Column {
        Status,
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
        DeadLetters,
        LagTrend,
        Reasons,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // numeric value to sort by
        HealthRole,                  // int(Health)
        StreamKeyRole,               // QByteArray
        GroupNameRole,               // QByteArray
        ReasonsRole,                 // QStringList
        SparklineRole,               // QList<double>: lag over the last 15 minutes, NaN = unknown
        DeadLetterKeyRole,           // QByteArray: the stream's DLQ, empty when none
        StaleRole,                   // bool: the values are not current (connection or node not answering)
        DeadConsumersRole,           // int: consumers holding entries, idle 5 minutes or more
    };

    explicit GroupTableModel(QObject *parent = nullptr);

    // Rates and the lag sparkline come from the history (optional).
    void setHistory(const class HistoryStore *history) { m_history = history; }
    void applySnapshot(const Snapshot &snapshot);
    void clear(); // connection changed: the only reset
    // What the Connection column says (the profile name or address).
    void setConnectionLabel(const QString &label);
    const QString &connectionLabel() const { return m_connectionLabel; }
    // The whole connection stopped answering: every row greys.
    void setStale(bool stale);
    const Snapshot &snapshot() const { return m_snapshot; }
    // The history changed under the rows (the recorded past replayed): the
    // rate and sparkline columns read it again.
    void refreshHistoryColumns();

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    // What a row's cells are made from, by row key.
    struct Row
    {
        QByteArray stream;
        GroupSnapshot group;
        bool streamStale = false; // cluster: its node did not answer this tick
    };
    static QByteArray keyOf(const QByteArray &stream, const QByteArray &group) { return stream + '\0' + group; }
    const Row &rowAt(int row) const;
    QList<QVariant> displayValues(const StreamSnapshot &s, const GroupSnapshot &g) const;
    std::optional<double> latest(const QByteArray &stream, const QByteArray &group, int metric) const;
    QVariant sortValue(const Row &row, int index, int column) const;
    // The dead-letter stream whose source is `stream`, if the poller found one.
    const DeadLetterSnapshot *deadLettersOf(const QByteArray &stream) const;

    QHash<QByteArray, Row> m_rowData;
    QString m_connectionLabel;
    bool m_stale = false;
    const class HistoryStore *m_history = nullptr;
    Snapshot m_snapshot;
};

} // namespace pelscope
