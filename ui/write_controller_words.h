// The words WriteController's two halves share (write_controller.cpp: dead
// letters; write_controller_entries.cpp: pending entries and consumers).
#pragma once

#include "actions/pending_action_job.h"
#include "actions/write_record.h"

#include <QObject>

namespace pelscope::write_words {

inline QString actionTitle(PendingActionRequest::Action a)
{
    switch (a) {
    case PendingActionRequest::Action::Claim: return QObject::tr("Claim");
    case PendingActionRequest::Action::Ack: return QObject::tr("Acknowledge");
    case PendingActionRequest::Action::ToDlq: return QObject::tr("Move to DLQ");
    }
    return {};
}

inline QString actionKey(PendingActionRequest::Action a)
{
    switch (a) {
    case PendingActionRequest::Action::Claim: return QStringLiteral("claim");
    case PendingActionRequest::Action::Ack: return QStringLiteral("ack");
    case PendingActionRequest::Action::ToDlq: return QStringLiteral("to_dlq");
    }
    return {};
}

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
