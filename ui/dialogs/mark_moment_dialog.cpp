#include "dialogs/mark_moment_dialog.h"

#include "accessible_names.h"
#include "text/display_text.h"
#include "text/fill_text.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace pelscope {

MarkMomentDialog::MarkMomentDialog(const QByteArray &stream, const QString &whyNotShare, QWidget *parent)
    : QDialog(parent)
    , m_text(new QLineEdit)
    , m_share(new QCheckBox)
{
    setWindowTitle(tr("Mark a moment"));
    setObjectName(QStringLiteral("markMomentDialog"));
    auto *prompt = new QLabel(tr("What happened now (a deploy, a restart, a config change):"));
    prompt->setBuddy(m_text);
    m_text->setMaxLength(kMaxText);
    m_text->setAccessibleName(tr("What happened"));
    if (stream.isEmpty()) {
        m_share->setText(tr("Share with the team"));
        m_share->setEnabled(false);
        m_share->setToolTip(tr("No annotations stream is named for this connection (--annotations-stream KEY): the mark stays in this "
                               "computer's history"));
    } else {
        m_share->setText(fillText(tr("&Share with the team: add it to %1 (a write, shown before it runs)"), displayBytes(stream)));
        m_share->setEnabled(whyNotShare.isEmpty());
        m_share->setToolTip(whyNotShare.isEmpty()
                                ? fillText(tr("Everyone whose Pelscope reads %1 sees the mark on their charts"), displayBytes(stream))
                                : whyNotShare);
    }
    m_share->setAccessibleDescription(m_share->toolTip());
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Mark"));
    QPushButton *ok = buttons->button(QDialogButtonBox::Ok);
    ok->setEnabled(false);
    connect(m_text, &QLineEdit::textChanged, ok, [this, ok] { ok->setEnabled(!text().isEmpty()); });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(prompt);
    layout->addWidget(m_text);
    layout->addWidget(m_share);
    layout->addWidget(buttons);
    setMinimumWidth(460);
}

QString MarkMomentDialog::text() const
{
    return m_text->text().trimmed();
}

bool MarkMomentDialog::share() const
{
    return m_share->isEnabled() && m_share->isChecked();
}

} // namespace pelscope
