#include "widgets/alert_banner.h"

#include "health_style.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

namespace pelscope {

AlertBanner::AlertBanner(QWidget *parent)
    : QFrame(parent)
    , m_glyph(new QLabel(this))
    , m_title(new QLabel(this))
    , m_text(new QLabel(this))
    , m_open(new QPushButton(tr("Open"), this))
    , m_hide(new QTimer(this))
{
    setObjectName(QStringLiteral("alertBanner"));
    setFrameShape(QFrame::StyledPanel);
    m_title->setTextFormat(Qt::PlainText);
    m_text->setTextFormat(Qt::PlainText);
    // One line: the bar must not push the page's buttons below a laptop's fold.
    // The title too: it holds a name, and a 5 KB name made the window
    // 43,630 px wide.
    m_text->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_glyph->setFont(bold);
    auto *dismiss = new QPushButton(tr("Dismiss"), this);
    auto *all = new QPushButton(tr("All alerts…"), this);
    all->setToolTip(tr("Every alert so far, with the time and the reasons (Ctrl+Shift+A)"));
    connect(all, &QPushButton::clicked, this, &AlertBanner::inboxRequested);
    auto *words = new QVBoxLayout;
    words->setSpacing(2);
    words->addWidget(m_title);
    words->addWidget(m_text);
    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(10, 6, 10, 6);
    row->addWidget(m_glyph, 0, Qt::AlignTop);
    row->addLayout(words, 1);
    row->addWidget(m_open, 0, Qt::AlignVCenter);
    row->addWidget(all, 0, Qt::AlignVCenter);
    row->addWidget(dismiss, 0, Qt::AlignVCenter);
    m_hide->setSingleShot(true);
    m_hide->setInterval(60'000);
    connect(m_hide, &QTimer::timeout, this, &QWidget::hide);
    connect(dismiss, &QPushButton::clicked, this, &QWidget::hide);
    connect(m_open, &QPushButton::clicked, this, [this] {
        hide();
        Q_EMIT openRequested();
    });
    hide();
}

void AlertBanner::show(const QString &title, const QString &text, Health severity)
{
    const HealthStyle &style = healthStyle(severity);
    setStyleSheet(QStringLiteral("QFrame#alertBanner { border: 1px solid %1; border-left: 6px solid %1; }").arg(style.strong.name()));
    m_glyph->setText(style.glyph);
    m_glyph->setStyleSheet(QStringLiteral("color: %1;").arg(style.strong.name()));
    m_fullTitle = title;
    m_title->setToolTip(title);
    // One line, not one per group, cut with "…"; the tooltip and the inbox have it all.
    m_fullText = QString(text).replace(QLatin1Char('\n'), QStringLiteral("  ·  "));
    m_text->setToolTip(text);
    fitText();
    m_text->setVisible(!text.isEmpty());
    QFrame::show();
    m_hide->start();
}

QString AlertBanner::title() const
{
    return m_fullTitle;
}

QString AlertBanner::text() const
{
    return m_fullText;
}

void AlertBanner::fitText()
{
    m_title->setText(m_title->fontMetrics().elidedText(m_fullTitle, Qt::ElideMiddle, std::max(40, m_title->width())));
    m_text->setText(m_text->fontMetrics().elidedText(m_fullText, Qt::ElideRight, std::max(40, m_text->width())));
}

void AlertBanner::resizeEvent(QResizeEvent *event)
{
    QFrame::resizeEvent(event);
    fitText();
}

} // namespace pelscope
