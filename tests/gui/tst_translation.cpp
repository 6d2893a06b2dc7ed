// The window in Korean, on a real redis-server in trouble: every page an
// operator opens during an incident (the overview, a group, its dead letters,
// a reliable list's stuck items) and the dialog that enables writes are drawn
// with the Korean translation at 1280×720, no label or button is cut short
// (each text's width fits the widget showing it), and no English sentence is
// left on them: labels, buttons, group boxes, tabs, table headers and cells,
// the confirmations' text (commands and what the server named stay as they are).
#include "alerts/alert_policy.h"
#include "app_language.h"
#include "health_style.h"
#include "connection_view.h"
#include "pages/group_page.h"
#include "gui_test_helpers.h"
#include "main_window.h"
#include "poll_once.h"
#include "polling/poller_thread.h"
#include "text/fill_text.h"
#include "redis_oracle.h"
#include "redis_server.h"
#include "test_settings.h"
#include "widgets/write_results_panel.h"
#include "write_controller.h"
#include "dialogs/write_dialogs.h"
#include "actions/pending_action_job.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QGroupBox>
#include <QRegularExpression>
#include <QSettings>
#include <QTabBar>
#include <QTextBrowser>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>
#include <QTreeWidget>

using namespace pelscope;
using namespace pelscope::test;

