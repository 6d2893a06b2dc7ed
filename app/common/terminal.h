// The few terminal facts the programs need, on POSIX and Windows alike.
#pragma once

#include <QString>

#include <cstdio>

namespace pelscope {

// Every line a program prints goes through these: control and bidi
// characters that slipped past displayBytes() are escaped here (newlines
// and tabs of our own layout stay), so no server-sent byte drives the terminal.
void writeOut(const QString &text); // stdout, flushed
void writeErr(const QString &text); // stderr, as is (add the program's prefix yourself)

bool isTerminal(std::FILE *stream);
// Columns of the terminal behind `stream`: $COLUMNS when set, else the
// terminal's size; 0 when it is not a terminal (a pipe: no limit).
int terminalColumns(std::FILE *stream);
// Whether to colour `stream`: `when` is auto (a terminal, and $NO_COLOR unset
// or empty), always or never. Empty `when` means auto.
bool colorWanted(std::FILE *stream, const QString &when);
// Turns echo off (or back on) on the terminal behind `in`; false if it is none.
bool setEcho(std::FILE *in, bool on);

} // namespace pelscope
