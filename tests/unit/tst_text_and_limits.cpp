// What reaches a person and what a reply may cost: escaping of names and
// server text, the reply guard ahead of hiredis, URL redaction, threshold and
// size parsing. Pure logic, table-driven.
#include "unit_tests.h"
#include "health/health_rules.h"
#include "values/connection_options.h"
#include "redis/resp_codec.h"
#include "redis/resp_guard.h"
#include "snapshot/format.h"
#include "displayed_name.h"
#include "text/fill_text.h"
#include "text/text_columns.h"
#include "export/prometheus_exposition.h"
#include "text/display_text.h"

#include <QRandomGenerator>
#include <QTest>

using namespace pelscope;

class TestTextAndLimits : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void displayBytesEscapes_data()
    {
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<QString>("shown");
        QTest::newRow("plain") << QByteArray("orders:dlq") << QStringLiteral("orders:dlq");
        QTest::newRow("korean stays readable") << QByteArray("주문") << QStringLiteral("주문");
        QTest::newRow("csi clear") << QByteArray("a\x1b[2Jb") << QStringLiteral("a\\x1b[2Jb");
        QTest::newRow("osc title + bel") << QByteArray("\x1b]0;t\x07") << QStringLiteral("\\x1b]0;t\\x07");
        QTest::newRow("cr lf tab") << QByteArray("a\rb\nc\td") << QStringLiteral("a\\rb\\nc\\td");
        QTest::newRow("nul and del") << QByteArray("a\0b\x7f", 4) << QStringLiteral("a\\x00b\\x7f");
        QTest::newRow("c1 csi") << QByteArray("a\xc2\x9b"
                                              "2J")
                                << QStringLiteral("a\\u009b2J");
        QTest::newRow("bidi override") << QByteArray("abc\xe2\x80\xae"
                                                     "txt")
                                       << QStringLiteral("abc\\u202etxt");
        QTest::newRow("bidi isolate") << QByteArray("\xe2\x81\xa6x") << QStringLiteral("\\u2066x");
        QTest::newRow("line separator") << QByteArray("a\xe2\x80\xa8"
                                                      "b")
                                        << QStringLiteral("a\\u2028b");
        QTest::newRow("backslash cannot forge") << QByteArray("a\\x1b") << QStringLiteral("a\\\\x1b");
        QTest::newRow("invalid utf-8 byte by byte") << QByteArray("\xff\xfe\r\n") << QStringLiteral("\\xff\\xfe\\x0d\\x0a");
        QTest::newRow("emoji (surrogate pair) kept") << QByteArray("\xf0\x9f\x94\xa5") << QStringLiteral("\U0001F525");
        // Six streams that all printed as "orders" (issue 47, item 6).
        QTest::newRow("zero width space") << QByteArray("orders\xe2\x80\x8b") << QStringLiteral("orders\\u200b");
        QTest::newRow("zero width joiner") << QByteArray("ord\xe2\x80\x8d"
                                                         "ers")
                                           << QStringLiteral("ord\\u200ders");
        QTest::newRow("byte order mark") << QByteArray("\xef\xbb\xbforders") << QStringLiteral("\\ufefforders");
        QTest::newRow("hangul filler") << QByteArray("orders\xe3\x85\xa4") << QStringLiteral("orders\\u3164");
        QTest::newRow("tag character, eight digits") << QByteArray("orders\xf3\xa0\x81\x81") << QStringLiteral("orders\\U000e0041");
        QTest::newRow("no-break space") << QByteArray("a\xc2\xa0"
                                                      "b")
                                        << QStringLiteral("a\\u00a0b");
        QTest::newRow("soft hyphen") << QByteArray("or\xc2\xad"
                                                   "ders")
                                     << QStringLiteral("or\\u00adders");
        QTest::newRow("variation selector") << QByteArray("orders\xef\xb8\x8f") << QStringLiteral("orders\\ufe0f");
    }
    void displayBytesEscapes()
    {
        QFETCH(QByteArray, raw);
        QFETCH(QString, shown);
        QCOMPARE(displayBytes(raw), shown);
        QCOMPARE(displaysVerbatim(raw), shown == QString::fromUtf8(raw));
    }

    // Two names, one display: a raw byte 0x80 and the character U+0080 were
    // both "a\x80", so /metrics held one label set twice and the window two
    // identical rows (issue 26, item 2). Every name maps back to its bytes.
    void displayIsOneToOneWithTheBytes()
    {
        const QByteArray raw("a\x80");
        const QByteArray c1("a\xc2\x80");
        QCOMPARE(displayBytes(raw), QStringLiteral("a\\x80"));
        QCOMPARE(displayBytes(c1), QStringLiteral("a\\u0080"));
        // Random names from pieces chosen to collide: escapes spelled out,
        // backslashes, controls, C1, bidi marks, bytes that are not UTF-8.
        const QList<QByteArray> pieces = {"a", "\\", "\\x80", "\\u0080", "x80", "\x80", "\xc2\x80", "\n", "\\n", QByteArray(1, '\0'),
                                          "\x1b", "\xe2\x80\x8f", "\xff", "\"", "%1", "\xf0\x9f\x94\xa5", "\x7f", "\xc3",
                                          "\xe2\x80\x8b", "\xf3\xa0\x81\x81", "\\U000e0041", "\\u000e", "0041", "\xe3\x85\xa4"};
        QRandomGenerator rng(26);
        QHash<QString, QByteArray> seen;
        for (int n = 0; n < 20000; ++n) {
            QByteArray name;
            for (int k = int(rng.bounded(1, 6)); k > 0; --k)
                name += pieces.at(int(rng.bounded(int(pieces.size()))));
            const QString shown = displayBytes(name);
            QCOMPARE(test::bytesFromDisplay(shown), std::optional<QByteArray>(name));
            const QString label = prometheusLabelValue(shown);
            QCOMPARE(test::fromPrometheusLabelValue(label), std::optional<QString>(shown));
            const auto it = seen.constFind(shown);
            QVERIFY2(it == seen.constEnd() || *it == name, qPrintable(shown));
            seen.insert(shown, name);
        }
    }

    // A 5 KB name widened the window to 40,564 px (issue 47, item 6): a word
    // longer than the label's limit is cut in its middle, visibly.
    void longWordsAreCutInTheMiddle()
    {
        QCOMPARE(elidedLongWords(QStringLiteral("a short line"), 5), QStringLiteral("a short line"));
        QCOMPARE(elidedLongWords(QStringLiteral("see abcdefghij now"), 5), QStringLiteral("see ab…ij now"));
        const QString name = QStringLiteral("orders-") + QString(5000, QLatin1Char('s')) + QStringLiteral("-eu");
        const QString cut = elidedLongWords(fillText(QStringLiteral("stream %1 is behind"), name));
        QVERIFY(cut.size() < 140);
        QVERIFY(cut.startsWith(QStringLiteral("stream orders-s")) && cut.endsWith(QStringLiteral("s-eu is behind")) && cut.contains(QChar(0x2026)));
        // A pair of surrogates is never split at either end of the cut.
        const QString fire = QStringLiteral("\U0001F525");
        const QString cutFire = elidedLongWords(fire.repeated(10), 5);
        for (const QChar c : cutFire)
            QVERIFY(c == QChar(0x2026) || c.isSurrogate());
        QCOMPARE(cutFire.count(QChar(0x2026)), 1);
        QVERIFY(!cutFire.front().isLowSurrogate() && !cutFire.back().isHighSurrogate());
        const qsizetype mark = cutFire.indexOf(QChar(0x2026));
        QVERIFY(!cutFire.at(mark - 1).isHighSurrogate() && !cutFire.at(mark + 1).isLowSurrogate());
    }

    // A terminal's columns, not UTF-16 units (issue 47, item 7): Korean and
    // emoji two columns, a combining mark none, a pair never split by a cut.
    void terminalColumnsAreCounted()
    {
        QCOMPARE(columnsOf(QStringLiteral("orders")), 6);
        QCOMPARE(columnsOf(QStringLiteral("주문처리")), 8);
        QCOMPARE(columnsOf(QStringLiteral("\U0001F525x")), 3);            // one pair, two columns
        QCOMPARE(columnsOf(QStringLiteral("\U0001D400")), 1);             // a pair, one column (math bold A)
        QCOMPARE(columnsOf(QStringLiteral("e\u0301")), 1);               // e + combining acute
        QCOMPARE(cutToColumns(QStringLiteral("주문처리대기열"), 6), QStringLiteral("주문\u2026")); // 4 + "…", not half of 처
        const QString cut = cutToColumns(QString(QStringLiteral("\U0001D400")).repeated(10), 4);
        QCOMPARE(cut, QString(QStringLiteral("\U0001D400")).repeated(3) + QChar(0x2026));
        QVERIFY(!cut.contains(QChar(0xFFFD)));
        QCOMPARE(padToColumns(QStringLiteral("주문"), 6), QStringLiteral("주문  "));
        QCOMPARE(padToColumns(QStringLiteral("42"), 4, true), QStringLiteral("  42"));
    }

    void terminalSafeKeepsOurLayout()
    {
        QCOMPARE(terminalSafe(QStringLiteral("a\tb\nc")), QStringLiteral("a\tb\nc"));
        QCOMPARE(terminalSafe(QStringLiteral("x\x1b[31my\r")), QStringLiteral("x\\x1b[31my\\r"));
        QCOMPARE(terminalSafe(QStringLiteral("C:\\path")), QStringLiteral("C:\\path")); // not doubled: names are escaped before
    }

    void guardFollowsFraming_data()
    {
        QTest::addColumn<QByteArray>("wire");
        QTest::addColumn<int>("replies");
        QTest::addColumn<bool>("ok");
        QTest::newRow("status, int, nil") << QByteArray("+OK\r\n:1\r\n$-1\r\n") << 3 << true;
        QTest::newRow("nested arrays") << QByteArray("*2\r\n*2\r\n$1\r\na\r\n:2\r\n*0\r\n+x\r\n") << 2 << true;
        QTest::newRow("bulk with CRLF inside") << QByteArray("$4\r\n\r\n\r\n\r\n:7\r\n") << 2 << true;
        QTest::newRow("announced giant bulk") << QByteArray("$9000000000\r\n") << 0 << false;
        QTest::newRow("announced billion array") << QByteArray("*2000000000\r\n") << 0 << false;
        QTest::newRow("nested past the element cap") << QByteArray("*600\r\n*600\r\n") << 0 << false;
        // Found by the fuzzer: hiredis read "$-\n$10\r\n" as one nil, the guard
        // as a bad line then a 10-byte bulk that hid the array header behind
        // it: hiredis then allocated 1.8 billion elements (out of memory).
        QTest::newRow("line ended by a bare LF") << QByteArray("$-\n$10\r\n*1796135654\r\n$\r\n") << 0 << false;
        QTest::newRow("malformed length") << QByteArray("*1x\r\n") << 0 << false;
    }
    void guardFollowsFraming()
    {
        QFETCH(QByteArray, wire);
        QFETCH(int, replies);
        QFETCH(bool, ok);
        RespGuard guard(ReplyLimits{1 << 20, 1000, 4096});
        // Byte by byte: the guard must hold its place across any split.
        bool fine = true;
        for (char c : wire)
            fine = fine && guard.feed(&c, 1);
        QCOMPARE(fine, ok);
        if (ok)
            QCOMPARE(guard.repliesCompleted(), qint64(replies));
        else
            QVERIFY(!guard.error().isEmpty());
    }

    void decoderRefusesBeforeAllocating()
    {
        RespDecoder d(ReplyLimits{1 << 20, 1000, 4096});
        const QByteArray header = "$1048577\r\n";
        QVERIFY(!d.feed(header.constData(), header.size()));
        QVERIFY(d.overLimit());
        QVERIFY2(d.errorString().contains(QStringLiteral("1.0 MB")), qPrintable(d.errorString()));
        RespDecoder line(ReplyLimits{1 << 20, 1000, 16});
        const QByteArray longLine(64, 'x');
        QVERIFY(!line.feed(("+" + longLine).constData(), 65));
    }

    void urlsAreRedactedBeforeAnyMessage_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("shown");
        QTest::newRow("password") << QStringLiteral("redis://u:secret@h:6379/0") << QStringLiteral("redis://u:***@h:6379/0");
        QTest::newRow("@ in password") << QStringLiteral("redis://:p@ss@h") << QStringLiteral("redis://:***@h");
        QTest::newRow("no scheme") << QStringLiteral("u:pw@h:1") << QStringLiteral("u:***@h:1");
        QTest::newRow("sentinel password") << QStringLiteral("redis+sentinel://h/m?sentinel_password=s3&x=1")
                                           << QStringLiteral("redis+sentinel://h/m?sentinel_password=***&x=1");
        QTest::newRow("# in password") << QStringLiteral("redis://:Sup3rS3cr3t#x@127.0.0.1:notaport")
                                       << QStringLiteral("redis://:***@127.0.0.1:notaport");
        QTest::newRow("/ and ? in password") << QStringLiteral("redis://u:a/b?c@h:1/0") << QStringLiteral("redis://u:***@h:1/0");
        QTest::newRow("user only") << QStringLiteral("redis://mon@h") << QStringLiteral("redis://mon@h");
        QTest::newRow("control chars") << QStringLiteral("redis://h\x1b[2J") << QStringLiteral("redis://h\\x1b[2J");
    }
    void urlsAreRedactedBeforeAnyMessage()
    {
        QFETCH(QString, typed);
        QFETCH(QString, shown);
        QCOMPARE(redactUrlText(typed), shown);
        const UrlParseResult bad = parseRedisUrl(QStringLiteral("redis://:p@ss w0rd@h:99999"));
        QVERIFY(!bad.options);
        QVERIFY2(!bad.error.contains(QStringLiteral("w0rd")), qPrintable(bad.error));
        // The parser's own complaint about a URL whose password holds '#'
        // (QUrl takes the rest for a fragment and quotes it).
        const UrlParseResult hash = parseRedisUrl(QStringLiteral("redis://:Sup3rS3cr3t#x@127.0.0.1:notaport"));
        QVERIFY(!hash.options);
        QVERIFY2(!hash.error.contains(QStringLiteral("Sup3r")) && !hash.error.contains(QStringLiteral("t#x")), qPrintable(hash.error));
    }

    void thresholdsMustBeConsistent()
    {
        HealthThresholds t;
        QVERIFY(t.validate().isEmpty());
        QVERIFY(t.set(QStringLiteral("lag_warn"), QStringLiteral("20000")).isEmpty());
        QVERIFY(t.validate().contains(QStringLiteral("lag_warn (20000) is above lag_crit (10000)")));
        HealthThresholds g;
        QVERIFY(g.set(QStringLiteral("orders/ship:oldest_idle_warn"), QStringLiteral("10m")).isEmpty());
        QVERIFY2(g.validate().contains(QStringLiteral("for orders/ship")), qPrintable(g.validate()));
    }

    void byteSizes()
    {
        QCOMPARE(parseByteSize(QStringLiteral("512MB")), std::optional<qint64>(512LL << 20));
        QCOMPARE(parseByteSize(QStringLiteral("2gb")), std::optional<qint64>(2LL << 30));
        QCOMPARE(parseByteSize(QStringLiteral("1000")), std::optional<qint64>(1000));
        QVERIFY(!parseByteSize(QStringLiteral("lots")));
        QVERIFY(!parseByteSize(QStringLiteral("-1MB")));
        QCOMPARE(formatBytes(9'000'000'000), QStringLiteral("8.4 GB"));
    }

    // Found by fuzz_config: a duration of 1e29 ms overflowed a qint64 (UB).
    void hugeDurationsAreRefused()
    {
        QVERIFY(!parseDurationMs(QStringLiteral("99999999999999999999999999")));
        QVERIFY(!parseDurationMs(QStringLiteral("1e29s")));
        QVERIFY(!parseDurationMs(QStringLiteral("nan")));
        QCOMPARE(parseDurationMs(QStringLiteral("1d")), std::optional<qint64>(86'400'000));
    }
};

PELSCOPE_UNIT_TEST(TestTextAndLimits)
#include "tst_text_and_limits.moc"
