#include "logging.h"

#include <QDir>
#include <QStandardPaths>

#include "text/display_text.h"

#include <spdlog/sinks/base_sink.h>
#include <spdlog/sinks/rotating_file_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

namespace pelscope {

namespace {

// Wraps a sink so that no record reaches it with raw control characters:
// a log line is one line, whatever a server sent. Names are escaped where
// the messages are built; this catches whatever was missed (a server's error
// text, a path), including newlines that would forge a record.
class EscapingSink final : public spdlog::sinks::base_sink<std::mutex>
{
public:
    explicit EscapingSink(spdlog::sink_ptr inner)
        : m_inner(std::move(inner))
    {
        set_level(m_inner->level());
    }

protected:
    void sink_it_(const spdlog::details::log_msg &msg) override
    {
        const QString text = QString::fromUtf8(msg.payload.data(), qsizetype(msg.payload.size()));
        const QString safe = terminalSafe(text).replace(QLatin1Char('\n'), QLatin1String("\\n"));
        const std::string bytes = safe.toStdString();
        spdlog::details::log_msg copy = msg;
        copy.payload = bytes;
        m_inner->log(copy);
    }
    void flush_() override { m_inner->flush(); }
    void set_pattern_(const std::string &pattern) override { m_inner->set_pattern(pattern); }
    void set_formatter_(std::unique_ptr<spdlog::formatter> formatter) override { m_inner->set_formatter(std::move(formatter)); }

private:
    spdlog::sink_ptr m_inner;
};

spdlog::sink_ptr escaping(spdlog::sink_ptr inner)
{
    return std::make_shared<EscapingSink>(std::move(inner));
}

} // namespace

void setupConsoleLogging(int verbosity)
{
    auto logger = std::make_shared<spdlog::logger>("pelscope", escaping(std::make_shared<spdlog::sinks::stderr_color_sink_mt>()));
    logger->set_level(verbosity >= 2 ? spdlog::level::debug : verbosity == 1 ? spdlog::level::info : spdlog::level::off);
    spdlog::set_default_logger(logger);
}

QString setupGuiLogging()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
    QDir().mkpath(dir);
    QString path = QDir(dir).filePath(QStringLiteral("pelscope.log"));
    std::vector<spdlog::sink_ptr> sinks;
    try {
        sinks.push_back(escaping(std::make_shared<spdlog::sinks::rotating_file_sink_mt>(path.toStdString(), 5 * 1024 * 1024, 3)));
    } catch (const spdlog::spdlog_ex &) {
        // Unwritable data directory: keep going with stderr only.
    }
    auto console = std::make_shared<spdlog::sinks::stderr_color_sink_mt>();
    console->set_level(spdlog::level::warn);
    sinks.push_back(escaping(console));
    auto logger = std::make_shared<spdlog::logger>("pelscope", sinks.begin(), sinks.end());
    logger->set_level(spdlog::level::info);
    logger->flush_on(spdlog::level::warn);
    spdlog::set_default_logger(logger);
    return path;
}

} // namespace pelscope
