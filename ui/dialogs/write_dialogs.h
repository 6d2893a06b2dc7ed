// The two questions Pelscope asks before it changes data: "enable writes on
// this connection?" (a production connection must be named back) and "run
// exactly these commands?". Both are window-modal and asynchronous (open(),
// not exec()), so polling and repainting go on while the operator reads.
#pragma once

#include <QDialog>
#include <QStringList>

class QLabel;
class QSpinBox;
class QLineEdit;
class QPushButton;

namespace pelscope {

class EnableWritesDialog : public QDialog
{
    Q_OBJECT
public:
    // `connection`: what the operator types back when `production` is set.
    EnableWritesDialog(const QString &connection, bool production, QWidget *parent = nullptr);

    QLineEdit *confirmationEdit() const { return m_typed; }
    QPushButton *enableButton() const { return m_enable; }

private:
    QLineEdit *m_typed = nullptr;
    QPushButton *m_enable;
};

class ConfirmWriteDialog : public QDialog
{
    Q_OBJECT
public:
    // `summary`: one sentence with the counts; `plan`: the exact commands and keys.
    // An empty `actionLabel`: a refusal, with no button that writes (Close only).
    ConfirmWriteDialog(const QString &title, const QString &summary, const QStringList &plan, const QString &actionLabel, QWidget *parent = nullptr);

    // On a Redis Cluster: which path the write takes and where, in plain
    // words ("atomic: ...", "ledger: ...", "refused: ..."), above the commands.
    void setPath(const QString &path);
    // What the command list is: "one atomic script per batch" by default.
    void setCommandsNote(const QString &note);

    // A requeue or delete of many entries: the operator may cap its pace so a
    // burst of requeued work does not swamp the consumers (0 = as fast as the
    // server answers). Remembered for the next time.
    void offerRateLimit();
    double rateLimit() const; // entries per second, 0 = none
    QSpinBox *rateSpin() const { return m_rate; }

    QPushButton *confirmButton() const { return m_confirm; } // null on a refusal
    QStringList plan() const { return m_plan; }
    QString summary() const { return m_summary; } // as shown (rich text)
    QString path() const { return m_pathText; }

private:
    QPushButton *m_confirm = nullptr;
    QSpinBox *m_rate = nullptr;
    QLabel *m_path;
    QLabel *m_commands;
    QStringList m_plan;
    QString m_summary;
    QString m_pathText;
};

} // namespace pelscope
