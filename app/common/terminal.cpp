#include "terminal.h"

#include "text/display_text.h"

#ifdef _WIN32
#include <io.h>
#include <windows.h>
#else
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
