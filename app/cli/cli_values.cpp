#include "cli_values.h"

#include "text/display_text.h"

#include <QDateTime>

namespace pelscope {

std::optional<qint64> parseTime(const QString &text)
{
    bool ok = false;
    const qint64 ms = text.toLongLong(&ok);
    if (ok)
        return ms;
    const QDateTime t = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (t.isValid())
        return t.toMSecsSinceEpoch();
    return std::nullopt;
}

QString isoTime(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs);
}

void putBytes(QJsonObject &o, const QString &field, const QByteArray &bytes)
{
    o.insert(field, displayBytes(bytes));
    if (!displaysVerbatim(bytes))
        o.insert(field + QLatin1String("_base64"), QString::fromLatin1(bytes.toBase64()));
}

QString textValue(const QByteArray &bytes)
{
    return displayBytes(bytes);
}

} // namespace pelscope
