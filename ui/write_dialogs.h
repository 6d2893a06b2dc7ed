// The two questions Pelscope asks before it changes data: "enable writes on
// this connection?" (a production connection must be named back) and "run
// exactly these commands?". Both are window-modal and asynchronous (open(),
// not exec()), so polling and repainting go on while the operator reads.
#pragma once

#include <QDialog>
#include <QStringList>

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
    ConfirmWriteDialog(const QString &title, const QString &summary, const QStringList &plan, const QString &actionLabel,
                       QWidget *parent = nullptr);

    QPushButton *confirmButton() const { return m_confirm; }
    QStringList plan() const { return m_plan; }

private:
    QPushButton *m_confirm;
    QStringList m_plan;
};

} // namespace pelscope
