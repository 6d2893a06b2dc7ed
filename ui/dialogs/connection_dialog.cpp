// The connection dialog. The URL field and the separate fields are two views of
// one ConnectionOptions: typing a URL fills the fields, editing a field rewrites
// the URL (never with the password in it). The test connection runs on this
// thread's event loop without ever waiting on it.
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

namespace {

QStringList nonEmptyLines(const QString &text)
{
    QStringList out;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        const QString t = line.trimmed();
        if (!t.isEmpty())
            out << t;
    }
    return out;
}

QString fileProblem(const QString &path, const QString &what)
{
    if (path.isEmpty())
        return {};
    const QFileInfo info(path);
    if (!info.exists())
        return QCoreApplication::translate("pelscope::ConnectionDialog", "%1 '%2' does not exist").arg(what, path);
    if (!info.isFile() || !info.isReadable())
        return QCoreApplication::translate("pelscope::ConnectionDialog", "%1 '%2' cannot be read").arg(what, path);
    return {};
}

QString okStyle()
{
    return QStringLiteral("color: %1;").arg(healthStyle(Health::Ok).strong.name());
}

} // namespace

QIcon ConnectionDialog::tagIcon(ConnectionProfile::ColorTag tag)
{
    QPixmap pixmap(12, 12);
    pixmap.fill(Qt::transparent);
    const QColor colour = colorTagColor(tag);
    if (colour.isValid()) {
        QPainter painter(&pixmap);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(Qt::NoPen);
        painter.setBrush(colour);
        painter.drawEllipse(pixmap.rect().adjusted(1, 1, -1, -1));
    }
    return QIcon(pixmap);
}

// From the health colours, which follow the palette (light accents on a dark one).
QString ConnectionDialog::errorStyle()
{
    return QStringLiteral("color: %1;").arg(healthStyle(Health::Crit).strong.name());
}

