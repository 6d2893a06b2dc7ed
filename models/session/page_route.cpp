#include "page_route.h"

namespace pelscope {

namespace {

// Percent-encoding that leaves every printable character of valid UTF-8
// alone except '%' and '/': a typed name reads as itself.
QString encodeKey(const QByteArray &key)
{
    const QString text = QString::fromUtf8(key);
    if (text.toUtf8() != key) // not valid UTF-8: every byte outside ASCII encoded
        return QString::fromLatin1(key.toPercentEncoding(QByteArrayLiteral("!$&'()*+,;=:@{}[]<>|^`~\"# ")));
    QString out;
    for (const QChar c : text) {
        if (c == QLatin1Char('%') || c == QLatin1Char('/') || c.category() == QChar::Other_Control || c.category() == QChar::Other_Format)
            out += QString::fromLatin1(QString(c).toUtf8().toPercentEncoding());
        else
            out += c;
    }
    return out;
}

QByteArray decodeKey(const QString &text)
{
    return QByteArray::fromPercentEncoding(text.toUtf8());
}

} // namespace

QString PageRoute::toText() const
{
    switch (page) {
    case Page::Overview: return QStringLiteral("overview");
    case Page::Group: return QStringLiteral("group:") + encodeKey(key) + QLatin1Char('/') + encodeKey(group);
    case Page::DeadLetters: return key.isEmpty() ? QStringLiteral("dlq") : QStringLiteral("dlq:") + encodeKey(key);
    case Page::Queue: return QStringLiteral("queue:") + encodeKey(key);
    }
    return {};
}

std::optional<PageRoute> PageRoute::fromText(const QString &text)
{
    if (text.isEmpty() || text == QLatin1String("overview"))
        return overview();
    if (text == QLatin1String("dlq"))
        return deadLetters();
    if (text.startsWith(QLatin1String("dlq:")))
        return deadLetters(decodeKey(text.mid(4)));
    if (text.startsWith(QLatin1String("queue:")) && text.size() > 6)
        return queue(decodeKey(text.mid(6)));
    if (!text.startsWith(QLatin1String("group:")))
        return std::nullopt;
    // Encoded keys hold no '/': the one separator. A typed name with a '/'
    // of its own is taken at the last one, as before.
    const QString rest = text.mid(6);
    const qsizetype slash = rest.lastIndexOf(QLatin1Char('/'));
    if (slash <= 0 || slash == rest.size() - 1)
        return std::nullopt;
    return groupOf(decodeKey(rest.left(slash)), decodeKey(rest.mid(slash + 1)));
}

} // namespace pelscope
