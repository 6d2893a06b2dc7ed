#include "status_words.h"

#include <QCoreApplication>

#include <atomic>

namespace pelscope {

namespace {
std::atomic_bool g_codesKept{false}; // read by the history's and the alerts' threads too
}

void setStatusCodesKept(bool kept)
{
    g_codesKept = kept;
}

bool statusCodesKept()
{
    return g_codesKept;
}

QString statusWord(Health h)
{
    const bool codes = g_codesKept;
    switch (h) {
    case Health::Crit: return codes ? QStringLiteral("CRIT") : QCoreApplication::translate("Status", "CRIT");
    case Health::Warn: return codes ? QStringLiteral("WARN") : QCoreApplication::translate("Status", "WARN");
    case Health::Ok: break;
    }
    return codes ? QStringLiteral("OK") : QCoreApplication::translate("Status", "OK");
}

QString statusName(Health h)
{
    const bool codes = g_codesKept;
    switch (h) {
    case Health::Crit: return codes ? QStringLiteral("crit") : QCoreApplication::translate("Status", "crit");
    case Health::Warn: return codes ? QStringLiteral("warn") : QCoreApplication::translate("Status", "warn");
    case Health::Ok: break;
    }
    return codes ? QStringLiteral("ok") : QCoreApplication::translate("Status", "ok");
}

} // namespace pelscope
