#include "widgets/write_results_panel.h"

#include "accessible_names.h"

#include <QDesktopServices>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QTreeWidget>
#include <QUrl>
#include <QVBoxLayout>

namespace pelscope {

WriteResultsPanel::WriteResultsPanel(QWidget *parent)
    : QWidget(parent)
    , m_tree(new QTreeWidget)
    , m_title(new QLabel(tr("Write results")))
    , m_openAudit(new QPushButton(tr("Open audit log")))
{
    setObjectName(QStringLiteral("writeResults"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *bar = new QHBoxLayout;
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    auto *clear = new QPushButton(tr("Clear"));
    clear->setToolTip(tr("Forget the results shown here (the audit log keeps every record)"));
    m_openAudit->setEnabled(false);
    bar->addWidget(m_title);
    bar->addStretch();
    bar->addWidget(m_openAudit);
    bar->addWidget(clear);
    layout->addLayout(bar);
    m_tree->setHeaderHidden(true);
    nameView(m_tree, tr("Writes done, newest first"));
    m_tree->setUniformRowHeights(true);
    m_tree->setWordWrap(false);
    m_tree->setTextElideMode(Qt::ElideRight);
    layout->addWidget(m_tree);
    connect(clear, &QPushButton::clicked, this, [this] {
        m_tree->clear();
        hide();
    });
    connect(m_openAudit, &QPushButton::clicked, this, [this] {
        if (!m_auditPath.isEmpty())
            QDesktopServices::openUrl(QUrl::fromLocalFile(m_auditPath));
    });
}

int WriteResultsPanel::count() const
{
    return m_tree->topLevelItemCount();
}

void WriteResultsPanel::add(const WriteRecord &r)
{
    // Newest first, open; the one before it folds away.
    if (QTreeWidgetItem *previous = m_tree->topLevelItem(0))
        previous->setExpanded(false);
    auto *top = new QTreeWidgetItem;
    top->setText(0, tr("%1  %2 — %3  (%4)").arg(r.at.toString(QStringLiteral("HH:mm:ss")), r.title, r.headline, r.where));
    top->setIcon(0, style()->standardIcon(r.failed ? QStyle::SP_MessageBoxWarning : QStyle::SP_DialogApplyButton));
    top->setToolTip(0, top->text(0));
    auto child = [top](const QString &text) {
        auto *item = new QTreeWidgetItem(top, {text});
        item->setToolTip(0, text);
        return item;
    };
    for (const QString &line : r.counts)
        child(line);
    if (!r.error.isEmpty())
        child(tr("Stopped: %1").arg(r.error))->setIcon(0, style()->standardIcon(QStyle::SP_MessageBoxCritical));
    if (!r.entries.isEmpty()) {
        QTreeWidgetItem *list = child(tr("Entries (%n listed)", nullptr, int(r.entries.size())));
        for (const QString &e : r.entries)
            new QTreeWidgetItem(list, {e});
        if (r.entriesNotListed > 0)
            new QTreeWidgetItem(list, {tr("… and %n more, in the audit log", nullptr, int(r.entriesNotListed))});
    }
    if (!r.auditPath.isEmpty())
        child(tr("Audit record: %1").arg(r.auditPath));
    m_tree->insertTopLevelItem(0, top);
    top->setExpanded(true);
    m_tree->setCurrentItem(top);
    m_auditPath = r.auditPath;
    m_openAudit->setEnabled(!m_auditPath.isEmpty());
    show();
}

} // namespace pelscope
