#include "client_roster.h"

#include "../text/display_text.h"

namespace pelscope {

bool ClientRoster::due(qint64 nowMs) const
{
    if (!m_asked)
        return true;
    const qint64 every = m_refused ? kRefusedEveryMs : m_lastBytes > kLargeBytes ? kLargeEveryMs : kEveryMs;
    return nowMs - m_readAtMs >= every;
}

void ClientRoster::take(const RedisReply &reply, qint64 nowMs)
{
    m_asked = true;
    m_readAtMs = nowMs;
    if (reply.isError() || !reply.isString()) {
        // Refused (NOPERM, a managed server's renamed command) or not a list:
        // nothing is known, not "nobody is there".
        m_known = false;
        m_refused = true;
        m_refusal = reply.isError() ? displayBytes(reply.bytes().left(200)) : QStringLiteral("CLIENT LIST gave no list");
        return;
    }
    m_refused = false;
    m_refusal.clear();
    m_lastBytes = reply.bytes().size();
    m_names.clear();
    m_blocked.clear();
    m_patternSubscribers = 0;
    // One client a line of space-separated field=value pairs; a name has no
    // spaces (CLIENT SETNAME refuses them), so splitting on spaces is exact.
    const QByteArray &all = reply.bytes();
    qsizetype clients = 0;
    for (qsizetype at = 0; at < all.size();) {
        qsizetype end = all.indexOf('\n', at);
        if (end < 0)
            end = all.size();
        const QByteArrayView line(all.constData() + at, end - at);
        at = end + 1;
        if (line.trimmed().isEmpty())
            continue;
        if (++clients > kMaxClients) {
            m_known = false;
            m_refusal = QStringLiteral("more than 100,000 clients connected: not counted");
            return;
        }
        QByteArrayView name, flags, cmd;
        bool patterns = false;
        for (qsizetype f = 0; f < line.size();) {
            qsizetype sp = line.indexOf(' ', f);
            if (sp < 0)
                sp = line.size();
            const QByteArrayView pair = line.sliced(f, sp - f);
            f = sp + 1;
            if (pair.startsWith("name="))
                name = pair.sliced(5);
            else if (pair.startsWith("flags="))
                flags = pair.sliced(6);
            else if (pair.startsWith("cmd="))
                cmd = pair.sliced(4);
            else if (pair.startsWith("psub="))
                patterns = pair.sliced(5) != "0";
        }
        if (!name.isEmpty())
            ++m_names[name.trimmed().toByteArray()];
        if (flags.contains('b'))
            ++m_blocked[cmd.trimmed().toByteArray().toLower()];
        m_patternSubscribers += patterns;
    }
    m_known = true;
}

qint64 ClientRoster::named(const QByteArray &name, const QByteArray &prefix) const
{
    qint64 n = m_names.value(name);
    if (!prefix.isEmpty())
        for (auto it = m_names.cbegin(); it != m_names.cend(); ++it)
            if (it.key().startsWith(prefix))
                n += it.value();
    return n;
}

} // namespace pelscope
