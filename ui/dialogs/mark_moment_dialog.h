// Connection ▸ Mark a moment (Ctrl+M): what happened, and whether to share it
// with the team by adding it to the connection's annotations stream (a write
// through the one write flow, offered only when writes are on and a stream is
// named; otherwise the box says why not).
#pragma once

#include <QDialog>

class QCheckBox;
class QLineEdit;

namespace pelscope {

class MarkMomentDialog : public QDialog
{
    Q_OBJECT
public:
    static constexpr int kMaxText = 1'000; // a mark, not a document

    // `stream`: the annotations stream (empty: none is named);
    // `whyNotShare`: why a write cannot run now (read-only), empty when it can.
    MarkMomentDialog(const QByteArray &stream, const QString &whyNotShare, QWidget *parent = nullptr);

    QString text() const; // trimmed
    bool share() const;
    QLineEdit *textEdit() const { return m_text; }
    QCheckBox *shareBox() const { return m_share; }

private:
    QLineEdit *m_text;
    QCheckBox *m_share;
};

} // namespace pelscope
