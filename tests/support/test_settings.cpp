#include "test_settings.h"

#include <QCoreApplication>
#include <QSettings>
#include <QStandardPaths>

namespace pelscope::test {

bool useSettingsIn(const QString &directory, const QString &application)
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, directory);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, directory);
    QCoreApplication::setOrganizationName(QStringLiteral("pelscope-test"));
    QCoreApplication::setApplicationName(application);
    return QSettings().fileName().startsWith(directory);
}

} // namespace pelscope::test
