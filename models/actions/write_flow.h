// One write, the same way in the window and the console (issue 25):
//   prepare  read-only and blocking: the planner's reads and a dry run of the
//            very job that will run (on the writer thread in the window,
//            inline in the console);
//   preview  what the operator is asked, rendered once from what prepare
//            found (WriteKind::preview), commands and all;
//   confirm  a WriteConfirmer: a dialog in the window, "yes" or --yes on a
//            terminal;
//   run      the job, built from the same request the dry run read with;
//   record   the outcome as the results panel and the console say it.
// The busy state and the connection-changed guard live here (WriteSession):
// a flow whose connection changed while it prepared or asked writes nothing.
#pragma once

#include "write_job.h"
#include "write_outcome.h"
#include "write_record.h"

#include "../values/connection_options.h"

#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QThread>

#include <any>
#include <functional>
#include <memory>
#include <optional>

namespace pelscope {

// What the operator is asked to confirm. Plain text: a dialog escapes it, a
// terminal prints it.
struct WritePreview
{
    QString title;        // "Requeue stuck items": the dialog's title
    QString confirmLabel; // the button that writes ("Claim 3"); empty: the title
    QString headline;     // one sentence: what is asked
    QString summary;      // under it: the numbers of the plan's read
    QStringList commands; // exactly what will run, from the same request
    QString commandsNote; // what kind of commands they are (a script per batch, plain calls)
    QStringList notes;    // read before confirming
    QString path;         // on a cluster: where it runs, in plain words
    bool offersRate = false; // the operator may pace it (entries per second)
};

// What the operator chose beyond "go".
struct WriteDecision
{
    double ratePerSecond = 0; // 0: as fast as the server takes it
};

// What prepare() found. Exactly one of: error, refusal, nothing to do, or a plan.
struct PreparedWrite
{
    ConnectionOptions node;  // where the job runs
    WriteOutcome dry;        // the dry run: plan lines and counts
    QString error;           // it could not be planned (a read failed, the ACL said no)
    RedisError::Kind errorKind = RedisError::Kind::None;
    QString refusal;         // it must not run as asked (said before anything is written)
    QString nothingToDo;     // the plan is empty: why, in one sentence
    QString pathLine;        // the console's "path:" line, said first whatever follows (refusals too): scripts read it
    std::any plan;           // the kind's own findings that job() needs (a routed request)
};

// One kind of write: how it is planned, shown, run and told. No widgets and
// no terminal here; both front ends show what these return.
class WriteKind
{
public:
    virtual ~WriteKind() = default;
    // "Requeue stuck items": what the operator is doing, in a few words.
    virtual QString title() const = 0;
    // The permission verdict's key (write_checks.h): "requeue", "queue_requeue", …
    virtual QString aclAction() const = 0;
    // Blocking and read-only: on the writer thread in the window.
    virtual PreparedWrite prepare(const ConnectionOptions &writeOptions) const = 0;
    virtual WritePreview preview(const PreparedWrite &prepared) const = 0;
    // The console's --dry-run: the plan as lines for stdout.
    virtual QStringList dryRunLines(const PreparedWrite &prepared) const = 0;
    virtual std::unique_ptr<WriteJob> job(const PreparedWrite &prepared, const WriteDecision &decision) const = 0;
    virtual QString progressText(const WriteCounts &counts) const = 0;
    // What happened, in one line (the error, if any, is said after it by the
    // front end: the window below it, the console on stderr).
    virtual QString outcomeText(const WriteOutcome &outcome) const = 0;
    // The console's stdout after a run: by default the one line.
    virtual QStringList reportLines(const WriteOutcome &outcome) const { return {outcomeText(outcome)}; }
    // A read after the write, for the record (where claimed entries are now):
    // blocking, on the writer thread; empty by default.
    virtual QString afterwards(const PreparedWrite &, const WriteOutcome &) const { return {}; }
    virtual WriteRecord record(const WriteOutcome &outcome, const QString &auditPath, const QString &afterwards) const = 0;
    // One rule for "it did not all go through": an item failed or was
    // refused, or the job stopped before the end.
    static bool failed(const WriteOutcome &outcome);
};

// Asks the operator. Exactly one answer per call: a decision, or nullopt
// (declined; the confirmer has said why when there was something to say).
class WriteConfirmer
{
public:
    virtual ~WriteConfirmer() = default;
    virtual void confirm(const WritePreview &preview, std::function<void(std::optional<WriteDecision>)> answer) = 0;
};

// Where a connection's writes run: the writer thread (the window), or the
// caller's thread (the console, which waits for each flow). Counts the
// flows at work, and tells the connections apart: a flow prepared for an
// earlier connection ends Stale.
class WriteSession : public QObject
{
    Q_OBJECT
public:
    enum class Threads { Writer, Caller };
    explicit WriteSession(Threads threads, QObject *parent = nullptr);
    ~WriteSession() override; // joins the writer thread

