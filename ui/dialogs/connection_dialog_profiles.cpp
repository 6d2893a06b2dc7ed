// The connection dialog's saved profiles: the list, loading one into the
// fields, saving and deleting, and what the keychain answers about a password.
#include "dialogs/connection_dialog.h"
#include "health_style.h"
#include "history/prometheus_backfill.h"
#include "text/display_text.h"
#include "text/fill_text.h"
#include "ui_connection_dialog.h"

#include "polling/connection_tester.h"

#include <QCoreApplication>
#include <QCheckBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QPainter>
#include <QPixmap>
#include <QPushButton>

namespace pelscope {

void ConnectionDialog::setProfile(const ConnectionProfile &p)
{
    m_syncing = true;
    m_ui->nameEdit->setText(p.name);
    m_ui->colorTagCombo->setCurrentIndex(std::max(0, m_ui->colorTagCombo->findData(int(p.colorTag))));
    m_ui->caEdit->setText(p.tls.caFile);
    m_ui->certEdit->setText(p.tls.certFile);
    m_ui->keyEdit->setText(p.tls.keyFile);
    m_ui->sniEdit->setText(p.tls.sni);
    m_ui->verifyCheck->setChecked(!p.tls.insecure);
    m_ui->patternEdit->setText(p.discoveryPattern.isEmpty() ? QStringLiteral("*") : p.discoveryPattern);
    m_ui->streamsEdit->setPlainText(p.streams.join(QLatin1Char('\n')));
    (p.streams.isEmpty() ? m_ui->discoverRadio : m_ui->listRadio)->setChecked(true);
    m_ui->pollSpin->setValue(p.pollIntervalMs / 1000.0);
    m_ui->thresholdsEdit->setPlainText(p.thresholds.join(QLatin1Char('\n')));
    m_ui->prometheusEdit->setText(p.prometheusUrl);
    m_ui->delayedQueuesEdit->setPlainText(p.delayedQueues.join(QLatin1Char('\n')));
    m_ui->listQueuesEdit->setPlainText(p.listQueues.join(QLatin1Char('\n')));
    m_ui->queueDiscoveryCheck->setChecked(p.queueDiscovery);
    m_ui->passwordEdit->clear();
    QString error;
    ConnectionOptions o = p.connectionOptions(&error);
    m_syncing = false;
    fillFields(o);
    if (!error.isEmpty()) {
        m_ui->urlEdit->setText(p.url);
        m_urlError = error;
        updateValidation();
    }
    m_keychainProfile = p.name;
    if (!p.name.isEmpty()) {
        setKeychainNote(tr("Asking the OS keychain for the password…"));
        m_store->readPassword(p.name);
    }
}

bool ConnectionDialog::selectProfile(const QString &name)
{
    for (int i = 0; i < m_ui->profileList->count(); ++i) {
        QListWidgetItem *item = m_ui->profileList->item(i);
        if (item->data(Qt::UserRole).toString() == name) {
            m_ui->profileList->setCurrentItem(item); // loads it through itemSelectionChanged
            return true;
        }
    }
    return false;
}

void ConnectionDialog::reloadProfileList(const QString &select)
{
    QSignalBlocker block(m_ui->profileList);
    m_ui->profileList->clear();
    for (const ConnectionProfile &p : m_store->profiles()) {
        auto *item = new QListWidgetItem(tagIcon(p.colorTag), p.name, m_ui->profileList);
        item->setData(Qt::UserRole, p.name);
        item->setToolTip(p.user.isEmpty() ? p.url : tr("%1 (user %2)").arg(p.url, p.user));
        if (p.name == select)
            m_ui->profileList->setCurrentItem(item);
    }
    m_ui->deleteProfileButton->setEnabled(m_ui->profileList->currentItem() != nullptr);
}

void ConnectionDialog::loadSelectedProfile()
{
    QListWidgetItem *item = m_ui->profileList->currentItem();
    m_ui->deleteProfileButton->setEnabled(item != nullptr);
    if (!item)
        return;
    if (const auto p = m_store->profile(item->data(Qt::UserRole).toString()))
        setProfile(*p);
}

void ConnectionDialog::deleteSelectedProfile()
{
    QListWidgetItem *item = m_ui->profileList->currentItem();
    if (!item)
        return;
    // The fields keep the profile, so "Save profile" brings it back.
    m_store->remove(item->data(Qt::UserRole).toString());
    reloadProfileList();
}

QString ConnectionDialog::saveProfile()
{
    QString error;
    ConnectionProfile p = profile();
    p.name = ConnectionProfile::normalizedName(p.name); // as the store keeps it: the keychain entry follows the same name
    if (p.name.isEmpty())
        error = tr("enter a profile name to save this connection");
    if (error.isEmpty())
        error = validationError();
    if (error.isEmpty())
        error = m_store->save(p);
    if (!error.isEmpty()) {
        m_ui->errorLabel->setText(tr("Not saved: %1").arg(error));
        m_ui->errorLabel->show();
        return error;
    }
    reloadProfileList(p.name);
    m_keychainProfile = p.name;
    const QByteArray password = m_ui->passwordEdit->text().toUtf8();
    if (!m_ui->rememberPasswordCheck->isChecked()) {
        m_store->writePassword(p.name, {}); // forget a previously stored one
        setKeychainNote(tr("The password is not remembered: it will be asked each time."));
    } else if (!password.isEmpty()) {
        setKeychainNote(tr("Saving the password in the OS keychain…"));
        m_store->writePassword(p.name, password);
    }
    return {};
}

void ConnectionDialog::setKeychainNote(const QString &text, bool problem)
{
    m_ui->keychainLabel->setText(text);
    m_ui->keychainLabel->setStyleSheet(problem ? errorStyle() : QString());
}

void ConnectionDialog::onPasswordRead(const QString &name, const QByteArray &password)
{
    if (name != m_keychainProfile)
        return;
    // Do not overwrite what the operator typed while the keychain was thinking.
    if (m_ui->passwordEdit->text().isEmpty())
        m_ui->passwordEdit->setText(QString::fromUtf8(password));
    setKeychainNote(tr("Password from the OS keychain."));
}

void ConnectionDialog::onKeychainUnavailable(const QString &name, const QString &reason)
{
    if (!name.isEmpty() && name != m_keychainProfile)
        return;
    setKeychainNote(tr("No OS keychain available (%1): the password is not stored and will be asked each time.").arg(reason), true);
}

} // namespace pelscope
