// GUI tests remember things as the window does (pages, tabs, the last rate
// limit, profiles): in a directory of the test's own, never in the user's
// settings, and never shared between test programs.
#pragma once

#include <QString>

namespace pelscope::test {

// Points QSettings (native and INI, user scope) at `directory` under the
// application name `application`; false when QSettings would still write elsewhere.
bool useSettingsIn(const QString &directory, const QString &application);

} // namespace pelscope::test
