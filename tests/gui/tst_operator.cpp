// The first five minutes of an incident, as an on-call operator drives the
// window: a claim whose confirmation says one set of numbers (those of the
// server) and what the new owner must do; writes toggled by one shortcut; a
// write touching only what is in view; a results panel that stays; a table
// that holds still; colours and first verdicts that mean something; reasons
// in full; triage by keyboard alone. Real redis-server, offscreen window.
#include "widgets/consumer_actions_bar.h"
#include "charts/dlq_category_chart.h"
#include "pages/dlq_page.h"
#include "pages/dlq_tab.h"
#include "pages/group_page.h"
#include "widgets/pending_actions_bar.h"
#include "health_style.h"
#include "charts/qcp.h"
#include "gui_test_helpers.h"
#include "itemmodels/consumer_table_model.h"
#include "itemmodels/dlq_entry_model.h"
#include "itemmodels/group_table_model.h"
#include "main_window.h"
#include "pages/overview_page.h"
#include "widgets/overview_proxy_model.h"
#include "poll_once.h"
#include "polling/poller_thread.h"
#include "redis_oracle.h"
#include "redis_server.h"
#include "snapshot/format.h"
#include "text/fill_text.h"
#include "test_settings.h"
#include "write_controller.h"
#include "dialogs/write_dialogs.h"
#include "cli_process.h"
#include "pages/job_queue_page.h"
#include "widgets/queue_item_browser.h"
#include "pages/queue_page.h"
#include "pages/queue_panel.h"
#include "itemmodels/queue_table_model.h"
#include "widgets/write_results_panel.h"
#include "actions/pending_action_job.h"

#include <QAction>
#include <QScopeGuard>
#include <csignal>
#include <unistd.h>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QInputDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPushButton>
#include <QScrollBar>
#include <QStandardItemModel>
#include <QTextBrowser>
#include <QTextDocumentFragment>
#include <QSpinBox>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QPointer>
#include <QSignalSpy>
#include <QToolButton>
#include <QShortcut>
#include <QTreeWidget>

using namespace pelscope;
using namespace pelscope::test;

namespace {

struct Session
{
    explicit Session(const QString &url, const ProbeConfig &config = {})
        : poller(optionsFor(url), config)
    {
        window.useConnection(optionsFor(url), QStringLiteral("incident"), false);
        mainWindow.resize(1280, 720);
        mainWindow.show();
        poller.setIntervalMs(200);
        QObject::connect(poller.poller(), &ConnectionPoller::snapshotReady, &window, &ConnectionView::applySnapshot);
        poller.start();
    }
    void enableWrites()
    {
        window.writes()->requestEnable();
        auto *enable = waitForDialog<EnableWritesDialog>(&mainWindow);
        QVERIFY(enable);
        enable->enableButton()->click();
        QTRY_VERIFY(window.writes()->writesEnabled());
    }
    MainWindow mainWindow;
    ConnectionView &window = *mainWindow.addConnection();
    PollerThread poller;
};

// The pending count of `consumer` as the server says now.
qint64 holds(RedisOracle &db, const QByteArray &stream, const QByteArray &group, const QByteArray &consumer)
{
    const RedisReply summary = db.command({"XPENDING", stream, group});
    for (const RedisReply &c : summary.at(3).elements())
        if (c.at(0).bytes() == consumer)
            return c.at(1).toInt().value_or(0);
    return 0;
}

} // namespace