ConnectionDialog::ConnectionDialog(ConnectionProfileStore *store, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::ConnectionDialog>())
    , m_store(store ? store : new ConnectionProfileStore(this))
    , m_tester(new ConnectionTester(this))
{
    m_ui->setupUi(this);
    m_ui->buttonBox->button(QDialogButtonBox::Ok)->setText(tr("Connect"));
    m_ui->errorLabel->setStyleSheet(errorStyle());
    m_ui->errorLabel->hide();
    m_ui->verifyWarningLabel->setStyleSheet(QStringLiteral("color: white; background: #c62828; font-weight: bold; padding: 6px;"));
    m_ui->thresholdsEdit->setPlaceholderText(tr("one key=value per line, e.g. oldest_idle_warn=2m\n"
                                                "one group only: orders/fulfillment:lag_warn=5000 (orders/* for every group)\nkeys: %1")
                                                 .arg(HealthThresholds::keys().join(QStringLiteral(", "))));
    for (auto tag : {ConnectionProfile::ColorTag::None, ConnectionProfile::ColorTag::Production, ConnectionProfile::ColorTag::Staging,
                     ConnectionProfile::ColorTag::Dev}) {
        const QString name = ConnectionProfile::colorTagName(tag);
        m_ui->colorTagCombo->addItem(tagIcon(tag), name.isEmpty() ? tr("none") : name, int(tag));
    }

    buildSentinelFields();
    connect(m_ui->urlEdit, &QLineEdit::textEdited, this, &ConnectionDialog::onUrlEdited);
    for (QLineEdit *edit : {m_ui->hostEdit, m_ui->socketEdit, m_ui->userEdit})
        connect(edit, &QLineEdit::textEdited, this, &ConnectionDialog::onFieldsEdited);
    connect(m_ui->portSpin, &QSpinBox::valueChanged, this, &ConnectionDialog::onFieldsEdited);
    connect(m_ui->dbSpin, &QSpinBox::valueChanged, this, &ConnectionDialog::onFieldsEdited);
    connect(m_ui->tlsGroup, &QGroupBox::toggled, this, &ConnectionDialog::onFieldsEdited);
    for (QLineEdit *edit : {m_ui->caEdit, m_ui->certEdit, m_ui->keyEdit, m_ui->sniEdit, m_ui->patternEdit, m_ui->nameEdit})
        connect(edit, &QLineEdit::textChanged, this, &ConnectionDialog::updateValidation);
    connect(m_ui->verifyCheck, &QCheckBox::toggled, this, &ConnectionDialog::updateValidation);
    connect(m_ui->listRadio, &QRadioButton::toggled, this, &ConnectionDialog::updateValidation);
    connect(m_ui->streamsEdit, &QPlainTextEdit::textChanged, this, &ConnectionDialog::updateValidation);
    connect(m_ui->listQueuesEdit, &QPlainTextEdit::textChanged, this, &ConnectionDialog::updateValidation);
    connect(m_ui->thresholdsEdit, &QPlainTextEdit::textChanged, this, &ConnectionDialog::updateValidation);
    connect(m_ui->prometheusEdit, &QLineEdit::textChanged, this, &ConnectionDialog::updateValidation);
    connect(m_ui->caBrowseButton, &QToolButton::clicked, this, [this] { browseFile(m_ui->caEdit, tr("CA certificates")); });
    connect(m_ui->certBrowseButton, &QToolButton::clicked, this, [this] { browseFile(m_ui->certEdit, tr("Client certificate")); });
    connect(m_ui->keyBrowseButton, &QToolButton::clicked, this, [this] { browseFile(m_ui->keyEdit, tr("Client key")); });

    connect(m_ui->testButton, &QPushButton::clicked, this, &ConnectionDialog::toggleTest);
    connect(m_tester, &ConnectionTester::finished, this, &ConnectionDialog::finishTest);
    connect(m_ui->saveProfileButton, &QPushButton::clicked, this, &ConnectionDialog::saveProfile);
    connect(m_ui->deleteProfileButton, &QPushButton::clicked, this, &ConnectionDialog::deleteSelectedProfile);
    connect(m_ui->profileList, &QListWidget::itemSelectionChanged, this, &ConnectionDialog::loadSelectedProfile);
    m_ui->profileList->setAccessibleName(m_ui->profilesTitle->text()); // a list takes no name from its label's buddy
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &ConnectionDialog::accept);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &ConnectionDialog::reject);

    connect(m_store, &ConnectionProfileStore::passwordRead, this, &ConnectionDialog::onPasswordRead);
    connect(m_store, &ConnectionProfileStore::passwordNotFound, this, [this](const QString &name) {
        if (name == m_keychainProfile)
            setKeychainNote(tr("No password saved for this profile."));
    });
    connect(m_store, &ConnectionProfileStore::passwordWritten, this, [this](const QString &name) {
        if (name != m_keychainProfile)
            return;
        setKeychainNote(m_ui->rememberPasswordCheck->isChecked() ? tr("The OS keychain holds this profile's password.")
                                                                 : tr("The password is not remembered: it will be asked each time."));
    });
    connect(m_store, &ConnectionProfileStore::keychainUnavailable, this, &ConnectionDialog::onKeychainUnavailable);

    if (m_store->keychainState() == ConnectionProfileStore::KeychainState::Unavailable)
        onKeychainUnavailable({}, m_store->keychainError());
    else
        setKeychainNote(tr("Saving a profile keeps its password in the OS keychain, never in a file."));

    fillFields(ConnectionOptions{});
    reloadProfileList();
    updateValidation();
}

ConnectionDialog::~ConnectionDialog()
{
    disposeTest();
}

void ConnectionDialog::buildSentinelFields()
{
    m_sentinelsEdit = new QLineEdit;
    m_sentinelsEdit->setObjectName(QStringLiteral("sentinelsEdit"));
    m_sentinelsEdit->setPlaceholderText(tr("s1:26379, s2:26379, s3:26379 — empty: connect to the host above"));
    m_masterEdit = new QLineEdit;
    m_masterEdit->setObjectName(QStringLiteral("masterEdit"));
    m_masterEdit->setPlaceholderText(tr("the name the sentinels monitor, e.g. orders-main"));
    m_replicaCheck = new QCheckBox(tr("Poll a replica, never the primary (writes still go to the primary)"));
    m_replicaCheck->setObjectName(QStringLiteral("replicaCheck"));
    m_replicaCheck->setToolTip(tr("With Sentinel the sentinels name a healthy replica; with a host naming the primary, its ROLE "
                                  "lists the replicas. The primary then only gets one ROLE per tick, for the replication lag."));
    const int after = 4; // host, port, socket, database; then the sentinel rows
    m_ui->serverForm->insertRow(after, tr("Se&ntinels:"), m_sentinelsEdit);
    m_ui->serverForm->insertRow(after + 1, tr("&Master name:"), m_masterEdit);
    m_ui->serverForm->insertRow(after + 2, tr("Read from:"), m_replicaCheck);
    for (QLineEdit *edit : {m_sentinelsEdit, m_masterEdit})
        connect(edit, &QLineEdit::textEdited, this, &ConnectionDialog::onFieldsEdited);
    connect(m_replicaCheck, &QCheckBox::toggled, this, &ConnectionDialog::onFieldsEdited);
}

