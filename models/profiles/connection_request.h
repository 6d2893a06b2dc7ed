// What a connection tab needs to start: where, what to watch, how it is
// named, where its history goes. Made from a saved profile (fromProfile) by
// the window and by nothing else; the window gives each request it makes its
// history defaults (the command line's --history-*, Connection ▸ History
// settings), which it owns: no global holds them.
#pragma once

#include "connection_profile_store.h"
#include "probe/probe_config.h"
#include "values/connection_options.h"

#include <QString>
#include <QUrl>

namespace pelscope {

struct ConnectionRequest
{
    ConnectionOptions options;
    ProbeConfig probe;
    int intervalMs = 1000;
    QString label; // the profile name; empty: the address
    // The on-disk history: where (empty dir: the data directory), how long,
    // how large; disabled keeps it in memory only.
    struct History
    {
        bool enabled = true;
        QString dir;
        int retentionDays = 14;
        qint64 maxBytes = 500LL * 1024 * 1024;
    };
    History history;
    QString historyNote; // under every chart's title (the demo's simulated past)
    // A Prometheus scraping this connection's exporter (`--prometheus`, the
    // profile's field): group charts take the part local history lacks from it.
    QUrl prometheus;
    ConnectionProfile::ColorTag colorTag = ConnectionProfile::ColorTag::None;

    // A saved profile at `options` (its URL with the password the keychain
    // gave): what it watches, its interval, tag and Prometheus; `error` says
    // what in it cannot be used (and the request is not to be opened).
    static ConnectionRequest fromProfile(const ConnectionProfile &profile, const ConnectionOptions &options, const History &history,
                                         QString *error);
};

} // namespace pelscope
