// The framework repairs' payload edits (models/actions/job_repair.h, models/text/json_edit.h): JSON
// changed where it stands, so every byte a framework wrote outside the edited
// value is kept (a re-serialiser would round numbers past 2^53 and reorder
// keys); kombu's binding lookup and RQ's timestamp as the frameworks make them.
#include "unit_tests.h"

#include "actions/job_repair.h"

using namespace pelscope;

class TestJobRepair : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void memberEdits_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QByteArrayList>("path");
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QByteArray>("expected"); // empty: refused (nullopt)
        QTest::newRow("replace, big numbers kept")
            << QByteArray("{\"args\":[9007199254740993],\"retry_count\":3, \"created_at\":1733590000.123456789}") << QByteArrayList{"retry_count"}
            << QByteArray("2") << QByteArray("{\"args\":[9007199254740993],\"retry_count\":2, \"created_at\":1733590000.123456789}");
        QTest::newRow("absent: added first") << QByteArray("{\"a\":1}") << QByteArrayList{"enqueued_at"} << QByteArray("5.5")
                                             << QByteArray("{\"enqueued_at\":5.5,\"a\":1}");
        QTest::newRow("empty object") << QByteArray("{ }") << QByteArrayList{"k"} << QByteArray("true") << QByteArray("{\"k\":true }");
        QTest::newRow("nested, braces and quotes in strings")
            << QByteArray("{\"body\":\"}{\\\"headers\\\":1\",\"headers\":{\"x\":\"]\"},\"properties\":{\"delivery_info\":{\"redelivered\":false}}}")
            << QByteArrayList{"properties", "delivery_info", "redelivered"} << QByteArray("true")
            << QByteArray("{\"body\":\"}{\\\"headers\\\":1\",\"headers\":{\"x\":\"]\"},\"properties\":{\"delivery_info\":{\"redelivered\":true}}}");
        QTest::newRow("escaped key") << QByteArray("{\"re\\u0074ry_count\":1,\"retry_count\":7}") << QByteArrayList{"retry_count"} << QByteArray("0")
                                     << QByteArray("{\"re\\u0074ry_count\":0,\"retry_count\":7}");
        QTest::newRow("parent not an object") << QByteArray("{\"headers\":[1]}") << QByteArrayList{"headers", "redelivered"} << QByteArray("true")
                                              << QByteArray();
        QTest::newRow("not JSON") << QByteArray("{\"a\":") << QByteArrayList{"a"} << QByteArray("1") << QByteArray();
        QTest::newRow("NUL and RTL in strings") << QByteArray("{\"n\":\"a\\u0000\xe2\x80\x8f\",\"c\":1}") << QByteArrayList{"c"} << QByteArray("2")
                                                << QByteArray("{\"n\":\"a\\u0000\xe2\x80\x8f\",\"c\":2}");
    }
    void memberEdits()
    {
        QFETCH(QByteArray, json);
        QFETCH(QByteArrayList, path);
        QFETCH(QByteArray, value);
        QFETCH(QByteArray, expected);
        const std::optional<QByteArray> edited = withJsonMember(json, path, value);
        if (expected.isEmpty()) {
            QVERIFY(!edited);
            return;
        }
        QVERIFY(edited);
        QCOMPARE(*edited, expected);
        QCOMPARE(jsonRawMember(*edited, path).value_or("<absent>"), value);
    }

    void sidekiqRetry()
    {
        // Sidekiq's own Retry: retry_count one less (0 becomes -1), enqueued_at the push's time.
        const QByteArray dead = "{\"retry\":0,\"queue\":\"default\",\"class\":\"PoisonJob\",\"args\":[1],\"jid\":\"a1\",\"created_at\":1.5,\"enqueued_at\":1.5,\"retry_count\":0}";
        QCOMPARE(sidekiqRetriedPayload(dead, 1733590000123).value_or("<refused>"),
                 QByteArray("{\"retry\":0,\"queue\":\"default\",\"class\":\"PoisonJob\",\"args\":[1],\"jid\":\"a1\",\"created_at\":1.5,\"enqueued_at\":1733590000.123,\"retry_count\":-1}"));
        QVERIFY(!sidekiqRetriedPayload("not json", 0));
    }

    void celeryRestore()
    {
        // kombu sets headers.redelivered, then delivery_info's: a missing
        // headers object stops both, a missing delivery_info only the second.
        QCOMPARE(celeryRestoredMessage("{\"headers\":{},\"properties\":{\"delivery_info\":{\"exchange\":\"celery\"}}}"),
                 QByteArray("{\"headers\":{\"redelivered\":true},\"properties\":{\"delivery_info\":{\"redelivered\":true,\"exchange\":\"celery\"}}}"));
        QCOMPARE(celeryRestoredMessage("{\"properties\":{\"delivery_info\":{}}}"), QByteArray("{\"properties\":{\"delivery_info\":{}}}"));
        QCOMPARE(celeryRestoredMessage("{\"headers\":{\"a\":1},\"properties\":{}}"), QByteArray("{\"headers\":{\"redelivered\":true,\"a\":1},\"properties\":{}}"));
        const QByteArray held = "[{\"body\":\"e30=\",\"headers\":{}}, \"celery\", \"celery\"]";
        QCOMPARE(jsonRawElement(held, 0).value_or("<absent>"), QByteArray("{\"body\":\"e30=\",\"headers\":{}}"));
        QCOMPARE(jsonRawElement(held, 2).value_or("<absent>"), QByteArray("\"celery\""));
        QVERIFY(!jsonRawElement(held, 3));
    }

    void celeryBindings()
    {
        const QList<QByteArray> bindings{QByteArray("celery\x06\x16\x06\x16" "celery"), QByteArray("mail\x06\x16\x06\x16" "mail"),
                                         QByteArray("celery\x06\x16\x06\x16" "audit%1"), QByteArray("broken")};
        QCOMPARE(celeryQueuesFor("celery", "celery", bindings), (QList<QByteArray>{"celery", "audit%1"}));
        QCOMPARE(celeryQueuesFor("celery", "nobody", bindings), QList<QByteArray>());
        QCOMPARE(celeryQueuesFor("", "direct-queue", {}), QList<QByteArray>{"direct-queue"}); // the default exchange routes by name
    }

    void rqTime()
    {
        QCOMPARE(rqTimestamp(1733590000123), QByteArray("2024-12-07T16:46:40.123000Z"));
    }
};

PELSCOPE_UNIT_TEST(TestJobRepair)
#include "tst_job_repair.moc"
