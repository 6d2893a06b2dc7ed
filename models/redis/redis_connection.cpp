// RedisConnection: one pipelined connection to one server. Commands go out
// in batches and their replies come back in order, each batch with its own
// deadline; a lost connection fails what waits and reconnects with backoff.
// The socket itself is made in redis_socket.cpp, the handshake after it in
// redis_handshake.cpp.
#include "redis_connection.h"
#include "../text/display_text.h"
#include "../text/fill_text.h"

#include "replica_resolver.h"
#include "sentinel_resolver.h"

#include <QIODevice>
#include <QRandomGenerator>

#include <spdlog/spdlog.h>

#include <algorithm>

namespace pelscope {

RedisConnection::RedisConnection(ConnectionOptions options, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
{
    m_deadlineTimer.setSingleShot(true);
    m_deadlineTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_deadlineTimer, &QTimer::timeout, this, &RedisConnection::onDeadline);
    m_connectTimer.setSingleShot(true);
    connect(&m_connectTimer, &QTimer::timeout, this, [this] {
        fail(RedisError::of(RedisError::Kind::Timeout,
                            fillText(QStringLiteral("could not connect to %1 within %2 ms"), m_options.address(), m_options.connectTimeoutMs)),
             true);
    });
    m_reconnectTimer.setSingleShot(true);
    connect(&m_reconnectTimer, &QTimer::timeout, this, &RedisConnection::open);
}

RedisConnection::~RedisConnection()
{
    m_closing = true;
    m_autoReconnect = false;
    // Callbacks must not run into a half-destroyed owner.
    m_inFlight.clear();
    m_waiting.clear();
    if (m_resolver)
        m_resolver->cancel();
    if (m_replicaResolver)
        m_replicaResolver->cancel();
    dropDevice();
}

void RedisConnection::setState(State s)
{
    if (m_state == s)
        return;
    m_state = s;
    Q_EMIT stateChanged(s);
}

void RedisConnection::open()
{
    if (m_state == State::Connecting || m_state == State::Handshake || m_state == State::Ready)
        return;
    m_closing = false;
    m_reconnectTimer.stop();
    m_hops = 0;
    if (!m_options.user.isEmpty() && !m_options.password) {
        // Without AUTH the server would take us for `default`, often with every
        // permission: never connect as anyone but the user that was named.
        fail(RedisError::of(RedisError::Kind::Usage,
                            QStringLiteral("the user '%1' was given without a password: add it to the URL (redis://%1:PASSWORD@…, an empty "
                                           "one for a nopass user), use --askpass or set REDISCLI_AUTH; not connecting as another user")
                                .arg(displayBytes(m_options.user))),
             false);
        return;
    }
    setState(State::Connecting);
    if (!m_options.sentinel && m_options.readFromReplica) {
        // Asked on every (re)connect: the replica polled last may be gone or promoted.
        if (!m_replicaResolver)
            m_replicaResolver = new ReplicaResolver(m_options, this);
        m_replicaResolver->resolve([this](const ReplicaResolver::Result &r) {
            if (r.error.isError()) {
                fail(r.error, true);
                return;
            }
            if (!r.seedIsReplica) {
                if (m_options.transport == ConnectionOptions::Transport::Unix)
                    m_options.transport = ConnectionOptions::Transport::Tcp; // the primary names TCP addresses
                m_options.host = r.host;
                m_options.port = r.port;
            }
            connectSocket();
        });
        return;
    }
    if (!m_options.sentinel) {
        connectSocket();
        return;
    }
    // Asked again on every (re)connect: after a failover the sentinels name
    // the promoted replica. Batches given meanwhile wait as during a connect.
    if (!m_resolver)
        m_resolver = new SentinelResolver(m_options, this);
    m_resolver->resolve([this](const SentinelResolver::Result &r) {
        if (r.error.isError()) {
            fail(r.error, true);
            return;
        }
        m_options.host = r.host;
        m_options.port = r.port;
        if (m_options.readFromReplica) {
            m_sentinelMaster = fillText(QStringLiteral("%1:%2"), r.host, r.port);
            m_options.host = r.replicaHost;
            m_options.port = r.replicaPort;
        }
        connectSocket();
    });
}

void RedisConnection::close()
{
    m_closing = true;
    m_reconnectTimer.stop();
    m_connectTimer.stop();
    if (m_resolver)
        m_resolver->cancel();
    if (m_replicaResolver)
        m_replicaResolver->cancel();
    failAll(RedisError::of(RedisError::Kind::NotConnected, QStringLiteral("connection closed by Pelscope")));
    dropDevice();
    setState(State::Disconnected);
}

void RedisConnection::execute(const RedisBatch &batch, QObject *context, Callback callback, int timeoutMs)
{
    Pending p;
    p.expected = int(batch.size());
    p.commands = batch;
    p.context = context;
    p.callback = std::move(callback);
    p.deadline = QDeadlineTimer(timeoutMs < 0 ? m_options.commandTimeoutMs : timeoutMs);

    if (batch.isEmpty()) {
        QPointer<QObject> ctx = context;
        auto cb = p.callback;
        QMetaObject::invokeMethod(
            this,
            [ctx, cb] {
                if (ctx)
                    cb({}, {});
            },
            Qt::QueuedConnection);
        return;
    }
    switch (m_state) {
    case State::Ready: writeBatch(std::move(p)); return;
    case State::Connecting:
    case State::Handshake:
        m_waiting.push_back(std::move(p));
        armDeadline();
        return;
    case State::Disconnected:
    case State::Backoff: {
        RedisError e = m_lastError.isError()
                           ? m_lastError
                           : RedisError::of(RedisError::Kind::NotConnected, QStringLiteral("not connected to %1").arg(m_options.address()));
        QPointer<QObject> ctx = context;
        auto cb = p.callback;
        QMetaObject::invokeMethod(
            this,
            [ctx, cb, e] {
                if (ctx)
                    cb({}, e);
            },
            Qt::QueuedConnection);
        return;
    }
    }
}

void RedisConnection::writeBatch(Pending pending)
{
    QByteArray wire;
    for (const RedisCommand &c : std::as_const(pending.commands))
        wire += encodeCommand(c);
    m_bytesOut += wire.size();
    ++m_roundTrips;
    m_inFlight.push_back(std::move(pending));
    m_device->write(wire);
    armDeadline();
}

void RedisConnection::flushWaiting()
{
    while (!m_waiting.empty() && m_state == State::Ready) {
        Pending p = std::move(m_waiting.front());
        m_waiting.pop_front();
        writeBatch(std::move(p));
    }
}

void RedisConnection::armDeadline()
{
    qint64 earliest = -1;
    auto consider = [&](const std::deque<Pending> &q) {
        for (const Pending &p : q) {
            const qint64 left = p.deadline.remainingTime();
            if (earliest < 0 || left < earliest)
                earliest = left;
        }
    };
    consider(m_inFlight);
    consider(m_waiting);
    if (earliest < 0)
        m_deadlineTimer.stop();
    else
        m_deadlineTimer.start(int(std::max<qint64>(earliest, 0)) + 1);
}

void RedisConnection::onDeadline()
{
    bool expired = false;
    for (const Pending &p : m_inFlight)
        expired = expired || p.deadline.hasExpired();
    for (const Pending &p : m_waiting)
        expired = expired || p.deadline.hasExpired();
    if (!expired) {
        armDeadline();
        return;
    }
    QByteArray what = "command";
    if (!m_inFlight.empty() && !m_inFlight.front().commands.isEmpty())
        what = commandLabel(m_inFlight.front().commands.first());
    // A reply that never came means the stream position is unknown: the only
    // safe continuation is a fresh connection.
    const QString message =
        m_state == State::Handshake
            ? fillText(QStringLiteral("%1 accepted the connection but did not answer within %2 ms: the server may be hung (stopped, or blocked by "
                                      "a slow command)"),
                       m_options.address(), m_options.connectTimeoutMs)
            : QStringLiteral("%1 got no reply from %2 within the deadline; the server may be hung or overloaded")
                  .arg(QString::fromUtf8(what), m_options.address());
    fail(RedisError::of(RedisError::Kind::Timeout, message), true);
}

void RedisConnection::onReadyRead()
{
    if (!m_device)
        return;
    // A server that keeps sending (a flood, a slow drip of a huge reply)
    // must not hold a batch past its deadline: checked on every read too.
    if (!m_inFlight.empty() && m_inFlight.front().deadline.hasExpired()) {
        onDeadline();
        return;
    }
    const QByteArray data = m_device->readAll();
    m_bytesIn += data.size();
    if (!m_decoder.feed(data.constData(), data.size())) {
        if (m_decoder.overLimit()) {
            fail(RedisError::of(RedisError::Kind::Protocol,
                                QStringLiteral("the reply to %1 from %2 is too large: %3 (--max-reply-size); connection dropped")
                                    .arg(QString::fromUtf8(commandReadNow()), m_options.address(), m_decoder.errorString())),
                 true);
            return;
        }
        fail(RedisError::of(RedisError::Kind::Protocol,
                            QStringLiteral("protocol error from %1: %2; connection dropped").arg(m_options.address(), m_decoder.errorString())),
             true);
        return;
    }
    QPointer<RedisConnection> self(this);
    while (self && m_device) {
        std::optional<RedisReply> reply = m_decoder.next();
        if (!reply) {
            if (m_decoder.hasError()) {
                fail(RedisError::of(
                         RedisError::Kind::Protocol,
                         QStringLiteral("protocol error from %1: %2; connection dropped").arg(m_options.address(), m_decoder.errorString())),
                     true);
            }
            return;
        }
        if (m_inFlight.empty()) {
            // A server that refuses a client says so before any command
            // (-ERR max number of clients reached) and hangs up: say what it said.
            if (reply->isError()) {
                RedisError e = describeReplyError({"CONNECT"}, *reply);
                e.message = QStringLiteral("%1 said, unasked: %2").arg(m_options.address(), e.message);
                fail(e, true);
                return;
            }
            fail(RedisError::of(RedisError::Kind::Protocol,
                                QStringLiteral("unexpected reply from %1 with no command in flight; connection dropped").arg(m_options.address())),
                 true);
            return;
        }
        ++m_repliesTaken;
        if (reply->isError() && reply->bytes().contains("max number of clients reached")) {
            // Refused as a client, whatever command this answers: say so and hang up.
            RedisError e = describeReplyError({"CONNECT"}, *reply);
            fail(e, true);
            return;
        }
        Pending &front = m_inFlight.front();
        front.replies.append(std::move(*reply));
        if (front.replies.size() < front.expected)
            continue;
        Pending done = std::move(front);
        m_inFlight.pop_front();
        armDeadline();
        // -READONLY: the node we took for the master was demoted (a failover
        // the connection survived). The caller sees the error; we start over.
        const bool demoted = m_options.sentinel && !m_options.readFromReplica
                             && std::any_of(done.replies.cbegin(), done.replies.cend(),
                                            [](const RedisReply &r) { return r.isError() && r.errorCode() == "READONLY"; });
        if (done.context)
            done.callback(done.replies, {});
        if (demoted && self) {
            fail(RedisError::of(RedisError::Kind::Closed,
                                QStringLiteral("%1 answered READONLY: it is no longer the master of '%2'; asking the sentinels again")
                                    .arg(m_options.address(), displayBytes(m_options.sentinel->masterName))),
                 true);
            return;
        }
    }
}

// The command whose reply is arriving now: the replies that arrived whole
// since the connect, past those already handed out, count into the queue.
QByteArray RedisConnection::commandReadNow() const
{
    qint64 skip = m_decoder.repliesArrived() - m_repliesTaken;
    for (const Pending &p : m_inFlight) {
        const qint64 left = p.expected - p.replies.size();
        if (skip < left)
            return commandLabel(p.commands.value(p.replies.size() + skip));
        skip -= left;
    }
    return "a command";
}

void RedisConnection::onSocketError(const RedisError &error)
{
    if (m_closing)
        return;
    // A server that hangs up often said why first (maxclients): read it.
    if (m_device && m_device->bytesAvailable() > 0) {
        const State before = m_state;
        onReadyRead();
        if (m_state != before || !m_device)
            return;
    }
    fail(error, true);
}

void RedisConnection::onDisconnected()
{
    if (m_closing || m_state == State::Disconnected || m_state == State::Backoff)
        return;
    // What the server wrote before it hung up (its reason, e.g. maxclients)
    // comes first; the replies handled there may end the connection themselves.
    if (m_device && m_device->bytesAvailable() > 0) {
        const State before = m_state;
        onReadyRead();
        if (m_state != before || !m_device)
            return;
    }
    fail(RedisError::of(RedisError::Kind::Closed, QStringLiteral("%1 closed the connection").arg(m_options.address())), true);
}

void RedisConnection::failAll(const RedisError &error)
{
    std::deque<Pending> victims;
    victims.swap(m_inFlight);
    for (Pending &p : m_waiting)
        victims.push_back(std::move(p));
    m_waiting.clear();
    m_deadlineTimer.stop();
    QPointer<RedisConnection> self(this);
    for (Pending &p : victims) {
        if (p.context && p.context != this)
            p.callback({}, error);
        if (!self)
            return;
    }
}

void RedisConnection::fail(const RedisError &error, bool reconnect)
{
    if (m_state == State::Disconnected && m_closing)
        return;
    m_connectTimer.stop();
    if (m_resolver)
        m_resolver->cancel();
    if (m_replicaResolver)
        m_replicaResolver->cancel();
    m_lastError = error;
    spdlog::warn("{}: {}", m_options.redactedUrl().toStdString(), error.message.toStdString());
    dropDevice();
    QPointer<RedisConnection> self(this);
    setState(State::Disconnected);
    failAll(error);
    if (!self)
        return;
    Q_EMIT errorOccurred(error);
    if (!self)
        return;
    if (reconnect && m_autoReconnect && !m_closing && m_state == State::Disconnected)
        scheduleReconnect();
}

void RedisConnection::scheduleReconnect()
{
    const int exp = std::min(m_attempt, 16);
    const qint64 base = std::min<qint64>(qint64(m_options.reconnectInitialMs) << exp, m_options.reconnectMaxMs);
    // ±20% jitter so a fleet of dashboards does not reconnect in lockstep.
    const double jitter = 0.8 + 0.4 * QRandomGenerator::global()->generateDouble();
    const int delay = int(double(base) * jitter);
    ++m_attempt;
    setState(State::Backoff);
    m_reconnectTimer.start(delay);
    Q_EMIT reconnectScheduled(m_attempt, delay);
}

} // namespace pelscope
