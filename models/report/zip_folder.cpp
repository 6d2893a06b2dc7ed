#include "zip_folder.h"

#include <JlCompress.h>

#include <QFile>

namespace pelscope {

QString zipFolder(const QString &folder, const QString &zipPath)
{
    if (JlCompress::compressDir(zipPath, folder, true))
        return {};
    QFile::remove(zipPath);
    return QStringLiteral("cannot write %1").arg(zipPath);
}

} // namespace pelscope
