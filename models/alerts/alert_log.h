// `--alert-log FILE`: each alert appended to FILE as one JSON line
// (alertToJson), the common case that `--on-alert 'cat >> file'` gets wrong
// (no shell runs a hook). The file is the operator's only: created 0600,
// never through a symbolic link; a line that cannot be written is said on
// stderr and polling goes on.
#pragma once

#include "alert_policy.h"

#include <QString>

namespace pelscope {

class AlertLog
{
public:
    AlertLog(QString path, QString connection);
    // Opens (creating) the file to check it can be written; empty, or why not.
    QString check() const;
    // Appends one line per alert (one write); empty, or why it could not.
    QString write(const QList<Alert> &alerts) const;
    const QString &path() const { return m_path; }

private:
    QString append(const QByteArray &lines) const;

    QString m_path;
    QString m_connection;
};

} // namespace pelscope
