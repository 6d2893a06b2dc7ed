// Plays a believable incident against any Redis, for demos and for
// `pelscope-cli workload`: steady producers, a dead consumer, a slow group,
// poison payments dead-lettered by a recovery worker, consumer-name churn and
// a group whose lag Redis cannot compute. One thread; moveToThread is fine.
#pragma once

#include "../redis/redis_connection.h"
#include "demo_queues.h"
#include "demo_scenario.h"
#include "demo_traffic.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QTimer>
#include <functional>

namespace pelscope {

struct DemoWorkloadStats
{
    qint64 produced = 0;
    qint64 acknowledged = 0;
    qint64 failedDeliveries = 0; // poison entries a consumer gave up on (left pending)
    qint64 claimed = 0;          // by the recovery worker
    qint64 deadLettered = 0;
    qint64 errors = 0;         // error replies and failed batches
    QByteArray senderConsumer; // the current churned e-mail consumer
};

class DemoWorkload : public QObject
{
    Q_OBJECT
public:
    explicit DemoWorkload(ConnectionOptions options, DemoWorkloadConfig config = {}, QObject *parent = nullptr);
    ~DemoWorkload() override;

    // From the workload's own thread only; other threads use statsChanged().
    bool isRunning() const { return m_running; }
    const DemoWorkloadStats &stats() const { return m_stats; }
    // The rate the workload adds entries at, at a wall-clock time (the past
    // included: the same waves run backwards), for the simulated past to
    // meet the live traffic without a step. Safe from any thread once
    // started() was emitted: it reads only what start() set before it.
    double rateAt(DemoTraffic::Stream stream, qint64 wallMs) const
    {
        return m_traffic.rate(stream, double(wallMs - m_startedAtMs) / 1000.0);
    }

public Q_SLOTS:
    // Connects, creates the groups and the starting incident, then runs until
    // stop(). Call from the thread the object lives in (queued from elsewhere).
    void start();
    void stop();

Q_SIGNALS:
    void started();                                              // set-up done, traffic flowing
    void failed(const QString &message);                         // set-up impossible (auth, ACL, wrong key type); stopped
    void statsChanged(const pelscope::DemoWorkloadStats &stats); // once a second

private:
    struct Consumer
    {
        QByteArray stream;
        QByteArray group;
        QByteArray name;
        int period = 1; // reads on every period-th tick, so pairs take turns
        int phase = 0;
        bool throttled = false;     // analytics: keeps up with a share of the orders only
        bool failsOnPoison = false; // ledger: never acks poison payments
        QByteArray historyFrom{};   // set: re-reading its own PEL after a (re)connect
        QList<QByteArray> toAck{};  // read last tick, acked with the next batch
    };
    struct Slot
    {
        qsizetype consumer = 0;
        int requested = 0; // entries asked for; 0 marks an XACK
    };
    using Step = std::function<void(const RedisReplies &)>;

    RedisConnection *makeConnection(const char *role);
    static bool isReady(const RedisConnection *c);
    void onConnectionError(const RedisError &error);
    void onConsumerConnectionReady();
    void logError(const char *where, const RedisCommand &command, const RedisReply &reply);
    void groupsVanished();

    // demo_workload_setup.cpp
    void runSetup();
    void setupStep(const RedisBatch &batch, Step next, int timeoutMs = -1);
    void setupInspect();
    void setupSeed();
    void setupGroups();
    RedisBatch deadLetterHistory();
    RedisBatch deployHistory() const;
    void setupAuditGap();
    void setupDeadConsumer();
    void setupLiveConsumers();
    void setupQueues();
    void finishSetup();
    void setupFailed(const QString &message);

    // demo_workload.cpp: steady state
    void tick();
    void produce();
    void produceQueues();
    void consume();
    void onConsumeReplies(const RedisBatch &batch, const QList<Slot> &readSlots, const RedisReplies &replies);
    void rotateSender();

    // demo_workload_recovery.cpp
    void recover();
    void settleClaimed(const RedisReplies &replies);

    ConnectionOptions m_options;
    DemoWorkloadConfig m_config;
    demo::Keys m_keys;
    demo::QueueKeys m_queueKeys;
    DemoTraffic m_traffic;
    qint64 m_startedAtMs = 0; // wall clock at m_clock's start

    // Three connections, as three services would have: a stalled consumer
    // batch never delays producers, and CLIENT LIST shows who is who.
    RedisConnection *m_producer = nullptr; // also runs the set-up
    RedisConnection *m_consumer = nullptr;
    RedisConnection *m_recovery = nullptr;

    // Members with `this` as parent so moveToThread takes them along.
    QTimer m_tickTimer{this};
    QTimer m_recoveryTimer{this};
    QTimer m_churnTimer{this};
    QElapsedTimer m_clock;

    QList<Consumer> m_consumers;
    qsizetype m_senderIndex = -1;
    QList<QByteArray> m_ghostSenders;
    double m_analyticsBudget = 0;
    double m_lastProduceAt = 0;
    double m_lastConsumeAt = 0;
    quint64 m_tickCount = 0;

    quint64 m_generation = 0; // bumped by stop(): late replies are dropped
    bool m_running = false;
    bool m_setupRunning = false;
    bool m_setupDone = false;
    bool m_startedEmitted = false;
    bool m_produceInFlight = false;
    bool m_queuesInFlight = false;
    qint64 m_queueSerial = 0;
    bool m_consumeInFlight = false;
    bool m_recoverInFlight = false;
    // What the set-up found missing and therefore must create.
    bool m_seedOrders = false;
    bool m_seedEmails = false;
    bool m_needDeadConsumer = false;
    bool m_needAuditGap = false;

    DemoWorkloadStats m_stats;
    QHash<QByteArray, qint64> m_lastLogged; // message → clock ms, to rate-limit logs
};

} // namespace pelscope

Q_DECLARE_METATYPE(pelscope::DemoWorkloadStats)
