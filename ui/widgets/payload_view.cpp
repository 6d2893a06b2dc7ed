#include "widgets/payload_view.h"
#include "health_style.h"

#include "snapshot/format.h"
#include "text/fill_text.h"

#include <QJsonDocument>

namespace pelscope {

namespace {

QString hexDump(const QByteArray &bytes)
{
    QString out;
    for (qsizetype row = 0; row < bytes.size(); row += 16) {
        const QByteArray chunk = bytes.mid(row, 16);
        QString hex, ascii;
        for (qsizetype i = 0; i < 16; ++i) {
            if (i < chunk.size()) {
                const auto c = static_cast<unsigned char>(chunk[i]);
                hex += QStringLiteral("%1 ").arg(c, 2, 16, QLatin1Char('0'));
                ascii += (c >= 0x20 && c < 0x7f) ? QLatin1Char(char(c)) : QLatin1Char('.');
            } else {
                hex += QStringLiteral("   ");
            }
        }
        out += QStringLiteral("%1  %2 %3\n").arg(QString::number(row, 16).rightJustified(8, QLatin1Char('0')), hex, ascii);
    }
    return out;
}

} // namespace

PayloadView::PayloadView(QWidget *parent)
    : QTextBrowser(parent)
{
    setOpenLinks(false);
    setOpenExternalLinks(false);
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        if (url.scheme() == QLatin1String("expand")) {
            m_expanded.insert(url.path().toInt());
            render();
        }
    });
    showNothing();
}

void PayloadView::showNothing()
{
    setHtml(QStringLiteral("<p style='color:%1'>%2</p>").arg(dimTextColor(), tr("Select an entry to see its payload.")));
}

void PayloadView::showLoading(const QByteArray &id)
{
    setHtml(QStringLiteral("<p style='color:%1'>%2</p>").arg(dimTextColor(), tr("Reading %1…").arg(QString::fromLatin1(id).toHtmlEscaped())));
}

void PayloadView::showResult(const EntryReadResult &result)
{
    m_result = result;
    m_expanded.clear();
    render();
}

QString PayloadView::renderValue(const QByteArray &value, bool full)
{
    const bool cut = !full && value.size() > kPreviewBytes;
    const QByteArray shown = cut ? value.left(kPreviewBytes) : value;
    if (isValidUtf8(shown) && !shown.contains('\0')) {
        QJsonParseError err;
        const QJsonDocument doc = QJsonDocument::fromJson(shown, &err);
        if (!cut && err.error == QJsonParseError::NoError && (doc.isObject() || doc.isArray()))
            return QString::fromUtf8(doc.toJson(QJsonDocument::Indented)).trimmed();
        return QString::fromUtf8(shown);
    }
    return hexDump(shown);
}

void PayloadView::render()
{
    const EntryReadResult &r = m_result;
    // Colours from the palette's helpers: grey and #c62828 vanish on a dark base.
    QString html = QStringLiteral("<h3 style='margin:0'>%1</h3><p style='color:%3;margin-top:2px'>%2</p>")
                       .arg(QString::fromLatin1(r.id).toHtmlEscaped(), elidedName(r.stream).toHtmlEscaped(), dimTextColor());
    if (!r.error.isEmpty()) {
        html += QStringLiteral("<p style='color:%2'><b>%3</b> %1</p>")
                    .arg(r.error.toHtmlEscaped(), healthStyle(Health::Crit).strong.name(), tr("Could not read the entry:"));
        setHtml(html);
        return;
    }
    if (!r.found) {
        html += tr("<div style='background:#c62828;color:white;padding:10px'><b>TRIMMED: this entry is still pending but no longer "
                   "in the stream.</b><br>MAXLEN/MINID trimming or XDEL removed it: its data is already lost. Acknowledging it "
                   "is the only thing left to do, after recovering the message from its producer if you can.</div>");
        setHtml(html);
        return;
    }
    for (int i = 0; i < r.fields.size(); ++i) {
        const auto &[name, value] = r.fields.at(i);
        const bool full = m_expanded.contains(i);
        const bool binary = !isValidUtf8(value) || value.contains('\0');
        html += QStringLiteral("<p style='margin-bottom:2px'><b>%1</b> <span style='color:%4'>%2%3</span></p>")
                    .arg(elidedName(name).toHtmlEscaped(), binary ? tr("binary, ") : QString(), tr("%n byte(s)", nullptr, int(value.size())),
                         dimTextColor());
        html += QStringLiteral("<pre style='margin-top:0'>%1</pre>").arg(renderValue(value, full).toHtmlEscaped());
        if (!full && value.size() > kPreviewBytes)
            html += fillText(tr("<p><a href='expand:%1'>Showing the first 64 KiB of %2: show all</a></p>"), i, formatCount(value.size()));
    }
    setHtml(html);
}

} // namespace pelscope
