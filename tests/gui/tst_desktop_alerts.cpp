// The window's desktop notifications on a real redis-server, through an
// injected notifier that records what it would show: a group that turns CRIT
// (lag over the threshold) is told once, after three polls, and its recovery
// once; a blip shorter than that is not; six groups at once are one summary;
// a muted group is not told, and shows its mark in the overview.
#include "connection_view.h"
#include "widgets/alert_banner.h"
#include "dialogs/alert_inbox_dialog.h"
#include "desktop_alerts.h"
#include "pages/group_page.h"
#include "gui_test_helpers.h"
#include "incident_export.h"
#include "itemmodels/group_table_model.h"
#include "main_window.h"
#include "group_fixtures.h"
#include "poll_once.h"
#include "polling/poller_thread.h"
#include "text/fill_text.h"
#include "redis_oracle.h"
#include "redis_server.h"
#include "test_settings.h"

#include <QAction>
#include <QDirIterator>
#include <QTableView>
#include <QMenu>
#include <QPushButton>
#include <QToolButton>
#include <QImage>
#include <QSignalSpy>
#include <QSystemTrayIcon>
#include <QTemporaryDir>
#include <QTest>

using namespace pelscope;
using namespace pelscope::test;

namespace {

struct RecordingNotifier : Notifier
{
    bool available() const override { return true; }
    void show(const QString &title, const QString &text, Health severity) override { shown.append({title, text, severity}); }
    void setOverall(Health w, const QString &) override { worst = w; }
    struct Shown
    {
        QString title, text;
        Health severity;
    };
    QList<Shown> shown;
    Health worst = Health::Ok;
};

QByteArray group(int i)
{
    return "g" + QByteArray::number(i);
}

} // namespace

