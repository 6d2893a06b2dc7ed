// The one write flow (models/actions/write_flow.h) on its own: each way it
// ends, that nothing is written unless the operator said yes for the
// connection still in use and the gate still open, one write at a time, and
// that the window's flows prepare and run on the writer thread. The kinds
// themselves run against real servers in the integration and GUI tests.
#include "unit_tests.h"
#include "actions/write_flow.h"
#include "actions/write_gate.h"

#include <QSignalSpy>
#include <QTest>
#include <QThread>

using namespace pelscope;

namespace {

// A job that settles `done` items at once, writing nothing (a dry-run
// policy: no audit file is needed).
class FakeJob : public WriteJob
{
public:
    FakeJob(qint64 done, qint64 failed, QThread **ranOn)
        : WriteJob(dryRunPolicy(), nullptr)
        , m_done(done)
        , m_failed(failed)
        , m_ranOn(ranOn)
    {}

    static Policy dryRunPolicy()
    {
        Policy p;
        p.action = QStringLiteral("fake");
        p.dryRun = true;
        return p;
    }

protected:
    void begin() override
    {
        *m_ranOn = QThread::currentThread();
        m_outcome.counts.done = m_done;
        m_outcome.counts.failed = m_failed;
        finish();
    }
    void resume() override {}

private:
    qint64 m_done, m_failed;
    QThread **m_ranOn;
};

struct FakeKind : WriteKind
{
    PreparedWrite found;
    qint64 failedItems = 0;
    mutable int jobs = 0;
    mutable QThread *preparedOn = nullptr;
    mutable QThread *ranOn = nullptr;

    QString title() const override { return QStringLiteral("Fake write"); }
    QString aclAction() const override { return QStringLiteral("fake"); }
    PreparedWrite prepare(const ConnectionOptions &options) const override
    {
        preparedOn = QThread::currentThread();
        PreparedWrite p = found;
        p.node = options;
        return p;
    }
    WritePreview preview(const PreparedWrite &) const override
    {
        WritePreview v;
        v.title = title();
        v.headline = QStringLiteral("Write 3");
        v.commands = {QStringLiteral("SET k v")};
        return v;
    }
    QStringList dryRunLines(const PreparedWrite &) const override { return {QStringLiteral("SET k v")}; }
    std::unique_ptr<WriteJob> job(const PreparedWrite &, const WriteDecision &) const override
    {
        ++jobs;
        return std::make_unique<FakeJob>(3, failedItems, &ranOn);
    }
    QString progressText(const WriteCounts &) const override { return {}; }
    QString outcomeText(const WriteOutcome &o) const override { return QStringLiteral("wrote %1").arg(o.counts.done); }
    WriteRecord record(const WriteOutcome &, const QString &, const QString &) const override { return {}; }
};

// Answers at once (yes or no), or keeps the answer for the test to give.
struct FakeConfirmer : WriteConfirmer
{
    enum class Mode { Yes, No, Later } mode = Mode::Yes;
    int asked = 0;
    WritePreview shown;
    std::function<void(std::optional<WriteDecision>)> later;
    void confirm(const WritePreview &preview, std::function<void(std::optional<WriteDecision>)> answer) override
    {
        ++asked;
        shown = preview;
        if (mode == Mode::Later)
            later = std::move(answer);
        else
            answer(mode == Mode::Yes ? std::optional<WriteDecision>(WriteDecision{}) : std::nullopt);
    }
};

ConnectionOptions server(quint16 port)
{
    ConnectionOptions o;
    o.host = QStringLiteral("127.0.0.1");
    o.port = port;
    return o;
}

WriteFlow::End runToEnd(WriteFlow &flow)
{
    QSignalSpy done(&flow, &WriteFlow::finished);
    flow.start();
    if (done.isEmpty())
        done.wait(5000);
    return flow.end();
}

} // namespace