    // A new connection: flows of the old one end Stale. Writes always go to
    // the primary, whatever read_from says.
    void setConnection(const ConnectionOptions &options);
    const ConnectionOptions &writeOptions() const { return m_options; }
    quint64 generation() const { return m_generation; }
    bool isBusy() const { return m_busy > 0; }

    // `work` where writes run, then `done` on this object's thread (queued).
    void offload(std::function<void()> work, std::function<void()> done);
    // An object that works for this session (a job, a permission probe): on
    // the writer thread when there is one, deleted when it ends.
    void adopt(QObject *worker);

Q_SIGNALS:
    void busyChanged(bool busy);

private:
    friend class WriteFlow;
    void enter();
    void leave();

    Threads m_threads;
    QThread m_thread;
    QObject *m_context = nullptr; // on m_thread: runs offload() work
    ConnectionOptions m_options;
    quint64 m_generation = 0;
    int m_busy = 0;
};

class WriteFlow : public QObject
{
    Q_OBJECT
public:
    enum class End {
        None,         // still going
        Written,      // ran to the end, nothing failed
        Failed,       // ran, and something failed or it stopped early (outcome says what)
        NothingToDo,  // the plan was empty
        Refused,      // refused before writing (message says why)
        CouldNotPlan, // the reads behind the plan failed (message, errorKind)
        NotAllowed,   // read-only, the ACL said no, or another write is running
        Declined,     // the operator said no
        Stale,        // the connection changed meanwhile: nothing written
    };
    // Why this action cannot run now (read-only, an ACL verdict), or empty.
    using Gate = std::function<QString(const QString &aclAction)>;

    WriteFlow(WriteSession &session, std::shared_ptr<const WriteKind> kind, WriteConfirmer &confirmer, Gate gate = {}, QObject *parent = nullptr);
    ~WriteFlow() override;

    void start();
    void cancel(); // a running job stops after the batch in flight

    End end() const { return m_end; }
    const QString &message() const { return m_message; } // NotAllowed, Refused, CouldNotPlan, NothingToDo, Stale
    const WriteKind &kind() const { return *m_kind; }
    const PreparedWrite &prepared() const { return m_prepared; }
    const WritePreview &preview() const { return m_preview; }
    const WriteOutcome &outcome() const { return m_outcome; }
    const QString &afterwards() const { return m_afterwards; }

Q_SIGNALS:
    void planned(); // prepare() is back: prepared() holds what it found
    void running();
    void progress(const QString &text, const pelscope::WriteCounts &counts);
    void retrying(const QString &why);
    void finished();

private:
    void prepared(const PreparedWrite &p);
    void decided(std::optional<WriteDecision> decision);
    void finish(End end, const QString &message = {});

    WriteSession &m_session;
    std::shared_ptr<const WriteKind> m_kind; // shared with the writer thread's prepare()
    WriteConfirmer &m_confirmer;
    Gate m_gate;
    quint64 m_generation = 0;
    bool m_holdsSession = false;
    End m_end = End::None;
    QString m_message;
    PreparedWrite m_prepared;
    WritePreview m_preview;
    WriteOutcome m_outcome;
    QString m_afterwards;
    QPointer<WriteJob> m_job;
};

// Runs a job on this thread to its end (a local event loop): the dry runs
// behind prepare().
WriteOutcome runJobHere(WriteJob &job);

} // namespace pelscope
