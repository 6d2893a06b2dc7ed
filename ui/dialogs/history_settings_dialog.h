// Connection ▸ History settings…: how long and how much of each connection's
// on-disk history is kept, remembered for the next start. The command line's
// --history-days and --history-max-mb win over what is saved here.
#pragma once

#include "profiles/connection_request.h"

#include <QDialog>

class QSpinBox;

namespace pelscope {

class HistorySettingsDialog : public QDialog
{
    Q_OBJECT
public:
    // Edits `defaults` (the window's) when accepted, and saves them for the next start.
    explicit HistorySettingsDialog(ConnectionRequest::History *defaults, QWidget *parent = nullptr);
    QSpinBox *daysBox() const { return m_days; }
    QSpinBox *maxMbBox() const { return m_maxMb; }
    void accept() override;

    // What was saved (14 days, 500 MB when nothing was), into `history`.
    static void applySaved(ConnectionRequest::History &history, bool daysGiven, bool maxGiven);

private:
    ConnectionRequest::History *m_defaults;
    QSpinBox *m_days;
    QSpinBox *m_maxMb;
};

} // namespace pelscope
