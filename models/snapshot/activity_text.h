// The claim and XACK activity (CommandActivity) in one plain sentence, for the
// window's status line and the CLI's table.
#pragma once

#include "snapshot.h"

namespace pelscope {

QString describeActivity(const CommandActivity &a);

} // namespace pelscope
