// Text that reaches a person: names, values and server messages are
// untrusted, so control characters (ESC, CSI, OSC, BEL, CR, LF), C1 controls
// and bidi overrides never reach a terminal, a log, a dialog or a tooltip raw.
// They are shown as C-style escapes (\x1b, \n, \u202e) instead.
#pragma once

#include <QByteArray>
#include <QString>

namespace pelscope {

// Bytes from Redis shown as one line of text: valid UTF-8 stays readable,
// with control and bidi characters escaped and a backslash doubled (so an
// escape cannot be forged); anything else is escaped byte by byte as \xNN.
// One-to-one with the bytes (names are labels and row keys): in UTF-8 text a
// character below U+0080 is \xNN (\n, \r, \t for those three) and one from
// U+0080 up is \uNNNN, so \xNN with NN ≥ 80 appears only in names that are
// not UTF-8, where every byte outside printable ASCII is \xNN. See
// docs/NAMES.md.
QString displayBytes(const QByteArray &bytes);
// displayBytes() between double quotes: a name inside a sentence.
QString quotedBytes(const QByteArray &bytes);
// The same for text already decoded from an untrusted source.
QString displayText(const QString &text);
// True when displayBytes() shows these bytes exactly as they are.
bool displaysVerbatim(const QByteArray &bytes);
bool isValidUtf8(const QByteArray &bytes);

inline constexpr qsizetype kValueCap = 64 * 1024; // bytes of one value shown; the rest is cut with a note
// The first kValueCap bytes, not splitting a UTF-8 character of a text value.
QByteArray capped(const QByteArray &value);

// Text for a label that wraps: every run of more than `longest` characters
// without a space is cut in its middle with "…" (the first and last
// characters kept, a surrogate pair never split), so a 5 KB name cannot make
// a window wider than the screen. The cut is visible, never silent: the
// whole text belongs in a tooltip or a table cell beside it.
QString elidedLongWords(const QString &text, qsizetype longest = 120);

// displayBytes() for a label or a title: a name of more than `longest`
// characters is cut in its middle with "…" (the full name stays in the
// page's tables and tooltips).
QString elidedName(const QByteArray &bytes, qsizetype longest = 120);
// The longest name a table cell shows whole: past it a cell's text is cut in
// the middle (a 1 MB key took 650 ms to paint each time its row was).
inline constexpr qsizetype kCellNameCap = 1000;

// The last line of defence at an output (terminal, log): escapes control and
// bidi characters except newline and tab, which our own layout uses, and
// leaves backslashes alone. Names must already have gone through displayBytes().
QString terminalSafe(const QString &text);

} // namespace pelscope