std::optional<SentinelOptions> ConnectionDialog::sentinelFromFields(QString *error) const
{
    const QString list = m_sentinelsEdit->text().simplified().remove(QLatin1Char(' '));
    if (list.isEmpty())
        return std::nullopt;
    const QString master = m_masterEdit->text().trimmed();
    if (master.isEmpty()) {
        *error = tr("enter the master name the sentinels monitor");
        return std::nullopt;
    }
    // The URL parser already knows host[:port] lists, IPv6 brackets included.
    // The master name is the field's text as it is: percent-encoded into the
    // URL, so that '/', '?', '#' and '%' in it neither split nor change it.
    const UrlParseResult parsed =
        parseRedisUrl(QStringLiteral("redis+sentinel://%1/%2").arg(list, QString::fromLatin1(master.toUtf8().toPercentEncoding())));
    if (!parsed.options || !parsed.options->sentinel) {
        *error = tr("sentinels: %1").arg(parsed.error);
        return std::nullopt;
    }
    SentinelOptions sentinel = *parsed.options->sentinel;
    sentinel.user = m_sentinelUser;
    sentinel.password = m_sentinelPassword;
    return sentinel;
}

ConnectionOptions ConnectionDialog::optionsFromFields(QString *error) const
{
    error->clear();
    ConnectionOptions o;
    o.sentinel = sentinelFromFields(error);
    o.readFromReplica = m_replicaCheck->isChecked();
    const QString socket = m_ui->socketEdit->text().trimmed();
    if (o.sentinel) {
        o.transport = m_ui->tlsGroup->isChecked() ? ConnectionOptions::Transport::Tls : ConnectionOptions::Transport::Tcp;
    } else if (!error->isEmpty()) {
        // the sentinel fields' error stands
    } else if (!socket.isEmpty()) {
        o.transport = ConnectionOptions::Transport::Unix;
        o.socketPath = socket;
    } else {
        o.transport = m_ui->tlsGroup->isChecked() ? ConnectionOptions::Transport::Tls : ConnectionOptions::Transport::Tcp;
        o.host = m_ui->hostEdit->text().trimmed();
        if (o.host.startsWith(QLatin1Char('[')) && o.host.endsWith(QLatin1Char(']')))
            o.host = o.host.mid(1, o.host.size() - 2);
        if (o.host.isEmpty())
            *error = tr("enter a host, or a unix socket path");
    }
    o.port = quint16(m_ui->portSpin->value());
    o.db = m_ui->dbSpin->value();
    o.user = m_ui->userEdit->text().toUtf8();
    if (!m_ui->passwordEdit->text().isEmpty())
        o.password = m_ui->passwordEdit->text().toUtf8();
    o.tls.caFile = m_ui->caEdit->text().trimmed();
    o.tls.certFile = m_ui->certEdit->text().trimmed();
    o.tls.keyFile = m_ui->keyEdit->text().trimmed();
    o.tls.sni = m_ui->sniEdit->text().trimmed();
    o.tls.insecure = !m_ui->verifyCheck->isChecked();
    if (error->isEmpty() && o.transport == ConnectionOptions::Transport::Tls) {
        for (const QString &problem : {fileProblem(o.tls.caFile, tr("CA file")), fileProblem(o.tls.certFile, tr("client certificate")),
                                       fileProblem(o.tls.keyFile, tr("client key"))}) {
            if (!problem.isEmpty()) {
                *error = problem;
                break;
            }
        }
        if (error->isEmpty() && !o.tls.keyFile.isEmpty() && o.tls.certFile.isEmpty())
            *error = tr("a client key needs its client certificate");
    }
    return o;
}

ConnectionOptions ConnectionDialog::options() const
{
    QString error;
    return optionsFromFields(&error);
}

