#include "write_flow.h"

#include <QCoreApplication>
#include <QEventLoop>

namespace pelscope {

bool WriteKind::failed(const WriteOutcome &outcome)
{
    return outcome.counts.failed > 0 || outcome.counts.refused > 0 || !outcome.ranToTheEnd();
}

WriteOutcome runJobHere(WriteJob &job)
{
    WriteOutcome outcome;
    QEventLoop loop;
    QObject::connect(&job, &WriteJob::finished, &loop, [&](const WriteOutcome &o) {
        outcome = o;
        loop.quit();
    });
    QMetaObject::invokeMethod(&job, &WriteJob::start, Qt::QueuedConnection);
    loop.exec();
    return outcome;
}

WriteSession::WriteSession(Threads threads, QObject *parent)
    : QObject(parent)
    , m_threads(threads)
{
    qRegisterMetaType<pelscope::WriteCounts>();
    qRegisterMetaType<pelscope::WriteOutcome>();
    if (m_threads == Threads::Writer) {
        m_thread.setObjectName(QStringLiteral("writer"));
        m_context = new QObject;
        m_context->moveToThread(&m_thread);
        connect(&m_thread, &QThread::finished, m_context, &QObject::deleteLater);
        m_thread.start();
    }
}

WriteSession::~WriteSession()
{
    if (m_threads == Threads::Writer) {
        m_thread.quit();
        m_thread.wait();
    }
}

void WriteSession::setConnection(const ConnectionOptions &options)
{
    m_options = options.forWrites();
    ++m_generation;
}

void WriteSession::offload(std::function<void()> work, std::function<void()> done)
{
    if (m_threads == Threads::Caller) {
        work();
        QMetaObject::invokeMethod(this, std::move(done), Qt::QueuedConnection);
        return;
    }
    // `this` outlives the writer thread (its destructor joins it), and an
    // event posted to it is dropped if it goes.
    QMetaObject::invokeMethod(
        m_context,
        [this, work = std::move(work), done = std::move(done)] {
            work();
            QMetaObject::invokeMethod(this, done, Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

void WriteSession::adopt(QObject *worker)
{
    if (m_threads == Threads::Writer) {
        worker->moveToThread(&m_thread);
        connect(&m_thread, &QThread::finished, worker, &QObject::deleteLater);
    }
}

void WriteSession::enter()
{
    if (m_busy++ == 0)
        Q_EMIT busyChanged(true);
}

void WriteSession::leave()
{
    if (--m_busy == 0)
        Q_EMIT busyChanged(false);
}

WriteFlow::WriteFlow(WriteSession &session, std::shared_ptr<const WriteKind> kind, WriteConfirmer &confirmer, Gate gate, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_kind(std::move(kind))
    , m_confirmer(confirmer)
    , m_gate(std::move(gate))
{}

WriteFlow::~WriteFlow()
{
    if (m_holdsSession)
        m_session.leave();
}

void WriteFlow::start()
{
    if (const QString why = m_gate ? m_gate(m_kind->aclAction()) : QString(); !why.isEmpty())
        return finish(End::NotAllowed, why);
    if (m_session.isBusy())
        return finish(End::NotAllowed, tr("Another write is running"));
    m_generation = m_session.generation();
    m_session.enter();
    m_holdsSession = true;
    auto found = std::make_shared<PreparedWrite>();
    const ConnectionOptions options = m_session.writeOptions();
    m_session.offload([kind = m_kind, options, found] { *found = kind->prepare(options); },
                      [self = QPointer<WriteFlow>(this), found] {
                          if (self)
                              self->prepared(*found);
                      });
}

void WriteFlow::prepared(const PreparedWrite &p)
{
    m_prepared = p;
    if (m_generation != m_session.generation())
        return finish(End::Stale); // about the previous connection: forgotten, silently
    Q_EMIT planned();
    if (!p.error.isEmpty())
        return finish(End::CouldNotPlan, p.error);
    if (!p.refusal.isEmpty())
        return finish(End::Refused, p.refusal);
    if (!p.nothingToDo.isEmpty())
        return finish(End::NothingToDo, p.nothingToDo);
    m_preview = m_kind->preview(p);
    // Not busy while the operator reads: another page may plan meanwhile.
    m_session.leave();
    m_holdsSession = false;
    m_confirmer.confirm(m_preview, [self = QPointer<WriteFlow>(this)](std::optional<WriteDecision> d) {
        if (self)
            self->decided(d);
    });
}

void WriteFlow::decided(std::optional<WriteDecision> decision)
{
    if (!decision)
        return finish(End::Declined);
    if (m_generation != m_session.generation())
        return finish(End::Stale, tr("The connection changed while the confirmation was open; nothing was written"));
    // Read-only again, or the ACL said no, while the confirmation was open.
    if (const QString why = m_gate ? m_gate(m_kind->aclAction()) : QString(); !why.isEmpty())
        return finish(End::NotAllowed, why);
    if (m_session.isBusy())
        return finish(End::NotAllowed, tr("Another write is running"));
    m_session.enter();
    m_holdsSession = true;
    std::unique_ptr<WriteJob> job = m_kind->job(m_prepared, *decision);
    m_job = job.get();
    WriteJob *raw = job.release(); // owned by the session's thread from here (deleteLater below)
    m_session.adopt(raw);
    connect(raw, &WriteJob::progress, this, [this](const WriteCounts &c) { Q_EMIT progress(m_kind->progressText(c), c); });
    connect(raw, &WriteJob::retrying, this, &WriteFlow::retrying);
    connect(raw, &WriteJob::finished, this, [this, raw](const WriteOutcome &outcome) {
        raw->deleteLater();
        m_outcome = outcome;
        const End end = WriteKind::failed(outcome) || !outcome.error.isEmpty() ? End::Failed : End::Written;
        // The read after the write (for the record), where the writes run.
        auto after = std::make_shared<QString>();
        m_session.offload([kind = m_kind, prepared = m_prepared, outcome, after] { *after = kind->afterwards(prepared, outcome); },
                          [self = QPointer<WriteFlow>(this), after, end] {
                              if (!self)
                                  return;
                              self->m_afterwards = *after;
                              self->finish(end);
                          });
    });
    Q_EMIT running();
    QMetaObject::invokeMethod(raw, &WriteJob::start, Qt::QueuedConnection);
}

void WriteFlow::cancel()
{
    if (m_job)
        QMetaObject::invokeMethod(m_job, [job = m_job] { job->cancel(); }, Qt::QueuedConnection);
}

void WriteFlow::finish(End end, const QString &message)
{
    if (m_holdsSession) {
        m_session.leave();
        m_holdsSession = false;
    }
    m_end = end;
    m_message = message;
    Q_EMIT finished();
}

} // namespace pelscope
