#include "dialogs/write_dialogs.h"

#include "health_style.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QHBoxLayout>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

namespace pelscope {

namespace {

constexpr int kPlanLinesShown = 2000; // a bulk plan is summarised past this

} // namespace

EnableWritesDialog::EnableWritesDialog(const QString &connection, bool production, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Enable writes"));
    setObjectName(QStringLiteral("enableWritesDialog"));
    auto *layout = new QVBoxLayout(this);
    auto *text = new QLabel(tr("<p><b>Allow Pelscope to change data on %1?</b></p>"
                               "<p>Requeue, delete, claim, acknowledge and move-to-DLQ become available. Each one still shows its exact "
                               "commands and asks before it runs, and every write is recorded in the audit log.</p>"
                               "<p>Writes stay enabled until you disable them or the connection changes; every new session starts "
                               "read-only.</p>")
                                .arg(connection.toHtmlEscaped()));
    text->setWordWrap(true);
    layout->addWidget(text);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel);
    m_enable = buttons->addButton(tr("Enable writes"), QDialogButtonBox::AcceptRole);
    // Return presses the button that has the focus (Enable, once the
    // operator moved there), else Cancel, the default and the first focus.
    m_enable->setAutoDefault(true);
    buttons->button(QDialogButtonBox::Cancel)->setDefault(true);
    if (production) {
        auto *warn = new QLabel(tr("<p style='color:%2'><b>This connection is tagged PRODUCTION.</b> Type its name to "
                                   "continue:</p><p><code>%1</code></p>")
                                    .arg(connection.toHtmlEscaped(), warningTextColor()));
        warn->setWordWrap(true);
        layout->addWidget(warn);
        m_typed = new QLineEdit;
        m_typed->setObjectName(QStringLiteral("typedName"));
        layout->addWidget(m_typed);
        m_enable->setEnabled(false);
        connect(m_typed, &QLineEdit::textChanged, this, [this, connection](const QString &t) { m_enable->setEnabled(t == connection); });
    }
    layout->addWidget(buttons);
    if (!production) // else the name is typed first
        buttons->button(QDialogButtonBox::Cancel)->setFocus();
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    resize(520, sizeHint().height());
}

ConfirmWriteDialog::ConfirmWriteDialog(const QString &title, const QString &summary, const QStringList &plan, const QString &actionLabel,
                                       QWidget *parent)
    : QDialog(parent)
    , m_plan(plan)
    , m_summary(summary)
{
    setWindowTitle(title);
    setObjectName(QStringLiteral("confirmWriteDialog"));
    auto *layout = new QVBoxLayout(this);
    auto *head = new QLabel(summary);
    head->setWordWrap(true);
    head->setTextFormat(Qt::RichText);
    layout->addWidget(head);
    m_path = new QLabel;
    m_path->setObjectName(QStringLiteral("writePath"));
    m_path->setWordWrap(true);
    m_path->setTextFormat(Qt::RichText);
    m_path->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_path->hide();
    layout->addWidget(m_path);
    m_commands = new QLabel(actionLabel.isEmpty() ? tr("Nothing will run.") : tr("Exactly these commands will run (one atomic script per batch):"));
    m_commands->setWordWrap(true); // a kind's note can be a paragraph: never wider than the screen
    layout->addWidget(m_commands);
    auto *text = new QPlainTextEdit;
    text->setReadOnly(true);
    text->setLineWrapMode(QPlainTextEdit::NoWrap);
    text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    QStringList shown = plan.mid(0, kPlanLinesShown);
    if (plan.size() > kPlanLinesShown)
        shown << tr("… and %1 more lines of the same form").arg(plan.size() - kPlanLinesShown);
    text->setPlainText(shown.join(QLatin1Char('\n')));
    text->setVisible(!plan.isEmpty());
    layout->addWidget(text, 1);
    auto *buttons = new QDialogButtonBox(actionLabel.isEmpty() ? QDialogButtonBox::Close : QDialogButtonBox::Cancel);
    if (!actionLabel.isEmpty()) {
        m_confirm = buttons->addButton(actionLabel, QDialogButtonBox::AcceptRole);
        // Return never writes unless the operator moved the focus onto the
        // write's button: Cancel is the default and has the first focus.
        m_confirm->setAutoDefault(true);
        buttons->button(QDialogButtonBox::Cancel)->setDefault(true);
    }
    layout->addWidget(buttons);
    if (QPushButton *cancel = buttons->button(QDialogButtonBox::Cancel))
        cancel->setFocus();
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    resize(820, plan.isEmpty() ? sizeHint().height() : 480);
}

void ConfirmWriteDialog::setPath(const QString &path)
{
    m_pathText = path;
    const qsizetype colon = path.indexOf(QLatin1Char(':'));
    // "atomic:", "ledger:", "refused:" in bold, the rest as it is.
    const QString html = colon > 0
                             ? tr("<b>Path: %1</b>%2").arg(path.left(colon + 1).toHtmlEscaped(), path.mid(colon + 1).toHtmlEscaped())
                             : path.toHtmlEscaped();
    m_path->setText(m_confirm ? html : QStringLiteral("<span style='color:%1'>%2</span>").arg(warningTextColor(), html));
    m_path->setVisible(!path.isEmpty());
}

void ConfirmWriteDialog::offerRateLimit()
{
    if (m_rate || !m_confirm)
        return;
    m_rate = new QSpinBox;
    m_rate->setObjectName(QStringLiteral("rateLimit"));
    m_rate->setRange(0, 100'000);
    m_rate->setSingleStep(50);
    m_rate->setSpecialValueText(tr("no limit"));
    m_rate->setSuffix(tr(" entries/s"));
    m_rate->setValue(QSettings().value(QStringLiteral("writes/rateLimit"), 0).toInt());
    m_rate->setToolTip(tr("Pace the run so the requeued entries do not reach the consumers all at once"));
    auto *row = new QHBoxLayout;
    auto *rateLabel = new QLabel(tr("&Rate limit:"));
    rateLabel->setBuddy(m_rate); // its name for a screen reader, and Alt+R
    m_rate->setAccessibleName(tr("Rate limit"));
    row->addWidget(rateLabel);
    row->addWidget(m_rate);
    row->addStretch(1);
    // Above the buttons.
    auto *box = static_cast<QVBoxLayout *>(layout());
    box->insertLayout(box->count() - 1, row);
    connect(this, &QDialog::accepted, this, [this] { QSettings().setValue(QStringLiteral("writes/rateLimit"), m_rate->value()); });
}

double ConfirmWriteDialog::rateLimit() const
{
    return m_rate ? double(m_rate->value()) : 0.0;
}

void ConfirmWriteDialog::setCommandsNote(const QString &note)
{
    m_commands->setText(note);
}

} // namespace pelscope