ConnectionProfile ConnectionDialog::profile() const
{
    ConnectionProfile p;
    p.name = m_ui->nameEdit->text().trimmed();
    p.colorTag = ConnectionProfile::ColorTag(m_ui->colorTagCombo->currentData().toInt());
    p.setConnection(options());
    p.discoveryPattern = m_ui->patternEdit->text().trimmed();
    if (m_ui->listRadio->isChecked())
        p.streams = nonEmptyLines(m_ui->streamsEdit->toPlainText());
    p.pollIntervalMs = int(qRound(m_ui->pollSpin->value() * 1000));
    p.thresholds = nonEmptyLines(m_ui->thresholdsEdit->toPlainText());
    p.prometheusUrl = m_ui->prometheusEdit->text().trimmed();
    p.delayedQueues = nonEmptyLines(m_ui->delayedQueuesEdit->toPlainText());
    p.listQueues = nonEmptyLines(m_ui->listQueuesEdit->toPlainText());
    p.queueDiscovery = m_ui->queueDiscoveryCheck->isChecked();
    return p;
}

void ConnectionDialog::applyToFields(const ConnectionOptions &o)
{
    const bool was = m_syncing;
    m_syncing = true;
    m_ui->socketEdit->setText(o.transport == ConnectionOptions::Transport::Unix ? o.socketPath : QString());
    if (o.transport != ConnectionOptions::Transport::Unix) {
        m_ui->hostEdit->setText(o.host);
        m_ui->portSpin->setValue(o.port);
        m_ui->tlsGroup->setChecked(o.transport == ConnectionOptions::Transport::Tls);
    }
    m_ui->dbSpin->setValue(o.db);
    m_ui->userEdit->setText(QString::fromUtf8(o.user));
    if (o.password)
        m_ui->passwordEdit->setText(QString::fromUtf8(*o.password));
    QStringList sentinels;
    if (o.sentinel)
        for (const SentinelOptions::Address &a : o.sentinel->sentinels)
            sentinels << fillText((a.host.contains(QLatin1Char(':')) ? QStringLiteral("[%1]:%2") : QStringLiteral("%1:%2")), a.host, a.port);
    m_sentinelsEdit->setText(sentinels.join(QStringLiteral(", ")));
    m_masterEdit->setText(o.sentinel ? QString::fromUtf8(o.sentinel->masterName) : QString());
    m_sentinelUser = o.sentinel ? o.sentinel->user : QByteArray();
    m_sentinelPassword = o.sentinel ? o.sentinel->password : std::nullopt;
    m_replicaCheck->setChecked(o.readFromReplica);
    m_urlError.clear();
    m_syncing = was;
}

QString ConnectionDialog::urlFor(ConnectionOptions o)
{
    if (o.transport == ConnectionOptions::Transport::Unix)
        o.user.clear(); // unix://user@/path does not parse back
    o.password.reset();
    if (o.sentinel)
        o.sentinel->password.reset(); // "***" would parse back as the password
    return o.redactedUrl();
}

void ConnectionDialog::fillFields(const ConnectionOptions &o)
{
    applyToFields(o);
    m_ui->urlEdit->setText(urlFor(o));
    updateValidation();
}

void ConnectionDialog::onUrlEdited(const QString &text)
{
    const UrlParseResult parsed = parseRedisUrl(text);
    if (parsed.options)
        applyToFields(*parsed.options); // the URL text stays as typed
    else
        m_urlError = parsed.error;
    updateValidation();
}

void ConnectionDialog::onFieldsEdited()
{
    if (m_syncing)
        return;
    QString error;
    m_urlError.clear();
    m_ui->urlEdit->setText(urlFor(optionsFromFields(&error)));
    updateValidation();
}

QString ConnectionDialog::validationError() const
{
    if (!m_urlError.isEmpty())
        return tr("URL: %1").arg(m_urlError);
    QString error;
    optionsFromFields(&error);
    if (!error.isEmpty())
        return error;
    if (m_ui->listRadio->isChecked()) {
        if (nonEmptyLines(m_ui->streamsEdit->toPlainText()).isEmpty())
            return tr("list at least one stream, or discover streams by pattern");
    } else if (m_ui->patternEdit->text().trimmed().isEmpty()) {
        return tr("enter a discovery pattern (* watches every stream)");
    }
    profile().probeConfig(&error);
    if (error.isEmpty())
        parsePrometheusUrl(m_ui->prometheusEdit->text(), &error);
    return error;
}

