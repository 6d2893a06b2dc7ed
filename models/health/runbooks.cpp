#include "runbooks.h"

#include <QUrl>

namespace pelscope {

QString Runbooks::set(const QString &key, const QString &url)
{
    const QUrl parsed(url.trimmed(), QUrl::StrictMode);
    // Only what a browser opens: a link to anything else (file:, javascript:)
    // is not shown to someone clicking at 3 a.m.
    if (!parsed.isValid() || (parsed.scheme() != QLatin1String("https") && parsed.scheme() != QLatin1String("http")) || parsed.host().isEmpty())
        return QStringLiteral("runbook %1: '%2' is not an http(s) URL").arg(key, url);
    const QString name = key.trimmed();
    if (name.isEmpty())
        return QStringLiteral("runbook: a URL without a reason code or subject");
    // Every key may name a subject: a queue is often called "delayed_queue",
    // with neither '/' nor ':' to tell it from a reason code.
    m_bySubject.append({name, parsed.toString()});
    if (!name.contains(QLatin1Char('/')) && !name.contains(QLatin1Char(':')))
        m_byCode.append({name.toUtf8(), parsed.toString()});
    return {};
}

QString Runbooks::urlFor(const QString &subject, const HealthVerdict &verdict) const
{
    if (isEmpty() || verdict.status == Health::Ok)
        return {};
    for (const auto &[name, url] : m_bySubject)
        if (name == subject)
            return url;
    const qsizetype slash = subject.indexOf(QLatin1Char('/'));
    if (slash > 0) {
        const QString wildcard = subject.left(slash) + QStringLiteral("/*");
        for (const auto &[name, url] : m_bySubject)
            if (name == wildcard)
                return url;
    }
    for (const Reason &r : verdict.reasons)
        for (const auto &[code, url] : m_byCode)
            if (code == r.code)
                return url;
    return {};
}

} // namespace pelscope
