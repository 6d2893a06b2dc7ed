// The words of WriteController's dead-letter writes (write_controller.cpp),
// until they run through the write flow too.
#pragma once

#include "actions/write_record.h"

#include <QObject>

namespace pelscope::write_words {

// The operator's words for a finished write: the headline, the other
// counts, and the error when it stopped early.
inline QString outcomeText(const WriteRecord &record, const WriteOutcome &outcome)
{
    QString text = record.headline;
    if (!record.counts.isEmpty())
        text += QStringLiteral("; ") + record.counts.join(QStringLiteral("; "));
    if (!outcome.error.isEmpty())
        text += QStringLiteral("\n\n") + outcome.error;
    return text;
}

} // namespace pelscope::write_words
