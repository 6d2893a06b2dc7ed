#include "pages/dlq_page.h"

#include "widgets/back_button.h"
#include "pages/dlq_tab.h"
#include "snapshot/format.h"

#include <QLabel>
#include <QPushButton>
#include <QShortcut>
#include <QTabWidget>
#include <QVBoxLayout>

namespace pelscope {

DlqPage::DlqPage(WriteController *writes, QWidget *parent)
    : QWidget(parent)
    , m_writes(writes)
    , m_tabs(new QTabWidget)
    , m_empty(new QLabel)
{
    auto *back = makeBackButton(this, &DlqPage::backRequested);
    back->setFlat(true);
    // The page itself takes focus when clicked where nothing else would (its
    // keys work then), never by Tab: nothing shows the focus on it.
    setFocusPolicy(Qt::ClickFocus);
    auto *title = new QLabel(tr("<b>Dead letters</b>"));
    auto *top = new QHBoxLayout;
    top->addWidget(back);
    top->addWidget(title);
    top->addStretch(1);
    m_empty->setWordWrap(true);
    m_empty->setText(tr("No dead-letter streams found yet. Pelscope recognises <code>&lt;stream&gt;:dlq</code>, "
                        "<code>dlq:&lt;stream&gt;</code>, <code>&lt;stream&gt;.dlq</code>, <code>&lt;stream&gt;-dlq</code> and "
                        "<code>&lt;stream&gt;:dead</code> next to a watched stream."));
    m_tabs->setDocumentMode(true);
    m_tabs->hide();
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    m_empty->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_empty->setMargin(12);
    layout->addWidget(m_empty, 1);
    layout->addWidget(m_tabs, 1);
}

DlqTab *DlqPage::tab(const QByteArray &key) const
{
    for (int i = 0; i < m_tabs->count(); ++i)
        if (auto *t = static_cast<DlqTab *>(m_tabs->widget(i)); t->key() == key)
            return t;
    return nullptr;
}

DlqTab *DlqPage::currentTab() const
{
    return static_cast<DlqTab *>(m_tabs->currentWidget());
}

int DlqPage::tabCount() const
{
    return m_tabs->count();
}

void DlqPage::applySnapshot(const Snapshot &snapshot)
{
    for (const DeadLetterSnapshot &d : snapshot->deadLetters) {
        const QString label = QStringLiteral("%1 (%2)").arg(elidedName(d.key, 64), d.length ? formatCount(*d.length) : QStringLiteral("?"));
        if (DlqTab *t = tab(d.key)) {
            t->applyInfo(d, snapshot->takenAtMs);
            m_tabs->setTabText(m_tabs->indexOf(t), label);
            continue;
        }
        auto *t = new DlqTab(d, m_writes);
        t->applyInfo(d, snapshot->takenAtMs); // the server's clock from the first header on (the page request waits for reload())
        connect(t, &DlqTab::pageRequested, this, &DlqPage::pageRequested);
        connect(t, &DlqTab::entryRequested, this, &DlqPage::entryRequested);
        connect(t, &DlqTab::entriesRequested, this, &DlqPage::entriesRequested);
        m_tabs->addTab(t, label);
        t->reload(); // the constructor's request went out before we listened
    }
    m_tabs->setVisible(m_tabs->count() > 0);
    m_empty->setVisible(m_tabs->count() == 0);
    if (!m_wanted.isEmpty() && showDlq(m_wanted))
        m_wanted.clear();
}

void DlqPage::clear()
{
    while (m_tabs->count() > 0) {
        QWidget *w = m_tabs->widget(0);
        m_tabs->removeTab(0);
        w->deleteLater();
    }
    m_wanted.clear();
    m_tabs->hide();
    m_empty->show();
}

void DlqPage::setStale(bool stale)
{
    for (int i = 0; i < m_tabs->count(); ++i)
        static_cast<DlqTab *>(m_tabs->widget(i))->setStale(stale);
}

bool DlqPage::showDlq(const QByteArray &key)
{
    DlqTab *t = tab(key);
    if (t)
        m_tabs->setCurrentWidget(t);
    else
        m_wanted = key;
    return t != nullptr;
}

void DlqPage::routePage(const EntryPage &page)
{
    if (DlqTab *t = tab(page.stream))
        t->applyPage(page);
}

void DlqPage::routeEntries(const EntryPage &entries)
{
    if (DlqTab *t = tab(entries.stream))
        t->applyEntries(entries);
}

void DlqPage::routeEntry(const EntryReadResult &result)
{
    if (DlqTab *t = tab(result.stream))
        t->showEntry(result);
}

} // namespace pelscope
