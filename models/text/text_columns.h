// Text laid out in a terminal's columns. A terminal gives a Hangul syllable, a
// CJK character or an emoji two columns, a combining mark or a zero-width
// character none, and a character beyond U+FFFF is one cell however many
// UTF-16 units it takes. QString::size() counts UTF-16 units: a table of
// Korean names lost its alignment, and a cut could split a surrogate pair
// into U+FFFD (issue 47, item 7).
#pragma once

#include <QString>
#include <QStringView>

namespace pelscope {

// Columns a terminal gives one code point: 0, 1 or 2.
int columnsOf(char32_t codePoint);
// Columns of the text (escaped text: no control characters in it).
qsizetype columnsOf(QStringView text);
// The text cut to at most `columns` columns, "…" as the last one when cut;
// never a half of a pair or a wide character past the edge. columns <= 0: whole.
QString cutToColumns(const QString &text, qsizetype columns);
// Padded with spaces to `columns` columns, on the right (or the left: numbers).
QString padToColumns(const QString &text, qsizetype columns, bool alignRight = false);

} // namespace pelscope
