#include "annotation_share.h"

#include "../text/display_text.h"
#include "../text/fill_text.h"
#include "audit_log.h"
#include "requeue_route.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QUuid>

namespace pelscope {

namespace {

struct RoutedMark
{
    AnnotationShareRequest request;
    QString path;
};

} // namespace

AnnotationShareRequest AnnotationShareRequest::make(QByteArray key, QString text, qint64 atMs, QByteArray stream, QByteArray group)
{
    AnnotationShareRequest r;
    r.key = std::move(key);
    r.text = std::move(text);
    r.atMs = atMs;
    r.stream = std::move(stream);
    r.group = std::move(group);
    r.author = AuditLog::actor();
    r.markId = QUuid::createUuid().toByteArray(QUuid::WithoutBraces);
    return r;
}

PublishedAnnotation AnnotationShareRequest::published() const
{
    PublishedAnnotation a;
    a.from = key;
    a.atMs = atMs;
    a.text = text;
    a.author = author;
    a.stream = stream;
    a.group = group;
    return a;
}

AnnotationShareCall annotationShareCall(const AnnotationShareRequest &r)
{
    return {{r.key, r.auditStream},
            {r.text.toUtf8(), r.group.isEmpty() ? QByteArray() : r.stream, r.group, QByteArray::number(r.atMs), r.author.toUtf8(), r.markId,
             QByteArray::number(r.maxLen), QByteArray::number(r.auditMaxLen), AuditLog::actor().toUtf8()}};
}

QStringList annotationSharePlan(const AnnotationShareRequest &r)
{
    const AnnotationShareCall call = annotationShareCall(r);
    const QByteArray &key = call.keys.at(0), &audit = call.keys.at(1);
    QString add = fillText(QStringLiteral("XADD %1 MAXLEN ~ %2 * text %3"), quotedForPlan(key), r.maxLen, quotedForPlan(call.args.at(0)));
    if (!r.group.isEmpty())
        add += fillText(QStringLiteral(" stream %1 group %2"), quotedForPlan(r.stream), quotedForPlan(r.group));
    add += fillText(QStringLiteral(" at %1 author %2 pelscope:mark_id %3"), r.atMs, quotedForPlan(call.args.at(4)), QString::fromLatin1(r.markId));
    QStringList out{fillText(QStringLiteral("XREVRANGE %1 + - COUNT 200   -- if an entry holds this mark's ID: stop, it is there already"),
                             quotedForPlan(key)),
                    add};
    if (!audit.isEmpty())
        out << fillText(QStringLiteral("XADD %1 MAXLEN ~ %2 * action share_annotation ..."), quotedForPlan(audit), r.auditMaxLen);
    return out;
}

AnnotationShareJob::AnnotationShareJob(ConnectionOptions options, AnnotationShareRequest request, QObject *parent)
    : WriteJob(Policy{QStringLiteral("share_annotation"), request.auditLogPath, false, std::max(0, request.maxAttempts - 1), 100,
                      QStringLiteral(":/lua/share_annotation.lua")},
               parent)
    , m_options(std::move(options))
    , m_request(std::move(request))
{
    m_outcome.counts.total = 1;
}

void AnnotationShareJob::begin()
{
    m_connection = openConnection(m_options);
    resume();
}

void AnnotationShareJob::resume()
{
    AuditRecord attempt;
    attempt.key = m_request.key;
    attempt.target = m_request.markId;
    if (!recordAttempt(attempt))
        return;
    const AnnotationShareCall call = annotationShareCall(m_request);
    callScriptOnce(m_connection, call.keys, call.args, [this](const LuaScript::Result &result) {
        const QByteArray id = result.results.size() > 1 ? result.results.at(1).bytes() : QByteArray();
        if (result.results.size() > 0 && result.results.at(0).bytes() == "already")
            ++m_outcome.counts.gone;
        else
            ++m_outcome.counts.done;
        m_outcome.movedIds.append({m_request.markId, id});
        if (result.partial()) {
            finish(fillText(QStringLiteral("shared, but the audit record failed: %1"), result.auditError), RedisError::Kind::Server);
            return;
        }
        finish();
    });
}

void AnnotationShareJob::finishing()
{
    AuditRecord record;
    record.key = m_request.key;
    record.target = m_request.markId;
    if (!m_outcome.movedIds.isEmpty())
        record.newIds = {m_outcome.movedIds.first().second};
    record.outcome = !m_outcome.error.isEmpty() && m_outcome.counts.done > 0 ? m_outcome.error
                     : !m_outcome.error.isEmpty()                          ? QStringLiteral("failed: ") + m_outcome.error
                     : m_outcome.counts.gone > 0                           ? QStringLiteral("already_shared")
                                                                           : QStringLiteral("shared");
    if (m_outcome.errorKind != RedisError::Kind::Usage || m_outcome.error.isEmpty())
        audit(record);
}

AnnotationShareKind::AnnotationShareKind(AnnotationShareRequest request)
    : m_request(std::move(request))
{}

QString AnnotationShareKind::title() const
{
    return QCoreApplication::translate("AnnotationShare", "Share the mark");
}

PreparedWrite AnnotationShareKind::prepare(const ConnectionOptions &writeOptions) const
{
    PreparedWrite p;
    if (m_request.text.trimmed().isEmpty()) {
        p.refusal = QCoreApplication::translate("AnnotationShare", "refused: a mark needs a text");
        return p;
    }
    const KeyRoute route = routeKey(writeOptions, m_request.key);
    if (!route.error.isEmpty()) {
        p.error = fillText(QCoreApplication::translate("AnnotationShare", "cannot tell which server holds %1: %2"), displayBytes(m_request.key), route.error);
        return p;
    }
    p.node = route.cluster ? route.node : writeOptions;
    RoutedMark routed{m_request, {}};
    if (route.cluster) {
        routed.request.auditStream = clusterAuditStream(m_request.key);
        if (routed.request.auditStream.isEmpty()) {
            p.refusal = fillText(QCoreApplication::translate("AnnotationShare", "refused: no audit stream can share the slot of %1, so the script that adds and audits the mark cannot run"),
                                 displayBytes(m_request.key));
            return p;
        }
        routed.path = fillText(QCoreApplication::translate("AnnotationShare", "on %1, the master serving slot %2, which holds %3; audited in %4"), route.nodeAddress, route.slot,
                               displayBytes(m_request.key), displayBytes(routed.request.auditStream));
    }
    p.plan = routed;
    return p;
}

WritePreview AnnotationShareKind::preview(const PreparedWrite &p) const
{
    const RoutedMark routed = std::any_cast<RoutedMark>(p.plan);
    WritePreview v;
    v.title = title();
    v.confirmLabel = QCoreApplication::translate("AnnotationShare", "Share");
    const QString at = QDateTime::fromMSecsSinceEpoch(m_request.atMs).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    v.headline = m_request.group.isEmpty()
                     ? fillText(QCoreApplication::translate("AnnotationShare", "Add the mark \"%1\" at %2 to %3, where everyone watching this Redis with it sees it."), displayText(m_request.text), at,
                                displayBytes(m_request.key))
                     : fillText(QCoreApplication::translate("AnnotationShare", "Add the mark \"%1\" at %2 on %3 / %4 to %5, where everyone watching this Redis with it sees it."),
                                displayText(m_request.text), at, displayBytes(m_request.stream), displayBytes(m_request.group), displayBytes(m_request.key));
    v.commands << fillText(QCoreApplication::translate("AnnotationShare", "One Lua script on %1:"), p.node.redactedUrl());
    for (const QString &line : annotationSharePlan(routed.request))
        v.commands << QStringLiteral("  ") + line;
    v.commands << fillText(QCoreApplication::translate("AnnotationShare", "Audit log: %1"), AuditLog(m_request.auditLogPath).path());
    v.commandsNote = QCoreApplication::translate("AnnotationShare", "One script adds the mark unless an earlier attempt did:");
    v.path = routed.path;
    return v;
}

QStringList AnnotationShareKind::dryRunLines(const PreparedWrite &p) const
{
    return preview(p).commands;
}

std::unique_ptr<WriteJob> AnnotationShareKind::job(const PreparedWrite &p, const WriteDecision &) const
{
    return std::make_unique<AnnotationShareJob>(p.node, std::any_cast<RoutedMark>(p.plan).request);
}

QString AnnotationShareKind::progressText(const WriteCounts &) const
{
    return title();
}

QString AnnotationShareKind::outcomeText(const WriteOutcome &outcome) const
{
    const QByteArray id = outcome.movedIds.isEmpty() ? QByteArray() : outcome.movedIds.first().second;
    if (outcome.counts.done > 0)
        return fillText(QCoreApplication::translate("AnnotationShare", "shared: %1 %2"), displayBytes(m_request.key), QString::fromLatin1(id));
    if (outcome.counts.gone > 0)
        return fillText(QCoreApplication::translate("AnnotationShare", "shared already (an earlier attempt): %1 %2"), displayBytes(m_request.key), QString::fromLatin1(id));
    return QCoreApplication::translate("AnnotationShare", "not shared");
}

WriteRecord AnnotationShareKind::record(const WriteOutcome &outcome, const QString &auditPath, const QString &) const
{
    WriteRecord r;
    r.at = QDateTime::currentDateTime();
    r.title = title();
    r.where = displayBytes(m_request.key);
    r.headline = fillText(QStringLiteral("%1: %2"), outcomeText(outcome), displayText(m_request.text));
    r.error = outcome.error;
    r.auditPath = auditPath;
    r.failed = outcome.counts.done + outcome.counts.gone == 0;
    return r;
}

} // namespace pelscope
