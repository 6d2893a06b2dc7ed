// Edit one dead letter before it is requeued: the fields a requeue would
// write, values editable where they are text (binary values stay byte-exact),
// fields removable, and the difference from the stored entry shown live.
#pragma once

#include "snapshot/dlq_layout.h"

#include <QDialog>

class QPlainTextEdit;
class QTableWidget;

namespace pelscope {

class EditEntryDialog : public QDialog
{
    Q_OBJECT
public:
    // `fields`: what a plain requeue would write (metadata already left out).
    EditEntryDialog(const QByteArray &id, const QByteArray &target, const StreamFields &fields, QWidget *parent = nullptr);

    StreamFields editedFields() const;
    QTableWidget *table() const { return m_table; }
    QString diffText() const;

private:
    void updateDiff();

    StreamFields m_original;
    QTableWidget *m_table;
    QPlainTextEdit *m_diff;
};

} // namespace pelscope
