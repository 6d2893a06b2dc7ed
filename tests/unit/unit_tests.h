// The unit tests are one executable, tst_units: each test class registers
// itself here, and ctest runs each one as `tst_units ClassName` (a process
// each, so one class's leftovers never meet another's, and ctest still runs
// them side by side). One executable instead of one per class: one link, one
// moc pass and one precompiled header in every build (docs/BUILD_TIMES.md).
#pragma once

#include <QTest>

#include <functional>

namespace pelscope::test {

using UnitTestRun = std::function<int(int argc, char **argv)>;
bool registerUnitTest(const char *name, UnitTestRun run);

} // namespace pelscope::test

// In place of QTEST_GUILESS_MAIN(Class), at the end of a unit test's file.
#define PELSCOPE_UNIT_TEST(Class)                                                                                                  \
    namespace {                                                                                                                    \
    const bool registered##Class = pelscope::test::registerUnitTest(#Class, [](int argc, char **argv) {                           \
        Class test;                                                                                                                \
        return QTest::qExec(&test, argc, argv);                                                                                    \
    });                                                                                                                            \
    }
