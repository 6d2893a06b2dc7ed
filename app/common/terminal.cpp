#include "terminal.h"

#include "text/display_text.h"

#ifdef _WIN32
#include <io.h>
#include <windows.h>
#else
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#endif

namespace pelscope {

void writeOut(const QString &text)
{
    std::fputs(terminalSafe(text).toUtf8().constData(), stdout);
    std::fflush(stdout);
}

void writeErr(const QString &text)
{
    std::fputs(terminalSafe(text).toUtf8().constData(), stderr);
    std::fflush(stderr);
}

bool isTerminal(std::FILE *stream)
{
#ifdef _WIN32
    return _isatty(_fileno(stream)) != 0;
#else
    return isatty(fileno(stream)) != 0;
#endif
}

int terminalColumns(std::FILE *stream)
{
    bool ok = false;
    const int columns = qEnvironmentVariableIntValue("COLUMNS", &ok);
    if (ok && columns > 0)
        return columns;
    if (!isTerminal(stream))
        return 0;
#ifdef _WIN32
    CONSOLE_SCREEN_BUFFER_INFO info;
    if (GetConsoleScreenBufferInfo(reinterpret_cast<HANDLE>(_get_osfhandle(_fileno(stream))), &info))
        return info.srWindow.Right - info.srWindow.Left + 1;
    return 0;
#else
    winsize size{};
    if (ioctl(fileno(stream), TIOCGWINSZ, &size) == 0 && size.ws_col > 0)
        return size.ws_col;
    return 0;
#endif
}

bool colorWanted(std::FILE *stream, const QString &when)
{
    if (when == QLatin1String("always"))
        return true;
    if (when == QLatin1String("never"))
        return false;
    return isTerminal(stream) && qEnvironmentVariable("NO_COLOR").isEmpty(); // no-color.org
}

bool setEcho(std::FILE *in, bool on)
{
#ifdef _WIN32
    HANDLE h = reinterpret_cast<HANDLE>(_get_osfhandle(_fileno(in)));
    DWORD mode = 0;
    if (!GetConsoleMode(h, &mode))
        return false;
    return SetConsoleMode(h, on ? (mode | ENABLE_ECHO_INPUT) : (mode & ~DWORD(ENABLE_ECHO_INPUT))) != 0;
#else
    termios t{};
    if (tcgetattr(fileno(in), &t) != 0)
        return false;
    t.c_lflag = on ? (t.c_lflag | tcflag_t(ECHO)) : (t.c_lflag & ~tcflag_t(ECHO));
    return tcsetattr(fileno(in), TCSAFLUSH, &t) == 0;
#endif
}

} // namespace pelscope
