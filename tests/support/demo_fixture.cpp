#include "demo_fixture.h"

#include "poll_once.h"

#include <QSignalSpy>

namespace pelscope::test {

DemoFixture::~DemoFixture()
{
    if (m_workload)
        m_workload->stop();
}

bool DemoFixture::start(QString *error)
{
    if (!m_server.start(error))
        return false;
    m_workload = std::make_unique<DemoWorkload>(optionsFor(m_server.url()));
    QSignalSpy started(m_workload.get(), &DemoWorkload::started);
    m_workload->start();
    if (!started.wait(15000)) {
        *error = QStringLiteral("the demo's workload did not finish its set-up within 15 s");
        return false;
    }
    return true;
}

} // namespace pelscope::test
