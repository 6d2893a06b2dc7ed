// tst_units [ClassName [QTest arguments]]: one registered test class, or
// every one in turn when no name is given (unit_tests.h).
#include "unit_tests.h"

#include <QCoreApplication>

#include <cstdio>
#include <cstring>
#include <map>
#include <string>

namespace pelscope::test {

namespace {
std::map<std::string, UnitTestRun> &registry()
{
    static std::map<std::string, UnitTestRun> tests;
    return tests;
}
} // namespace

bool registerUnitTest(const char *name, UnitTestRun run)
{
    registry().emplace(name, std::move(run));
    return true;
}

} // namespace pelscope::test

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTEST_SET_MAIN_SOURCE_PATH
    const auto &tests = pelscope::test::registry();
    if (argc > 1 && argv[1][0] != '-') {
        const auto it = tests.find(argv[1]);
        if (it == tests.end()) {
            std::fprintf(stderr, "tst_units: no test class %s; the classes are:\n", argv[1]);
            for (const auto &[name, run] : tests)
                std::fprintf(stderr, "  %s\n", name.c_str());
            return 2;
        }
        argv[1] = argv[0]; // QTest reads its own arguments after the program's name
        return it->second(argc - 1, argv + 1);
    }
    int failed = 0;
    for (const auto &[name, run] : tests)
        failed += run(argc, argv) != 0 ? 1 : 0;
    return failed;
}
