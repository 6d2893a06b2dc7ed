// Where Pelscope keeps its files, the same for the window and pelscope-cli:
// the audit log, the history databases and the log live in one data
// directory (~/.local/share/pelscope/pelscope on Linux,
// %LOCALAPPDATA%\pelscope\pelscope on Windows), whatever the program's name.
#pragma once

#include <QString>

namespace pelscope {

QString appDataDir();

} // namespace pelscope
