// The lasting record of this connection's writes, under the pages: what ran
// where, the counts in plain words, each entry's new ID or failure, and the
// audit log one click away. The status line is replaced by the next poll;
// this stays until the operator clears it.
#pragma once

#include "actions/write_record.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace pelscope {

class WriteResultsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit WriteResultsPanel(QWidget *parent = nullptr);

    void add(const WriteRecord &record);
    QTreeWidget *tree() const { return m_tree; }
    int count() const;

private:
    QTreeWidget *m_tree;
    QLabel *m_title;
    QPushButton *m_openAudit;
    QString m_auditPath;
};

} // namespace pelscope
