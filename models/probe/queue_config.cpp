#include "queue_config.h"

#include "../text/display_text.h"
#include "../text/fill_text.h"

#include <QSettings>

namespace pelscope {

QString QueueConfig::addList(const QString &spec)
{
    const qsizetype eq = spec.lastIndexOf(QLatin1Char('='));
    const QString main = spec.left(eq).trimmed();
    const QString processing = eq < 0 ? QString() : spec.mid(eq + 1).trimmed();
    if (eq <= 0 || main.isEmpty() || processing.isEmpty())
        return QStringLiteral("a list queue is MAIN=PROCESSING (e.g. myqueue=processing), got '%1'").arg(spec);
    if (main == processing)
        return QStringLiteral("list queue '%1': the main and processing lists must differ").arg(spec);
    lists.append({main.toUtf8(), processing.toUtf8()});
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
            error = QStringLiteral("unknown key '%1' (known: delayed, list, discovery, frameworks, score_unit, timestamp_fields, processing_sample)").arg(key);
        }
        if (!error.isEmpty())
            return QStringLiteral("%1: [queues] %2").arg(path, error);
    }
    return {};
}

} // namespace pelscope
