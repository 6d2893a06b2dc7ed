#include "connection_request.h"

#include "history/prometheus_backfill.h"

namespace pelscope {

ConnectionRequest ConnectionRequest::fromProfile(const ConnectionProfile &profile, const ConnectionOptions &options, const History &history,
                                                 QString *error)
{
    ConnectionRequest request;
    request.options = options;
    request.history = history;
    if (error->isEmpty())
        request.probe = profile.probeConfig(error);
    request.intervalMs = profile.pollIntervalMs;
    request.label = profile.name.isEmpty() ? options.redactedUrl() : profile.name;
    request.colorTag = profile.colorTag;
    if (error->isEmpty())
        request.prometheus = parsePrometheusUrl(profile.prometheusUrl, error);
    return request;
}

} // namespace pelscope
