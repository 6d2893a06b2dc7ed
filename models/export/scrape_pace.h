// How often the exporter polls when it follows its scrapers: as often as it
// is scraped, no more. A team's Prometheus scrapes every 15 to 60 s; polling
// every second regardless cost Redis sixty polls a minute of which one to
// four were ever read (7.2 ms of Redis time a second at 1,000 groups, where
// redis_exporter spends 16 ms a scrape). Several Prometheus servers (an HA
// pair) scraping out of step make the gaps between scrapes shorter: the
// median of the recent gaps is the pace, so every scraper still gets a poll
// at most one of its intervals old.
#pragma once

#include <QList>
#include <QtGlobal>

namespace pelscope {

class ScrapePace
{
public:
    static constexpr int kFloorMs = 1'000;      // never faster than the window's own pace
    static constexpr int kCeilingMs = 120'000;  // a poll at least every two minutes, scraped or not
    static constexpr qint64 kSameScrapeMs = 200; // closer scrapes are one (a retry, a second tab)
    static constexpr int kGapsKept = 8;

    // A scrape arrived at `nowMs` (a monotonic clock). Returns true when
    // the pace changed.
    bool scraped(qint64 nowMs);
    // The poll interval: kFloorMs until two scrapes were seen.
    int intervalMs() const { return m_intervalMs; }

private:
    QList<qint64> m_gaps; // the newest last
    qint64 m_lastMs = -1;
    int m_intervalMs = kFloorMs;
};

} // namespace pelscope
