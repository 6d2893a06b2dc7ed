#include "activity_text.h"

#include "format.h"

#include <QCoreApplication>

namespace pelscope {

QString describeActivity(const CommandActivity &a)
{
    const double seconds = std::max<double>(1.0, double(a.windowMs) / 1000.0);
    const auto rate = [&](qint64 calls) { return QString::number(double(calls) / seconds, 'f', calls == 0 ? 0 : 1); };
    QString text = QCoreApplication::translate("Activity", "Server-wide, last %1: XCLAIM %2/s, XAUTOCLAIM %3/s")
                       .arg(formatDuration(a.windowMs), rate(a.xclaimCalls), rate(a.xautoclaimCalls));
    if (a.claimFailed > 0 || a.claimRejected > 0)
        text += QCoreApplication::translate("Activity", " (%1 failed, %2 rejected)").arg(formatCount(a.claimFailed), formatCount(a.claimRejected));
    if (a.usPerClaimCall)
        text += QCoreApplication::translate("Activity", ", %1 µs a claim call").arg(*a.usPerClaimCall, 0, 'f', 1);
    text += (a.xackCalls == 1 ? QCoreApplication::translate("Activity", "; XACK %1 call") : QCoreApplication::translate("Activity", "; XACK %1 calls")).arg(formatCount(a.xackCalls));
    if (a.entriesAcked)
        text += (*a.entriesAcked == 1 ? QCoreApplication::translate("Activity", " for %1 entry acknowledged") : QCoreApplication::translate("Activity", " for %1 entries acknowledged")).arg(formatCount(*a.entriesAcked));
    if (a.duplicateAcks)
        text += QCoreApplication::translate("Activity", " — consumers are acknowledging entries that are no longer theirs (claimed by another consumer, or already "
                                            "acknowledged): a sign of duplicate processing");
    else if (!a.note.isEmpty())
        text += QStringLiteral(" (%1)").arg(a.note);
    return text;
}

} // namespace pelscope