class TestDesktopAlerts : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_tmp;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QVERIFY(useSettingsIn(m_tmp.filePath(QStringLiteral("config")), QStringLiteral("tst_desktop_alerts")));
    }

    void notificationsFollowTheServer()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        for (int i = 0; i < 7; ++i)
            db.command({"XGROUP", "CREATE", "orders", group(i), "$", "MKSTREAM"});

        MainWindow window;
        RecordingNotifier notifier;
        window.alerts()->setNotifier(&notifier);
        ConnectionView &view = *window.addConnection();
        window.show();
        ProbeConfig config;
        config.thresholds.lagWarn = 5;
        config.thresholds.lagCrit = 10;
        config.thresholds.recoverAfterMs = 1'000; // the shipped dwell is 60 s (issue 45)
        PollerThread poller(optionsFor(server.url()), config);
        poller.setIntervalMs(150);
        connect(poller.poller(), &ConnectionPoller::snapshotReady, &view, &ConnectionView::applySnapshot);
        poller.start();
        QTRY_COMPARE_WITH_TIMEOUT(view.groupModel()->rowCount(), 7, 10000);
        QTest::qWait(600);
        QCOMPARE(notifier.shown.size(), 0); // all OK: nothing to tell

        // Every group but g0 reads everything from now on; 20 entries make g0 CRIT.
        const auto catchUp = [&] {
            for (int i = 1; i < 7; ++i)
                db.command({"XREADGROUP", "GROUP", group(i), "w", "COUNT", "1000", "STREAMS", "orders", ">"});
        };
        for (int i = 0; i < 20; ++i)
            db.command({"XADD", "orders", "*", "n", QByteArray::number(i)});
        catchUp();
        QTRY_COMPARE_WITH_TIMEOUT(notifier.shown.size(), 1, 10000);
        QVERIFY2(notifier.shown.first().title.startsWith(QStringLiteral("orders/g0 is CRIT")), qPrintable(notifier.shown.first().title));
        QVERIFY2(notifier.shown.first().text.contains(QStringLiteral("lag 20")), qPrintable(notifier.shown.first().text));
        QCOMPARE(notifier.shown.first().severity, Health::Crit);
        QCOMPARE(notifier.worst, Health::Crit);
        // Held at three polls: the group was CRIT for at least that long on screen first.
        QTest::qWait(800);
        QCOMPARE(notifier.shown.size(), 1); // told once

        // It catches up: recovered, told once.
        db.command({"XREADGROUP", "GROUP", group(0), "w", "COUNT", "1000", "STREAMS", "orders", ">"});
        QTRY_COMPARE_WITH_TIMEOUT(notifier.shown.size(), 2, 10000);
        QVERIFY2(notifier.shown.at(1).title.startsWith(QStringLiteral("orders/g0 recovered (OK)")), qPrintable(notifier.shown.at(1).title));
        QTRY_COMPARE_WITH_TIMEOUT(notifier.worst, Health::Ok, 5000);

        // Muted: g0 goes CRIT again and nothing is told; the overview marks it
        // with a drawn icon (an emoji was an empty box without an emoji font),
        // and a screen reader hears it.
        window.alerts()->mute(view.label(), AlertSubject{AlertSubject::Kind::Group, "orders", group(0)}, DesktopAlerts::Mute::Always);
        const auto marked = [&view](const QByteArray &name) {
            const QAbstractItemModel *m = view.overviewTable()->model();
            for (int r = 0; r < m->rowCount(); ++r) {
                const QModelIndex cell = m->index(r, GroupTableModel::Group);
                if (cell.data(GroupTableModel::GroupNameRole).toByteArray() != name)
                    continue;
                const QIcon icon = cell.data(Qt::DecorationRole).value<QIcon>();
                const bool shown = !icon.isNull() && !icon.pixmap(16, 16).toImage().isNull();
                return shown && cell.data().toString() == QString::fromUtf8(name)
                       && cell.data(Qt::AccessibleTextRole).toString().contains(QStringLiteral("muted"));
            }
            return false;
        };
        QVERIFY(marked(group(0)));
        QVERIFY(!marked(group(1)));
        keepScreenshot(view.overviewTable(), QStringLiteral("overview-muted"));
        for (int i = 0; i < 20; ++i)
            db.command({"XADD", "orders", "*", "n", "again"});
        catchUp();
        QTRY_COMPARE_WITH_TIMEOUT(notifier.worst, Health::Crit, 10000);
        QTest::qWait(800);
        QCOMPARE(notifier.shown.size(), 2);

        // Six groups at once: one summary, not six.
        for (int i = 0; i < 20; ++i)
            db.command({"XADD", "orders", "*", "n", "burst"});
        QTRY_COMPARE_WITH_TIMEOUT(notifier.shown.size(), 3, 10000);
        QVERIFY2(notifier.shown.at(2).title.startsWith(QStringLiteral("6 changed at once: 6 CRIT")), qPrintable(notifier.shown.at(2).title));
        QVERIFY(notifier.shown.at(2).text.contains(QStringLiteral("orders/g1 is CRIT")));
        QTest::qWait(800);
        QCOMPARE(notifier.shown.size(), 3);
        // The summary opens the overview; a single alert its group.
        QSignalSpy open(window.alerts(), &DesktopAlerts::openRequested);
        window.alerts()->openLast();
        QCOMPARE(open.size(), 1);
        QCOMPARE(open.first().at(1).toString(), QStringLiteral("overview"));

    }

    // Without a system tray (the offscreen platform has none) the alert shows
    // in the window, and its Open button opens the group; the group page's
    // Notifications menu mutes the group as the overview's menu does.
    void bannerWithoutATrayAndMuteFromTheGroupPage()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        db.command({"XGROUP", "CREATE", "orders", "g0", "$", "MKSTREAM"});

        MainWindow window;
        QVERIFY(!QSystemTrayIcon::isSystemTrayAvailable());
        ConnectionView &view = *window.addConnection();
        window.show();
        ProbeConfig config;
        config.thresholds.lagWarn = 5;
        config.thresholds.lagCrit = 10;
        config.thresholds.recoverAfterMs = 1'000; // the shipped dwell is 60 s (issue 45)
        PollerThread poller(optionsFor(server.url()), config);
        poller.setIntervalMs(150);
        connect(poller.poller(), &ConnectionPoller::snapshotReady, &view, &ConnectionView::applySnapshot);
        poller.start();
        QTRY_COMPARE_WITH_TIMEOUT(view.groupModel()->rowCount(), 1, 10000);
        const AlertSubject subject{AlertSubject::Kind::Group, "orders", "g0"};
        window.alerts()->mute(view.label(), subject, DesktopAlerts::Mute::None); // the first test muted it, in the same settings
        AlertBanner *banner = window.alertBanner();
        QVERIFY(!banner->isVisible());
        for (int i = 0; i < 20; ++i)
            db.command({"XADD", "orders", "*", "n", QByteArray::number(i)});
        QTRY_VERIFY_WITH_TIMEOUT(banner->isVisible(), 10000);
        QVERIFY2(banner->title().startsWith(QStringLiteral("orders/g0 is CRIT")), qPrintable(banner->title()));
        QVERIFY2(banner->text().contains(QStringLiteral("lag 20")), qPrintable(banner->text()));
        keepScreenshot(&window, QStringLiteral("notification-in-window"));
        banner->openButton()->click();
        QVERIFY(!banner->isVisible());
        QTRY_VERIFY(view.groupPage()->isVisible());
        QCOMPARE(view.groupPage()->group(), (GroupKey{"orders", "g0"}));

        QMenu *menu = view.groupPage()->notificationsButton()->menu();
        Q_EMIT menu->aboutToShow();
        QAction *always = nullptr;
        for (QAction *a : menu->actions())
            if (a->text() == QStringLiteral("Mute always"))
                always = a;
        QVERIFY(always);
        always->trigger();
        QCOMPARE(window.alerts()->muteOf(view.label(), subject), DesktopAlerts::Mute::Always);
        Q_EMIT menu->aboutToShow(); // the menu shows what is in force
        for (QAction *a : menu->actions())
            if (a->text() == QStringLiteral("Mute always"))
                QVERIFY(a->isChecked());
        window.alerts()->mute(view.label(), subject, DesktopAlerts::Mute::None); // the settings outlive the test
    }

    // Two groups turn CRIT at one poll: the bar says how many and lists
    // both (issue 45: the second replaced the first, and the bar showed one
    // of the three that fired), and the inbox keeps each with its reasons.
    void severalAlertsAtOnePollAreOneBar()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        db.command({"XGROUP", "CREATE", "billing", "g1", "$", "MKSTREAM"});
        db.command({"XGROUP", "CREATE", "billing", "g2", "$"});

        MainWindow window;
        ConnectionView &view = *window.addConnection();
        window.show();
        ProbeConfig config;
        config.thresholds.lagWarn = 5;
        config.thresholds.lagCrit = 10;
        PollerThread poller(optionsFor(server.url()), config);
        poller.setIntervalMs(150);
        connect(poller.poller(), &ConnectionPoller::snapshotReady, &view, &ConnectionView::applySnapshot);
        poller.start();
        QTRY_COMPARE_WITH_TIMEOUT(view.groupModel()->rowCount(), 2, 10000);
        QList<RedisCommand> burst;
        for (int i = 0; i < 20; ++i)
            burst.append({"XADD", "billing", "*", "n", QByteArray::number(i)});
        db.pipeline(burst); // both groups' lag 20 from the same poll
        AlertInboxModel *inbox = window.alerts()->inbox();
        QTRY_COMPARE_WITH_TIMEOUT(inbox->rowCount(), 2, 10000);
        QVERIFY2(window.alertBanner()->title().startsWith(QStringLiteral("2 changed at once: 2 CRIT")), qPrintable(window.alertBanner()->title()));
        QVERIFY2(window.alertBanner()->text().contains(QStringLiteral("billing/g1 is CRIT")) && window.alertBanner()->text().contains(QStringLiteral("billing/g2 is CRIT")),
                 qPrintable(window.alertBanner()->text()));
        for (int row = 0; row < 2; ++row)
            QVERIFY(inbox->index(row, AlertInboxModel::Why).data().toString().contains(QStringLiteral("lag 20")));
    }

    // The inbox keeps every alert after the banner is replaced or dismissed
    // (issue 28, item 4): opened with its keys, newest first, new ones
    // counted in the menu; Space acknowledges, Enter opens the group.
    void inboxKeepsEveryAlert()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        db.command({"XGROUP", "CREATE", "billing", "g1", "$", "MKSTREAM"});
        db.command({"XGROUP", "CREATE", "mail", "g2", "$", "MKSTREAM"});

        MainWindow window;
        ConnectionView &view = *window.addConnection();
        window.show();
        ProbeConfig config;
        config.thresholds.lagWarn = 5;
        config.thresholds.lagCrit = 10;
        config.thresholds.recoverAfterMs = 1'000; // the shipped dwell is 60 s (issue 45)
        PollerThread poller(optionsFor(server.url()), config);
        poller.setIntervalMs(150);
        connect(poller.poller(), &ConnectionPoller::snapshotReady, &view, &ConnectionView::applySnapshot);
        poller.start();
        QTRY_COMPARE_WITH_TIMEOUT(view.groupModel()->rowCount(), 2, 10000);
        AlertInboxModel *inbox = window.alerts()->inbox();
        QCOMPARE(inbox->rowCount(), 0);

        for (int i = 0; i < 20; ++i)
            db.command({"XADD", "billing", "*", "n", QByteArray::number(i)});
        QTRY_COMPARE_WITH_TIMEOUT(inbox->rowCount(), 1, 10000);
        for (int i = 0; i < 6; ++i)
            db.command({"XADD", "mail", "*", "n", QByteArray::number(i)});
        QTRY_COMPARE_WITH_TIMEOUT(inbox->rowCount(), 2, 10000);
        QVERIFY2(window.alertBanner()->title().startsWith(QStringLiteral("mail/g2 is WARN")), qPrintable(window.alertBanner()->title()));
        db.command({"XGROUP", "SETID", "billing", "g1", "$"}); // billing catches up: it recovers
        QTRY_COMPARE_WITH_TIMEOUT(inbox->rowCount(), 3, 10000);

        // Opened the operator's way: the keys, on the window.
        QTest::keyClick(&window, Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
        AlertInboxDialog *dialog = window.alertInbox();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        QTableView *table = dialog->table();
        auto row = [&](int r) {
            QStringList cells;
            for (int c : {AlertInboxModel::Subject, AlertInboxModel::Change, AlertInboxModel::State})
                cells << table->model()->index(r, c).data().toString();
            return cells.join(QStringLiteral(" | "));
        };
        QCOMPARE(row(0), QStringLiteral("billing/g1 | recovered (was CRIT) | new"));
        QCOMPARE(row(1), QStringLiteral("mail/g2 | raised: WARN | new"));
        QCOMPARE(row(2), QStringLiteral("billing/g1 | raised: CRIT | new"));
        QVERIFY(table->model()->index(2, AlertInboxModel::Why).data().toString().contains(QStringLiteral("lag 20")));
        QAction *menuAction = window.findChild<QAction *>(QStringLiteral("alertInboxAction"));
        QVERIFY(menuAction);
        QCOMPARE(menuAction->text(), QStringLiteral("A&lerts (3 new)…"));

        QTRY_VERIFY(table->hasFocus());
        table->setCurrentIndex(table->model()->index(0, 0));
        QTest::keyClick(table, Qt::Key_Space);
        QCOMPARE(row(0), QStringLiteral("billing/g1 | recovered (was CRIT) | acknowledged"));
        QCOMPARE(inbox->unacknowledged(), 2);
        QCOMPARE(menuAction->text(), QStringLiteral("A&lerts (2 new)…"));

        table->setCurrentIndex(table->model()->index(1, 0));
        QTest::keyClick(table, Qt::Key_Return);
        QTRY_VERIFY(view.groupPage()->isVisible());
        QCOMPARE(view.groupPage()->group(), (GroupKey{"mail", "g2"}));
        QCOMPARE(inbox->unacknowledged(), 1); // opened: seen
        keepScreenshot(dialog, QStringLiteral("alert-inbox"));
    }

    // (issue 16, 3) The window's incident report, on a real server with a
    // password: the folder the console writes, plus the sick group's charts as
    // a picture and a .zip of it all; the summary and the dead letters agree
    // with the server; no password and no payload anywhere; a folder that is
    // not empty is refused before anything is written.
    void windowExportsTheIncidentReport()
    {
        RedisServer server(RedisServer::Options{false, true, {QStringLiteral("--requirepass"), QStringLiteral("s3cret-pw")}, false, {}});
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        QString url = server.url();
        url.replace(QStringLiteral("redis://"), QStringLiteral("redis://:s3cret-pw@"));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        QCOMPARE(db.command({"AUTH", "s3cret-pw"}).bytes(), QByteArray("OK"));
        addShipIncident(db, 2); // lag 20, 10 held, two dead letters
        db.command({"XGROUP", "CREATE", "orders", "audit", "$"});

        MainWindow window;
        ConnectionView &view = *window.addConnection();
        view.useConnection(optionsFor(url), QStringLiteral("incident"), false);
        window.show();
        ProbeConfig config;
        config.thresholds.lagWarn = 5;
        config.thresholds.lagCrit = 10;
        config.thresholds.recoverAfterMs = 1'000; // the shipped dwell is 60 s (issue 45)
        PollerThread poller(optionsFor(url), config);
        poller.setIntervalMs(150);
        connect(poller.poller(), &ConnectionPoller::snapshotReady, &view, &ConnectionView::applySnapshot);
        poller.start();
        QTRY_VERIFY_WITH_TIMEOUT(!view.lastSnapshot().isNull() && view.lastSnapshot().group("orders", "ship"), 10000);
        QTRY_COMPARE(view.lastSnapshot().group("orders", "ship")->health.status, Health::Crit);
        QCOMPARE(sickGroups(view, 20), QList<GroupKey>{(GroupKey{"orders", "ship"})}); // "audit" is OK: no picture

        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("report"));
        std::optional<IncidentExportResult> got;
        QVERIFY2(exportIncidentReport(&view, folder, 3'600'000, 10, false, [&](const IncidentExportResult &r) { got = r; }, &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(got.has_value(), 20000);
        QVERIFY2(got->error.isEmpty(), qPrintable(got->error));
        QCOMPARE(got->chartImages, 1);
        const QImage charts(folder + QStringLiteral("/charts/orders__ship.png"));
        QVERIFY(!charts.isNull());
        if (const QString shots = qEnvironmentVariable("PELSCOPE_SHOT_DIR"); !shots.isEmpty()) // ./dev screenshots
            charts.save(shots + QStringLiteral("/incident-report-charts.png"));
        QVERIFY2(charts.width() >= 1000 && charts.height() >= 3 * 300,
                 qPrintable(fillText(QStringLiteral("%1x%2"), charts.width(), charts.height())));
        QFile summaryFile(folder + QStringLiteral("/summary.md"));
        QVERIFY(summaryFile.open(QIODevice::ReadOnly));
        const QByteArray summary = summaryFile.readAll();
        QVERIFY2(summary.contains("| CRIT | orders | ship |") && summary.contains("lag 20"), summary.constData());
        QVERIFY2(summary.contains("orders:dlq (source orders): 2 entries; timeout 1, validation 1"), summary.constData());
        QVERIFY2(summary.contains("charts/*.png"), summary.constData());
        // The picture in summary.md under its group, and the timeline's section (issue 28, item 6).
        QVERIFY2(summary.contains("### orders / ship\n\n![charts](charts/orders__ship.png)"), summary.constData());
        QVERIFY2(summary.contains("## Incidents in the window (recorded)"), summary.constData());
        QCOMPARE(got->report.deadLetters, db.command({"XLEN", "orders:dlq"}).integer());

        QCOMPARE(got->zip, folder + QStringLiteral(".zip"));
        QFile zip(got->zip);
        QVERIFY(zip.open(QIODevice::ReadOnly));
        const QByteArray zipped = zip.readAll();
        QVERIFY(zipped.startsWith("PK\x03\x04"));
        for (const char *name : {"summary.md", "snapshot.json", "dead-letters.jsonl", "audit.jsonl", "charts/orders__ship.png"})
            QVERIFY2(zipped.contains(name), name); // the central directory names every file
        QVERIFY(!zipped.contains("s3cret-pw"));
        int files = 0;
        for (QDirIterator it(folder, QDir::Files, QDirIterator::Subdirectories); it.hasNext();) {
            QFile f(it.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray bytes = f.readAll();
            QVERIFY2(!bytes.contains("s3cret-pw") && !bytes.contains("-secret"), qPrintable(it.filePath()));
            ++files;
        }
        // The console's five (this tab keeps no history file: its groups' series from memory), and one picture.
        QCOMPARE(files, 4 + 3 + 1); // groups/index.csv, two groups' series
        QFile csv(folder + QStringLiteral("/groups/orders__ship.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> rows = csv.readAll().split('\n');
        QVERIFY2(rows.size() >= 3 && rows.at(1).contains(",20,10,"), rows.value(1).constData()); // lag 20, pending 10, as polled

        std::optional<IncidentExportResult> again;
        QVERIFY(!exportIncidentReport(&view, folder, 3'600'000, 10, false, [&](const IncidentExportResult &r) { again = r; }, &error));
        QVERIFY2(error.contains(QStringLiteral("exists")), qPrintable(error));
        QVERIFY(!again);
        // A FOLDER.zip that is not the report's is neither overwritten nor
        // deleted (it was both, when zipping failed).
        const QString other = dir.filePath(QStringLiteral("other"));
        {
            QFile mine(other + QStringLiteral(".zip"));
            QVERIFY(mine.open(QIODevice::WriteOnly));
            mine.write("mine");
        }
        error.clear();
        QVERIFY(!exportIncidentReport(&view, other, 3'600'000, 10, false, [&](const IncidentExportResult &r) { again = r; }, &error));
        QVERIFY2(error.contains(QStringLiteral("exists")), qPrintable(error));
        QVERIFY(!QFileInfo::exists(other));
        QFile mine(other + QStringLiteral(".zip"));
        QVERIFY(mine.open(QIODevice::ReadOnly));
        QCOMPARE(mine.readAll(), QByteArray("mine"));
    }
};

QTEST_MAIN(TestDesktopAlerts)
#include "tst_desktop_alerts.moc"
