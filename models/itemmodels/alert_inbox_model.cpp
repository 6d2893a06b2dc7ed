#include "alert_inbox_model.h"

#include "snapshot/status_words.h"

#include "snapshot/format.h"
#include "text/display_text.h"
#include "text/fill_text.h"

#include <QCoreApplication>
#include <QDateTime>

namespace pelscope {

namespace {

QString word(Health h)
{
    return statusWord(h);
}

} // namespace

QString alertChangeText(const Alert &a)
{
    switch (a.kind) {
    case Alert::Kind::Raised: return fillText(QCoreApplication::translate("pelscope::AlertInboxModel", "raised: %1"), word(a.to));
    case Alert::Kind::Worse: return fillText(QCoreApplication::translate("pelscope::AlertInboxModel", "worse: %1 → %2"), word(a.from), word(a.to));
    case Alert::Kind::Reminder: return fillText(QCoreApplication::translate("pelscope::AlertInboxModel", "still %1 (reminder)"), word(a.to));
    case Alert::Kind::Recovered: return fillText(QCoreApplication::translate("pelscope::AlertInboxModel", "recovered (was %1)"), word(a.from));
    case Alert::Kind::Summary: break;
    }
    return {};
}

AlertInboxModel::AlertInboxModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void AlertInboxModel::add(const QString &connection, const Alert &alert)
{
    const QList<Alert> members = alert.kind == Alert::Kind::Summary ? alert.members : QList<Alert>{alert};
    if (members.isEmpty())
        return;
    // Newest first: new rows go in at the top.
    beginInsertRows({}, 0, int(members.size()) - 1);
    for (const Alert &a : members)
        m_entries.append({a, connection, false, {}, {}});
    m_unacknowledged += int(members.size());
    endInsertRows();
    dropOldest();
    Q_EMIT unacknowledgedChanged(m_unacknowledged);
}

void AlertInboxModel::addMark(const QString &connection, qint64 atMs, const QString &text, const QString &source, const QByteArray &stream,
                              const QByteArray &group)
{
    if (text.isEmpty())
        return;
    Entry e;
    e.alert.atMs = atMs;
    if (!stream.isEmpty() && !group.isEmpty())
        e.alert.subject = AlertSubject{AlertSubject::Kind::Group, stream, group};
    e.connection = connection;
    e.acknowledged = true; // told to nobody: nothing to acknowledge
    e.markText = text;
    e.markSource = source;
    // m_entries is oldest first; row 0 is its last.
    qsizetype at = m_entries.size();
    while (at > 0 && m_entries.at(at - 1).alert.atMs > atMs)
        --at;
    const int row = int(m_entries.size() - at);
    beginInsertRows({}, row, row);
    m_entries.insert(at, e);
    endInsertRows();
    dropOldest();
}

void AlertInboxModel::dropOldest()
{
    if (m_entries.size() <= kCapacity)
        return;
    const int extra = int(m_entries.size() - kCapacity);
    beginRemoveRows({}, int(m_entries.size()) - extra, int(m_entries.size()) - 1);
    for (int i = 0; i < extra; ++i)
        m_unacknowledged -= m_entries.at(i).acknowledged ? 0 : 1;
    m_entries.remove(0, extra);
    endRemoveRows();
}

void AlertInboxModel::setAcknowledged(int row)
{
    Entry &e = m_entries[m_entries.size() - 1 - row];
    if (e.acknowledged)
        return;
    e.acknowledged = true;
    --m_unacknowledged;
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void AlertInboxModel::acknowledge(const QModelIndexList &rows)
{
    for (const QModelIndex &i : rows)
        if (i.isValid() && i.model() == this)
            setAcknowledged(i.row());
    Q_EMIT unacknowledgedChanged(m_unacknowledged);
}

void AlertInboxModel::acknowledgeAll()
{
    for (int row = 0; row < rowCount(); ++row)
        setAcknowledged(row);
    Q_EMIT unacknowledgedChanged(m_unacknowledged);
}

QVariant AlertInboxModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry &e = entryAt(index.row());
    if (e.isMark() && (role == Qt::DisplayRole || role == Qt::ToolTipRole)) {
        switch (index.column()) {
        case Time:
            return QDateTime::fromMSecsSinceEpoch(e.alert.atMs).toString(role == Qt::DisplayRole ? QStringLiteral("HH:mm:ss") : QStringLiteral("yyyy-MM-dd HH:mm:ss"));
        case Connection: return role == Qt::DisplayRole ? e.connection : QVariant();
        case Subject: return e.alert.subject.key.isEmpty() ? tr("the connection") : e.alert.subject.text();
        case Change: return role == Qt::DisplayRole ? fillText(tr("marked by %1"), displayText(e.markSource)) : QVariant();
        case Why: return displayText(e.markText);
        case State: return role == Qt::DisplayRole ? tr("annotation") : QVariant();
        default: return {};
        }
    }
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Time: return QDateTime::fromMSecsSinceEpoch(e.alert.atMs).toString(QStringLiteral("HH:mm:ss"));
        case Connection: return e.connection;
        case Subject: return e.alert.subject.text();
        case Change: return alertChangeText(e.alert);
        case Why: return joinReasons(e.alert.reasons, QStringLiteral("; "));
        case State: return e.acknowledged ? tr("acknowledged") : tr("new");
        default: return {};
        }
    case Qt::ToolTipRole:
        if (index.column() == Time) {
            const QString at = QDateTime::fromMSecsSinceEpoch(e.alert.atMs).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
            if (e.alert.sinceMs <= 0 || e.alert.sinceMs >= e.alert.atMs)
                return at;
            return fillText(tr("%1; its incident began %2"), at, QDateTime::fromMSecsSinceEpoch(e.alert.sinceMs).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
        }
        if (index.column() == Why)
            return e.alert.runbook.isEmpty() ? joinReasons(e.alert.reasons, QStringLiteral("\n"))
                                             : fillText(tr("%1\nRunbook: %2"), joinReasons(e.alert.reasons, QStringLiteral("\n")), e.alert.runbook);
        return {};
    case HealthRole: return int(e.alert.to);
    case AcknowledgedRole: return e.acknowledged;
    case ConnectionRole: return e.connection;
    case MarkRole: return e.isMark();
    default: return {};
    }
}

QVariant AlertInboxModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    static const char *const names[] = {QT_TR_NOOP("Time"), QT_TR_NOOP("Connection"), QT_TR_NOOP("What"),
                                        QT_TR_NOOP("Change"), QT_TR_NOOP("Why"), QT_TR_NOOP("State")};
    return section >= 0 && section < ColumnCount ? tr(names[section]) : QVariant();
}

} // namespace pelscope