void ConnectionDialog::updateValidation()
{
    if (m_syncing)
        return;
    const QString error = validationError();
    m_ui->errorLabel->setText(error);
    m_ui->errorLabel->setVisible(!error.isEmpty());
    m_ui->buttonBox->button(QDialogButtonBox::Ok)->setEnabled(error.isEmpty());
    m_ui->patternEdit->setEnabled(m_ui->discoverRadio->isChecked());
    m_ui->streamsEdit->setEnabled(m_ui->listRadio->isChecked());
    const bool viaSocket = !m_ui->socketEdit->text().trimmed().isEmpty();
    // With Sentinel the sentinels say where the master is: host and port are theirs.
    const bool viaSentinel = !m_sentinelsEdit->text().trimmed().isEmpty();
    m_ui->hostEdit->setEnabled(!viaSocket && !viaSentinel);
    m_ui->portSpin->setEnabled(!viaSocket && !viaSentinel);
    m_ui->socketEdit->setEnabled(!viaSentinel);
    m_sentinelsEdit->setEnabled(!viaSocket);
    m_masterEdit->setEnabled(!viaSocket);
    m_ui->tlsGroup->setEnabled(!viaSocket);
    const bool insecure = !viaSocket && m_ui->tlsGroup->isChecked() && !m_ui->verifyCheck->isChecked();
    m_ui->verifyWarningLabel->setVisible(insecure);
    m_ui->verifyCheck->setStyleSheet(m_ui->verifyCheck->isChecked() ? QString() : errorStyle());
    m_ui->tabs->setTabText(m_ui->tabs->indexOf(m_ui->tlsTab), insecure ? tr("&TLS ⚠ unverified") : tr("&TLS"));
}

void ConnectionDialog::setOptions(const ConnectionOptions &options)
{
    m_ui->passwordEdit->clear();
    fillFields(options);
}

void ConnectionDialog::browseFile(QLineEdit *edit, const QString &title)
{
    // Opened window-modal with open(), not exec(): no nested event loop.
    const QString start = edit->text().isEmpty() ? QString() : QFileInfo(edit->text()).absolutePath();
    auto *picker = new QFileDialog(this, title, start, tr("PEM files (*.pem *.crt *.cert *.key);;All files (*)"));
    picker->setAttribute(Qt::WA_DeleteOnClose);
    picker->setFileMode(QFileDialog::ExistingFile);
    connect(picker, &QFileDialog::fileSelected, edit, [edit](const QString &file) { edit->setText(file); });
    picker->open();
}

bool ConnectionDialog::isTesting() const
{
    return m_tester->isRunning();
}

void ConnectionDialog::toggleTest()
{
    if (isTesting())
        cancelTest();
    else
        startTest();
}

void ConnectionDialog::startTest()
{
    disposeTest();
    QString error;
    ConnectionOptions o = optionsFromFields(&error);
    if (error.isEmpty() && !m_urlError.isEmpty())
        error = tr("URL: %1").arg(m_urlError);
    if (!error.isEmpty()) {
        finishTest(false, error);
        return;
    }
    m_ui->testButton->setText(tr("Cancel t&est"));
    m_ui->testResultLabel->setStyleSheet(QString());
    m_ui->testResultLabel->setToolTip(QString());
    m_ui->testResultLabel->setText(tr("Connecting to %1…").arg(o.redactedUrl()));
    m_tester->start(o);
}

void ConnectionDialog::cancelTest()
{
    if (!isTesting())
        return;
    disposeTest();
    m_ui->testResultLabel->setStyleSheet(QString());
    m_ui->testResultLabel->setText(tr("Test cancelled."));
}

void ConnectionDialog::disposeTest()
{
    m_tester->cancel();
    if (m_ui)
        m_ui->testButton->setText(tr("T&est"));
}

void ConnectionDialog::finishTest(bool ok, const QString &message, const QByteArray &detail)
{
    disposeTest();
    m_ui->testResultLabel->setStyleSheet(ok ? okStyle() : errorStyle());
    m_ui->testResultLabel->setText(message);
    m_ui->testResultLabel->setToolTip(detail.isEmpty() ? QString() : displayBytes(detail));
    Q_EMIT testFinished(ok, message);
}

void ConnectionDialog::accept()
{
    const QString error = validationError();
    if (!error.isEmpty()) {
        m_ui->errorLabel->setText(error);
        m_ui->errorLabel->show();
        return;
    }
    m_store->addRecent(profile());
    QDialog::accept();
}

void ConnectionDialog::done(int result)
{
    disposeTest();
    QDialog::done(result);
}

} // namespace pelscope
