#include "logging.h"

#include <QDir>
#include <QStandardPaths>

#include <spdlog/sinks/rotating_file_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

namespace pelscope {

void setupConsoleLogging(int verbosity)
{
    auto logger = spdlog::stderr_color_mt("pelscope");
    logger->set_level(verbosity >= 2 ? spdlog::level::debug : verbosity == 1 ? spdlog::level::info : spdlog::level::off);
    spdlog::set_default_logger(logger);
}

QString setupGuiLogging()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
    QDir().mkpath(dir);
    const QString path = QDir(dir).filePath(QStringLiteral("pelscope.log"));
    std::vector<spdlog::sink_ptr> sinks;
    try {
        sinks.push_back(std::make_shared<spdlog::sinks::rotating_file_sink_mt>(path.toStdString(), 5 * 1024 * 1024, 3));
    } catch (const spdlog::spdlog_ex &) {
        // Unwritable data directory: keep going with stderr only.
    }
    auto console = std::make_shared<spdlog::sinks::stderr_color_sink_mt>();
    console->set_level(spdlog::level::warn);
    sinks.push_back(console);
    auto logger = std::make_shared<spdlog::logger>("pelscope", sinks.begin(), sinks.end());
    logger->set_level(spdlog::level::info);
    logger->flush_on(spdlog::level::warn);
    spdlog::set_default_logger(logger);
    return path;
}

} // namespace pelscope