namespace {

bool hasHangul(const QString &text)
{
    for (const QChar c : text)
        if (c.unicode() >= 0xAC00 && c.unicode() <= 0xD7A3)
            return true;
    return false;
}

// The width `label`'s text needs on one line (rich text laid out as Qt would).
int neededWidth(const QLabel *label)
{
    if (Qt::mightBeRichText(label->text()) || label->textFormat() == Qt::RichText) {
        QTextDocument doc;
        doc.setDefaultFont(label->font());
        doc.setDocumentMargin(0);
        doc.setHtml(label->text());
        return int(std::ceil(doc.idealWidth()));
    }
    QString text = label->text();
    if (label->buddy()) // a mnemonic's '&' is not drawn ("&&" is one '&')
        text.replace(QStringLiteral("&&"), QStringLiteral("\x01")).remove(QLatin1Char('&')).replace(QLatin1Char('\x01'), QLatin1Char('&'));
    int widest = 0;
    for (const QString &line : text.split(QLatin1Char('\n')))
        widest = std::max(widest, label->fontMetrics().horizontalAdvance(line));
    return widest;
}

// What is visible under `root` and cut short: "label 'text' needs 130 px, has 96".
// Word-wrapped labels wrap instead of clipping; a text already elided ("…") fits by design.
QStringList clipped(QWidget *root, int *checked, int *korean)
{
    QStringList out;
    for (QLabel *l : root->findChildren<QLabel *>()) {
        if (!l->isVisible() || l->wordWrap() || l->text().trimmed().isEmpty())
            continue;
        ++*checked;
        *korean += hasHangul(l->text());
        const int has = l->contentsRect().width() - 2 * l->margin() - std::max(0, l->indent());
        if (const int need = neededWidth(l); need > has)
            out << fillText(QStringLiteral("label '%1' needs %2 px, has %3"), l->text().left(80), need, has);
    }
    for (QAbstractButton *b : root->findChildren<QAbstractButton *>()) {
        if (!b->isVisible() || b->text().trimmed().isEmpty())
            continue;
        ++*checked;
        *korean += hasHangul(b->text());
        const int need = b->fontMetrics().horizontalAdvance(QString(b->text()).remove(QLatin1Char('&')));
        if (b->width() < b->minimumSizeHint().width() || need > b->width())
            out << fillText(QStringLiteral("button '%1' needs %2 px, has %3"), b->text(), std::max(need, b->minimumSizeHint().width()), b->width());
    }
    return out;
}

// English left in `text`: runs of two or more lower-case English words
// ("oldest pending idle"), unless every word is one the server or the test
// named (keys, groups, consumers, fields), which stay as they are.
QStringList englishIn(const QString &text)
{
    static const QRegularExpression run(QStringLiteral("(?<![A-Za-z0-9_:./\\-])[a-z]{3,}(?: [a-z]{3,})+(?![A-Za-z0-9_:-])"));
    static const QStringList named{QStringLiteral("orders"),  QStringLiteral("fulfillment"), QStringLiteral("worker"),
                                   QStringLiteral("jobs"),    QStringLiteral("processing"),  QStringLiteral("dlq"),
                                   QStringLiteral("order"),   QStringLiteral("validation"),  QStringLiteral("payload"),
                                   QStringLiteral("source"),  QStringLiteral("reason"),      QStringLiteral("incident"),
                                   QStringLiteral("redis"),   QStringLiteral("delayed"),     QStringLiteral("queue")};
    QStringList out;
    QString plain = text;
    plain.remove(QRegularExpression(QStringLiteral("<[^>]*>"))).replace(QStringLiteral("&quot;"), QStringLiteral("\""));
    plain.remove(QRegularExpression(QStringLiteral("\"[^\"]*\""))); // quoted names and command arguments
    for (auto it = run.globalMatch(plain); it.hasNext();) {
        const QString words = it.next().captured(0);
        const QStringList list = words.split(QLatin1Char(' '));
        if (!std::all_of(list.cbegin(), list.cend(), [](const QString &w) { return named.contains(w); }))
            out << words;
    }
    return out;
}

// Every text an operator reads under `root` that still holds English.
QStringList englishShown(QWidget *root)
{
    QStringList out;
    const auto check = [&](const QString &where, const QString &text) {
        for (const QString &words : englishIn(text))
            out << fillText(QStringLiteral("%1: \"%2\" in \"%3\""), where, words, text.left(160));
    };
    for (QLabel *l : root->findChildren<QLabel *>())
        if (l->isVisible())
            check(QStringLiteral("label"), l->text());
    for (QAbstractButton *b : root->findChildren<QAbstractButton *>())
        if (b->isVisible())
            check(QStringLiteral("button"), b->text());
    for (QGroupBox *g : root->findChildren<QGroupBox *>())
        if (g->isVisible())
            check(QStringLiteral("group box"), g->title());
    for (QTabBar *t : root->findChildren<QTabBar *>())
        if (t->isVisible())
            for (int i = 0; i < t->count(); ++i)
                check(QStringLiteral("tab"), t->tabText(i));
    for (QMenu *m : root->findChildren<QMenu *>())
        for (QAction *a : m->actions())
            check(QStringLiteral("menu"), a->text());
    for (QTextBrowser *t : root->findChildren<QTextBrowser *>())
        if (t->isVisible())
            check(QStringLiteral("text"), t->toPlainText());
    for (QAbstractItemView *v : root->findChildren<QAbstractItemView *>()) {
        if (!v->isVisible() || !v->model())
            continue;
        const QAbstractItemModel *m = v->model();
        for (int c = 0; c < m->columnCount(); ++c)
            check(QStringLiteral("header"), m->headerData(c, Qt::Horizontal).toString());
        for (int r = 0; r < std::min(m->rowCount(), 20); ++r)
            for (int c = 0; c < m->columnCount(); ++c)
                check(QStringLiteral("cell"), m->index(r, c).data().toString());
    }
    // What the charts draw (their threshold lines, bands and marks), as a screen reader hears it.
    for (QWidget *w : root->findChildren<QWidget *>())
        if (w->isVisible() && !w->accessibleDescription().isEmpty())
            check(QStringLiteral("description"), w->accessibleDescription());
    out.removeDuplicates();
    return out;
}

// The status codes where the window's words belong (위험, 경고, 정상):
// pills, chart lines ("crit 5분"), reasons, cells.
QStringList statusCodesShown(QWidget *root)
{
    static const QRegularExpression code(QStringLiteral("(?<![A-Za-z_])(crit|warn|CRIT|WARN)(?![A-Za-z_])"));
    QStringList out;
    const auto check = [&](const QString &where, const QString &text) {
        const QString plain = QString(text).remove(QRegularExpression(QStringLiteral("<[^>]*>"))); // a link's href='crit' is no word shown
        if (code.match(plain).hasMatch())
            out << fillText(QStringLiteral("%1: \"%2\""), where, plain.left(200));
    };
    for (QLabel *l : root->findChildren<QLabel *>())
        if (l->isVisible())
            check(QStringLiteral("label"), l->text());
    for (QWidget *w : root->findChildren<QWidget *>())
        if (w->isVisible() && !w->accessibleDescription().isEmpty())
            check(QStringLiteral("description"), w->accessibleDescription());
    for (QAbstractItemView *v : root->findChildren<QAbstractItemView *>()) {
        if (!v->isVisible() || !v->model())
            continue;
        for (int r = 0; r < std::min(v->model()->rowCount(), 20); ++r)
            for (int c = 0; c < v->model()->columnCount(); ++c)
                check(QStringLiteral("cell"), v->model()->index(r, c).data().toString());
    }
    out.removeDuplicates();
    return out;
}

} // namespace

