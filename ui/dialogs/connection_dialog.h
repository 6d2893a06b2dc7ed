// Where to connect and what to watch: a URL or separate fields kept in step,
// saved profiles (password in the OS keychain only), and a "Test" that
// connects once and reports the server or the exact error without blocking.
#pragma once

#include "profiles/connection_profile_store.h"
#include "values/connection_options.h"

#include <QDialog>
#include <QIcon>
#include <optional>
#include <QElapsedTimer>
#include <QPointer>
#include <memory>

class QCheckBox;
class QLineEdit;

namespace pelscope {

class ConnectionTester;
struct RedisError;

namespace Ui {
class ConnectionDialog;
}

class ConnectionDialog : public QDialog
{
    Q_OBJECT
public:
    // `store` is shared with whoever else lists profiles; when null the dialog
    // uses its own.
    explicit ConnectionDialog(ConnectionProfileStore *store = nullptr, QWidget *parent = nullptr);
    ~ConnectionDialog() override;

    // The connection as entered, with the password when one was given.
    ConnectionOptions options() const;
    // Everything but the password (what a saved profile holds).
    ConnectionProfile profile() const;
    // Fills the fields; a named profile's password is asked of the keychain.
    void setProfile(const ConnectionProfile &profile);
    void setOptions(const ConnectionOptions &options);
    // Selects and loads a saved profile; false when there is none by that name.
    bool selectProfile(const QString &name);

    // Why the dialog cannot be accepted as filled in; empty when it can.
    QString validationError() const;
    bool isTesting() const;

    // Saves the fields as a profile (and the password to the keychain when
    // "remember" is on). Returns the error shown inline, empty on success.
    QString saveProfile();

public Q_SLOTS:
    void accept() override;
    void done(int result) override;
    // Starts a test; while one runs, the same button cancels it.
    void toggleTest();
    void startTest();
    void cancelTest();

Q_SIGNALS:
    // The text shown next to the Test button.
    void testFinished(bool ok, const QString &message);

private:
    // A dot of the profile's colour tag; the style of a problem's words (the palette's).
    static QIcon tagIcon(ConnectionProfile::ColorTag tag);
    static QString errorStyle();
    ConnectionOptions optionsFromFields(QString *error) const;
    void applyToFields(const ConnectionOptions &options); // all but the URL field
    void fillFields(const ConnectionOptions &options);
    static QString urlFor(ConnectionOptions options); // no password; unix without user
    void onUrlEdited(const QString &text);
    void onFieldsEdited();
    void updateValidation();
    void reloadProfileList(const QString &select = {});
    void loadSelectedProfile();
    void deleteSelectedProfile();
    void browseFile(QLineEdit *edit, const QString &title);
    void finishTest(bool ok, const QString &message, const QByteArray &detail = {});
    void disposeTest();
    void setKeychainNote(const QString &text, bool problem = false);
    void onPasswordRead(const QString &name, const QByteArray &password);
    void onKeychainUnavailable(const QString &name, const QString &reason);

    void buildSentinelFields();
    // The sentinels field ("s1:26379, s2") and master name as options; an
    // empty field: no Sentinel. Sets *error when they do not parse.
    std::optional<SentinelOptions> sentinelFromFields(QString *error) const;

    std::unique_ptr<Ui::ConnectionDialog> m_ui;
    QLineEdit *m_sentinelsEdit = nullptr;
    QLineEdit *m_masterEdit = nullptr;
    QCheckBox *m_replicaCheck = nullptr;
    // Sentinel credentials come only from a typed URL (?sentinel_user=&sentinel_password=).
    QByteArray m_sentinelUser;
    std::optional<QByteArray> m_sentinelPassword;
    ConnectionProfileStore *m_store = nullptr;
    QString m_urlError;        // the URL field does not parse
    QString m_keychainProfile; // the profile whose keychain answer we wait for
    bool m_syncing = false;    // filling fields programmatically
    ConnectionTester *m_tester;
};

} // namespace pelscope
