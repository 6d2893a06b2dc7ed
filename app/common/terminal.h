// The few terminal facts the programs need, on POSIX and Windows alike.
#pragma once

#include <cstdio>

namespace pelscope {

bool isTerminal(std::FILE *stream);
// Turns echo off (or back on) on the terminal behind `in`; false if it is none.
bool setEcho(std::FILE *in, bool on);

} // namespace pelscope
