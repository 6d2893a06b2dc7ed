// Profiles live in QSettings as two arrays (connections/profiles, connections/recent);
// the settings file is made owner-only after every write. Passwords go through
// QtKeychain only; insecureFallback stays off, so no keychain means no password
// stored at all.
#include "connection_profile_store.h"

#include "../text/display_text.h"
#include "../text/fill_text.h"

#include <QCoreApplication>
#include <QSet>
#include <QFile>
#include <QSettings>

#include <qt6keychain/keychain.h>

#include <spdlog/spdlog.h>

#include <algorithm>

namespace pelscope {

namespace {

const QString kProfilesKey = QStringLiteral("connections/profiles");
const QString kRecentKey = QStringLiteral("connections/recent");

void writeProfile(QSettings &s, const ConnectionProfile &p)
{
    s.setValue(QStringLiteral("name"), p.name);
    s.setValue(QStringLiteral("url"), p.url);
    s.setValue(QStringLiteral("user"), p.user);
    s.setValue(QStringLiteral("tlsCaFile"), p.tls.caFile);
    s.setValue(QStringLiteral("tlsCertFile"), p.tls.certFile);
    s.setValue(QStringLiteral("tlsKeyFile"), p.tls.keyFile);
    s.setValue(QStringLiteral("tlsSni"), p.tls.sni);
    s.setValue(QStringLiteral("tlsVerify"), !p.tls.insecure);
    s.setValue(QStringLiteral("colorTag"), ConnectionProfile::colorTagName(p.colorTag));
    s.setValue(QStringLiteral("discoveryPattern"), p.discoveryPattern);
    s.setValue(QStringLiteral("streams"), p.streams);
    s.setValue(QStringLiteral("pollIntervalMs"), p.pollIntervalMs);
    s.setValue(QStringLiteral("thresholds"), p.thresholds);
    s.setValue(QStringLiteral("prometheusUrl"), p.prometheusUrl);
    s.setValue(QStringLiteral("delayedQueues"), p.delayedQueues);
    s.setValue(QStringLiteral("listQueues"), p.listQueues);
    s.setValue(QStringLiteral("queueDiscovery"), p.queueDiscovery);
}

ConnectionProfile readProfile(const QSettings &s)
{
    ConnectionProfile p;
    p.name = s.value(QStringLiteral("name")).toString();
    p.url = s.value(QStringLiteral("url")).toString();
    p.user = s.value(QStringLiteral("user")).toString();
    p.tls.caFile = s.value(QStringLiteral("tlsCaFile")).toString();
    p.tls.certFile = s.value(QStringLiteral("tlsCertFile")).toString();
    p.tls.keyFile = s.value(QStringLiteral("tlsKeyFile")).toString();
    p.tls.sni = s.value(QStringLiteral("tlsSni")).toString();
    p.tls.insecure = !s.value(QStringLiteral("tlsVerify"), true).toBool();
    p.colorTag = ConnectionProfile::colorTagFromName(s.value(QStringLiteral("colorTag")).toString());
    p.discoveryPattern = s.value(QStringLiteral("discoveryPattern"), QStringLiteral("*")).toString();
    p.streams = s.value(QStringLiteral("streams")).toStringList();
    p.pollIntervalMs =
        std::clamp(s.value(QStringLiteral("pollIntervalMs"), 1000).toInt(), ConnectionProfile::kMinPollMs, ConnectionProfile::kMaxPollMs);
    p.thresholds = s.value(QStringLiteral("thresholds")).toStringList();
    p.prometheusUrl = s.value(QStringLiteral("prometheusUrl")).toString();
    p.delayedQueues = s.value(QStringLiteral("delayedQueues")).toStringList();
    p.listQueues = s.value(QStringLiteral("listQueues")).toStringList();
    p.queueDiscovery = s.value(QStringLiteral("queueDiscovery"), true).toBool();
    return p;
}

QList<ConnectionProfile> readArray(QSettings &s, const QString &key)
{
    QList<ConnectionProfile> out;
    QSet<QString> names;
    const int n = s.beginReadArray(key);
    for (int i = 0; i < n; ++i) {
        s.setArrayIndex(i);
        ConnectionProfile p = readProfile(s);
        p.name = ConnectionProfile::normalizedName(p.name);
        // A file edited by hand (or by an older version) may hold one name
        // twice: the first is the profile, as --profile and the window find
        // it; the other would be a second row of the same name.
        if (!p.name.isEmpty() && names.contains(p.name)) {
            spdlog::warn("profile '{}' is in {} twice: the second is ignored", displayText(p.name).toStdString(), s.fileName().toStdString());
            continue;
        }
        names.insert(p.name);
        out << p;
    }
    s.endArray();
    return out;
}

bool sameRecent(const ConnectionProfile &a, const ConnectionProfile &b)
{
    if (!a.name.isEmpty() || !b.name.isEmpty())
        return a.name == b.name;
    return a.url == b.url && a.user == b.user;
}

} // namespace

ConnectionOptions ConnectionProfile::connectionOptions(QString *error) const
{
    const UrlParseResult parsed = parseRedisUrl(url);
    if (!parsed.options) {
        if (error)
            *error = parsed.error;
        return {};
    }
    ConnectionOptions o = *parsed.options;
    o.password.reset(); // a stray password in a hand-edited URL is not honoured
    if (!user.isEmpty())
        o.user = user.toUtf8();
    o.tls = tls;
    if (error)
        error->clear();
    return o;
}

ProbeConfig ConnectionProfile::probeConfig(QString *error, ProbeConfig base) const
{
    QString problem;
    base.streams.clear();
    for (const QString &s : streams)
        if (!s.isEmpty())
            base.streams << s.toUtf8();
    base.match = discoveryPattern.isEmpty() ? QByteArray("*") : discoveryPattern.toUtf8();
    base.queues.delayed.clear();
    base.queues.lists.clear();
    for (const QString &k : delayedQueues)
        if (!k.trimmed().isEmpty())
            base.queues.delayed << k.trimmed().toUtf8();
    for (const QString &spec : listQueues)
        if (!spec.trimmed().isEmpty() && problem.isEmpty())
            problem = base.queues.addList(spec);
    base.queues.discover = queueDiscovery;
    for (const QString &line : thresholds) {
        const qsizetype eq = line.indexOf(QLatin1Char('='));
        if (eq <= 0) {
            problem = QCoreApplication::translate("pelscope::ConnectionProfileStore", "threshold '%1': expected key=value").arg(line);
            break;
        }
        problem = base.thresholds.set(line.left(eq).trimmed(), line.mid(eq + 1).trimmed());
        if (!problem.isEmpty())
            break;
    }
    if (error)
        *error = problem;
    return base;
}

void ConnectionProfile::setConnection(const ConnectionOptions &options)
{
    url = urlWithoutSecrets(options);
    user = QString::fromUtf8(options.user);
    tls = options.tls;
}

QString ConnectionProfile::normalizedName(const QString &name)
{
    return name.trimmed().normalized(QString::NormalizationForm_C);
}

QString ConnectionProfile::urlWithoutSecrets(const ConnectionOptions &options)
{
    ConnectionOptions o = options;
    o.user.clear();
    o.password.reset();
    if (o.sentinel) // not kept (the keychain holds one password per profile): give it in the URL
        o.sentinel->password.reset();
    return o.redactedUrl();
}

QString ConnectionProfile::colorTagName(ColorTag tag)
{
    switch (tag) {
    case ColorTag::Production: return QStringLiteral("production");
    case ColorTag::Staging: return QStringLiteral("staging");
    case ColorTag::Dev: return QStringLiteral("dev");
    case ColorTag::None: break;
    }
    return {};
}

ConnectionProfile::ColorTag ConnectionProfile::colorTagFromName(const QString &name)
{
    const QString n = name.trimmed().toLower();
    if (n == QLatin1String("production"))
        return ColorTag::Production;
    if (n == QLatin1String("staging"))
        return ColorTag::Staging;
    if (n == QLatin1String("dev"))
        return ColorTag::Dev;
    return ColorTag::None;
}

bool ConnectionProfile::operator==(const ConnectionProfile &o) const
{
    return name == o.name && url == o.url && user == o.user && tls.caFile == o.tls.caFile && tls.certFile == o.tls.certFile
           && tls.keyFile == o.tls.keyFile && tls.sni == o.tls.sni && tls.insecure == o.tls.insecure && colorTag == o.colorTag
           && discoveryPattern == o.discoveryPattern && streams == o.streams && pollIntervalMs == o.pollIntervalMs && thresholds == o.thresholds
           && prometheusUrl == o.prometheusUrl && delayedQueues == o.delayedQueues && listQueues == o.listQueues && queueDiscovery == o.queueDiscovery;
}

ConnectionProfileStore::ConnectionProfileStore(QObject *parent, QString keychainService, QString settingsPath)
    : QObject(parent)
    , m_service(std::move(keychainService))
    , m_settingsPath(std::move(settingsPath))
{}

QString ConnectionProfileStore::settingsFileName() const
{
    return settings()->fileName();
}

QList<ConnectionProfile> ConnectionProfileStore::profiles() const
{
    QList<ConnectionProfile> all = readArray(*settings(), kProfilesKey);
    std::sort(all.begin(), all.end(), [](const ConnectionProfile &a, const ConnectionProfile &b) { return a.name.localeAwareCompare(b.name) < 0; });
    return all;
}

std::optional<ConnectionProfile> ConnectionProfileStore::profile(const QString &name) const
{
    const QString wanted = ConnectionProfile::normalizedName(name);
    for (const ConnectionProfile &p : readArray(*settings(), kProfilesKey))
        if (p.name == wanted)
            return p;
    return std::nullopt;
}

QString ConnectionProfileStore::save(const ConnectionProfile &profile)
{
    ConnectionProfile p = profile;
    p.name = ConnectionProfile::normalizedName(p.name);
    if (p.name.isEmpty())
        return tr("a profile needs a name");
    // "prod" and "prod" + U+200B would be two profiles that look like one.
    if (const QString bare = QString(p.name).remove(QLatin1Char('\\')); displayText(bare) != bare)
        return fillText(tr("a profile name cannot hold invisible or control characters (it reads %1)"), displayText(p.name));
    QString error;
    const ConnectionOptions options = p.connectionOptions(&error);
    if (!error.isEmpty())
        return error;
    p.probeConfig(&error);
    if (!error.isEmpty())
        return error;
    p.url = ConnectionProfile::urlWithoutSecrets(options); // normalised, and certainly no password
    p.pollIntervalMs = std::clamp(p.pollIntervalMs, ConnectionProfile::kMinPollMs, ConnectionProfile::kMaxPollMs);

    QList<ConnectionProfile> all = readArray(*settings(), kProfilesKey);
    auto it = std::find_if(all.begin(), all.end(), [&](const ConnectionProfile &x) { return x.name == p.name; });
    if (it != all.end())
        *it = p;
    else
        all << p;
    error = writeAll(all, readArray(*settings(), kRecentKey));
    if (!error.isEmpty())
        return error;
    Q_EMIT profilesChanged();
    return {};
}

void ConnectionProfileStore::remove(const QString &name)
{
    QList<ConnectionProfile> all = readArray(*settings(), kProfilesKey);
    const auto removed = all.removeIf([&](const ConnectionProfile &p) { return p.name == name; });
    if (removed == 0)
        return;
    writeAll(all, readArray(*settings(), kRecentKey));
    // Best effort: a keychain that cannot be reached holds nothing of ours anyway.
    auto *job = new QKeychain::DeletePasswordJob(m_service, this);
    job->setKey(name);
    job->start();
    Q_EMIT profilesChanged();
}

QList<ConnectionProfile> ConnectionProfileStore::recent() const
{
    QList<ConnectionProfile> list = readArray(*settings(), kRecentKey);
    if (list.size() > kMaxRecent)
        list.resize(kMaxRecent);
    return list;
}

void ConnectionProfileStore::addRecent(const ConnectionProfile &profile)
{
    ConnectionProfile p = profile;
    QString error;
    const ConnectionOptions options = p.connectionOptions(&error);
    if (!error.isEmpty())
        return;
    p.url = ConnectionProfile::urlWithoutSecrets(options);
    QList<ConnectionProfile> list = readArray(*settings(), kRecentKey);
    list.removeIf([&](const ConnectionProfile &x) { return sameRecent(x, p); });
    list.prepend(p);
    if (list.size() > kMaxRecent)
        list.resize(kMaxRecent);
    writeAll(readArray(*settings(), kProfilesKey), list);
    Q_EMIT recentChanged();
}

std::unique_ptr<QSettings> ConnectionProfileStore::settings() const
{
    return m_settingsPath.isEmpty() ? std::make_unique<QSettings>() : std::make_unique<QSettings>(m_settingsPath, QSettings::NativeFormat);
}

QString ConnectionProfileStore::windowSettingsPath()
{
    return QSettings(QSettings::NativeFormat, QSettings::UserScope, QStringLiteral("pelscope"), QStringLiteral("pelscope")).fileName();
}

QString ConnectionProfileStore::writeAll(const QList<ConnectionProfile> &profiles, const QList<ConnectionProfile> &recent)
{
    const std::unique_ptr<QSettings> settingsFile = settings();
    QSettings &s = *settingsFile;
    auto writeArray = [&s](const QString &key, const QList<ConnectionProfile> &list) {
        s.remove(key);
        s.beginWriteArray(key, int(list.size()));
        for (int i = 0; i < list.size(); ++i) {
            s.setArrayIndex(i);
            writeProfile(s, list.at(i));
        }
        s.endArray();
    };
    writeArray(kProfilesKey, profiles);
    writeArray(kRecentKey, recent);
    s.sync();
    // Profiles name hosts, users and certificate paths: nobody else's business.
    // QSettings rewrites the file through a temporary, so set the mode every time.
    if (s.status() != QSettings::NoError)
        return tr("cannot write the settings file %1").arg(s.fileName());
    if (!QFile::setPermissions(s.fileName(), QFileDevice::ReadOwner | QFileDevice::WriteOwner))
        return tr("cannot make the settings file %1 private (mode 0600)").arg(s.fileName());
    return {};
}

void ConnectionProfileStore::writePassword(const QString &profileName, const QByteArray &password)
{
    QKeychain::Job *job = nullptr;
    if (password.isEmpty()) {
        job = new QKeychain::DeletePasswordJob(m_service, this);
    } else {
        auto *write = new QKeychain::WritePasswordJob(m_service, this);
        write->setBinaryData(password);
        job = write;
    }
    job->setKey(profileName);
    const bool deleting = password.isEmpty();
    connect(job, &QKeychain::Job::finished, this, [this, profileName, deleting](QKeychain::Job *done) {
        const QKeychain::Error e = done->error();
        if (e == QKeychain::NoError || (deleting && e == QKeychain::EntryNotFound)) {
            m_keychainState = KeychainState::Available;
            m_keychainError.clear();
            Q_EMIT passwordWritten(profileName);
        } else {
            noteKeychainError(profileName, done->errorString());
        }
    });
    job->start();
}

void ConnectionProfileStore::readPassword(const QString &profileName)
{
    auto *job = new QKeychain::ReadPasswordJob(m_service, this);
    job->setKey(profileName);
    connect(job, &QKeychain::Job::finished, this, [this, profileName](QKeychain::Job *done) {
        switch (done->error()) {
        case QKeychain::NoError:
            m_keychainState = KeychainState::Available;
            m_keychainError.clear();
            Q_EMIT passwordRead(profileName, static_cast<QKeychain::ReadPasswordJob *>(done)->binaryData());
            return;
        case QKeychain::EntryNotFound:
            m_keychainState = KeychainState::Available;
            m_keychainError.clear();
            Q_EMIT passwordNotFound(profileName);
            return;
        default: noteKeychainError(profileName, done->errorString()); return;
        }
    });
    job->start();
}

void ConnectionProfileStore::noteKeychainError(const QString &profileName, const QString &reason)
{
    m_keychainState = KeychainState::Unavailable;
    m_keychainError = reason.isEmpty() ? tr("no keychain service") : reason;
    Q_EMIT keychainUnavailable(profileName, m_keychainError);
}

} // namespace pelscope
