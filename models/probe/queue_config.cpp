#include "queue_config.h"

#include <cmath>

#include "../text/display_text.h"
#include "../text/fill_text.h"

#include <QSettings>

#include <optional>

namespace pelscope {

QString QueueConfig::addList(const QString &spec)
{
    const qsizetype eq = spec.lastIndexOf(QLatin1Char('='));
    const QString main = (eq < 0 ? spec : spec.left(eq)).trimmed();
    const QString processing = eq < 0 ? QString() : spec.mid(eq + 1).trimmed();
    if (main.isEmpty() || (eq >= 0 && processing.isEmpty()))
        return fillText(QStringLiteral("a list queue is MAIN=PROCESSING (a reliable list, e.g. myqueue=processing) or MAIN (a plain list), got '%1'"), spec);
    if (main == processing)
        return QStringLiteral("list queue '%1': the main and processing lists must differ").arg(spec);
    lists.append({main.toUtf8(), processing.toUtf8()});
    return {};
}

QString QueueConfig::addFramework(const QString &spec)
{
    const QString name = spec.section(QLatin1Char(':'), 0, 0).trimmed().toLower();
    const QByteArray rest = spec.section(QLatin1Char(':'), 1).toUtf8();
    // [PREFIX:]QUEUE: the queue's name is the last part (BullMQ refuses a ':' in it).
    const auto prefixed = [&](const QByteArray &defaultPrefix) -> std::optional<QPair<QByteArray, QByteArray>> {
        const qsizetype colon = rest.lastIndexOf(':');
        const QByteArray prefix = colon < 0 ? defaultPrefix : rest.left(colon), queue = rest.mid(colon + 1);
        if (prefix.isEmpty() || queue.isEmpty())
            return std::nullopt;
        return QPair<QByteArray, QByteArray>{prefix, queue};
    };
    const auto bare = [&] { return !spec.contains(QLatin1Char(':')); };
    if (name == QLatin1String("bullmq") || name == QLatin1String("bull")) {
        const auto pq = prefixed("bull");
        if (!pq)
            return fillText(QStringLiteral("'%1': name the queue, bullmq:QUEUE or bullmq:PREFIX:QUEUE"), spec);
        frameworks.bullmq.append(*pq);
    } else if (name == QLatin1String("dramatiq")) {
        const auto pq = prefixed("dramatiq");
        if (!pq)
            return fillText(QStringLiteral("'%1': name the queue, dramatiq:QUEUE or dramatiq:NAMESPACE:QUEUE"), spec);
        frameworks.dramatiq.append(*pq);
    } else if (name == QLatin1String("arq")) {
        const QByteArray key = bare() ? QByteArray("arq:queue") : rest;
        if (key.isEmpty())
            return fillText(QStringLiteral("'%1': arq, or arq:QUEUE_KEY (the worker's queue_name, e.g. arq:queue)"), spec);
        frameworks.arq.append(key);
    } else if (name == QLatin1String("taskiq")) {
        // STREAM[/GROUP]: taskiq-redis's defaults are the stream and group "taskiq".
        const QByteArray where = bare() ? QByteArray("taskiq") : rest;
        const qsizetype slash = where.lastIndexOf('/');
        const QByteArray stream = slash < 0 ? where : where.left(slash), group = slash < 0 ? QByteArray("taskiq") : where.mid(slash + 1);
        if (stream.isEmpty() || group.isEmpty())
            return fillText(QStringLiteral("'%1': taskiq, or taskiq:STREAM or taskiq:STREAM/GROUP"), spec);
        frameworks.taskiq.append({stream, group});
    } else if (name == QLatin1String("sidekiq") && bare()) {
        frameworks.sidekiq = true;
    } else if (name == QLatin1String("rq") && bare()) {
        frameworks.rq = true;
    } else if (name == QLatin1String("celery") && bare()) {
        frameworks.celeryBindings.append("_kombu.binding.celery");
    } else {
        return fillText(QStringLiteral("'%1' is not a framework Pelscope reads (bullmq:[PREFIX:]QUEUE, sidekiq, rq, celery, dramatiq:[NAMESPACE:]QUEUE, arq[:QUEUE_KEY], taskiq[:STREAM[/GROUP]])"),
                        spec);
    }
    FoundJobSystems sorted;
    sorted.merge(frameworks); // sorted, duplicates dropped
    frameworks = sorted;
    return {};
}

QString QueueConfig::unwatchedListReason(const QByteArray &main, const QByteArray &processing, bool mainIsList) const
{
    if (lists.contains(qMakePair(main, processing)))
        return {};
    if (processing == main + ":processing" || processing == "processing:" + main || processing == main + "-processing")
        return {};
    if (processing == "processing" && mainIsList)
        return {};
    return fillText(QStringLiteral("\"%1\" is not the main list of \"%2\" as Pelscope watches it (it pairs X with X:processing, "
                                   "processing:X or X-processing, and the bare \"processing\" with a list that exists): items written there may "
                                   "never be read. Name the pair with --list-queue MAIN=PROCESSING (or in [queues] list) to watch it and write to it."),
                    displayBytes(main), displayBytes(processing));
}

ScoreUnit scoreUnitFrom(const QList<double> &scores, qint64 nowMs)
{
    constexpr double kNearMs = 30.0 * 365.25 * 86'400'000.0;
    bool seconds = false, milliseconds = false;
    for (const double s : scores) {
        if (!std::isfinite(s) || s <= 0)
            continue;
        seconds = seconds || std::abs(s * 1000.0 - double(nowMs)) <= kNearMs;
        milliseconds = milliseconds || std::abs(s - double(nowMs)) <= kNearMs;
    }
    if (seconds == milliseconds)
        return ScoreUnit::Auto;
    return seconds ? ScoreUnit::Seconds : ScoreUnit::Milliseconds;
}

QString scoreUnitText(ScoreUnit unit)
{
    return unit == ScoreUnit::Milliseconds ? QStringLiteral("ms") : unit == ScoreUnit::Seconds ? QStringLiteral("s") : QString();
}

QString QueueConfig::setScoreUnit(const QString &text)
{
    const QString t = text.trimmed().toLower();
    if (t == QLatin1String("auto"))
        scoreUnit = ScoreUnit::Auto;
    else if (t == QLatin1String("s") || t == QLatin1String("seconds"))
        scoreUnit = ScoreUnit::Seconds;
    else if (t == QLatin1String("ms") || t == QLatin1String("milliseconds"))
        scoreUnit = ScoreUnit::Milliseconds;
    else
        return QStringLiteral("invalid score unit '%1' (auto, s or ms)").arg(text);
    return {};
}

QString QueueConfig::loadFile(const QString &path)
{
    QSettings file(path, QSettings::IniFormat);
    if (file.status() != QSettings::NoError)
        return QStringLiteral("cannot read config file %1").arg(path);
    file.beginGroup(QStringLiteral("queues"));
    // QSettings splits "a, b" into a list; one value stays a string.
    const auto list = [&](const QString &key) {
        QStringList out;
        for (const QString &v : file.value(key).toStringList())
            if (!v.trimmed().isEmpty())
                out << v.trimmed();
        return out;
    };
    for (const QString &key : file.childKeys()) {
        QString error;
        if (key == QLatin1String("delayed")) {
            for (const QString &k : list(key))
                delayed.append(k.toUtf8());
        } else if (key == QLatin1String("list")) {
            for (const QString &spec : list(key))
                if (error = addList(spec); !error.isEmpty())
                    break;
        } else if (key == QLatin1String("framework")) {
            for (const QString &spec : list(key))
                if (error = addFramework(spec); !error.isEmpty())
                    break;
        } else if (key == QLatin1String("discovery")) {
            const QString v = file.value(key).toString().trimmed().toLower();
            if (v != QLatin1String("true") && v != QLatin1String("false"))
                error = QStringLiteral("discovery: expected true or false");
            discover = v == QLatin1String("true");
        } else if (key == QLatin1String("frameworks")) {
            const QString v = file.value(key).toString().trimmed().toLower();
            if (v != QLatin1String("true") && v != QLatin1String("false"))
                error = QStringLiteral("frameworks: expected true or false");
            discoverFrameworks = v == QLatin1String("true");
        } else if (key == QLatin1String("score_unit")) {
            error = setScoreUnit(file.value(key).toString());
        } else if (key == QLatin1String("timestamp_fields")) {
            timestampFields.clear();
            for (const QString &f : list(key))
                timestampFields.append(f.toUtf8());
            if (timestampFields.isEmpty())
                error = QStringLiteral("timestamp_fields: name at least one field");
        } else if (key == QLatin1String("processing_sample")) {
            bool ok = false;
            processingSample = file.value(key).toString().trimmed().toInt(&ok);
            if (!ok || processingSample < 1 || processingSample > 10'000)
                error = QStringLiteral("processing_sample: a count from 1 to 10000");
        } else {
            error = QStringLiteral("unknown key '%1' (known: delayed, list, framework, discovery, frameworks, score_unit, timestamp_fields, processing_sample)").arg(key);
        }
        if (!error.isEmpty())
            return QStringLiteral("%1: [queues] %2").arg(path, error);
    }
    return {};
}

} // namespace pelscope
