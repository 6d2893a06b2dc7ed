// Every alert the window told, kept (issue 28, item 4): the banner and the
// tray balloon go away, this list does not. One row per subject and change
// (a burst's summary is spread into its members), newest first, each with
// its connection, what changed, why, and whether someone acknowledged it.
// Annotations ("deploy 1.4.2": an operator's mark, a deploy pipeline's) are
// rows of the same timeline, in time order among the alerts, never "new".
// Bounded: the oldest rows go past kCapacity.
#pragma once

#include "alerts/alert_policy.h"

#include <QAbstractTableModel>

namespace pelscope {

class AlertInboxModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Time, Connection, Subject, Change, Why, State, ColumnCount };
    enum Role {
        HealthRole = Qt::UserRole + 1, // int(Health): the status it changed to
        AcknowledgedRole,              // bool
        ConnectionRole,                // QString: the connection's label
        MarkRole,                      // bool: an annotation, not an alert
    };
    static constexpr qsizetype kCapacity = 1000;

    struct Entry
    {
        Alert alert; // never a Summary; a mark's time and group (its subject, when it names one)
        QString connection;
        bool acknowledged = false;
        // An annotation: its text and who marked it ("window", "deploys (ci)"); empty for an alert.
        QString markText, markSource;
        bool isMark() const { return !markText.isEmpty(); }
        bool hasSubject() const { return !isMark() || !alert.subject.key.isEmpty(); }
    };

    explicit AlertInboxModel(QObject *parent = nullptr);

    // A told alert; a summary adds one row per member.
    void add(const QString &connection, const Alert &alert);
    // A mark at atMs, about stream/group when both are given; placed among
    // the rows by its time (a pipeline's mark may name a moment just past).
    void addMark(const QString &connection, qint64 atMs, const QString &text, const QString &source, const QByteArray &stream = {},
                 const QByteArray &group = {});
    void acknowledge(const QModelIndexList &rows);
    void acknowledgeAll();
    const Entry &entryAt(int row) const { return m_entries.at(m_entries.size() - 1 - row); }
    // Rows nobody acknowledged yet.
    int unacknowledged() const { return m_unacknowledged; }

    int rowCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : int(m_entries.size()); }
    int columnCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : ColumnCount; }
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void unacknowledgedChanged(int count);

private:
    void setAcknowledged(int row);
    void dropOldest();
    QList<Entry> m_entries; // oldest first; row 0 is the newest
    int m_unacknowledged = 0;
};

// "raised: CRIT", "worse: WARN → CRIT", "still CRIT (reminder)", "recovered (was CRIT)".
QString alertChangeText(const Alert &alert);

} // namespace pelscope
