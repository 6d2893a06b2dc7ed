#include "queue_discovery.h"

#include "../text/display_text.h"

#include <algorithm>

namespace pelscope {

FoundQueues classifyQueueKeys(const QList<QByteArray> &sortedSets, const QList<QByteArray> &lists)
{
    FoundQueues out;
    for (const QByteArray &k : sortedSets) {
        const QByteArray lower = k.toLower();
        if (lower.contains("delay") || lower.contains("schedul"))
            out.delayed.append(k);
    }
    const QSet<QByteArray> all(lists.cbegin(), lists.cend());
    QSet<QByteArray> paired;
    // Named after its main list: X:processing, processing:X, X-processing. The
    // main list need not exist now (an empty list does not), the name says it.
    for (const QByteArray &k : lists) {
        QByteArray main;
        if (k.endsWith(":processing") || k.endsWith("-processing"))
            main = k.chopped(11);
        else if (k.startsWith("processing:"))
            main = k.mid(11);
        if (main.isEmpty() || paired.contains(main) || (all.contains(main + ":processing") && k != main + ":processing"))
            continue; // X:processing wins over the other spellings for the same X
        out.lists.append({main, k});
        paired.insert(main);
        paired.insert(k);
    }
    // The articles' bare `processing`, when it can only belong to one list.
    if (all.contains("processing") && !paired.contains("processing")) {
        QList<QByteArray> others;
        for (const QByteArray &k : lists)
            if (k != "processing" && !paired.contains(k))
                others.append(k);
        if (others.size() == 1)
            out.lists.append({others.first(), QByteArrayLiteral("processing")});
    }
    std::sort(out.delayed.begin(), out.delayed.end());
    std::sort(out.lists.begin(), out.lists.end());
    return out;
}

QueueDiscovery::QueueDiscovery(QByteArray match, int scanCount, qint64 scanMaxPages, int maxQueues, bool frameworks)
    : m_match(std::move(match))
    , m_pace(scanCount)
    , m_scanMaxPages(scanMaxPages)
    , m_maxQueues(maxQueues)
    , m_frameworks(frameworks)
{}

void QueueDiscovery::startSweep()
{
    m_phase = Phase::SortedSets;
    m_cursor = "0";
    m_pages = 0;
    m_phaseKeys = 0;
    m_sortedSets.clear();
    m_listKeys.clear();
    m_setKeys.clear();
    m_cutShort = false;
}

void QueueDiscovery::endSweepEarly()
{
    if (!sweeping())
        return;
    m_gap = QStringLiteral("queue discovery incomplete: the first sweep used its time budget; the sweep goes on with the ticks");
    m_sweptOnce = true; // poll what was found; the sweep itself goes on
}

RedisCommand QueueDiscovery::scanCommand() const
{
    const QByteArray type = m_phase == Phase::Lists ? QByteArray("list") : m_phase == Phase::Sets ? QByteArray("set") : QByteArray("zset");
    return {"SCAN", m_cursor, "MATCH", m_match, "COUNT", QByteArray::number(m_pace.count()), "TYPE", type};
}

QString QueueDiscovery::onScanReply(const RedisReply &reply)
{
    if (!sweeping())
        return {};
    if (reply.isError()) {
        m_gap = QStringLiteral("queue discovery failed: %1").arg(displayBytes(reply.bytes()));
        m_phase = Phase::Idle;
        m_sweptOnce = true;
        return m_gap;
    }
    if (!reply.isArray() || reply.size() != 2 || !reply.at(0).isString() || !reply.at(1).isArray()) {
        m_gap = QStringLiteral("queue discovery: unexpected reply to SCAN");
        m_phase = Phase::Idle;
        m_sweptOnce = true;
        return m_gap;
    }
    m_cursor = reply.at(0).bytes();
    QSet<QByteArray> &into = m_phase == Phase::Lists ? m_listKeys : m_phase == Phase::Sets ? m_setKeys : m_sortedSets;
    for (const RedisReply &k : reply.at(1).elements())
        if (k.isString())
            into.insert(k.bytes());
    ++m_pages;
    m_phaseKeys += m_pace.count();
    if (m_cursor == "0" || m_pages >= m_scanMaxPages) {
        m_cutShort = m_cutShort || m_cursor != "0";
        if (m_phase == Phase::SortedSets && m_cursor == "0")
            m_pace.measured(m_phaseKeys); // each phase visits the whole keyspace: one measure is enough
        m_phaseKeys = 0;
        if (m_phase == Phase::SortedSets || (m_phase == Phase::Lists && m_frameworks)) {
            m_phase = m_phase == Phase::SortedSets ? Phase::Lists : Phase::Sets;
            m_cursor = "0";
            m_pages = 0;
        } else {
            finishSweep();
        }
    }
    return {};
}

void QueueDiscovery::finishSweep()
{
    QList<QByteArray> sortedSets(m_sortedSets.cbegin(), m_sortedSets.cend()), lists(m_listKeys.cbegin(), m_listKeys.cend());
    if (m_frameworks) {
            // (Which keys are then theirs is the readers' to say, once confirmed: QueueProbe.)
        m_jobSystems.merge(classifyJobKeys(QList<QByteArray>(m_setKeys.cbegin(), m_setKeys.cend()), sortedSets, lists));
    }
    const FoundQueues found = classifyQueueKeys(sortedSets, lists);
    // Sticky: what was found before stays (an empty list or set does not exist).
    qsizetype total = m_delayed.size() + m_lists.size();
    bool capped = false;
    for (const QByteArray &k : found.delayed) {
        if (m_delayed.contains(k))
            continue;
        if (total >= m_maxQueues) {
            capped = true;
            break;
        }
        m_delayed.append(k);
        ++total;
    }
    for (const auto &pair : found.lists) {
        const bool known = std::any_of(m_lists.cbegin(), m_lists.cend(), [&](const auto &p) { return p.first == pair.first; });
        if (known)
            continue;
        if (total >= m_maxQueues) {
            capped = true;
            break;
        }
        m_lists.append(pair);
        ++total;
    }
    std::sort(m_delayed.begin(), m_delayed.end());
    std::sort(m_lists.begin(), m_lists.end());
    m_phase = Phase::Idle;
    m_sweptOnce = true;
    if (capped)
        m_gap = QStringLiteral("more than %1 queues found by name: the first %1 are watched (name them with --delayed-queue/--list-queue)")
                    .arg(m_maxQueues);
    else if (m_cutShort)
        m_gap = QStringLiteral("queue discovery incomplete: SCAN's cursor did not return to 0 within %1 pages").arg(m_scanMaxPages);
    else
        m_gap.clear();
}

} // namespace pelscope
