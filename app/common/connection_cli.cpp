#include "connection_cli.h"

#include "profiles/connection_profile_store.h"
#include "redis/resp_guard.h"
#include "snapshot/format.h"
#include "text/display_text.h"
#include "text/fill_text.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QTimer>
#include <QTextStream>

#include <cstdio>
#include <optional>
#include "terminal.h"

namespace pelscope {

namespace {

// QSettings reads whatever it is given and blocks on a FIFO or a device
// (`--config /dev/stdin`, a named pipe nobody writes: past any --timeout).
// Only a regular file of a sane size is read.
QString configFileProblem(const QString &path)
{
    constexpr qint64 kMaxConfigBytes = 16 << 20;
    const QFileInfo info(path);
    if (!info.exists())
        return QStringLiteral("config file not found: %1").arg(displayText(path));
    if (!info.isFile()) // false for a FIFO, a socket, a device, a directory
        return QStringLiteral("config %1 is not a regular file").arg(displayText(path));
    if (info.size() > kMaxConfigBytes)
        return fillText(QStringLiteral("config file %1 is %2, over the %3 read"), displayText(path), formatBytes(info.size()), formatBytes(kMaxConfigBytes));
    return {};
}

constexpr qint64 kMaxTimeoutMs = 24LL * 3600 * 1000; // a day: far below what an int of ms holds

// A saved profile's password from the keychain, as the window reads it; none
// when it holds none for the profile, cannot be reached, or does not answer
// within `deadlineMs` (a keychain waiting for an unlock prompt nobody sees).
std::optional<QByteArray> keychainPassword(ConnectionProfileStore &store, const QString &name, int deadlineMs, QString *why)
{
    std::optional<QByteArray> password;
    QEventLoop loop;
    QObject::connect(&store, &ConnectionProfileStore::passwordRead, &loop, [&](const QString &, const QByteArray &bytes) {
        password = bytes;
        loop.quit();
    });
    QObject::connect(&store, &ConnectionProfileStore::passwordNotFound, &loop, [&] {
        *why = QStringLiteral("the keychain holds no password for it");
        loop.quit();
    });
    QObject::connect(&store, &ConnectionProfileStore::keychainUnavailable, &loop, [&](const QString &, const QString &reason) {
        *why = fillText(QStringLiteral("the keychain cannot be reached (%1)"), reason);
        loop.quit();
    });
    QTimer::singleShot(deadlineMs, &loop, [&] {
        *why = fillText(QStringLiteral("the keychain did not answer within %1"), formatDuration(deadlineMs));
        loop.quit();
    });
    store.readPassword(name);
    loop.exec();
    return password;
}

// --profile NAME: the window's saved connection (its settings file), with the
// password from the keychain unless --askpass or $REDISCLI_AUTH gives one.
QString applyProfile(const QCommandLineParser &p, ConnectionOptions &o, const ConnectionProfile *&used, ConnectionProfile &storage)
{
    const QString name = p.value(QStringLiteral("profile"));
    if (p.isSet(QStringLiteral("url")))
        return QStringLiteral("--profile and --url each name a connection: give one of them");
    for (const char *flag : {"match", "stream", "delayed-queue", "list-queue"})
        if (p.isSet(QLatin1String(flag)))
            return fillText(QStringLiteral("--profile says what to watch: drop --%1 (or use --url)"), QLatin1String(flag));
    ConnectionProfileStore store(nullptr, QStringLiteral("pelscope"), ConnectionProfileStore::windowSettingsPath());
    const std::optional<ConnectionProfile> found = store.profile(name);
    if (!found) {
        QStringList names;
        for (const ConnectionProfile &saved : store.profiles())
            names << displayText(saved.name);
        return names.isEmpty() ? fillText(QStringLiteral("no saved profile named %1: %2 holds none (the window saves them)"), displayText(name),
                                          store.settingsFileName())
                               : fillText(QStringLiteral("no saved profile named %1; saved: %2"), displayText(name), names.join(QStringLiteral(", ")));
    }
    storage = *found;
    used = &storage;
    QString error;
    o = storage.connectionOptions(&error);
    if (!error.isEmpty())
        return fillText(QStringLiteral("profile %1: %2"), displayText(name), error);
    if (p.isSet(QStringLiteral("askpass")) || qEnvironmentVariableIsSet("REDISCLI_AUTH"))
        return {}; // the caller takes the password from there
    QString why;
    if (const std::optional<QByteArray> password = keychainPassword(store, name, 10'000, &why))
        o.password = *password;
    else if (!o.user.isEmpty() && !isTerminal(stdin))
        return fillText(QStringLiteral("profile %1 connects as %2, and %3: use --askpass or set REDISCLI_AUTH"), displayText(name),
                        displayBytes(o.user), why);
    return {};
}

}

void addConnectionOptions(QCommandLineParser &p)
{
    p.addOptions({
        {{QStringLiteral("u"), QStringLiteral("url")},
         QStringLiteral("Server URL: redis://[user[:pass]@]host[:port][/db], rediss://... (TLS), unix:///path.sock[?db=N], "
                        "redis+sentinel://[user[:pass]@]host1[:26379],host2[:26379]/MASTER[/db] (rediss+sentinel:// for TLS)."),
         QStringLiteral("url"),
         QStringLiteral("redis://127.0.0.1:6379")},
        {QStringLiteral("user"), QStringLiteral("ACL user name (overrides the URL's)."), QStringLiteral("name")},
        {QStringLiteral("askpass"), QStringLiteral("Prompt for the password on the terminal (else the URL's, else $REDISCLI_AUTH).")},
        {QStringLiteral("tls"), QStringLiteral("Use TLS (same as a rediss:// URL).")},
        {QStringLiteral("cacert"), QStringLiteral("CA certificate bundle (PEM) to verify the server with."), QStringLiteral("file")},
        {QStringLiteral("cert"), QStringLiteral("Client certificate (PEM) for servers that require one."), QStringLiteral("file")},
        {QStringLiteral("key"), QStringLiteral("Private key (PEM) of the client certificate."), QStringLiteral("file")},
        {QStringLiteral("sni"), QStringLiteral("Server name for SNI and verification (default: the host)."), QStringLiteral("name")},
        {QStringLiteral("insecure"), QStringLiteral("Do not verify the server's certificate (dangerous).")},
        {QStringLiteral("timeout"), QStringLiteral("Deadline for every command and for connecting (default 5s)."), QStringLiteral("duration"),
         QStringLiteral("5s")},
        {QStringLiteral("max-reply-size"),
         QStringLiteral("Largest reply accepted from the server (default 512MB); a larger one drops the connection."), QStringLiteral("size"),
         QStringLiteral("512MB")},
        {QStringLiteral("read-from-replica"),
         QStringLiteral("Poll a replica, never the primary's data (same as ?read_from=replica): the one the sentinels name, "
                        "the URL's node if it is a replica, else the most up-to-date replica its ROLE lists. "
                        "Writes still go to the primary.")},
    });
}

void addProfileOption(QCommandLineParser &p)
{
    p.addOption({QStringLiteral("profile"),
                 QStringLiteral("A connection saved in the window (its URL, user, TLS, what it watches and its thresholds); the password from "
                                "the keychain, unless --askpass or $REDISCLI_AUTH gives one."),
                 QStringLiteral("name")});
}

void addProbeOptions(QCommandLineParser &p)
{
    p.addOptions({
        {QStringLiteral("match"), QStringLiteral("Discover stream keys matching this pattern with SCAN (default *)."), QStringLiteral("pattern"),
         QStringLiteral("*")},
        {QStringLiteral("stream"), QStringLiteral("Watch this stream key (repeatable); disables SCAN."), QStringLiteral("key")},
        {QStringLiteral("pel-budget"), QStringLiteral("PEL entries per group walked exactly (default 10000); larger PELs are sampled."),
         QStringLiteral("n"), QStringLiteral("10000")},
        {QStringLiteral("poll-budget"),
         QStringLiteral("Server time per tick in µs, estimated from command counts and sizes (default 0: none). Optional reads (consumers, "
                        "histogram, XINFO STREAM) wait for ticks with room; the status says when the budget cannot cover the groups."),
         QStringLiteral("us"), QStringLiteral("0")},
        {QStringLiteral("config"), QStringLiteral("INI file with a [health] section of thresholds, a [queues] section and a [runbooks] section (reason code or STREAM/GROUP = https URL)."), QStringLiteral("file")},
        {QStringLiteral("delayed-queue"),
         QStringLiteral("Watch this sorted set as a delayed queue, scored by due time (repeatable); no queue is looked for by name then."),
         QStringLiteral("key")},
        {QStringLiteral("list-queue"),
         QStringLiteral("Watch this reliable list and its processing list, e.g. myqueue=processing, or a plain list workers pop from (the key alone) "
                        "(repeatable); no queue is looked for by name then."),
         QStringLiteral("main[=processing]")},
        {QStringLiteral("no-queue-discovery"),
         QStringLiteral("Do not look for delayed queues (sorted sets named *delay*, *schedul*) and reliable lists (X with X:processing) by name.")},
        {QStringLiteral("no-framework-discovery"),
         QStringLiteral("Do not look for job frameworks (BullMQ, Sidekiq, Celery, RQ, dramatiq, arq) by their keys.")},
        {QStringLiteral("framework"),
         QStringLiteral("Read this job framework deployment from the first tick, found or not (repeatable): bullmq:[PREFIX:]QUEUE, sidekiq, rq, "
                        "celery, dramatiq:[NAMESPACE:]QUEUE, arq[:QUEUE_KEY], taskiq[:STREAM[/GROUP]]."),
         QStringLiteral("name[:where]")},
        {QStringLiteral("annotations-stream"),
         QStringLiteral("Read the moments a deploy pipeline marks by XADD to this stream (fields text, optional stream, group, author, at): "
                        "read-only, up to 100 entries a poll, kept in the history and drawn on the charts."),
         QStringLiteral("key")},
        {QStringLiteral("score-unit"), QStringLiteral("Delayed queues' scores: auto (default: the scores near the server's time say which), s or ms."), QStringLiteral("unit"),
         QStringLiteral("auto")},
        {QStringLiteral("threshold"),
         QStringLiteral("Override one threshold, e.g. oldest_idle_crit=10m (repeatable). Keys: %1.")
             .arg(HealthThresholds::keys().join(QStringLiteral(", "))),
         QStringLiteral("key=value")},
    });
}

void addHistoryOptions(QCommandLineParser &p)
{
    p.addOptions({
        {QStringLiteral("history-dir"), QStringLiteral("Where the on-disk history databases live (default: <data>/history)."), QStringLiteral("dir")},
        {QStringLiteral("history-days"), QStringLiteral("Days of history kept (default 14)."), QStringLiteral("n"), QStringLiteral("14")},
        {QStringLiteral("history-max-mb"), QStringLiteral("Size cap of one connection's history; the oldest coarse data goes first (default 500)."),
         QStringLiteral("mb"), QStringLiteral("500")},
    });
}

QByteArray promptPassword(const QString &prompt)
{
#ifdef _WIN32
    std::FILE *tty = nullptr; // the console is stdin/stderr
#else
    std::FILE *tty = std::fopen("/dev/tty", "r+");
#endif
    std::FILE *in = tty ? tty : stdin;
    std::FILE *out = tty ? tty : stderr;
    std::fprintf(out, "%s", prompt.toLocal8Bit().constData());
    std::fflush(out);
    const bool quiet = setEcho(in, false);
    char buffer[1024] = {};
    const bool ok = std::fgets(buffer, sizeof buffer, in) != nullptr;
    if (quiet) {
        setEcho(in, true);
        std::fprintf(out, "\n");
    }
    if (tty)
        std::fclose(tty);
    QByteArray line = ok ? QByteArray(buffer) : QByteArray();
    while (line.endsWith('\n') || line.endsWith('\r'))
        line.chop(1);
    return line;
}

QString settingsFromParser(const QCommandLineParser &p, CliSettings &out)
{
    ConnectionOptions o;
    const ConnectionProfile *profile = nullptr;
    ConnectionProfile profileStorage;
    // optionNames(): what was given, without a warning where the program
    // (the window) did not add the option.
    if (p.optionNames().contains(QStringLiteral("profile"))) {
        if (const QString e = applyProfile(p, o, profile, profileStorage); !e.isEmpty())
            return e;
    } else {
        const auto parsed = parseRedisUrl(p.value(QStringLiteral("url")));
        if (!parsed.options)
            return parsed.error;
        o = *parsed.options;
    }
    if (p.isSet(QStringLiteral("user")))
        o.user = p.value(QStringLiteral("user")).toUtf8();
    if (p.isSet(QStringLiteral("askpass")))
        o.password = promptPassword(QStringLiteral("Password: "));
    else if (!o.password && qEnvironmentVariableIsSet("REDISCLI_AUTH"))
        o.password = qgetenv("REDISCLI_AUTH");
    if (!o.user.isEmpty() && !o.password) {
        // Connecting without AUTH would make us `default`: ask, or refuse.
        if (!isTerminal(stdin))
            return QStringLiteral("the user '%1' was given without a password: add it to the URL (an empty one, redis://%1:@host, "
                                  "for a nopass user), use --askpass or set REDISCLI_AUTH")
                .arg(displayBytes(o.user));
        o.password = promptPassword(QStringLiteral("Password for %1: ").arg(displayBytes(o.user)));
    }
    if (p.isSet(QStringLiteral("tls")))
        o.transport = ConnectionOptions::Transport::Tls;
    if (p.isSet(QStringLiteral("read-from-replica")))
        o.readFromReplica = true;
    const bool tlsFlags = p.isSet(QStringLiteral("cacert")) || p.isSet(QStringLiteral("cert")) || p.isSet(QStringLiteral("key"))
                          || p.isSet(QStringLiteral("sni")) || p.isSet(QStringLiteral("insecure"));
    if (tlsFlags && o.transport != ConnectionOptions::Transport::Tls)
        return QStringLiteral("TLS options given without TLS: use a rediss:// URL or --tls");
    if (tlsFlags || !profile) { // a profile keeps its own TLS files unless flags name others
        o.tls.caFile = p.value(QStringLiteral("cacert"));
        o.tls.certFile = p.value(QStringLiteral("cert"));
        o.tls.keyFile = p.value(QStringLiteral("key"));
        o.tls.sni = p.value(QStringLiteral("sni"));
        o.tls.insecure = p.isSet(QStringLiteral("insecure"));
    }
    for (const QString &f : {o.tls.caFile, o.tls.certFile, o.tls.keyFile})
        if (!f.isEmpty() && !QFile::exists(f))
            return QStringLiteral("file not found: %1").arg(f);
    if (o.tls.certFile.isEmpty() != o.tls.keyFile.isEmpty())
        return QStringLiteral("--cert and --key go together");
    const auto timeout = parseDurationMs(p.value(QStringLiteral("timeout")));
    if (!timeout || *timeout < 10)
        return QStringLiteral("invalid --timeout '%1' (e.g. 5s, 500ms)").arg(p.value(QStringLiteral("timeout")));
    // A QTimer takes an int of milliseconds: 2147484s would wrap to a negative interval.
    if (*timeout > kMaxTimeoutMs)
        return QStringLiteral("--timeout '%1' is too long (at most %2)").arg(p.value(QStringLiteral("timeout")), formatDuration(kMaxTimeoutMs));
    o.commandTimeoutMs = int(*timeout);
    o.connectTimeoutMs = int(*timeout);
    const auto maxReply = parseByteSize(p.value(QStringLiteral("max-reply-size")));
    if (!maxReply || *maxReply < 1024)
        return QStringLiteral("invalid --max-reply-size '%1' (e.g. 512MB, 2GB; at least 1KB)").arg(p.value(QStringLiteral("max-reply-size")));
    o.replyLimits.maxReplyBytes = *maxReply;
    out.connection = o;

    ProbeConfig &c = out.probe;
    c.match = p.value(QStringLiteral("match")).toUtf8();
    for (const QString &s : p.values(QStringLiteral("stream")))
        c.streams.append(s.toUtf8());
    bool ok = false;
    c.pelBudget = p.value(QStringLiteral("pel-budget")).toInt(&ok);
    if (!ok || c.pelBudget < 1)
        return QStringLiteral("invalid --pel-budget '%1'").arg(p.value(QStringLiteral("pel-budget")));
    c.pollBudgetUs = p.value(QStringLiteral("poll-budget")).toLongLong(&ok);
    if (!ok || c.pollBudgetUs < 0)
        return QStringLiteral("invalid --poll-budget '%1' (server µs per tick, e.g. 200; 0 for none)").arg(p.value(QStringLiteral("poll-budget")));
    if (p.isSet(QStringLiteral("config"))) {
        const QString path = p.value(QStringLiteral("config"));
        if (const QString e = configFileProblem(path); !e.isEmpty())
            return e;
        const QString e = c.thresholds.loadFile(path);
        if (!e.isEmpty())
            return e;
        if (const QString qe = c.queues.loadFile(path); !qe.isEmpty())
            return qe;
    }
    for (const QString &k : p.values(QStringLiteral("delayed-queue")))
        c.queues.delayed.append(k.toUtf8());
    for (const QString &spec : p.values(QStringLiteral("list-queue")))
        if (const QString e = c.queues.addList(spec); !e.isEmpty())
            return QStringLiteral("--list-queue: %1").arg(e);
    for (const QString &spec : p.values(QStringLiteral("framework")))
        if (const QString e = c.queues.addFramework(spec); !e.isEmpty())
            return fillText(QStringLiteral("--framework: %1"), e);
    if (p.isSet(QStringLiteral("no-queue-discovery")))
        c.queues.discover = false;
    if (p.isSet(QStringLiteral("no-framework-discovery")))
        c.queues.discoverFrameworks = false;
    if (p.isSet(QStringLiteral("annotations-stream"))) {
        c.annotationsStream = p.value(QStringLiteral("annotations-stream")).toUtf8();
        if (c.annotationsStream.isEmpty())
            return QStringLiteral("--annotations-stream: a stream key is needed");
    }
    if (p.isSet(QStringLiteral("score-unit")))
        if (const QString e = c.queues.setScoreUnit(p.value(QStringLiteral("score-unit"))); !e.isEmpty())
            return QStringLiteral("--score-unit: %1").arg(e);
    if (profile) {
        // What the profile watches, and its thresholds over those of
        // --config; a --threshold flag (below) still wins over both.
        QString error;
        c = profile->probeConfig(&error, c);
        if (!error.isEmpty())
            return fillText(QStringLiteral("profile %1: %2"), displayText(profile->name), error);
    }
    for (const QString &kv : p.values(QStringLiteral("threshold"))) {
        const qsizetype eq = kv.indexOf(QLatin1Char('='));
        if (eq <= 0)
            return QStringLiteral("--threshold expects key=value, got '%1'").arg(kv);
        const QString e = c.thresholds.set(kv.left(eq).trimmed(), kv.mid(eq + 1));
        if (!e.isEmpty())
            return e;
    }
    if (const QString e = c.thresholds.validate(); !e.isEmpty())
        return e;

    // Both programs add the history options (addHistoryOptions).
    {
        out.history.dir = p.value(QStringLiteral("history-dir"));
        out.history.days = p.value(QStringLiteral("history-days")).toInt(&ok);
        if (!ok || out.history.days < 1 || out.history.days > 3650)
            return QStringLiteral("invalid --history-days '%1' (1 to 3650)").arg(p.value(QStringLiteral("history-days")));
        const qint64 mb = p.value(QStringLiteral("history-max-mb")).toLongLong(&ok);
        if (!ok || mb < 0)
            return QStringLiteral("invalid --history-max-mb '%1' (0 for no cap)").arg(p.value(QStringLiteral("history-max-mb")));
        out.history.maxBytes = mb * 1024 * 1024;
    }
    // Said where the operator reads, not only in the window's dialog: on
    // every run that connects without checking who answers.
    if (out.connection.transport == ConnectionOptions::Transport::Tls && out.connection.tls.insecure)
        std::fprintf(stderr, "%s: warning: the server's TLS certificate is not verified (--insecure): anyone on the path can "
                             "pose as the server and read the password and the data\n",
                     qUtf8Printable(QCoreApplication::applicationName()));
    return {};
}

} // namespace pelscope
