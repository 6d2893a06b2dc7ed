// Where a report's files go and what they are called. Both the console's
// report and the window's export write through these:
// - ReportFolder: everything is written into a private folder beside the
//   target (0700, files 0600: payloads and audit lines are for the operator
//   only) and renamed into place when complete. A failed report leaves
//   nothing behind, so the retry is not refused; nothing the report did not
//   create is overwritten or deleted.
// - GroupFileNames: one file per consumer group, named readably, never the
//   same for two groups, with an index that maps names back.
#pragma once

#include "history/group_key.h"
#include "snapshot/snapshot.h"

#include <QHash>
#include <QString>

#include <memory>

class QTemporaryDir;

namespace pelscope {

class ReportFolder
{
public:
    // Refuses (error()) a target that exists and is not an empty folder, and
    // one whose parent folder cannot take a new folder; creates nothing then.
    explicit ReportFolder(QString target);
    ~ReportFolder(); // removes the staging folder unless committed
    ReportFolder(const ReportFolder &) = delete;
    ReportFolder &operator=(const ReportFolder &) = delete;

    const QString &error() const { return m_error; }
    const QString &target() const { return m_target; }
    // Where to write until commit(): a hidden folder beside the target.
    QString path() const;
    // Makes every file 0600 and folder 0700, then renames the staging folder
    // to the target (an empty folder the operator made is replaced; anything
    // else is refused). Empty on success, else why (the staging folder goes).
    QString commit();

private:
    QString m_target;
    QString m_error;
    std::unique_ptr<QTemporaryDir> m_staging;
};

// A file this report creates and must not overwrite: refused when `path`
// exists. Written to a temporary file beside it and moved into place without
// replacing anything (the window's FOLDER.zip).
QString writeNewFile(const QString &path, const std::function<QString(const QString &tmpPath)> &write);

class GroupFileNames
{
public:
    // Every group of the poll, in the poll's order (the same order gives the
    // same names to the history's series, the window's memory and its charts).
    explicit GroupFileNames(const Snapshot &snapshot);
    // "orders__ship", "orders__ship~2" (a repeat, or a name cut at its limit,
    // or one that differs only in case); empty for a group not in the poll.
    QString stem(const GroupKey &key) const { return m_stems.value(key); }
    // index.csv: file,stream,group, names as displayBytes() shows them
    // (one-to-one with the bytes; docs/NAMES.md).
    QByteArray indexCsv(const QString &extension) const;

private:
    QHash<GroupKey, QString> m_stems;
    QList<GroupKey> m_order;
};

} // namespace pelscope
