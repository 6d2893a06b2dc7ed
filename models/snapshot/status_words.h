// How a status is worded for a person: in the window's language (위험, 경고,
// 정상 in Korean), or the codes CRIT/WARN/OK in any language for teams whose
// runbooks, chat and pager speak them (View ▸ Status as CRIT/WARN/OK codes,
// kept in the settings). Machine output (JSON, metrics, the CLI) always says
// healthName()'s "crit", "warn", "ok".
#pragma once

#include "snapshot.h"

namespace pelscope {

void setStatusCodesKept(bool kept);
bool statusCodesKept();

// A badge: the pills, alert titles, markers ("CRIT" / "위험").
QString statusWord(Health h);
// Running text: "✖ 2 crit" ("crit" / "위험").
QString statusName(Health h);

} // namespace pelscope
