#include "dialogs/history_settings_dialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

namespace pelscope {

namespace {

const QString kDaysKey = QStringLiteral("history/days");
const QString kMaxMbKey = QStringLiteral("history/maxMb");
constexpr int kDefaultDays = 14;
constexpr int kDefaultMaxMb = 500;

} // namespace

HistorySettingsDialog::HistorySettingsDialog(ConnectionRequest::History *defaults, QWidget *parent)
    : QDialog(parent)
    , m_defaults(defaults)
    , m_days(new QSpinBox(this))
    , m_maxMb(new QSpinBox(this))
{
    setWindowTitle(tr("History settings"));
    const QSettings settings;
    m_days->setRange(1, 3650);
    m_days->setSuffix(tr(" days"));
    m_days->setValue(settings.value(kDaysKey, kDefaultDays).toInt());
    m_days->setToolTip(tr("Polls older than this are deleted from each connection's history file."));
    m_maxMb->setRange(0, 1'000'000);
    m_maxMb->setSuffix(tr(" MB"));
    m_maxMb->setSpecialValueText(tr("no cap"));
    m_maxMb->setValue(settings.value(kMaxMbKey, kDefaultMaxMb).toInt());
    m_maxMb->setToolTip(tr("Above this size the oldest coarse data of a connection's history goes first."));

    auto *form = new QFormLayout;
    form->addRow(tr("Keep history for"), m_days);
    form->addRow(tr("At most, per connection"), m_maxMb);
    auto *note = new QLabel(tr("For connections opened from now on (and at the next start); open tabs keep theirs until "
                               "they are reconnected. --history-days and --history-max-mb on the command line win."),
                            this);
    note->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(buttons);
}

void HistorySettingsDialog::accept()
{
    QSettings settings;
    settings.setValue(kDaysKey, m_days->value());
    settings.setValue(kMaxMbKey, m_maxMb->value());
    m_defaults->retentionDays = m_days->value();
    m_defaults->maxBytes = qint64(m_maxMb->value()) * 1024 * 1024;
    QDialog::accept();
}

void HistorySettingsDialog::applySaved(ConnectionRequest::History &history, bool daysGiven, bool maxGiven)
{
    const QSettings settings;
    if (!daysGiven)
        history.retentionDays = settings.value(kDaysKey, kDefaultDays).toInt();
    if (!maxGiven)
        history.maxBytes = settings.value(kMaxMbKey, kDefaultMaxMb).toLongLong() * 1024 * 1024;
}

} // namespace pelscope
