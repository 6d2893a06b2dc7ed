// Errors in words an operator can act on, plus the exact Redis text one click away.
#pragma once

#include "redis_reply.h"

#include <QMetaType>
#include <QString>

namespace pelscope {

struct RedisError
{
    enum class Kind {
        None,
        Refused,      // nothing listens there
        HostNotFound, // DNS
        Timeout,      // connect or command deadline
        Tls,          // handshake or verification
        AuthFailed,   // WRONGPASS, unknown user, wrong legacy password
        AuthRequired, // NOAUTH: a password is needed
        NoPermission, // NOPERM
        Protocol,     // invalid reply: the stream cannot be trusted any more
        Closed,       // the server closed the connection
        Loading,      // server is loading its dataset
        Busy,         // a script is running
        NotConnected, // command given while no connection is up
        Server,       // any other error reply
        Usage,        // our own bad input (URL, options)
    };

    Kind kind = Kind::None;
    QString message;   // what to tell the operator
    QByteArray detail; // the raw server error or socket text, for "details"

    bool isError() const { return kind != Kind::None; }
    // A wrong password, certificate, ACL, name or URL does not heal by itself:
    // an operator must act. A lost connection, a timeout or a loading server may.
    bool needsOperator() const
    {
        return kind == Kind::AuthFailed || kind == Kind::AuthRequired || kind == Kind::Tls || kind == Kind::NoPermission
               || kind == Kind::HostNotFound || kind == Kind::Usage || kind == Kind::Protocol;
    }
    // Errors that retrying without a change of configuration will not fix.
    bool isConfigurationError() const;
    static QString kindName(Kind kind);
    static RedisError of(Kind kind, QString message, QByteArray detail = {})
    {
        RedisError e;
        e.kind = kind;
        e.message = std::move(message);
        e.detail = std::move(detail);
        return e;
    }
};

// Turns an error reply to `command` into an actionable RedisError.
RedisError describeReplyError(const RedisCommand &command, const RedisReply &reply);

// The first argument(s) of a command, for messages: "XINFO GROUPS", "XPENDING".
QByteArray commandLabel(const RedisCommand &command);

} // namespace pelscope

Q_DECLARE_METATYPE(pelscope::RedisError)
