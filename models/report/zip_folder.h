// A folder and everything under it as one .zip (the incident report's).
#pragma once

#include <QString>

namespace pelscope {

// Empty string on success, else why the zip is missing (a partial file is removed).
QString zipFolder(const QString &folder, const QString &zipPath);

} // namespace pelscope
