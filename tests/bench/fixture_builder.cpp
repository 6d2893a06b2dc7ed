#include "fixture_builder.h"

#include "text/fill_text.h"

#include <hiredis/hiredis.h>

#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryFile>

#include <cmath>

namespace pelscope::bench {

namespace {

void resp(QByteArray &out, std::initializer_list<QByteArray> args)
{
    out += '*';
    out += QByteArray::number(qsizetype(args.size()));
    out += "\r\n";
    for (const QByteArray &a : args) {
        out += '$';
        out += QByteArray::number(a.size());
        out += "\r\n";
        out += a;
        out += "\r\n";
    }
}

void respList(QByteArray &out, const QList<QByteArray> &args)
{
    out += '*' + QByteArray::number(args.size()) + "\r\n";
    for (const QByteArray &a : args)
        out += '$' + QByteArray::number(a.size()) + "\r\n" + a + "\r\n";
}

QByteArray idFor(qint64 baseMs, qint64 i)
{
    // 1,000 entries per millisecond, all in the past: an ID's time is never
    // after the entry's delivery, as with auto-generated IDs.
    return QByteArray::number(baseMs + i / 1000) + '-' + QByteArray::number(i % 1000);
}

} // namespace

bool buildFixture(quint16 port, const FixtureSpec &spec, QString *error)
{
    RawRedis redis;
    if (!redis.connect(port, error))
        return false;
    qint64 nowMs = 0;
    redis.pipeline({{"TIME"}}, [&](int, const redisReply *r) { nowMs = timeReplyMs(r); });
    const qint64 baseMs = nowMs - spec.pending / 1000 - 2;

    QByteArray buf;
    buf.reserve(spec.pending * 110 + 1'000'000);
    const QByteArray payload(40, 'x');
    for (qint64 i = 0; i < spec.pending; ++i)
        resp(buf, {"XADD", spec.stream, idFor(baseMs, i), "payload", payload});
    resp(buf, {"XGROUP", "CREATE", spec.stream, spec.group, "0"});
    const qint64 per = spec.pending / spec.consumers;
    for (int c = 0; c < spec.consumers; ++c) {
        const qint64 n = per + (c < spec.pending % spec.consumers ? 1 : 0);
        if (n > 0)
            resp(buf, {"XREADGROUP", "GROUP", spec.group, "consumer-" + QByteArray::number(c), "COUNT", QByteArray::number(n), "STREAMS", spec.stream,
                       ">"});
    }

    // Redeliveries: a poisoned head, ~10% redelivered 2-4 times, ~1% 5-9 times.
    QMap<int, QList<QByteArray>> byCount;
    QRandomGenerator rng(spec.seed);
    for (qint64 i = 0; i < spec.pending; ++i) {
        const int r = int(rng.bounded(1000));
        int count = 0;
        if (i < spec.poisonHead)
            count = 25;
        else if (r < 100)
            count = 2 + r % 3;
        else if (r < 110)
            count = 5 + r % 5;
        if (count)
            byCount[count].append(idFor(baseMs, i));
    }
    int batchNo = 0;
    for (auto it = byCount.cbegin(); it != byCount.cend(); ++it) {
        for (qsizetype from = 0; from < it->size(); from += 500) {
            QList<QByteArray> args{"XCLAIM", spec.stream, spec.group, "consumer-" + QByteArray::number(batchNo++ % spec.consumers), "0"};
            args += it->mid(from, 500);
            args += {"RETRYCOUNT", QByteArray::number(it.key()), "JUSTID"};
            respList(buf, args);
        }
    }

    QTemporaryFile file;
    if (!file.open() || file.write(buf) != buf.size() || !file.flush()) {
        if (error)
            *error = QStringLiteral("could not write the fixture's commands to a temporary file");
        return false;
    }
    buf = {};
    const QString cli = QStandardPaths::findExecutable(QStringLiteral("redis-cli"));
    if (cli.isEmpty()) {
        if (error)
            *error = QStringLiteral("redis-cli not found: install redis-tools (./dev deps does)");
        return false;
    }
    QProcess p;
    p.setStandardInputFile(file.fileName());
    p.start(cli, {QStringLiteral("-p"), QString::number(port), QStringLiteral("--pipe"), QStringLiteral("--pipe-timeout"), QStringLiteral("300")});
    if (!p.waitForFinished(600'000) || p.exitCode() != 0) {
        if (error)
            *error = QStringLiteral("redis-cli --pipe failed: %1").arg(QString::fromLocal8Bit(p.readAll()));
        return false;
    }
    const QByteArray out = p.readAll();
    if (!out.contains("errors: 0")) {
        if (error)
            *error = QStringLiteral("fixture commands failed: %1").arg(QString::fromLocal8Bit(out.trimmed()));
        return false;
    }
    qint64 count = -1;
    redis.pipeline({{"XPENDING", spec.stream, spec.group}}, [&](int, const redisReply *r) {
        if (r->type == REDIS_REPLY_ARRAY && r->elements >= 1)
            count = r->element[0]->integer;
    });
    if (count != spec.pending) {
        if (error)
            *error = fillText(QStringLiteral("fixture has %1 pending entries, wanted %2"), count, spec.pending);
        return false;
    }
    return true;
}

bool readTruth(RawRedis &redis, const FixtureSpec &spec, PelTruth *truth, QString *error)
{
    PelTruth t;
    const RedisBatch batch{{"TIME"}, {"XPENDING", spec.stream, spec.group, "-", "+", QByteArray::number(spec.pending + 1)}};
    const bool ok = redis.pipeline(batch, [&](int i, const redisReply *r) {
        if (i == 0) {
            t.readAtMs = timeReplyMs(r);
            return;
        }
        if (r->type != REDIS_REPLY_ARRAY)
            return;
        t.maxIdleMs = -1;
        for (size_t k = 0; k < r->elements; ++k) {
            const redisReply *e = r->element[k];
            const qint64 idle = e->element[2]->integer;
            t.deliveryCounts[e->element[3]->integer] += 1;
            if (idle > t.maxIdleMs) {
                t.maxIdleMs = idle;
                t.oldestIdleId = QByteArray(e->element[0]->str, qsizetype(e->element[0]->len));
            }
        }
        t.entries = qint64(r->element ? r->elements : 0);
    });
    if (!ok || t.entries != spec.pending) {
        if (error)
            *error = fillText(QStringLiteral("whole-PEL XPENDING returned %1 entries (%2)"), t.entries, redis.lastError());
        return false;
    }
    *truth = t;
    return true;
}

std::pair<qint64, qint64> PelTruth::oldestIdleAt(qint64 serverMs, qint64 spanMs) const
{
    // XPENDING measures every idle against one clock reading taken just after
    // the TIME before it (same pipeline, same millisecond or the next).
    const qint64 at = serverMs - readAtMs + maxIdleMs;
    return {at - 1, at + spanMs + 1};
}

double totalVariation(const QMap<qint64, qint64> &a, const QMap<qint64, qint64> &b)
{
    double na = 0, nb = 0;
    for (qint64 v : a)
        na += double(v);
    for (qint64 v : b)
        nb += double(v);
    if (na == 0 || nb == 0)
        return 1.0;
    QMap<qint64, bool> keys;
    for (auto it = a.cbegin(); it != a.cend(); ++it)
        keys[it.key()] = true;
    for (auto it = b.cbegin(); it != b.cend(); ++it)
        keys[it.key()] = true;
    double sum = 0;
    for (auto it = keys.cbegin(); it != keys.cend(); ++it)
        sum += std::abs(double(a.value(it.key())) / na - double(b.value(it.key())) / nb);
    return sum / 2;
}

} // namespace pelscope::bench
