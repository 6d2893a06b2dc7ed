// Saved connection profiles and the recent-connections list in QSettings, with
// passwords kept only in the OS keychain (QtKeychain), never on disk.
#pragma once

#include "probe/probe_config.h"
#include "values/connection_options.h"

#include <QObject>
#include <QSettings>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

namespace pelscope {

// Everything about a connection except its password.
struct ConnectionProfile
{
    enum class ColorTag { None, Production, Staging, Dev };

    QString name; // empty for an unsaved (recent-only) connection
    QString url;  // redis://host:port/db, rediss://..., unix:///path?db=N: no user, no password
    QString user;
    TlsOptions tls; // used when url is rediss://
    ColorTag colorTag = ColorTag::None;
    QString discoveryPattern = QStringLiteral("*");
    QStringList streams;       // non-empty: watch exactly these, no SCAN
    int pollIntervalMs = 1000; // 500 .. 60000
    QStringList thresholds;    // "key=value", keys of HealthThresholds::set
    QString prometheusUrl;     // a Prometheus scraping this connection's exporter; empty: none
    QStringList delayedQueues; // sorted sets scored by due time
    QStringList listQueues;    // "main=processing"
    bool queueDiscovery = true; // also find queues by name (when no stream or queue is named)

    static constexpr int kMinPollMs = 500;
    static constexpr int kMaxPollMs = 60'000;

    // The options to connect with (no password: that comes from the keychain or
    // the operator). Empty error on success.
    ConnectionOptions connectionOptions(QString *error = nullptr) const;
    // Discovery and thresholds applied on top of `base`.
    ProbeConfig probeConfig(QString *error = nullptr, ProbeConfig base = {}) const;
    // The profile fields taken from options (url, user, TLS); the rest unchanged.
    void setConnection(const ConnectionOptions &options);
    // A URL for options with neither user nor password in it.
    static QString urlWithoutSecrets(const ConnectionOptions &options);

    // A name as profiles are kept and looked up: trimmed, in Unicode NFC, so
    // "café" typed two ways is one profile.
    static QString normalizedName(const QString &name);

    static QString colorTagName(ColorTag tag); // "production", "staging", "dev", ""
    static ColorTag colorTagFromName(const QString &name);

    bool operator==(const ConnectionProfile &other) const;
};

class ConnectionProfileStore : public QObject
{
    Q_OBJECT
public:
    enum class KeychainState { Unknown, Available, Unavailable };
    Q_ENUM(KeychainState)

    static constexpr int kMaxRecent = 8;

    // Settings go to `settingsPath` (empty: the application's default
    // QSettings); passwords to the keychain under `keychainService` with the
    // profile name as key.
    explicit ConnectionProfileStore(QObject *parent = nullptr, QString keychainService = QStringLiteral("pelscope"), QString settingsPath = {});
    // The window's settings file, where its profiles are: what the console
    // (another application name) reads with --profile.
    static QString windowSettingsPath();

    QList<ConnectionProfile> profiles() const; // sorted by name
    std::optional<ConnectionProfile> profile(const QString &name) const;
    // Writes the profile (replacing one with the same name). Returns an error
    // message, empty on success. Does not touch the password.
    QString save(const ConnectionProfile &profile);
    // Removes the profile and its keychain entry.
    void remove(const QString &name);

    QList<ConnectionProfile> recent() const; // most recent first, at most kMaxRecent
    void addRecent(const ConnectionProfile &profile);

    // Asynchronous keychain access; each call ends in exactly one of the
    // signals below. An empty password deletes the stored one.
    void writePassword(const QString &profileName, const QByteArray &password);
    void readPassword(const QString &profileName);

    // What the last keychain job told us.
    KeychainState keychainState() const { return m_keychainState; }
    QString keychainError() const { return m_keychainError; }
    QString settingsFileName() const;

Q_SIGNALS:
    void profilesChanged();
    void recentChanged();
    void passwordWritten(const QString &profileName);
    void passwordRead(const QString &profileName, const QByteArray &password);
    void passwordNotFound(const QString &profileName);
    // No usable keychain: the password is not stored and must be asked each time.
    void keychainUnavailable(const QString &profileName, const QString &reason);

private:
    QString writeAll(const QList<ConnectionProfile> &profiles, const QList<ConnectionProfile> &recent);
    std::unique_ptr<QSettings> settings() const;
    void noteKeychainError(const QString &profileName, const QString &reason);

    QString m_service;
    QString m_settingsPath;
    KeychainState m_keychainState = KeychainState::Unknown;
    QString m_keychainError;
};

} // namespace pelscope