class TestTranslation : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_tmp;

    void checkPage(QWidget *window, const QString &name)
    {
        QTest::qWait(400); // queued layouts and repaints
        int checked = 0, korean = 0;
        const QStringList bad = clipped(window, &checked, &korean);
        qInfo("%s: %d labels and buttons, %d in Korean", qPrintable(name), checked, korean);
        QVERIFY2(bad.isEmpty(), qPrintable(name + QStringLiteral(":\n") + bad.join(QLatin1Char('\n'))));
        QVERIFY2(korean > 0, qPrintable(name + QStringLiteral(": no Korean text shown")));
        const QStringList english = englishShown(window);
        QVERIFY2(english.isEmpty(), qPrintable(name + QStringLiteral(": English in the Korean window:\n") + english.join(QLatin1Char('\n'))));
        const QStringList codes = statusCodesShown(window);
        QVERIFY2(codes.isEmpty(), qPrintable(name + QStringLiteral(": status codes in the Korean window:\n") + codes.join(QLatin1Char('\n'))));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        qputenv("PELSCOPE_AUDIT_LOG", m_tmp.filePath(QStringLiteral("audit.jsonl")).toUtf8());
        QVERIFY(useSettingsIn(m_tmp.filePath(QStringLiteral("config")), QStringLiteral("tst_translation")));
        QCOMPARE(installLanguage(QStringLiteral("ko")), QStringLiteral("ko"));
    }

    // The English check itself: sentences are found, names and commands are not.
    void englishIsReported()
    {
        QCOMPARE(englishIn(QStringLiteral("가장 오래된 항목 oldest pending idle 15분")), QStringList{QStringLiteral("oldest pending idle")});
        QCOMPARE(englishIn(QStringLiteral("<b>must read</b> its entries")), QStringList{QStringLiteral("must read its entries")});
        QVERIFY(englishIn(QStringLiteral("XCLAIM \"orders\" \"fulfillment\" \"worker two\" 0 <ids> JUSTID")).isEmpty());
        QVERIFY(englishIn(QStringLiteral("orders / fulfillment: jobs:processing, 재시도 3")).isEmpty());
        QVERIFY(englishIn(QStringLiteral("orders fulfillment")).isEmpty()); // both named by the server
        QWidget box;
        auto *label = new QLabel(QStringLiteral("대기 중 entries waiting"), &box);
        label->move(0, 0);
        box.show();
        QCOMPARE(englishShown(&box).size(), 1);
    }

    // The check itself: a label and a button too narrow for their text are reported.
    void narrowWidgetsAreReported()
    {
        QWidget box;
        auto *label = new QLabel(QStringLiteral("가장 오래된 Pending idle 15분 07초"), &box);
        label->setFixedWidth(60);
        auto *rich = new QLabel(QStringLiteral("<b>현재 최악:</b> orders / fulfillment"), &box);
        rich->setGeometry(0, 30, 50, 20);
        auto *button = new QPushButton(QStringLiteral("처리 중 항목 재처리…"), &box);
        button->setGeometry(0, 60, 40, 30);
        box.resize(300, 100);
        box.show();
        QVERIFY(QTest::qWaitForWindowExposed(&box));
        int checked = 0, korean = 0;
        const QStringList bad = clipped(&box, &checked, &korean);
        QCOMPARE(checked, 3);
        QCOMPARE(bad.size(), 3);
        label->setFixedWidth(label->sizeHint().width());
        rich->resize(rich->sizeHint());
        button->resize(button->sizeHint());
        QVERIFY2(clipped(&box, &checked, &korean).isEmpty(), qPrintable(clipped(&box, &checked, &korean).join(QLatin1Char('\n'))));
    }

    // The status words are Korean wherever the window says them (pills,
    // running text, alerts, the overview's filter), and View ▸ "Status as
    // CRIT/WARN/OK codes" keeps the codes everywhere at once, remembered.
    void statusWordsAreKoreanOrTheCodes()
    {
        QSettings().remove(QStringLiteral("window/statusCodes"));
        auto *window = new MainWindow;
        QCOMPARE(healthStyle(Health::Crit).word, QStringLiteral("위험"));
        QCOMPARE(healthStyle(Health::Warn).name, QStringLiteral("경고"));
        Alert raised;
        raised.subject = {AlertSubject::Kind::Group, "orders", "ship"};
        raised.to = Health::Crit;
        QCOMPARE(raised.title(), QStringLiteral("orders/ship 상태: 위험"));
        Alert summary;
        summary.kind = Alert::Kind::Summary;
        summary.members = {raised, raised};
        QVERIFY2(summary.title().contains(QStringLiteral("위험 2건")), qPrintable(summary.title()));
        QAction *codes = nullptr;
        for (QAction *menu : window->menuBar()->actions())
            for (QAction *a : menu->menu() ? menu->menu()->actions() : QList<QAction *>{})
                if (a->text() == QStringLiteral("상태를 CRIT/WARN/OK 코드로 표시"))
                    codes = a;
        QVERIFY(codes && codes->isCheckable() && !codes->isChecked());
        codes->trigger();
        QCOMPARE(healthStyle(Health::Crit).word, QStringLiteral("CRIT"));
        QCOMPARE(healthStyle(Health::Ok).name, QStringLiteral("ok"));
        QCOMPARE(raised.title(), QStringLiteral("orders/ship 상태: CRIT"));
        QVERIFY2(summary.title().contains(QStringLiteral("CRIT 2건")), qPrintable(summary.title()));
        delete window;
        window = new MainWindow; // remembered: the next window starts with the codes
        QCOMPARE(healthStyle(Health::Warn).word, QStringLiteral("WARN"));
        for (QAction *menu : window->menuBar()->actions())
            for (QAction *a : menu->menu() ? menu->menu()->actions() : QList<QAction *>{})
                if (a->text() == QStringLiteral("상태를 CRIT/WARN/OK 코드로 표시")) {
                    QVERIFY(a->isChecked());
                    a->trigger();
                }
        QCOMPARE(healthStyle(Health::Warn).word, QStringLiteral("경고"));
        delete window;
    }

    void pagesInKoreanFitTheirWidgets()
    {
        RedisServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        RedisOracle db;
        QVERIFY(db.connectUrl(server.url()));
        // A group with unread and pending entries, its dead letters, a crashed worker's items.
        db.command({"XGROUP", "CREATE", "orders", "fulfillment", "$", "MKSTREAM"});
        for (int i = 0; i < 30; ++i)
            db.command({"XADD", "orders", "*", "order", QByteArray::number(i)});
        db.command({"XREADGROUP", "GROUP", "fulfillment", "worker-1", "COUNT", "5", "STREAMS", "orders", ">"});
        for (int i = 0; i < 3; ++i)
            db.command({"XADD", "orders:dlq", "*", "source", "orders", "reason", "validation", "payload", "{\"order\":1}"});
        const qint64 now = db.command({"TIME"}).at(0).toInt().value_or(0);
        db.command({"LPUSH", "jobs:processing", "{\"id\":1,\"timestamp\":" + QByteArray::number(now - 900) + "}"});
        db.command({"LPUSH", "jobs", "{\"id\":2}"});

        MainWindow mainWindow;
        ConnectionView &view = *mainWindow.addConnection();
        view.useConnection(optionsFor(server.url()), QStringLiteral("incident"), false);
        mainWindow.resize(1280, 720);
        mainWindow.show();
        PollerThread poller(optionsFor(server.url()), ProbeConfig{});
        poller.setIntervalMs(200);
        connect(poller.poller(), &ConnectionPoller::snapshotReady, &view, &ConnectionView::applySnapshot);
        poller.start();

        QTRY_VERIFY_WITH_TIMEOUT(view.overviewTable()->model()->rowCount() == 1, 10000);
        // The translation reaches the menus and the table's headers, not only the labels.
        QVERIFY2(hasHangul(mainWindow.menuBar()->actions().first()->text()), qPrintable(mainWindow.menuBar()->actions().first()->text()));
        QVERIFY(hasHangul(view.overviewTable()->model()->headerData(0, Qt::Horizontal).toString()));
        checkPage(&mainWindow, QStringLiteral("overview"));

        QVERIFY(view.showPage(QStringLiteral("group:orders/fulfillment")));
        QTRY_VERIFY_WITH_TIMEOUT(view.groupPage()->isVisible(), 10000);
        checkPage(&mainWindow, QStringLiteral("group page"));
        // On a 1024×768 laptop in Korean (a longer title, an alert over the
        // tabs): the write buttons in sight and three rows of each table.
        mainWindow.resize(1024, 720);
        QTRY_COMPARE(mainWindow.size(), QSize(1024, 720));
        QTRY_VERIFY(view.groupPage()->consumerView()->model()->rowCount() > 0);
        QApplication::processEvents();
        for (QTableView *table : view.groupPage()->findChildren<QTableView *>()) {
            if (!table->isVisible())
                continue;
            const int rows = table->viewport()->visibleRegion().boundingRect().height() / table->verticalHeader()->defaultSectionSize();
            QVERIFY2(rows >= 3, qPrintable(fillText(QStringLiteral("%1: %2 rows in sight"), table->accessibleName(), rows)));
        }
        for (QPushButton *button : view.groupPage()->findChildren<QPushButton *>())
            if (button->isVisibleTo(view.groupPage()) && button->parentWidget()->inherits("pelscope::ConsumerActionsBar"))
                QVERIFY2(button->visibleRegion().boundingRect() == button->rect(), qPrintable(button->text()));
        mainWindow.resize(1280, 720);

        QVERIFY(view.showPage(QStringLiteral("dlq:orders:dlq")));
        checkPage(&mainWindow, QStringLiteral("dead letters"));

        QVERIFY(view.showPage(QStringLiteral("queue:jobs")));
        checkPage(&mainWindow, QStringLiteral("queue page"));

        view.writes()->requestEnable();
        auto *enable = waitForDialog<EnableWritesDialog>(&mainWindow);
        QVERIFY(enable);
        checkPage(enable, QStringLiteral("enable writes"));
        enable->reject();

        // The claim confirmation is Korean too (issue 28, item 7): the
        // sentence, the warning and the plan's words; the commands stay as
        // they run. It was English in the Korean window.
        view.writes()->setWritesEnabled(true);
        PendingActionRequest claim;
        claim.action = PendingActionRequest::Action::Claim;
        claim.stream = "orders";
        claim.group = "fulfillment";
        claim.fromConsumer = "worker-1";
        claim.toConsumer = "worker-2";
        claim.minIdleMs = 0;
        view.writes()->pendingAction(claim, QStringLiteral("orders"), &mainWindow);
        auto *confirm = waitForDialog<ConfirmWriteDialog>(&mainWindow);
        QVERIFY(confirm);
        const QString summary = confirm->summary();
        QVERIFY2(hasHangul(summary) && !summary.contains(QLatin1String("must read its pending entries")) && !summary.contains(QLatin1String("holds 5")),
                 qPrintable(summary));
        QVERIFY2(summary.contains(QLatin1String("XREADGROUP GROUP &quot;fulfillment&quot; &quot;worker-2&quot; STREAMS &quot;orders&quot; 0"))
                     || summary.contains(QLatin1String("XREADGROUP GROUP \"fulfillment\" \"worker-2\" STREAMS \"orders\" 0")),
                 qPrintable(summary));
        const QString plan = confirm->plan().join(QLatin1Char('\n'));
        QVERIFY2(hasHangul(plan.section(QLatin1Char('\n'), 0, 0)) && plan.contains(QLatin1String("XCLAIM \"orders\" \"fulfillment\" \"worker-2\" 0 <ids> JUSTID")),
                 qPrintable(plan));
        keepScreenshot(confirm, QStringLiteral("claim-confirmation-korean"));
        checkPage(confirm, QStringLiteral("claim confirmation"));
        confirm->reject();

        // The dead-letter requeue's confirmation, through the same flow: the
        // sentence and the note on the commands in Korean, the commands as
        // they run (to "orders", which the DLQ's name says).
        RequeueRequest requeue;
        requeue.dlq = "orders:dlq";
        view.writes()->requeue(requeue, QStringLiteral("orders:dlq"), &mainWindow);
        auto *requeueConfirm = waitForDialog<ConfirmWriteDialog>(&mainWindow);
        QVERIFY(requeueConfirm);
        QVERIFY2(hasHangul(requeueConfirm->summary()) && !requeueConfirm->summary().contains(QLatin1String("then delete")),
                 qPrintable(requeueConfirm->summary()));
        const QString requeuePlan = requeueConfirm->plan().join(QLatin1Char('\n'));
        QCOMPARE(requeuePlan.count(QLatin1String("XADD \"orders\" * ")), 3);
        QCOMPARE(requeuePlan.count(QLatin1String("XDEL \"orders:dlq\" ")), 3);
        keepScreenshot(requeueConfirm, QStringLiteral("dlq-requeue-confirmation-korean"));
        checkPage(requeueConfirm, QStringLiteral("requeue confirmation"));
        // Done: what the results panel says of it is Korean too (issue 48: the result panels).
        requeueConfirm->confirmButton()->click();
        RedisOracle check;
        QVERIFY(check.connectUrl(server.url()));
        QTRY_COMPARE_WITH_TIMEOUT(check.command({"XLEN", "orders:dlq"}).integer(), 0, 10000);
        WriteResultsPanel *results = view.writeResults();
        QTRY_VERIFY_WITH_TIMEOUT(results->count() == 1 && results->isVisible(), 10000);
        QTreeWidgetItem *top = results->tree()->topLevelItem(0);
        results->tree()->expandAll();
        QVERIFY2(hasHangul(top->text(0)), qPrintable(top->text(0)));
        QVERIFY2(QRegularExpression(QStringLiteral("^\\d\\d:\\d\\d:\\d\\d ")).match(top->text(0)).hasMatch(), qPrintable(top->text(0))); // seconds, 24 h
        checkPage(&mainWindow, QStringLiteral("write result"));
    }
};

QTEST_MAIN(TestTranslation)
#include "tst_translation.moc"
