// The Prometheus text exposition (format 0.0.4) of one snapshot: per group
// lag (absent when Redis cannot count it, with a separate "lag unknown"
// gauge), pending, entries read and added as counters, the oldest-idle
// bracket, consumers, health; on request the delivery-count histogram of
// pending entries and per consumer pending and idle (up to a bound); per dead-letter
// stream length and newest age; per delayed queue and reliable list their
// sizes, lateness and verdict; claim and XACK rates (server-wide); per
// connection up, poll age, cost and staleness; per cluster node up. Pure: the
// exporter serves the latest poll, so a scrape never sends Redis a command.
//
// The `connection` label is on the connection's own series only
// (pelscope_connection_info, pelscope_up, ...). An exporter watches one
// connection, so the target's `instance` already tells its groups apart; as the
// Prometheus guide asks ("target labels, not static scraped labels"), a
// group's series leave it out and queries join it from
// pelscope_connection_info. It was ~35 bytes on every series: a third of a
// scrape.
#pragma once

#include "../snapshot/snapshot.h"

#include <QByteArray>

namespace pelscope {

struct ExpositionContext
{
    QString connection;        // the redacted URL: the connection series' `connection` label
    bool up = false;           // the poller's connection is up
    qint64 nowMs = 0;          // for ages (local clock)
    qint64 lastPollWallMs = 0; // when the snapshot arrived (local clock); 0 none yet
    qint64 intervalMs = 1000;
    // Opt-in detail (pelscope-cli exporter --delivery-histogram,
    // --consumer-series): each multiplies a scrape's size (at 1,000 groups
    // 2.6 MiB with both, against redis_exporter's 0.75), and the window and
    // the report show both anyway.
    bool deliveryHistogram = false;
    bool consumerSeries = false;
    int maxConsumerSeries = 1000; // per-consumer series are left out above this many consumers
};

// What depends on the moment of a scrape (up, poll age, staleness, the poll's
// cost) is a few lines; what is read from the snapshot is most of it (1,000
// groups: ~2.8 MB, tens of ms to render). The exporter renders the second
// once per poll and serves it as is.
enum class ExpositionPart { All, PerScrape, PerPoll };
QByteArray prometheusExposition(const Snapshot &snapshot, const ExpositionContext &context, ExpositionPart part = ExpositionPart::All);
// A label value, escaped as the format asks (backslash, double quote, newline).
QString prometheusLabelValue(const QString &value);

} // namespace pelscope
