// spdlog set-up for both programs. Secrets never reach a log: connections log
// only redacted URLs.
#pragma once

#include <QString>

namespace pelscope {

// CLI: stderr only, silent unless -v (info) or -vv (debug).
void setupConsoleLogging(int verbosity);
// GUI: a rotating file in the data directory plus stderr for warnings.
// Returns the log file path.
QString setupGuiLogging();

} // namespace pelscope
