// Dead-letter entries as XRANGE returns them, decoded from the fuzzer's bytes:
// field extraction, the requeue layout, the DLQ naming conventions and the
// display of binary values.
#include "snapshot/dlq_layout.h"
#include "fuzz_support.h"
#include "text/display_text.h"
#include "redis/stream_entry.h"

using namespace pelscope;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const DlqLayout layout;
    for (const RedisReply &page : fuzz::repliesFrom(data, size, 64)) {
        for (const RedisReply &entry : page.elements()) {
            const StreamFields fields = fieldsOf(entry);
            (void)layout.requeuedFields(fields);
            for (const auto &fv : fields) {
                (void)displayBytes(fv.first);
                (void)displayBytes(fv.second);
                (void)sourceFromDlqName(fv.second);
            }
        }
        (void)sourceFromDlqName(page.bytes());
    }
    return 0;
}
