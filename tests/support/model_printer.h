// An item model as the operator reads it, for tests to compare whole (as
// KDAB hotspot's tests/modeltests do): the header, then each row's cells as
// shown (DisplayRole), " | " between them. On a difference COMPARE_PRINT
// prints both tables, line by line.
#pragma once

#include <QStringList>
#include <QTest>

class QAbstractItemModel;

namespace pelscope::test {

QStringList printed(const QAbstractItemModel &model);
// True when `model` prints as `expected`; else `diff` holds both.
bool samePrint(const QAbstractItemModel &model, const QStringList &expected, QString *diff);

} // namespace pelscope::test

#define COMPARE_PRINT(model, ...)                                                                                                      \
    do {                                                                                                                               \
        QString diff;                                                                                                                  \
        QVERIFY2(pelscope::test::samePrint(model, QStringList{__VA_ARGS__}, &diff), qPrintable(diff));                                \
    } while (false)
