// The window in Korean, on a real redis-server in trouble: every page an
// operator opens during an incident (the overview, a group, its dead letters,
// a reliable list's stuck items) and the dialog that enables writes are drawn
// with the Korean translation at 1280×720, and no label or button is cut
// short: each text's width fits the widget showing it.
#include "app_language.h"
#include "connection_view.h"
#include "group_page.h"
#include "gui_test_helpers.h"
#include "main_window.h"
#include "poll_once.h"
#include "polling/poller_thread.h"
#include "text/fill_text.h"
#include "redis_oracle.h"
#include "redis_server.h"
#include "test_settings.h"
#include "write_controller.h"
#include "write_dialogs.h"
#include "actions/pending_action_job.h"

#include <QAbstractButton>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>

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
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        qputenv("PELSCOPE_AUDIT_LOG", m_tmp.filePath(QStringLiteral("audit.jsonl")).toUtf8());
        QVERIFY(useSettingsIn(m_tmp.filePath(QStringLiteral("config")), QStringLiteral("tst_translation")));
        QCOMPARE(installLanguage(QStringLiteral("ko")), QStringLiteral("ko"));
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
        requeueConfirm->reject();
    }
};

QTEST_MAIN(TestTranslation)
#include "tst_translation.moc"
