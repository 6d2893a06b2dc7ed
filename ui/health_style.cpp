#include "health_style.h"

namespace pelscope {

HealthStyle healthStyle(Health h)
{
    switch (h) {
    case Health::Crit:
        return {QColor(0xc6, 0x28, 0x28), QColor(0xfd, 0xe4, 0xe4), QStringLiteral("\u2716"), QStringLiteral("CRIT")};
    case Health::Warn:
        return {QColor(0xb2, 0x6a, 0x00), QColor(0xff, 0xf4, 0xd6), QStringLiteral("\u25B2"), QStringLiteral("WARN")};
    case Health::Ok:
        break;
    }
    return {QColor(0x2e, 0x7d, 0x32), QColor(), QStringLiteral("\u2714"), QStringLiteral("OK")};
}

} // namespace pelscope