class TestOperator : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_tmp;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        qputenv("PELSCOPE_AUDIT_LOG", m_tmp.filePath(QStringLiteral("audit.jsonl")).toUtf8());
        QVERIFY2(useSettingsIn(m_tmp.filePath(QStringLiteral("config")), QStringLiteral("tst_operator")), qPrintable(QSettings().fileName()));
    }

    // (1, 4, 5) "Claim all from" a dead consumer: the review's sentence and its
    // plan both say what the server holds now (40), and that the new owner
    // must re-read with ID 0; the result panel then says where they went.
    // Names that hold what a format string holds: the confirmation the window
    // shows names them as they are, and the claim goes where it says.
    void claimConfirmationWithHostileNames()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        for (int i = 0; i < 40; ++i)
            db.command({"XADD", "jobs%2Fx", "*", "n", QByteArray::number(i)});
        db.command({"XGROUP", "CREATE", "jobs%2Fx", "g%1", "0"});
        db.command({"XREADGROUP", "GROUP", "g%1", "w%2", "COUNT", "40", "STREAMS", "jobs%2Fx", ">"});
        db.command({"XGROUP", "CREATECONSUMER", "jobs%2Fx", "g%1", "x%1y"});

        Session s(server.url());
        s.enableWrites();
        s.window.openGroup("jobs%2Fx", "g%1");
        GroupPage *page = s.window.groupPage();
        QTRY_VERIFY_WITH_TIMEOUT(page->consumerView()->model()->rowCount() == 2, 15000);
        selectWhere(page->consumerView(), ConsumerTableModel::NameRole, {"w%2"});
        QTRY_VERIFY(page->consumerActions()->claimAllButton()->isEnabled());
        page->consumerActions()->claimAllButton()->click();
        QDialog *form = waitForForm(&s.mainWindow, QStringLiteral("Claim all pending entries of w%2"));
        QVERIFY(form);
        form->findChild<QComboBox *>()->setCurrentText(QStringLiteral("x%1y"));
        form->findChild<QSpinBox *>()->setValue(0);
        form->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();

        auto *confirm = waitForDialog<ConfirmWriteDialog>(&s.mainWindow);
        QVERIFY(confirm);
        const QString summary = QTextDocumentFragment::fromHtml(confirm->summary()).toPlainText(); // as the dialog shows it
        const QString plan = confirm->plan().join(QLatin1Char('\n'));
        QVERIFY2(summary.contains(QStringLiteral("Claim the pending entries of consumer w%2 in group g%1 of stream jobs%2Fx")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("Consumer \"w%2\" holds 40 pending entries")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("would move to \"x%1y\"; the other 0 stay with \"w%2\".")), qPrintable(summary));
        QVERIFY2(plan.contains(QStringLiteral("XCLAIM \"jobs%2Fx\" \"g%1\" \"x%1y\" 0 <ids> JUSTID")), qPrintable(plan));
        // What the command list is: plain XCLAIM calls, not "one atomic script per batch".
        QStringList captions;
        for (QLabel *l : confirm->findChildren<QLabel *>())
            if (l->text().startsWith(QStringLiteral("Exactly these commands will run")))
                captions << l->text();
        QCOMPARE(captions, QStringList{QStringLiteral("Exactly these commands will run (plain XCLAIM calls, a batch of IDs each; no script):")});
        keepScreenshot(confirm, QStringLiteral("claim-confirmation-hostile-names"));
        confirm->confirmButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(holds(db, "jobs%2Fx", "g%1", "x%1y"), 40, 10000);
        QCOMPARE(holds(db, "jobs%2Fx", "g%1", "w%2"), 0);
    }

    void claimConfirmationAgreesWithTheServer()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        for (int i = 0; i < 41; ++i)
            db.command({"XADD", "fulfillment", "*", "n", QByteArray::number(i)});
        db.command({"XGROUP", "CREATE", "fulfillment", "workers", "0"});
        db.command({"XREADGROUP", "GROUP", "workers", "worker-3", "COUNT", "40", "STREAMS", "fulfillment", ">"});
        db.command({"XREADGROUP", "GROUP", "workers", "worker-1", "COUNT", "1", "STREAMS", "fulfillment", ">"});
        QCOMPARE(holds(db, "fulfillment", "workers", "worker-3"), 40);

        Session s(server.url());
        s.enableWrites();
        s.window.openGroup("fulfillment", "workers");
        GroupPage *page = s.window.groupPage();
        QTRY_VERIFY_WITH_TIMEOUT(page->consumerView()->model()->rowCount() == 2, 15000);
        selectWhere(page->consumerView(), ConsumerTableModel::NameRole, {"worker-3"});
        QTRY_VERIFY(page->consumerActions()->claimAllButton()->isEnabled());
        page->consumerActions()->claimAllButton()->click();
        QDialog *form = waitForForm(&s.mainWindow, QStringLiteral("Claim all pending entries of worker-3"));
        QVERIFY(form);
        // The parameters dialog shows no count of its own to disagree with.
        for (QLabel *l : form->findChildren<QLabel *>())
            QVERIFY2(!l->text().contains(QStringLiteral("40")), qPrintable(l->text()));
        form->findChild<QComboBox *>()->setCurrentText(QStringLiteral("worker-1"));
        form->findChild<QSpinBox *>()->setValue(0);
        form->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();

        auto *confirm = waitForDialog<ConfirmWriteDialog>(&s.mainWindow);
        QVERIFY(confirm);
        const QString summary = confirm->summary();
        const QString plan = confirm->plan().join(QLatin1Char('\n'));
        QVERIFY2(summary.contains(QStringLiteral("holds 40 pending entries")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("40 of them are idle at least")), qPrintable(summary));
        QVERIFY2(plan.contains(QStringLiteral("it holds 40, 40 of them idle that long now")), qPrintable(plan));
        QVERIFY2(!summary.contains(QStringLiteral("holds 0")) && !plan.contains(QStringLiteral("holds 0")), qPrintable(summary + plan));
        QVERIFY2(summary.contains(QStringLiteral("must read its pending entries again")) && summary.contains(QStringLiteral("STREAMS")),
                 qPrintable(summary));
        keepScreenshot(confirm, QStringLiteral("claim-confirmation"));
        confirm->confirmButton()->click();

        QTRY_COMPARE_WITH_TIMEOUT(holds(db, "fulfillment", "workers", "worker-1"), 41, 10000);
        QCOMPARE(holds(db, "fulfillment", "workers", "worker-3"), 0);
        WriteResultsPanel *panel = s.window.writeResults();
        QTRY_VERIFY_WITH_TIMEOUT(panel->isVisible() && panel->count() == 1, 10000);
        QTreeWidgetItem *top = panel->tree()->topLevelItem(0);
        QVERIFY2(top->text(0).contains(QStringLiteral("claimed 40 entries to worker-1")), qPrintable(top->text(0)));
        QStringList children;
        for (int i = 0; i < top->childCount(); ++i)
            children << top->child(i)->text(0);
        const QString detail = children.join(QLatin1Char('\n'));
        QVERIFY2(detail.contains(QStringLiteral("worker-1 now holds 41 entries")) && detail.contains(QStringLiteral("worker-3 keeps 0 entries")),
                 qPrintable(detail));
        QVERIFY2(detail.contains(QStringLiteral("Audit record: ")), qPrintable(detail));
        QVERIFY2(!detail.contains(QStringLiteral(" 0 entries left")) && !detail.contains(QStringLiteral("failed")),
                 qPrintable(detail)); // zero counts left out
        top->setExpanded(true);
        keepScreenshot(&s.mainWindow, QStringLiteral("claim-result"));
    }

    // (2, 3, 5) One shortcut toggles writes and the menu says the state; a
    // requeue touches only the selected rows in view; the panel lists each
    // entry's new ID, equal to the server's.
    void writesToggleAndTouchOnlyWhatIsInView()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        db.command({"XGROUP", "CREATE", "orders", "billing", "$", "MKSTREAM"});
        for (int i = 0; i < 200; ++i)
            db.command({"XADD", "orders:dlq", "*", "payload", "p" + QByteArray::number(i), "category", "timeout", "source_stream", "orders"});

        Session s(server.url());
        QAction *toggle = menuAction(s.mainWindow.menuBar(), QStringLiteral("Enable writes"));
        QVERIFY(toggle);
        QCOMPARE(toggle->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W));
        toggle->trigger();
        auto *enable = waitForDialog<EnableWritesDialog>(&s.mainWindow);
        QVERIFY(enable);
        enable->enableButton()->click();
        QTRY_VERIFY(s.window.writes()->writesEnabled());
        QVERIFY(toggle->isChecked());
        QVERIFY2(toggle->text().contains(QStringLiteral("turn off")), qPrintable(toggle->text()));
        toggle->trigger(); // the same shortcut turns them off
        QVERIFY(!s.window.writes()->writesEnabled());
        QVERIFY(!toggle->isChecked());
        toggle->trigger();
        enable = waitForDialog<EnableWritesDialog>(&s.mainWindow);
        QVERIFY(enable);
        enable->enableButton()->click();
        QTRY_VERIFY(s.window.writes()->writesEnabled());

        s.window.showPage(QStringLiteral("dlq:orders:dlq"));
        DlqTab *tab = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((tab = s.window.dlqPage()->tab("orders:dlq")), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(tab->model()->loaded() >= 100, 10000);
        QTableView *view = tab->view();
        view->scrollToTop();
        const QByteArray first = view->model()->index(0, 0).data(DlqEntryModel::EntryIdRole).toByteArray();
        view->selectRow(0);
        QTRY_VERIFY(tab->requeueButton()->isEnabled());
        view->scrollToBottom(); // the selected row is out of view now
        QTRY_VERIFY(!tab->requeueButton()->isEnabled());
        QVERIFY2(tab->requeueButton()->toolTip().contains(QStringLiteral("scrolled out of view")), qPrintable(tab->requeueButton()->toolTip()));
        // A second, visible row: only that one is touched, and the confirmation lists it alone.
        const int last = view->model()->rowCount() - 1;
        const QByteArray visible = view->model()->index(last, 0).data(DlqEntryModel::EntryIdRole).toByteArray();
        view->selectionModel()->select(view->model()->index(last, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        QTRY_VERIFY(tab->requeueButton()->isEnabled());
        tab->requeueButton()->click();
        auto *confirm = waitForDialog<ConfirmWriteDialog>(&s.mainWindow);
        QVERIFY(confirm);
        const QString plan = confirm->plan().join(QLatin1Char('\n'));
        QVERIFY2(plan.contains(QString::fromLatin1(visible)) && !plan.contains(QString::fromLatin1(first)), qPrintable(plan));
        confirm->confirmButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(db.command({"XLEN", "orders:dlq"}).integer(), 199, 10000);
        QCOMPARE(db.command({"XRANGE", "orders:dlq", first, first}).size(), 1);

        WriteResultsPanel *panel = s.window.writeResults();
        QTRY_VERIFY_WITH_TIMEOUT(panel->count() == 1, 10000);
        const QByteArray newId = db.command({"XRANGE", "orders", "-", "+"}).at(0).at(0).bytes();
        QTreeWidgetItem *top = panel->tree()->topLevelItem(0);
        QVERIFY2(top->text(0).contains(QStringLiteral("requeued 1 entry")), qPrintable(top->text(0)));
        bool listed = false;
        for (int i = 0; i < top->childCount(); ++i)
            for (int j = 0; j < top->child(i)->childCount(); ++j)
                listed =
                    listed
                    || top->child(i)->child(j)->text(0) == QStringLiteral("%1 → %2").arg(QString::fromLatin1(visible), QString::fromLatin1(newId));
        QVERIFY(listed);
    }

    // One claim and one requeue with the keyboard alone (issue 48 item 2:
    // Space on a focused "Claim all from…" paused polling and Return did
    // nothing, so a claim could not be started without the mouse). Only key
    // presses reach the window, on whatever has the focus: Ctrl+Shift+W and
    // Tab/Return in its dialog, Ctrl+F to the group, Tab to the pending
    // entries, Ctrl+A, Tab to "Claim to…", Space, the form's fields typed,
    // Return, Tab to the confirmation's button, Space; Ctrl+D, the same for
    // the dead letters. The server says each was done.
    void claimAndRequeueByKeyboardAlone()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        db.command({"XGROUP", "CREATE", "orders", "g", "$", "MKSTREAM"});
        for (int i = 0; i < 3; ++i)
            db.command({"XADD", "orders", "*", "n", QByteArray::number(i)});
        db.command({"XREADGROUP", "GROUP", "g", "dead", "STREAMS", "orders", ">"});
        db.command({"XGROUP", "CREATECONSUMER", "orders", "g", "live"});
        for (int i = 0; i < 2; ++i)
            db.command({"XADD", "orders:dlq", "*", "payload", "p" + QByteArray::number(i), "error", "timeout", "source_stream", "orders"});

        Session s(server.url());
        s.mainWindow.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&s.mainWindow));
        QTRY_COMPARE_WITH_TIMEOUT(s.window.overviewTable()->model()->rowCount(), 1, 10000);
        // A closed dialog gives the activation back to the window under it: a
        // window manager's job, which the offscreen platform does not do.
        const auto backToTheWindow = [&] {
            const auto openDialogs = [] {
                QStringList open;
                for (QWidget *w : QApplication::topLevelWidgets())
                    if (qobject_cast<QDialog *>(w) && w->isVisible())
                        open << fillText(QStringLiteral("%1 '%2'"), QString::fromLatin1(w->metaObject()->className()), w->windowTitle());
                return open.join(QStringLiteral(", "));
            };
            QTRY_VERIFY2(openDialogs().isEmpty(), qPrintable(openDialogs())); // progress boxes too
            if (QApplication::activeWindow() != &s.mainWindow)
                s.mainWindow.activateWindow();
            QTRY_VERIFY(QApplication::activeWindow() == &s.mainWindow);
        };
        // Where the keyboard is, for a failure's message.
        const auto whereIsTheKeyboard = [] {
            QWidget *active = QApplication::activeWindow();
            QWidget *focus = QApplication::focusWidget();
            return fillText(QStringLiteral("active window %1 '%2', focus on %3"), active ? QString::fromLatin1(active->metaObject()->className()) : QStringLiteral("none"),
                            active ? active->windowTitle() : QString(), focus ? QString::fromLatin1(focus->metaObject()->className()) : QStringLiteral("nothing"));
        };
        // Keys go where the system sends them: the focused control, else the active window.
        const auto press = [](const QKeySequence &keys) {
            QWidget *focus = QApplication::focusWidget() ? QApplication::focusWidget() : QApplication::activeWindow();
            QVERIFY(focus);
            QTest::keySequence(focus, keys);
        };
        // Tab until `wanted` has the focus, as an operator would, at most 40 presses.
        const auto tabTo = [](QWidget *wanted) {
            for (int i = 0; i < 40 && QApplication::focusWidget() != wanted; ++i)
                QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
            if (QApplication::focusWidget() != wanted)
                qWarning("Tab never reached %s: the focus is on %s", wanted->metaObject()->className(),
                         QApplication::focusWidget() ? QApplication::focusWidget()->metaObject()->className() : "nothing");
            return QApplication::focusWidget() == wanted;
        };

        press(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W));
        auto *enable = waitForDialog<EnableWritesDialog>(&s.mainWindow);
        QVERIFY(enable);
        QTRY_VERIFY2(enable->isAncestorOf(QApplication::focusWidget()), qPrintable(whereIsTheKeyboard())); // the keyboard is in the dialog
        QVERIFY(tabTo(enable->enableButton()));
        press(QKeySequence(Qt::Key_Return));
        QTRY_VERIFY(s.window.writes()->writesEnabled());
        QTRY_VERIFY(!enable->isVisible());
        backToTheWindow();

        press(QKeySequence(Qt::CTRL | Qt::Key_F));
        QTRY_VERIFY(s.window.overview()->filter()->hasFocus());
        QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("orders"));
        press(QKeySequence(Qt::Key_Down));
        press(QKeySequence(Qt::Key_Return));
        QTRY_VERIFY(s.window.groupPage()->isVisible());
        QTableView *pending = s.window.groupPage()->pendingView();
        QTRY_COMPARE_WITH_TIMEOUT(pending->model()->rowCount(), 3, 10000);
        QVERIFY(tabTo(pending));
        press(QKeySequence::SelectAll);
        QPushButton *claim = s.window.groupPage()->pendingActions()->claimButton();
        QTRY_VERIFY(claim->isEnabled());
        QVERIFY(tabTo(claim));
        QSignalSpy claimClicks(claim, &QPushButton::clicked);
        press(QKeySequence(Qt::Key_Space));
        QDialog *form = waitForForm(&s.mainWindow, QStringLiteral("Claim pending entries"));
        QVERIFY(form);
        QTRY_VERIFY2(form->isAncestorOf(QApplication::focusWidget()), qPrintable(whereIsTheKeyboard()));
        auto *owner = form->findChild<QComboBox *>();
        auto *guard = form->findChild<QSpinBox *>();
        QVERIFY(tabTo(owner));
        press(QKeySequence::SelectAll);
        QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("live"));
        QVERIFY(tabTo(guard));
        press(QKeySequence::SelectAll);
        QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("0"));
        const QPointer<QDialog> formShown = form;
        press(QKeySequence(Qt::Key_Return)); // the form's default: Review…
        QTRY_VERIFY2(!formShown || !formShown->isVisible(), qPrintable(whereIsTheKeyboard()));
        auto *confirm = waitForDialog<ConfirmWriteDialog>(&s.mainWindow);
        QVERIFY(confirm);
        QVERIFY2(confirm->plan().join(QLatin1Char('\n')).contains(QStringLiteral("\"live\"")), qPrintable(confirm->plan().join(QLatin1Char('\n'))));
        QTRY_VERIFY2(confirm->isAncestorOf(QApplication::focusWidget()), qPrintable(whereIsTheKeyboard()));
        QVERIFY(tabTo(confirm->confirmButton()));
        const QPointer<ConfirmWriteDialog> confirmed = confirm; // deleted once closed
        press(QKeySequence(Qt::Key_Space));
        QTRY_COMPARE_WITH_TIMEOUT(holds(db, "orders", "g", "live"), 3, 10000);
        QCOMPARE(holds(db, "orders", "g", "dead"), 0);
        // The outcome is said before the next write starts: the operator waits for it as the window does.
        QTRY_VERIFY_WITH_TIMEOUT(!s.window.writes()->isBusy(), 10000);
        QTRY_VERIFY(!confirmed || !confirmed->isVisible());
        QCOMPARE(claimClicks.size(), 1); // one Space, one form (animateClick and the key's release made two under load)
        backToTheWindow();
        press(QKeySequence(Qt::CTRL | Qt::Key_D));
        QTRY_VERIFY(s.window.dlqPage()->isVisible());
        DlqTab *tab = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((tab = s.window.dlqPage()->tab("orders:dlq")), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(tab->view()->model()->rowCount(), 2, 10000);
        QVERIFY(tabTo(tab->view()));
        press(QKeySequence::SelectAll);
        QTRY_VERIFY2(tab->requeueButton()->isEnabled(),
                     qPrintable(fillText(QStringLiteral("%1 selected; %2"), tab->view()->selectionModel()->selectedRows().size(), tab->requeueButton()->toolTip())));
        QVERIFY(tabTo(tab->requeueButton()));
        press(QKeySequence(Qt::Key_Space));
        confirm = waitForDialog<ConfirmWriteDialog>(&s.mainWindow);
        QVERIFY(confirm);
        QTRY_VERIFY2(confirm->isAncestorOf(QApplication::focusWidget()), qPrintable(whereIsTheKeyboard()));
        QVERIFY(tabTo(confirm->confirmButton()));
        press(QKeySequence(Qt::Key_Return));
        QTRY_COMPARE_WITH_TIMEOUT(db.command({"XLEN", "orders:dlq"}).integer(), 0, 10000);
        QCOMPARE(db.command({"XLEN", "orders"}).integer(), 5);
    }

    // A dialog's title is whole (issue 48: "Claim all pe…"): "Claim all
    // from…" on a consumer with a long name opens a form at least as wide as
    // its title in a bold title-bar font, within the screen.
    void dialogTitlesAreWhole()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        const QByteArray consumer = "checkout-worker-eu-west-1-7f9c4d-blue";
        db.command({"XGROUP", "CREATE", "orders", "g", "$", "MKSTREAM"});
        db.command({"XADD", "orders", "*", "n", "1"});
        db.command({"XREADGROUP", "GROUP", "g", consumer, "STREAMS", "orders", ">"});
        Session s(server.url());
        s.enableWrites();
        QTRY_COMPARE_WITH_TIMEOUT(s.window.overviewTable()->model()->rowCount(), 1, 10000);
        s.window.openGroup("orders", "g");
        QTableView *consumers = s.window.groupPage()->consumerView();
        QTRY_COMPARE_WITH_TIMEOUT(consumers->model()->rowCount(), 1, 10000);
        consumers->selectRow(0);
        QPushButton *claimAll = s.window.groupPage()->consumerActions()->claimAllButton();
        QTRY_VERIFY(claimAll->isEnabled());
        claimAll->click();
        QDialog *form = waitForForm(&s.mainWindow, QStringLiteral("Claim all pending entries of"));
        QVERIFY(form);
        QVERIFY(form->windowTitle().contains(QString::fromLatin1(consumer)));
        QFont bold = QApplication::font();
        bold.setBold(true);
        const int title = QFontMetrics(bold).horizontalAdvance(form->windowTitle());
        QTRY_VERIFY2(form->width() >= title + 100,
                     qPrintable(fillText(QStringLiteral("%1 px wide for a %2 px title"), form->width(), title)));
        form->reject();
    }

    // (6, 11) The overview holds still between status changes and re-sorts
    // when one happens; the selected row's reasons are shown in full; every
    // column explains itself; the summary's counts filter.
    // (issue 17) A crashed worker's items, browsed and requeued from the
    // window: the queue page lists the processing list's oldest end with
    // each item's age, shows the selected one pretty-printed, refuses to
    // write while read-only, and after the confirmation (whose plan names
    // exactly the stuck items) moves them back once; the young item stays.
    void queuePageRequeuesStuckItems()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        const RedisReply t = db.command({"TIME"});
        const qint64 now = t.at(0).toInt().value_or(0);
        const auto item = [](int id, qint64 ts) {
            return "{\"id\":" + QByteArray::number(id) + ",\"type\":\"resize-image\",\"timestamp\":" + QByteArray::number(ts) + "}";
        };
        // LMOVE myqueue processing RIGHT LEFT: the oldest on the right.
        db.command({"LPUSH", "jobs:processing", item(1, now - 700), item(2, now - 650), item(3, now - 20)});
        db.command({"LPUSH", "jobs", item(4, now)});

        Session s(server.url());
        QTRY_COMPARE_WITH_TIMEOUT(s.window.queuePanel()->model()->rowCount(), 1, 10000);
        // Opened as the operator opens it: a double-click on the overview's row.
        auto *queues = s.window.queuePanel()->findChild<QTableView *>(QStringLiteral("queueTable"));
        QTRY_VERIFY(queues->isVisible());
        QVERIFY(doubleClickRow(queues, QueueTableModel::KeyRole, QByteArray("jobs")));
        QueuePage *page = s.window.queuePage();
        QTRY_VERIFY(page->isVisible());
        QCOMPARE(page->key(), QByteArray("jobs")); // the server's key, every byte of it
        QTRY_COMPARE_WITH_TIMEOUT(page->items()->rowCount(), 3, 10000);
        QVERIFY(page->isVisible());
        QCOMPARE(page->items()->index(0, 3).data().toString(), QString::fromUtf8(item(1, now - 700)));
        QVERIFY2(page->items()->index(0, 1).data().toString().startsWith(QStringLiteral("11m")),
                 qPrintable(page->items()->index(0, 1).data().toString()));
        QVERIFY(page->items()->index(2, 1).data().toString().endsWith(QStringLiteral("in processing")));
        QTRY_VERIFY(page->detail()->toPlainText().contains(QStringLiteral("\"type\": \"resize-image\""))); // pretty-printed
        QTRY_VERIFY(page->header()->text().contains(QStringLiteral("jobs")));
        QVERIFY(!page->requeueStuckButton()->isEnabled()); // read-only

        s.enableWrites();
        QVERIFY(page->requeueStuckButton()->isEnabled());
        page->requeueStuckButton()->click();
        auto *confirm = waitForDialog<ConfirmWriteDialog>(&s.mainWindow);
        QVERIFY(confirm);
        QVERIFY2(confirm->summary().contains(QStringLiteral("Would move 2 items back to")), qPrintable(confirm->summary()));
        const QString plan = confirm->plan().join(QLatin1Char('\n'));
        QVERIFY2(plan.contains(QStringLiteral("LREM \"jobs:processing\" -1 \"{\\\"id\\\":1,")), qPrintable(plan));
        QVERIFY(plan.contains(QStringLiteral("\\\"id\\\":2,")) && !plan.contains(QStringLiteral("\\\"id\\\":3,")));
        QCOMPARE(db.command({"LLEN", "jobs:processing"}).integer(), 3); // nothing before the confirmation
        keepScreenshot(confirm, QStringLiteral("queue-requeue-confirm"));
        confirm->confirmButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(db.command({"LLEN", "jobs:processing"}).integer(), 1, 10000);
        const RedisReply main = db.command({"LRANGE", "jobs", "0", "-1"});
        QCOMPARE(main.size(), 3);
        QCOMPARE(main.at(0).bytes(), item(2, now - 650));
        QCOMPARE(main.at(1).bytes(), item(1, now - 700));
        QCOMPARE(db.command({"LINDEX", "jobs:processing", "0"}).bytes(), item(3, now - 20));
        QTRY_COMPARE_WITH_TIMEOUT(page->items()->rowCount(), 1, 10000); // the page reads again after the write
        QTRY_VERIFY(s.window.writeResults()->isVisible());
        QCOMPARE(db.command({"EXISTS", "obs"}).integer(), 0); // nothing written anywhere else
        QCOMPARE(db.command({"DBSIZE"}).integer(), 3);        // jobs, jobs:processing, pelscope:audit

        // Esc leaves the page for the overview, as from a group's page.
        page->window()->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(page->window()));
        page->table()->setFocus();
        QTest::keyClick(page->table(), Qt::Key_Escape);
        QTRY_VERIFY(!page->isVisible());
    }

    // A job framework's queue opened from the overview as an operator opens
    // it (double-click): BullMQ's own producer and a real worker SIGKILLed
    // holding jobs, under a prefix holding what a format string holds. The
    // page names the queue, lists the keys BullMQ keeps its jobs in, and shows
    // each key's jobs as BullMQ wrote them: the delayed set's times decoded
    // (due ms × 4096 + a counter, "31,600 years" before), the failed job with
    // its hash named; the chart follows the polls. Nothing is written.
    void jobPageBrowsesBullMqsKeys()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        const QString script = QStringLiteral(PELSCOPE_FRAMEWORKS_DIR "/bullmq/scenario.mjs");
        QVERIFY2(QFile::exists(QStringLiteral(PELSCOPE_FRAMEWORKS_DIR "/bullmq/node_modules/bullmq/package.json")),
                 "BullMQ is not installed: ./dev deps runs npm ci in tests/frameworks/bullmq");
        const QString prefix = QStringLiteral("%1{x}");
        const ProcessRun produced = runProcess(QStringLiteral("node"), {script, QStringLiteral("produce"), server.url(), QStringLiteral("20"),
                                                                       QStringLiteral("--prefix"), prefix});
        QVERIFY2(produced.exitCode == 0, produced.err.constData());
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        const QByteArray base = prefix.toUtf8() + ":mail:";
        {
            QProcess worker;
            worker.start(QStringLiteral("node"), {script, QStringLiteral("worker"), server.url(), QStringLiteral("mail"), QStringLiteral("--prefix"), prefix,
                                                  QStringLiteral("--lock-duration"), QStringLiteral("2000")});
            QVERIFY(worker.waitForStarted(10000));
            QByteArray out;
            QTRY_VERIFY_WITH_TIMEOUT((out += worker.readAll(), out.contains("\nfailed") && db.command({"LLEN", base + "active"}).integer() >= 1), 20000);
            worker.kill();
            worker.waitForFinished(5000);
        }
        const ProcessRun truthRun = runProcess(QStringLiteral("node"), {script, QStringLiteral("truth"), server.url(), QStringLiteral("mail"),
                                                                       QStringLiteral("--prefix"), prefix});
        QVERIFY2(truthRun.exitCode == 0, truthRun.err.constData());
        const QJsonObject truth = QJsonDocument::fromJson(truthRun.out.trimmed().split('\n').last()).object();
        const QJsonObject counts = truth.value(QLatin1String("counts")).toObject();
        const auto count = [&](const char *k) { return counts.value(QLatin1String(k)).toInteger(); };
        // What a write by Pelscope would change: the keys without a TTL (BullMQ's locks expire on their own).
        const auto lastingKeys = [&] {
            QStringList keys;
            const RedisReply all = db.command({"KEYS", "*"});
            for (const RedisReply &k : all.elements())
                if (db.command({"PTTL", k.bytes()}).integer() == -1)
                    keys << QString::fromLatin1(k.bytes().toHex());
            keys.sort();
            return keys;
        };
        const QStringList keysBefore = lastingKeys();

        Session s(server.url());
        auto *queues = s.window.queuePanel()->findChild<QTableView *>(QStringLiteral("queueTable"));
        const QByteArray id = QByteArray("bullmq") + '\0' + prefix.toUtf8() + '\0' + base + "wait";
        const auto rows = [&] {
            QStringList keys;
            for (int r = 0; r < queues->model()->rowCount(); ++r)
                keys << QString::fromLatin1(queues->model()->index(r, 0).data(QueueTableModel::KeyRole).toByteArray().toHex());
            return keys.join(QLatin1Char(' '));
        };
        QTRY_VERIFY_WITH_TIMEOUT(queues->isVisible(), 15000);
        QTRY_VERIFY2_WITH_TIMEOUT(doubleClickRow(queues, QueueTableModel::KeyRole, id), qPrintable(rows()), 15000);
        JobQueuePage *page = s.window.jobQueuePage();
        QTRY_VERIFY(page->isVisible());
        QCOMPARE(page->id(), id);
        QVERIFY2(page->header()->text().contains(QStringLiteral("BullMQ %1{x}:mail")), qPrintable(page->header()->text()));
        QCOMPARE(page->parts()->count(), 6);
        QCOMPARE(page->parts()->itemText(0), QStringLiteral("Waiting: %1{x}:mail:wait"));
        QTRY_VERIFY_WITH_TIMEOUT(page->status()->text().contains(QStringLiteral("whose lock is gone")), 10000);

        // Waiting: BullMQ's wait list, job ids, the oldest first.
        QueueItemBrowser *browser = page->browser();
        QTRY_COMPARE_WITH_TIMEOUT(browser->items()->rowCount(), int(std::min<qint64>(count("wait"), QueueItemBrowser::kPageSize)), 10000);

        // Scheduled, by keys: the delayed set, each job's due time as BullMQ says it.
        const auto choosePart = [&](const QString &start) {
            page->parts()->setFocus();
            for (int i = 0; i < page->parts()->count() && !page->parts()->currentText().startsWith(start); ++i)
                QTest::keyClick(page->parts(), Qt::Key_Down);
            return page->parts()->currentText().startsWith(start);
        };
        QVERIFY(choosePart(QStringLiteral("Scheduled")));
        QTRY_COMPARE_WITH_TIMEOUT(browser->items()->rowCount(), int(count("delayed")), 10000);
        QHash<QString, qint64> due;
        for (const QJsonValue &d : truth.value(QLatin1String("delayed")).toArray())
            due.insert(d.toObject().value(QLatin1String("id")).toString(), d.toObject().value(QLatin1String("due")).toInteger());
        for (int r = 0; r < browser->items()->rowCount(); ++r) {
            const QString job = browser->items()->index(r, 3).data().toString();
            QVERIFY2(due.contains(job), qPrintable(job));
            QCOMPARE(browser->items()->index(r, 0).data().toString(),
                     QDateTime::fromMSecsSinceEpoch(due.value(job)).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))); // seconds, in any language
            const QString age = browser->items()->index(r, 1).data().toString();
            QVERIFY2(age.startsWith(QStringLiteral("overdue by")) || age.startsWith(QStringLiteral("due in")), qPrintable(age));
        }

        // Failed: the poison job, its hash named.
        QVERIFY(choosePart(QStringLiteral("Failed")));
        QTRY_COMPARE_WITH_TIMEOUT(browser->items()->rowCount(), int(count("failed")), 10000);
        const QString failedId = truth.value(QLatin1String("newestFailed")).toObject().value(QLatin1String("id")).toString();
        int failedRow = -1;
        for (int r = 0; r < browser->items()->rowCount(); ++r)
            if (browser->items()->index(r, 3).data().toString() == failedId)
                failedRow = r;
        QVERIFY2(failedRow >= 0, qPrintable(failedId));
        browser->table()->selectRow(failedRow);
        // The job's own hash, read on selection: BullMQ's failedReason as it stored it.
        const QString reason = truth.value(QLatin1String("newestFailed")).toObject().value(QLatin1String("failedReason")).toString();
        QVERIFY(!reason.isEmpty());
        QTRY_VERIFY2_WITH_TIMEOUT(browser->detail()->toPlainText().contains(QStringLiteral("failedReason")), qPrintable(browser->detail()->toPlainText()), 10000);
        QVERIFY2(browser->detail()->toPlainText().contains(QString::fromUtf8(base) + failedId), qPrintable(browser->detail()->toPlainText()));
        QVERIFY2(browser->detail()->toPlainText().contains(reason), qPrintable(browser->detail()->toPlainText()));
        QVERIFY(browser->items()->index(failedRow, 1).data().toString().endsWith(QStringLiteral(" ago"))); // failed that long ago

        // The chart counts what the overview counts, poll by poll.
        QTRY_VERIFY_WITH_TIMEOUT(page->chartPoints().size() >= 2, 10000);
        QCOMPARE(qint64(page->chartPoints().last().values[0]), count("wait") + count("paused") + count("prioritized"));
        keepScreenshot(page->window(), QStringLiteral("job-page-bullmq"));

        browser->table()->setFocus();
        QTest::keyClick(browser->table(), Qt::Key_Escape);
        QTRY_VERIFY(!page->isVisible());
        QCOMPARE(lastingKeys(), keysBefore); // read, never written
        QCOMPARE(db.command({"LLEN", base + "wait"}).integer(), count("wait"));
    }

    // BullMQ's failed jobs retried from the window as an operator does it: the
    // queue opened by a double-click, its failed set browsed, two jobs
    // selected and retried, then the rest by their error (the newest failure
    // offered), each after a confirmation that lists the exact jobs and
    // commands; read-only first, the buttons say why. Under a prefix holding
    // what a format string holds.
    void jobPageRetriesFailedBullMqJobs()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        const QString script = QStringLiteral(PELSCOPE_FRAMEWORKS_DIR "/bullmq/scenario.mjs");
        const QString prefix = QStringLiteral("%1{x}");
        const QByteArray base = prefix.toUtf8() + ":mail:";
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        {
            QProcess worker;
            worker.start(QStringLiteral("node"), {script, QStringLiteral("worker"), server.url(), QStringLiteral("mail"), QStringLiteral("--prefix"), prefix,
                                                  QStringLiteral("--sleep"), QStringLiteral("0")});
            QVERIFY(worker.waitForStarted(10000));
            QByteArray out;
            QTRY_VERIFY_WITH_TIMEOUT((out += worker.readAll(), out.contains("ready")), 20000);
            const ProcessRun poisoned = runProcess(QStringLiteral("node"), {script, QStringLiteral("poison"), server.url(), QStringLiteral("4"),
                                                                          QStringLiteral("mail"), QStringLiteral("--prefix"), prefix});
            QVERIFY2(poisoned.exitCode == 0, poisoned.err.constData());
            QTRY_COMPARE_WITH_TIMEOUT(db.command({"ZCARD", base + "failed"}).integer(), 4, 20000);
            worker.kill();
            worker.waitForFinished(5000);
        }

        Session s(server.url());
        auto *queues = s.window.queuePanel()->findChild<QTableView *>(QStringLiteral("queueTable"));
        const QByteArray id = QByteArray("bullmq") + '\0' + prefix.toUtf8() + '\0' + base + "wait";
        QTRY_VERIFY_WITH_TIMEOUT(queues->isVisible(), 15000);
        QTRY_VERIFY_WITH_TIMEOUT(doubleClickRow(queues, QueueTableModel::KeyRole, id), 15000);
        JobQueuePage *page = s.window.jobQueuePage();
        QTRY_VERIFY(page->isVisible());
        auto *all = page->findChild<QPushButton *>(QStringLiteral("repairAll"));
        auto *selected = page->findChild<QPushButton *>(QStringLiteral("repairSelected"));
        auto *byError = page->findChild<QPushButton *>(QStringLiteral("repairByError"));
        QVERIFY(all && selected && byError);
        QVERIFY(all->isVisible() && selected->isVisible() && byError->isVisible());
        QCOMPARE(all->text(), QStringLiteral("Retry failed jobs…"));
        QVERIFY(!all->isEnabled());
        QVERIFY2(all->toolTip().startsWith(QStringLiteral("Read-only")), qPrintable(all->toolTip()));

        page->parts()->setFocus();
        for (int i = 0; i < page->parts()->count() && !page->parts()->currentText().startsWith(QStringLiteral("Failed")); ++i)
            QTest::keyClick(page->parts(), Qt::Key_Down);
        QVERIFY(page->parts()->currentText().startsWith(QStringLiteral("Failed")));
        QueueItemBrowser *browser = page->browser();
        QTRY_COMPARE_WITH_TIMEOUT(browser->items()->rowCount(), 4, 10000);
        s.enableWrites();
        QTRY_VERIFY(all->isEnabled());
        browser->table()->selectRow(0);
        QTest::mouseClick(browser->table()->viewport(), Qt::LeftButton, Qt::ControlModifier,
                          browser->table()->visualRect(browser->items()->index(1, 0)).center());
        const QByteArray first = browser->items()->index(0, 3).data().toString().toUtf8();
        const QByteArray second = browser->items()->index(1, 3).data().toString().toUtf8();
        QTRY_VERIFY(selected->isEnabled());
        selected->click();
        auto *confirm = waitForDialog<ConfirmWriteDialog>(&s.mainWindow);
        QVERIFY(confirm);
        QVERIFY2(confirm->summary().contains(QStringLiteral("Would retry 2 jobs from &quot;%1{x}:mail:failed&quot;")), qPrintable(confirm->summary()));
        const QString plan = confirm->plan().join(QLatin1Char('\n'));
        QVERIFY2(plan.contains(QStringLiteral("\"%1\"  ZREM").arg(QString::fromUtf8(first))) && plan.contains(QStringLiteral("\"%1\"  ZREM").arg(QString::fromUtf8(second))),
                 qPrintable(plan));
        QVERIFY2(plan.contains(QStringLiteral("poison pill in job")), qPrintable(plan));
        QCOMPARE(db.command({"ZCARD", base + "failed"}).integer(), 4); // nothing before the confirmation
        keepScreenshot(confirm, QStringLiteral("job-repair-confirm"));
        confirm->confirmButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(db.command({"ZCARD", base + "failed"}).integer(), 2, 10000);
        QCOMPARE(db.command({"LLEN", base + "wait"}).integer(), 2);
        QVERIFY(db.command({"ZSCORE", base + "failed", first}).isNil() && db.command({"ZSCORE", base + "failed", second}).isNil());
        QTRY_COMPARE_WITH_TIMEOUT(browser->items()->rowCount(), 2, 10000); // read again after the write

        // The rest by their error: the newest failure is offered (once a poll has read it again: the two newest went).
        auto *details = page->findChild<QLabel *>(QStringLiteral("jobQueueDetails"));
        QVERIFY(details);
        QTRY_VERIFY_WITH_TIMEOUT(details->text().contains(QStringLiteral("Newest failure:</b> poison pill in job")), 15000);
        QTRY_VERIFY(byError->isEnabled());
        byError->click();
        auto *ask = waitForDialog<QInputDialog>(&s.mainWindow);
        QVERIFY(ask);
        QVERIFY2(ask->textValue().startsWith(QStringLiteral("poison pill in job")), qPrintable(ask->textValue()));
        ask->setTextValue(QStringLiteral("poison pill"));
        ask->accept();
        confirm = waitForDialog<ConfirmWriteDialog>(&s.mainWindow);
        QVERIFY(confirm);
        QVERIFY2(confirm->summary().contains(QStringLiteral("Would retry 2 jobs")), qPrintable(confirm->summary()));
        confirm->confirmButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(db.command({"ZCARD", base + "failed"}).integer(), 0, 10000);
        QCOMPARE(db.command({"LLEN", base + "wait"}).integer(), 4);
        QTRY_VERIFY(s.window.writeResults()->isVisible());
        keepScreenshot(page->window(), QStringLiteral("job-page-repairs"));
    }

    // Sidekiq and Celery in one Redis, each opened from the overview the way
    // an operator does (double-click): a Sidekiq process SIGKILLed running 3
    // jobs, and a live Celery worker busy with its prefetch under Celery's
    // documented priority setup (sep ':', steps 0..9). Each page says its
    // framework's truth in its words: the dead process and what it held; the
    // worker's connection and every priority list that holds tasks.
    void jobPagesOfSidekiqAndCelery()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        const QString sidekiq = QStringLiteral(PELSCOPE_FRAMEWORKS_DIR "/sidekiq/scenario.rb");
        const ProcessRun incident = runProcess(QStringLiteral("ruby"), {sidekiq, QStringLiteral("incident"), server.url(), QStringLiteral("20")},
                                               QProcessEnvironment::systemEnvironment(), 60000);
        QVERIFY2(incident.exitCode == 0, incident.out + incident.err);
        const QString celery = QStringLiteral(PELSCOPE_FRAMEWORKS_DIR "/celery/scenario.py");
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("SEP"), QStringLiteral(":"));
        env.insert(QStringLiteral("PRIORITY_STEPS"), QStringLiteral("all"));
        env.insert(QStringLiteral("SLOW_SECONDS"), QStringLiteral("120"));
        const QString url = server.url() + QStringLiteral("/0");
        QVERIFY(runProcess(QStringLiteral("/usr/bin/python3"), {celery, QStringLiteral("produce"), url, QStringLiteral("10"), QStringLiteral("--mail"), QStringLiteral("0"),
                                                               QStringLiteral("--prio"), QStringLiteral("9"), QStringLiteral("--prio-values"), QStringLiteral("1,2,4,5,7,8,3,6,9")},
                           env, 30000)
                    .exitCode == 0);
        QProcess worker;
        worker.setProcessEnvironment(env);
        worker.setChildProcessModifier([] { ::setpgid(0, 0); });
        worker.start(QStringLiteral("/usr/bin/python3"), {celery, QStringLiteral("worker"), url});
        QVERIFY(worker.waitForStarted(10000));
        const auto stopWorker = qScopeGuard([&] {
            ::kill(-pid_t(worker.processId()), SIGKILL);
            worker.waitForFinished(5000);
        });
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        QTRY_VERIFY_WITH_TIMEOUT(db.command({"ZCARD", "unacked_index"}).integer() >= 8, 30000);

        Session s(server.url());
        auto *queues = s.window.queuePanel()->findChild<QTableView *>(QStringLiteral("queueTable"));
        QTRY_VERIFY_WITH_TIMEOUT(queues->isVisible(), 15000);
        keepScreenshot(&s.window, QStringLiteral("frameworks-sidekiq-celery"));

        // Sidekiq's default queue: the process that stopped and the jobs it took.
        QTRY_VERIFY_WITH_TIMEOUT(doubleClickRow(queues, QueueTableModel::KeyRole, QByteArray("sidekiq") + '\0' + '\0' + "queue:default"), 15000);
        JobQueuePage *page = s.window.jobQueuePage();
        QTRY_VERIFY(page->isVisible());
        QVERIFY2(page->header()->text().contains(QStringLiteral("Sidekiq default")), qPrintable(page->header()->text()));
        QTRY_VERIFY2_WITH_TIMEOUT(page->status()->text().contains(QStringLiteral("held by a process whose heartbeat stopped")), qPrintable(page->status()->text()), 15000);
        keepScreenshot(page->window(), QStringLiteral("job-page-sidekiq"));
        page->browser()->table()->setFocus();
        QTest::keyClick(page->browser()->table(), Qt::Key_Escape);
        QTRY_VERIFY(!page->isVisible());

        // Celery's queue: a worker connected, not "no worker is taking them";
        // the plain list and the nine priority lists, split by ':'.
        QTRY_VERIFY_WITH_TIMEOUT(doubleClickRow(queues, QueueTableModel::KeyRole, QByteArray("celery") + '\0' + '\0' + "celery"), 15000);
        QTRY_VERIFY(page->isVisible());
        QTRY_VERIFY2_WITH_TIMEOUT(page->status()->text().contains(QStringLiteral("1 worker connection(s)")), qPrintable(page->status()->text()), 20000);
        QVERIFY2(!page->status()->text().contains(QStringLiteral("no worker")), qPrintable(page->status()->text()));
        QStringList parts;
        for (int i = 0; i < page->parts()->count(); ++i)
            parts << page->parts()->itemText(i);
        QVERIFY2(parts.contains(QStringLiteral("Waiting: celery")) && parts.contains(QStringLiteral("Waiting: celery:9")), qPrintable(parts.join(QStringLiteral(", "))));
        keepScreenshot(page->window(), QStringLiteral("job-page-celery"));
    }

    // A plain list (no processing list) opened from the overview: its own
    // page, the list's items oldest first, no write offered (its workers own
    // it), and "no worker" once nothing is taken while items wait.
    void queuePageBrowsesAPlainList()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        const QByteArray key = "huey.redis.%1{x}";
        for (int i = 0; i < 3; ++i)
            db.command({"LPUSH", key, "{\"id\":" + QByteArray::number(i) + "}"}); // huey's way: LPUSH, BRPOP
        ProbeConfig config;
        QVERIFY(config.queues.addList(QString::fromLatin1(key)).isEmpty());
        QVERIFY(config.thresholds.set(QStringLiteral("unserved_warn"), QStringLiteral("1s")).isEmpty());
        Session s(server.url(), config);
        QTRY_COMPARE_WITH_TIMEOUT(s.window.queuePanel()->model()->rowCount(), 1, 10000);
        auto *queues = s.window.queuePanel()->findChild<QTableView *>(QStringLiteral("queueTable"));
        QTRY_VERIFY(queues->isVisible());
        QVERIFY(doubleClickRow(queues, QueueTableModel::KeyRole, key));
        QueuePage *page = s.window.queuePage();
        QTRY_VERIFY(page->isVisible());
        QCOMPARE(page->key(), key);
        QVERIFY(page->isList() && !page->hasProcessing());
        QTRY_COMPARE_WITH_TIMEOUT(page->items()->rowCount(), 3, 10000);
        QCOMPARE(page->items()->index(0, 3).data().toString(), QStringLiteral("{\"id\":0}"));
        QVERIFY2(page->header()->text().contains(QStringLiteral("list: workers pop from it")), qPrintable(page->header()->text()));
        QVERIFY(page->header()->text().contains(QString::fromLatin1(key)));
        s.enableWrites();
        page->table()->selectRow(0);
        for (QPushButton *b : page->findChildren<QPushButton *>())
            QVERIFY2(!b->isVisible() || !(b->text().contains(QStringLiteral("Requeue")) || b->text().contains(QStringLiteral("Delete"))), qPrintable(b->text()));
        QTRY_VERIFY_WITH_TIMEOUT(s.window.queuePanel()->model()->index(0, QueueTableModel::Why).data().toString().startsWith(
                                     QStringLiteral("no worker: nothing taken from the list for")),
                                 10000);
        QCOMPARE(s.window.queuePanel()->model()->index(0, QueueTableModel::Kind).data().toString(), QStringLiteral("list"));
        keepScreenshot(page->window(), QStringLiteral("queue-plain-list"));
        QCOMPARE(db.command({"LLEN", key}).integer(), 3); // read, never written
    }

    // A delayed queue's page: the selected future task runs now (re-scored to
    // the server's time, in the set's unit), a gone member is never added
    // back, and delete removes exactly the selected member.
    void queuePageRunsADelayedTaskNow()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        const qint64 now = db.command({"TIME"}).at(0).toInt().value_or(0);
        db.command({"ZADD", "delayed_queue", QByteArray::number(now - 90), "task:late", QByteArray::number(now + 3600), "task:later",
                    QByteArray::number(now + 7200), "task:much-later"});

        Session s(server.url());
        QTRY_COMPARE_WITH_TIMEOUT(s.window.queuePanel()->model()->rowCount(), 1, 10000);
        auto *queues = s.window.queuePanel()->findChild<QTableView *>(QStringLiteral("queueTable"));
        QTRY_VERIFY(queues->isVisible());
        QVERIFY(doubleClickRow(queues, QueueTableModel::KeyRole, QByteArray("delayed_queue")));
        QueuePage *page = s.window.queuePage();
        QTRY_VERIFY(page->isVisible());
        QCOMPARE(page->key(), QByteArray("delayed_queue"));
        QTRY_COMPARE_WITH_TIMEOUT(page->items()->rowCount(), 3, 10000);
        QCOMPARE(page->items()->index(0, 3).data().toString(), QStringLiteral("task:late")); // earliest due first
        QVERIFY(page->items()->index(0, 1).data().toString().startsWith(QStringLiteral("overdue by 1m")));
        QVERIFY(page->items()->index(1, 1).data().toString().startsWith(QStringLiteral("due in 59m")));
        s.enableWrites();
        page->table()->selectRow(1);
        QPushButton *runNow = nullptr;
        for (QPushButton *b : page->findChildren<QPushButton *>())
            if (b->text() == QStringLiteral("Run selected now"))
                runNow = b;
        QVERIFY(runNow && runNow->isEnabled());
        runNow->click();
        auto *confirm = waitForDialog<ConfirmWriteDialog>(&s.mainWindow);
        QVERIFY(confirm);
        const QString plan = confirm->plan().join(QLatin1Char('\n'));
        QVERIFY2(plan.contains(QStringLiteral("ZADD \"delayed_queue\" XX ")) && plan.contains(QStringLiteral("\"task:later\"")), qPrintable(plan));
        QVERIFY(!plan.contains(QStringLiteral("task:much-later")));
        confirm->confirmButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(db.command({"ZSCORE", "delayed_queue", "task:later"}).bytes().toLongLong() <= now + 60, 10000);
        QVERIFY(db.command({"ZSCORE", "delayed_queue", "task:later"}).bytes().toLongLong() >= now);
        QCOMPARE(db.command({"ZSCORE", "delayed_queue", "task:much-later"}).bytes().toLongLong(), now + 7200);
        QCOMPARE(db.command({"ZCARD", "delayed_queue"}).integer(), 3);
    }

    void overviewHoldsStillAndExplains()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        for (const QByteArray &s : {QByteArray("a"), QByteArray("b"), QByteArray("c")}) {
            db.command({"XADD", s, "*", "n", "1"});
            db.command({"XGROUP", "CREATE", s, "g", "0"});
        }
        Session s(server.url());
        OverviewPage *overview = s.window.overview();
        QTableView *table = overview->table();
        QTRY_COMPARE_WITH_TIMEOUT(table->model()->rowCount(), 3, 10000);
        for (int c = 0; c < GroupTableModel::ColumnCount; ++c)
            QVERIFY2(!table->model()->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty(), qPrintable(QString::number(c)));

        // Sorted by lag: b gets more unread entries, but lag alone is no status change: no move for now.
        table->sortByColumn(GroupTableModel::Lag, Qt::DescendingOrder);
        overview->resortIfDue();
        const QString topBefore = table->model()->index(0, GroupTableModel::Stream).data().toString();
        const QByteArray other = topBefore == QLatin1String("b") ? "c" : "b";
        for (int i = 0; i < 50; ++i)
            db.command({"XADD", other, "*", "n", "1"});
        const qint64 lagNow = db.command({"XINFO", "GROUPS", other}).at(0).field("lag").integer();
        QTRY_VERIFY_WITH_TIMEOUT(
            s.window.groupModel()->snapshot().group(other, "g") && s.window.groupModel()->snapshot().group(other, "g")->lag == lagNow, 10000);
        QTest::qWait(1200); // several polls and resort ticks
        QCOMPARE(table->model()->index(0, GroupTableModel::Stream).data().toString(), topBefore);
        // A status change (lag ≥ 1,000 warns) re-sorts at once.
        for (int i = 0; i < 1000; ++i)
            db.command({"XADD", other, "*", "n", "1"});
        QTRY_COMPARE_WITH_TIMEOUT(table->model()->index(0, GroupTableModel::Stream).data().toString(), QString::fromLatin1(other), 10000);

        // The reasons panel shows the current row's reasons whole.
        table->setCurrentIndex(table->model()->index(0, GroupTableModel::Stream));
        QLabel *reasons = overview->findChild<QLabel *>(QStringLiteral("reasonsPanel"));
        QVERIFY(reasons);
        const qint64 lagThen = db.command({"XINFO", "GROUPS", other}).at(0).field("lag").integer();
        QTRY_VERIFY2(reasons->text().contains(QStringLiteral("lag %1").arg(formatCount(lagThen))), qPrintable(reasons->text()));

        // "1 warn" in the summary is a filter.
        QLabel *summary = overview->findChild<QLabel *>(QStringLiteral("summary"));
        QTRY_VERIFY(summary->text().contains(QStringLiteral("href='warn'")));
        QMetaObject::invokeMethod(summary, "linkActivated", Q_ARG(QString, QStringLiteral("warn")));
        QTRY_COMPARE(table->model()->rowCount(), 1);
        auto *chip = overview->findChild<QToolButton *>(QStringLiteral("activeFilter"));
        QVERIFY(chip && chip->isVisible());
        chip->click();
        QTRY_COMPARE(table->model()->rowCount(), 3);
    }

    // (7) A dead-letter category keeps its colour whatever its rank, and
    // after a restart (a new chart with the same key).
    void categoryColoursStay()
    {
        QSettings().remove(QStringLiteral("dlqCategoryColours"));
        DlqCategoryChart chart;
        chart.setColourKey(QStringLiteral("conn_dlq"));
        chart.setEntries({{1000, QStringLiteral("timeout")}, {2000, QStringLiteral("timeout")}, {3000, QStringLiteral("schema")}}, {});
        const QColor timeout = chart.colourOf(QStringLiteral("timeout")), schema = chart.colourOf(QStringLiteral("schema"));
        QVERIFY(timeout != schema);
        // schema now outnumbers timeout: the colours do not swap.
        chart.setEntries(
            {{1000, QStringLiteral("schema")}, {2000, QStringLiteral("schema")}, {3000, QStringLiteral("schema")}, {4000, QStringLiteral("timeout")}},
            {});
        QCOMPARE(chart.colourOf(QStringLiteral("timeout")), timeout);
        QCOMPARE(chart.colourOf(QStringLiteral("schema")), schema);
        DlqCategoryChart restarted;
        restarted.setColourKey(QStringLiteral("conn_dlq"));
        QCOMPARE(restarted.colourOf(QStringLiteral("schema")), schema);
        QCOMPARE(restarted.colourOf(QStringLiteral("timeout")), timeout);
    }

    // (issue 28, item 9) A burst does not flatten the hours around it into
    // slivers: the axis stops at three times a typical stack and the cut
    // stack says its total. Dates carry the month's name, not "12-02".
    void dlqBurstKeepsTheRestReadable()
    {
        DlqCategoryChart chart;
        QList<QPair<qint64, QString>> entries;
        const qint64 t0 = 1'764'633'600'000; // a midnight, UTC
        for (int h = 0; h < 6; ++h)
            for (int i = 0; i < 3; ++i)
                entries.append({t0 + h * 3'600'000LL + i * 60'000, QStringLiteral("timeout")});
        for (int i = 0; i < 500; ++i)
            entries.append({t0 + 3 * 3'600'000LL + 600'000 + i, QStringLiteral("schema")});
        chart.setEntries(entries, {});
        QVERIFY2(chart.yAxis->range().upper < 100, qPrintable(QString::number(chart.yAxis->range().upper)));
        QCOMPARE(chart.cutLabels(), QStringList{QStringLiteral("▲ 500")});
        const auto ticker = chart.xAxis->ticker().dynamicCast<QCPAxisTickerDateTime>();
        QVERIFY(ticker);
        QCOMPARE(ticker->dateTimeFormat(), QStringLiteral("HH:mm")); // within a day: the time
        entries.append({t0 + 2 * 86'400'000LL, QStringLiteral("timeout")});
        chart.setEntries(entries, {});
        QVERIFY2(ticker->dateTimeFormat().startsWith(QStringLiteral("MMM d")), qPrintable(ticker->dateTimeFormat()));
        // Spread evenly, nothing is cut.
        chart.setEntries({{t0, QStringLiteral("a")}, {t0 + 3'600'000, QStringLiteral("a")}, {t0 + 7'200'000, QStringLiteral("a")}}, {});
        QVERIFY(chart.cutLabels().isEmpty());
    }

    // (issue 28, item 9) After a claim the consumers table follows at once:
    // it waited for its cadence (every 10th poll) while the pending table was
    // fresh. Opened as the window opens a connection, polls 30 s apart: only
    // the claim's own request for a fresh read can bring the new counts.
    void consumersFollowAClaimAtOnce()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        for (int i = 0; i < 12; ++i)
            db.command({"XADD", "orders", "*", "n", QByteArray::number(i)});
        db.command({"XGROUP", "CREATE", "orders", "ship", "0"});
        db.command({"XREADGROUP", "GROUP", "ship", "worker-3", "COUNT", "10", "STREAMS", "orders", ">"});
        db.command({"XREADGROUP", "GROUP", "ship", "worker-1", "COUNT", "1", "STREAMS", "orders", ">"});

        MainWindow mainWindow;
        mainWindow.resize(1280, 720);
        mainWindow.show();
        ConnectionRequest request;
        request.options = optionsFor(server.url());
        request.intervalMs = 30'000;
        request.history.enabled = false;
        ConnectionView *view = mainWindow.openConnection(request);
        QVERIFY(view);
        QTRY_VERIFY_WITH_TIMEOUT(!view->lastSnapshot().isNull(), 10000);
        view->openGroup("orders", "ship");
        GroupPage *page = view->groupPage();
        const auto pendingOf = [page](const QByteArray &name) {
            const QAbstractItemModel *m = page->consumerView()->model();
            for (int r = 0; r < m->rowCount(); ++r)
                if (m->index(r, 0).data(ConsumerTableModel::NameRole).toByteArray() == name)
                    return m->index(r, 0).data(ConsumerTableModel::PendingRole).toLongLong();
            return qint64(-1);
        };
        QTRY_COMPARE_WITH_TIMEOUT(pendingOf("worker-3"), 10, 10000);
        QCOMPARE(pendingOf("worker-1"), 1);

        view->writes()->setWritesEnabled(true);
        PendingActionRequest claim;
        claim.action = PendingActionRequest::Action::Claim;
        claim.stream = "orders";
        claim.group = "ship";
        claim.fromConsumer = "worker-3";
        claim.toConsumer = "worker-1";
        claim.minIdleMs = 0;
        view->writes()->pendingAction(claim, QStringLiteral("orders"), &mainWindow);
        auto *confirm = waitForDialog<ConfirmWriteDialog>(&mainWindow);
        QVERIFY(confirm);
        confirm->confirmButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(holds(db, "orders", "ship", "worker-1"), 11, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(pendingOf("worker-1"), 11, 5000);
        QCOMPARE(pendingOf("worker-3"), 0);
    }

    // (13, 14) A dark platform palette (KDE Breeze Dark's colours, its
    // PlaceholderText left at a light theme's half-transparent black, as a
    // platform theme may leave it): every secondary text — placeholders, chart
    // notes, the status-changes line — is at least 4.5:1 on its background.
    // And every page fits 800x500 logical pixels (1600x1000 at 200 %).
    void darkPaletteAndSmallScreens()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        db.command({"XADD", "orders", "*", "n", "1"});
        db.command({"XGROUP", "CREATE", "orders", "g", "0"});
        db.command({"XREADGROUP", "GROUP", "g", "w", "STREAMS", "orders", ">"});
        db.command({"XADD", "orders:dlq", "*", "payload", "x", "category", "timeout"});

        const QPalette light = QApplication::palette();
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x31, 0x36, 0x3b));
        dark.setColor(QPalette::WindowText, QColor(0xef, 0xf0, 0xf1));
        dark.setColor(QPalette::Base, QColor(0x23, 0x26, 0x29));
        dark.setColor(QPalette::AlternateBase, QColor(0x31, 0x36, 0x3b));
        dark.setColor(QPalette::Text, QColor(0xef, 0xf0, 0xf1));
        dark.setColor(QPalette::Button, QColor(0x31, 0x36, 0x3b));
        dark.setColor(QPalette::ButtonText, QColor(0xef, 0xf0, 0xf1));
        dark.setColor(QPalette::Highlight, QColor(0x3d, 0xae, 0xe9));
        dark.setColor(QPalette::PlaceholderText, QColor(0, 0, 0, 128));
        QApplication::setPalette(dark);
        makePaletteReadable(); // what pelscope does first, before any window exists
        {
            Session s(server.url());
            const QColor base = QApplication::palette().color(QPalette::Base);
            const QColor window = QApplication::palette().color(QPalette::Window);
            const QColor placeholder = s.window.overview()->filter()->palette().color(QPalette::PlaceholderText);
            QVERIFY2(contrastRatio(placeholder, base) >= 4.5, qPrintable(QString::number(contrastRatio(placeholder, base))));
            QVERIFY(contrastRatio(QColor(dimTextColor()), window) >= 4.5);

            s.window.openGroup("orders", "g");
            QTRY_VERIFY_WITH_TIMEOUT(s.window.groupPage()->isVisible(), 10000);
            for (QCustomPlot *plot : s.window.groupPage()->findChildren<QCustomPlot *>())
                for (QCPTextElement *t : plot->findChildren<QCPTextElement *>())
                    QVERIFY2(contrastRatio(t->textColor(), plot->palette().color(QPalette::Base)) >= 4.5,
                             qPrintable(t->text() + QStringLiteral(" ") + t->textColor().name()));
            s.mainWindow.resize(800, 500);
            QTest::qWait(50);
            QCOMPARE(s.mainWindow.size(), QSize(800, 500));
            QVERIFY2(s.mainWindow.minimumSizeHint().width() <= 800 && s.mainWindow.minimumSizeHint().height() <= 500,
                     qPrintable(fillText(QStringLiteral("%1x%2"), s.mainWindow.minimumSizeHint().width(), s.mainWindow.minimumSizeHint().height())));

            s.window.showPage(QStringLiteral("dlq:orders:dlq"));
            DlqTab *tab = nullptr;
            QTRY_VERIFY_WITH_TIMEOUT((tab = s.window.dlqPage()->tab("orders:dlq")), 10000);
            QTRY_VERIFY_WITH_TIMEOUT(tab->model()->loaded() == 1, 10000);
            for (QCPTextElement *t : tab->findChildren<QCPTextElement *>())
                QVERIFY2(contrastRatio(t->textColor(), QApplication::palette().color(QPalette::Base)) >= 4.5, qPrintable(t->text()));
            s.mainWindow.resize(800, 500);
            QTest::qWait(50);
            QCOMPARE(s.mainWindow.size(), QSize(800, 500));
        }
        QApplication::setPalette(light);
    }

    // (15) Triage by keyboard alone: Ctrl+F, type, Down into the table,
    // Enter opens the group, Esc (and Alt+Left, Backspace) back, Ctrl+1 from anywhere.
    void triageByKeyboard()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        for (const QByteArray &s : {QByteArray("orders"), QByteArray("emails")}) {
            db.command({"XADD", s, "*", "n", "1"});
            db.command({"XGROUP", "CREATE", s, "g", "0"});
        }
        Session s(server.url());
        s.mainWindow.activateWindow();
        QTableView *table = s.window.overviewTable();
        QTRY_COMPARE_WITH_TIMEOUT(table->model()->rowCount(), 2, 10000);
        QLineEdit *filter = s.window.overview()->filter();
        s.window.focusFilter();
        QTRY_VERIFY(filter->hasFocus());
        QTest::keyClicks(filter, QStringLiteral("emails"));
        QTRY_COMPARE(table->model()->rowCount(), 1);
        QTest::keyClick(filter, Qt::Key_Down);
        QVERIFY(table->hasFocus());
        QVERIFY(table->currentIndex().isValid());
        QTest::keyClick(table, Qt::Key_Return);
        QTRY_VERIFY(s.window.groupPage()->isVisible());
        for (const QKeySequence &back : {QKeySequence(Qt::Key_Escape), QKeySequence(Qt::ALT | Qt::Key_Left), QKeySequence(Qt::Key_Backspace)}) {
            s.window.openGroup("emails", "g");
            QTRY_VERIFY(s.window.groupPage()->isVisible());
            QWidget *focused = QApplication::focusWidget();
            QVERIFY2(focused && s.window.groupPage()->isAncestorOf(focused), "opening a group moves the keyboard into it");
            QTest::keySequence(focused, back);
            QTRY_VERIFY2(s.window.overview()->isVisible(), qPrintable(back.toString()));
        }
        s.window.showDeadLetters();
        QTRY_VERIFY(s.window.dlqPage()->isVisible());
        QAction *overviewAction = menuAction(s.mainWindow.menuBar(), QStringLiteral("Overview"));
        QVERIFY(overviewAction);
        QCOMPARE(overviewAction->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_1));
        overviewAction->trigger();
        QTRY_VERIFY(s.window.overview()->isVisible());
        QVERIFY(table->hasFocus());
        // The focus ring is drawn: the table's style says so for :focus.
        QVERIFY(table->styleSheet().contains(QStringLiteral(":focus")));
    }
};

QTEST_MAIN(TestOperator)
#include "tst_operator.moc"