class TestWriteFlow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void writesWhenConfirmed()
    {
        WriteSession session(WriteSession::Threads::Caller);
        session.setConnection(server(6379));
        auto kind = std::make_shared<FakeKind>();
        FakeConfirmer confirmer;
        WriteFlow flow(session, kind, confirmer);
        QCOMPARE(runToEnd(flow), WriteFlow::End::Written);
        QCOMPARE(confirmer.asked, 1);
        QCOMPARE(confirmer.shown.commands, QStringList{QStringLiteral("SET k v")});
        QCOMPARE(flow.outcome().counts.done, 3);
        QCOMPARE(kind->jobs, 1);
        QVERIFY(!session.isBusy());
        // A failed item: the flow says Failed, whatever the job's error.
        auto failing = std::make_shared<FakeKind>();
        failing->failedItems = 1;
        WriteFlow second(session, failing, confirmer);
        QCOMPARE(runToEnd(second), WriteFlow::End::Failed);
    }

    void nothingRunsWithoutAYes()
    {
        WriteSession session(WriteSession::Threads::Caller);
        session.setConnection(server(6379));
        FakeConfirmer no;
        no.mode = FakeConfirmer::Mode::No;
        auto kind = std::make_shared<FakeKind>();
        WriteFlow declined(session, kind, no);
        QCOMPARE(runToEnd(declined), WriteFlow::End::Declined);
        QCOMPARE(kind->jobs, 0);

        // An empty plan, a plan that could not be read, a refusal: nobody is asked.
        FakeConfirmer yes;
        auto empty = std::make_shared<FakeKind>();
        empty->found.nothingToDo = QStringLiteral("would move 0 items");
        WriteFlow nothing(session, empty, yes);
        QCOMPARE(runToEnd(nothing), WriteFlow::End::NothingToDo);
        QCOMPARE(nothing.message(), QStringLiteral("would move 0 items"));
        auto unreadable = std::make_shared<FakeKind>();
        unreadable->found.error = QStringLiteral("NOPERM");
        unreadable->found.errorKind = RedisError::Kind::NoPermission;
        WriteFlow couldNot(session, unreadable, yes);
        QCOMPARE(runToEnd(couldNot), WriteFlow::End::CouldNotPlan);
        auto refused = std::make_shared<FakeKind>();
        refused->found.refusal = QStringLiteral("different slots");
        WriteFlow refusal(session, refused, yes);
        QCOMPARE(runToEnd(refusal), WriteFlow::End::Refused);
        QCOMPARE(yes.asked, 0);
        QCOMPARE(empty->jobs + unreadable->jobs + refused->jobs, 0);
    }

    // The connection changed while the confirmation was open: nothing runs,
    // and the operator is told (the window said it in four copies before).
    void staleAfterTheConnectionChanged()
    {
        WriteSession session(WriteSession::Threads::Caller);
        session.setConnection(server(6379));
        FakeConfirmer later;
        later.mode = FakeConfirmer::Mode::Later;
        auto kind = std::make_shared<FakeKind>();
        WriteFlow flow(session, kind, later);
        QSignalSpy done(&flow, &WriteFlow::finished);
        flow.start();
        QTRY_COMPARE(later.asked, 1);
        session.setConnection(server(6380));
        later.later(WriteDecision{});
        QCOMPARE(done.size(), 1);
        QCOMPARE(flow.end(), WriteFlow::End::Stale);
        QVERIFY(flow.message().contains(QStringLiteral("connection changed")));
        QCOMPARE(kind->jobs, 0);
    }

    // The gate is asked again after the yes: writes turned off (or an ACL
    // refusal) while the dialog was open stop the write.
    void gateIsAskedAgainAfterTheYes()
    {
        WriteSession session(WriteSession::Threads::Caller);
        session.setConnection(server(6379));
        FakeConfirmer later;
        later.mode = FakeConfirmer::Mode::Later;
        QString closed;
        auto kind = std::make_shared<FakeKind>();
        WriteFlow flow(session, kind, later, [&closed](const QString &) { return closed; });
        QSignalSpy done(&flow, &WriteFlow::finished);
        flow.start();
        QTRY_COMPARE(later.asked, 1);
        closed = QStringLiteral("Read-only");
        later.later(WriteDecision{});
        QCOMPARE(flow.end(), WriteFlow::End::NotAllowed);
        QCOMPARE(flow.message(), QStringLiteral("Read-only"));
        QCOMPARE(kind->jobs, 0);
    }

    // One write at a time per connection: a second flow started while the
    // first prepares is not allowed, and says why.
    void oneWriteAtATime()
    {
        WriteSession session(WriteSession::Threads::Caller);
        session.setConnection(server(6379));
        FakeConfirmer yes;
        auto first = std::make_shared<FakeKind>(), second = std::make_shared<FakeKind>();
        WriteFlow a(session, first, yes), b(session, second, yes);
        QSignalSpy aDone(&a, &WriteFlow::finished);
        a.start(); // prepared inline; its answer is queued: busy until then
        QVERIFY(session.isBusy());
        QCOMPARE(runToEnd(b), WriteFlow::End::NotAllowed);
        QCOMPARE(b.message(), QStringLiteral("Another write is running"));
        QVERIFY(aDone.wait(5000) || !aDone.isEmpty());
        QCOMPARE(a.end(), WriteFlow::End::Written);
        QVERIFY(!session.isBusy());
    }

    // The window's session: the plan is read and the job runs on the writer
    // thread, never on the GUI thread.
    void writerThreadDoesTheIo()
    {
        WriteSession session(WriteSession::Threads::Writer);
        session.setConnection(server(6379));
        FakeConfirmer yes;
        auto kind = std::make_shared<FakeKind>();
        WriteFlow flow(session, kind, yes);
        QCOMPARE(runToEnd(flow), WriteFlow::End::Written);
        QVERIFY(kind->preparedOn && kind->preparedOn != QThread::currentThread());
        QCOMPARE(kind->ranOn, kind->preparedOn);
    }

    // The gate below the window: read-only at every connection, a late
    // "enable" for an earlier connection ignored (the session's generation),
    // a NOPERM from a write kept for that action and scope only, every
    // verdict forgotten with the connection.
    void gateDecidesBelowTheWindow()
    {
        WriteSession session(WriteSession::Threads::Caller);
        WriteGate gate(session);
        QSignalSpy enabled(&gate, &WriteGate::writesEnabledChanged);
        session.setConnection(server(6379));
        gate.reset();
        QVERIFY(gate.blocker(QStringLiteral("s"), QStringLiteral("requeue")).startsWith(QStringLiteral("Read-only")));
        const quint64 asked = gate.generation();
        session.setConnection(server(6380)); // another connection while the operator was asked
        gate.reset();
        gate.enableFor(asked);
        QVERIFY(!gate.writesEnabled());
        gate.enableFor(gate.generation());
        QVERIFY(gate.writesEnabled());
        QCOMPARE(enabled.count(), 1);
        QCOMPARE(gate.blocker(QStringLiteral("s"), QStringLiteral("requeue")), QString());
        gate.noteRefusal(QStringLiteral("s"), QStringLiteral("requeue"), RedisError::Kind::Closed, QStringLiteral("lost"));
        QCOMPARE(gate.blocker(QStringLiteral("s"), QStringLiteral("requeue")), QString()); // only NOPERM is a verdict
        gate.noteRefusal(QStringLiteral("s"), QStringLiteral("requeue"), RedisError::Kind::NoPermission, QStringLiteral("NOPERM no xadd"));
        QCOMPARE(gate.blocker(QStringLiteral("s"), QStringLiteral("requeue")), QStringLiteral("The ACL user may not do this: NOPERM no xadd"));
        QCOMPARE(gate.blocker(QStringLiteral("other"), QStringLiteral("requeue")), QString());
        QCOMPARE(gate.blocker(QStringLiteral("s"), QStringLiteral("claim")), QString());
        session.setConnection(server(6381));
        gate.reset();
        QVERIFY(!gate.writesEnabled());
        QVERIFY(gate.blocker(QStringLiteral("s"), QStringLiteral("requeue")).startsWith(QStringLiteral("Read-only")));
        gate.setServerMode(QStringLiteral("cluster"));
        QVERIFY(gate.isCluster());
    }
};

PELSCOPE_UNIT_TEST(TestWriteFlow)
#include "tst_write_flow.moc"
