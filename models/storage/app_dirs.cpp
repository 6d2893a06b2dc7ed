#include "app_dirs.h"

#include <QDir>
#include <QStandardPaths>

namespace pelscope {

QString appDataDir()
{
    // GenericDataLocation + organisation/application as the GUI's
    // AppLocalDataLocation spells it: pelscope-cli (another application name)
    // must find the same files.
    QString base = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    if (base.isEmpty())
        base = QDir::homePath() + QStringLiteral("/.local/share");
    return QDir(base).filePath(QStringLiteral("pelscope/pelscope"));
}

} // namespace pelscope
