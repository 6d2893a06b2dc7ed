// One connection to one Redis server on Qt's event loop: TCP, TLS or a unix
// socket; pipelined batches; a deadline on every command; reconnect with
// capped, jittered backoff. Lives in (and must be used from) one thread.
// With Redis Sentinel options it asks the sentinels for the master before
// every (re)connect, confirms it with ROLE, and starts over on -READONLY.
// With read_from=replica it finds a replica the same way (the sentinels, or
// the URL's node's ROLE) and confirms with ROLE that it is one.
#pragma once

#include "../values/connection_options.h"
#include "redis_error.h"
#include "redis_reply.h"
#include "resp_codec.h"

#include <QDeadlineTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <deque>
#include <functional>

class QIODevice;

namespace pelscope {

class SentinelResolver;
class ReplicaResolver;

struct ServerHello
{
    QString version; // redis_version (or valkey_version when present)
    QString product; // "redis" or "valkey"
    QString mode;    // standalone, cluster, sentinel
    QString role;    // master, slave
    QString node;    // host:port connected to (with Sentinel: the master it named)
    QString primary; // read_from=replica: host:port of the primary, from the replica's ROLE
};

// INFO server as the handshake reads it: Valkey names itself in
// valkey_version and server_mode (its redis_version is the Redis it is
// compatible with, and it has no redis_mode).
ServerHello parseServerInfo(const RedisReply &info);

class RedisConnection : public QObject
{
    Q_OBJECT
public:
    enum class State { Disconnected, Connecting, Handshake, Ready, Backoff };
    Q_ENUM(State)

    // Every reply of the batch in order, or an error for the whole batch
    // (connection lost, deadline passed); per-command errors are error replies.
    using Callback = std::function<void(const RedisReplies &, const RedisError &)>;

    explicit RedisConnection(ConnectionOptions options, QObject *parent = nullptr);
    ~RedisConnection() override;

    void open();
    void close();
    void setAutoReconnect(bool on) { m_autoReconnect = on; }

    // Writes the batch at once; replies are matched in order. While the
    // handshake runs the batch waits; while disconnected it fails at once.
    // The callback runs only while `context` is alive.
    void execute(const RedisBatch &batch, QObject *context, Callback callback, int timeoutMs = -1);

    State state() const { return m_state; }
    const ServerHello &hello() const { return m_hello; }
    const ConnectionOptions &options() const { return m_options; }
    const RedisError &lastError() const { return m_lastError; }
    int reconnectAttempt() const { return m_attempt; }

    // Transport counters, for the benchmarks and the status bar.
    qint64 bytesWritten() const { return m_bytesOut; }
    qint64 bytesRead() const { return m_bytesIn; }
    qint64 roundTrips() const { return m_roundTrips; }

Q_SIGNALS:
    void stateChanged(pelscope::RedisConnection::State state);
    void ready();
    void errorOccurred(const pelscope::RedisError &error);
    void reconnectScheduled(int attempt, int delayMs);
    // Sentinel: the confirmed master is not the one of the previous connection.
    void masterChanged(const QString &address, const QString &previous);

private:
    struct Pending
    {
        int expected = 0;
        RedisReplies replies;
        RedisBatch commands; // kept to name the command in error messages
        QPointer<QObject> context;
        Callback callback;
        QDeadlineTimer deadline;
    };

    void setState(State s);
    void connectSocket();
    bool confirmSentinelMaster(const RedisReply &role);
    bool confirmReplica(const RedisReply &role);
    bool followedToPrimary(const RedisReply &role);
    void createDevice();
    void onConnected();
    void onEncrypted();
    void onReadyRead();
    void onSocketError(const RedisError &error);
    QByteArray commandReadNow() const;
    void onDisconnected();
    void startHandshake();
    void writeBatch(Pending pending);
    void flushWaiting();
    void armDeadline();
    void onDeadline();
    void fail(const RedisError &error, bool reconnect);
    void failAll(const RedisError &error);
    void scheduleReconnect();
    void dropDevice();

    ConnectionOptions m_options;
    State m_state = State::Disconnected;
    QIODevice *m_device = nullptr;
    RespDecoder m_decoder;
    qint64 m_repliesTaken = 0;      // since the connect: replies handed to their batches
    std::deque<Pending> m_inFlight; // written, awaiting replies
    std::deque<Pending> m_waiting;  // queued during connect/handshake
    QTimer m_deadlineTimer{this};
    QTimer m_connectTimer{this};
    QTimer m_reconnectTimer{this};
    bool m_autoReconnect = true;
    bool m_closing = false;
    int m_attempt = 0;
    ServerHello m_hello;
    SentinelResolver *m_resolver = nullptr;       // sentinel mode only
    QString m_lastMaster;                         // sentinel mode: last confirmed master
    ReplicaResolver *m_replicaResolver = nullptr; // read_from=replica with a plain URL
    QString m_sentinelMaster;                     // read_from=replica with Sentinel: the master they named
    int m_hops = 0;                               // followToPrimary: replica -> primary moves this connect
    RedisError m_lastError;
    QStringList m_tlsErrors;
    qint64 m_bytesIn = 0;
    qint64 m_bytesOut = 0;
    qint64 m_roundTrips = 0;
};

} // namespace pelscope
