// The one claim form, for the consumer bar's "Claim all from…" and the
// pending bar's "Claim to…": the new owner (the group's consumers offered,
// any name typed) and the idle guard. Window-modal and asynchronous: the
// request is made only when the operator asks for the review.
#pragma once

#include "snapshot/snapshot.h"

#include <QByteArray>
#include <QString>

#include <functional>

class QWidget;

namespace pelscope {

struct ClaimForm
{
    QString title;           // "Claim pending entries"
    QByteArray stream, group;
    QByteArray from;         // a consumer not offered as the new owner (the one claimed from); empty: none
    QString proposedOwner;   // the owner filled in; empty: none
    qint64 guardMs = 0;      // the idle guard proposed
    QString guardTip;        // why the guard is there, in this bar's words
};

// Opens the form; `review(to, minIdleMs)` runs when the operator asks for the review.
void openClaimDialog(QWidget *parent, const ClaimForm &form, const Snapshot &snapshot, std::function<void(const QByteArray &to, qint64 minIdleMs)> review);

} // namespace pelscope
