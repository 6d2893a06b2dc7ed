// Shows one stream entry: fields and values, JSON pretty-printed, binary as
// hex and ASCII, long values cut at 64 KiB with a link to see all of it, and a
// loud warning when the entry is gone from the stream (its data is lost).
#pragma once

#include "polling/entry_reader.h"

#include <QSet>
#include <QTextBrowser>

namespace pelscope {

class PayloadView : public QTextBrowser
{
    Q_OBJECT
public:
    explicit PayloadView(QWidget *parent = nullptr);

    void showLoading(const QByteArray &id);
    void showResult(const EntryReadResult &result);
    void showNothing();

    static constexpr qsizetype kPreviewBytes = 64LL * 1024;
    static QString renderValue(const QByteArray &value, bool full);

private:
    void render();

    EntryReadResult m_result;
    QSet<int> m_expanded; // field indexes shown in full
};

} // namespace pelscope
