// Runs a job framework's own repair (job_repair.h): the source set read a
// page at a time, oldest first (or the named members), each page's jobs
// checked (their hash, their error, a reservation's age) and then handed to
// the framework's script in one call per batch, audited. Each job is taken
// once: a job the run retried that fails again and comes back to the set is
// left there. After a lost reply the batch's token in the audit stream says
// whether it ran; every script moves a job only while it is still where the
// plan read it, so a batch sent twice moves nothing twice.
#pragma once

#include "job_repair.h"
#include "write_job.h"

namespace pelscope {

class JobRepairJob : public WriteJob
{
    Q_OBJECT
public:
    JobRepairJob(ConnectionOptions options, JobRepairRequest request, QObject *parent = nullptr);

private:
    enum class Step { Time, Page, Details, Apply, Settle };

    QString refusal() const override;
    void begin() override;
    void resume() override;
    void read(const RedisBatch &batch, bool errorsAreData, std::function<void(const RedisReplies &)> then);
    void readTime();
    void readPage();
    void onPage(const QList<QByteArray> &members, const QList<double> &scores);
    void readDetails();
    void readBindings(const QList<RedisReply> &details);
    void plan(const QList<RedisReply> &details);
    void applyBatch();
    void onApplied(const RedisReplies &replies);
    void settleLostBatch();
    void afterBatch(qint64 changed, const QString &outcome);
    void nextPage();
    bool limitReached() const;

    ConnectionOptions m_options;
    JobRepairRequest m_request;
    RedisConnection *m_connection = nullptr;
    Step m_step = Step::Time;
    RepairContext m_context;
    qint64 m_offset = 0;        // all: members of the set looked at and left there
    qsizetype m_namedIndex = 0; // named: the next one to look up
    bool m_lastPage = false;
    QList<QByteArray> m_members; // the page in hand
    QList<double> m_scores;
    QList<RepairMove> m_batch; // of the page, the jobs to repair
    QSet<QByteArray> m_handled; // job ids taken (or planned) by this run
    QByteArray m_batchToken;
    qint64 m_batches = 0;
};

} // namespace pelscope
