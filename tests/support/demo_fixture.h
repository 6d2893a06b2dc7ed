// A real redis-server with the demo's incident staged on it by its own
// workload (the set-up done: groups, the dead consumer, the live workers).
#pragma once

#include "demo/demo_workload.h"
#include "redis_server.h"

#include <memory>

namespace pelscope::test {

class DemoFixture
{
public:
    ~DemoFixture();
    // False, and why, when the server or the workload's set-up failed.
    bool start(QString *error);
    RedisServer &server() { return m_server; }
    DemoWorkload &workload() { return *m_workload; }

private:
    RedisServer m_server;
    std::unique_ptr<DemoWorkload> m_workload;
};

} // namespace pelscope::test
