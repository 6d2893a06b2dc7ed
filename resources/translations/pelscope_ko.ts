<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ko_KR">
<context>
    <name>Activity</name>
    <message>
        <location filename="../../models/snapshot/activity_text.cpp" line="+13"/>
        <source>Server-wide, last %1: XCLAIM %2/s, XAUTOCLAIM %3/s</source>
        <translation>서버 전체, 최근 %1: XCLAIM %2/s, XAUTOCLAIM %3/s</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> (%1 failed, %2 rejected)</source>
        <translation> (실패 %1, 거부 %2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, %1 µs a claim call</source>
        <translation>, claim 호출당 %1 µs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>; XACK %1 call</source>
        <translation>; XACK 호출 %1회</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>; XACK %1 calls</source>
        <translation>; XACK 호출 %1회</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> for %1 entry acknowledged</source>
        <translation> (엔트리 %1개 ACK)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source> for %1 entries acknowledged</source>
        <translation> (엔트리 %1개 ACK)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> — consumers are acknowledging entries that are no longer theirs (claimed by another consumer, or already acknowledged): a sign of duplicate processing</source>
        <translation> — 컨슈머가 더 이상 자신의 것이 아닌 엔트리를 ACK하고 있음(다른 컨슈머가 claim했거나 이미 ACK됨): 중복 처리 징후</translation>
    </message>
</context>
<context>
    <name>Alerts</name>
    <message>
        <location filename="../../models/alerts/alert_policy.cpp" line="+24"/>
        <source>delayed queue %1</source>
        <translation>지연 큐 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>reliable list %1</source>
        <translation>신뢰성 리스트 %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 is %2</source>
        <translation>%1 상태: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is still %2</source>
        <translation>%1 상태: 여전히 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 recovered (%2)</source>
        <translation>%1 복구됨 (%2)</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+2"/>
        <source>%1 %2</source>
        <comment>a count and a status: 2 CRIT</comment>
        <translation>%2 %1건</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 recovered</source>
        <translation>복구 %1건</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 changed at once: %2</source>
        <translation>%1건 동시 변경: %2</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>and %1 more</source>
        <translation>외 %1건</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>no rule is broken any more</source>
        <translation>더 이상 어긋난 규칙이 없음</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no rule is broken any more: the trouble lasted %1 and was CRIT at its worst; OK for %2</source>
        <translation>더 이상 어긋난 규칙이 없음: 문제는 %1 동안 이어졌고 가장 나빴을 때 위험이었음. 정상 %2째</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no rule is broken any more: the trouble lasted %1 and was WARN at its worst; OK for %2</source>
        <translation>더 이상 어긋난 규칙이 없음: 문제는 %1 동안 이어졌고 가장 나빴을 때 경고였음. 정상 %2째</translation>
    </message>
</context>
<context>
    <name>AnnotationShare</name>
    <message>
        <location filename="../../models/actions/annotation_share.cpp" line="+132"/>
        <source>Share the mark</source>
        <translation>표시 공유</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>refused: a mark needs a text</source>
        <translation>거부: 표시에는 내용이 필요합니다</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cannot tell which server holds %1: %2</source>
        <translation>스트림 %1의 담당 서버를 확인할 수 없습니다: %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>refused: no audit stream can share the slot of %1, so the script that adds and audits the mark cannot run</source>
        <translation>거부: %1의 슬롯을 함께 쓸 수 있는 감사 스트림이 없어, 표시를 추가하고 감사 기록을 남기는 스크립트를 실행할 수 없습니다</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>on %1, the master serving slot %2, which holds %3; audited in %4</source>
        <translation>%1(슬롯 %2 담당 마스터, %3 보유)에서 실행; %4에 감사 기록</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Share</source>
        <translation>공유</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Add the mark &quot;%1&quot; at %2 to %3, where everyone watching this Redis with it sees it.</source>
        <translation>표시 &quot;%1&quot;(%2)을 %3에 추가합니다. 이 Redis를 그 스트림과 함께 보는 모두가 볼 수 있습니다.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add the mark &quot;%1&quot; at %2 on %3 / %4 to %5, where everyone watching this Redis with it sees it.</source>
        <translation>%3 / %4에 대한 표시 &quot;%1&quot;(%2)을 %5에 추가합니다. 이 Redis를 그 스트림과 함께 보는 모두가 볼 수 있습니다.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>One Lua script on %1:</source>
        <translation>%1에서 Lua 스크립트 하나:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Audit log: %1</source>
        <translation>감사 로그: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One script adds the mark unless an earlier attempt did:</source>
        <translation>앞선 시도가 이미 추가하지 않았다면 스크립트 하나가 표시를 추가합니다:</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>shared: %1 %2</source>
        <translation>공유됨: %1 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>shared already (an earlier attempt): %1 %2</source>
        <translation>이미 공유됨(앞선 시도): %1 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not shared</source>
        <translation>공유하지 않음</translation>
    </message>
</context>
<context>
    <name>ClaimDialog</name>
    <message>
        <location filename="../../ui/dialogs/claim_dialog.cpp" line="+34"/>
        <source> s</source>
        <translation>초</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>New owner:</source>
        <translation>새 소유자:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only entries idle at least:</source>
        <translation>최소 idle 시간:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Review…</source>
        <translation>검토…</translation>
    </message>
</context>
<context>
    <name>ConsumerDelete</name>
    <message>
        <location filename="../../models/actions/consumer_delete_kind.cpp" line="+29"/>
        <source>Delete consumer</source>
        <translation>컨슈머 삭제</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>cannot tell which server holds %1: %2</source>
        <translation>스트림 %1의 담당 서버를 확인할 수 없습니다: %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>refused: no audit stream can share the slot of %1, so the script that checks, deletes and audits cannot run</source>
        <translation>거부: %1의 슬롯을 함께 쓸 수 있는 감사 스트림이 없어, 확인·삭제·감사를 함께 하는 스크립트를 실행할 수 없습니다</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>on %1, the master serving slot %2, which holds %3; audited in %4; a -MOVED while it runs is reported, never retried blindly</source>
        <translation>%1(슬롯 %2 담당 마스터, %3 보유)에서 실행; %4에 감사 기록; 실행 중 -MOVED는 보고하며 무작정 재시도하지 않음</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Delete consumer %1 from group %2 of stream %3, if it holds no pending entry when the script runs.</source>
        <translation>스트림 %3의 그룹 %2에서 컨슈머 %1 삭제: 스크립트가 실행될 때 보유한 Pending 엔트리가 없는 경우에만 삭제합니다.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>One Lua script on %1:</source>
        <translation>%1에서 Lua 스크립트 하나:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Audit log: %1</source>
        <translation>감사 로그: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One script checks that the consumer holds nothing and deletes it, or changes nothing:</source>
        <translation>스크립트 하나가 컨슈머가 아무것도 보유하지 않았는지 확인한 뒤 삭제하며, 그렇지 않으면 아무것도 바꾸지 않습니다:</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1 deleted</source>
        <translation>%1 삭제됨</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not deleted: %1 took %2 pending entries meanwhile</source>
        <translation>삭제하지 않음: 그사이 %1에 Pending 엔트리 %2개 배정됨</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not deleted</source>
        <translation>삭제하지 않음</translation>
    </message>
</context>
<context>
    <name>DeadLetterWrite</name>
    <message>
        <location filename="../../models/actions/dlq_write_kind.cpp" line="+48"/>
        <source>Delete dead letters</source>
        <translation>데드 레터 삭제</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Requeue dead letters</source>
        <translation>데드 레터 재처리</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>there is no stream named %1</source>
        <translation>해당 이름의 스트림이 없습니다: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is a %2, not a stream</source>
        <translation>%1의 타입은 스트림이 아니라 %2입니다</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Delete %1 entry from %2 for good.</source>
        <translation>%2에서 엔트리 %1개를 영구 삭제합니다.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Delete %1 entries from %2 for good.</source>
        <translation>%2에서 엔트리 %1개를 영구 삭제합니다.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>It is not copied anywhere; only the audit log keeps its ID.</source>
        <translation>어디에도 복사되지 않으며 감사 로그에만 ID가 남습니다.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>They are not copied anywhere; only the audit log keeps their IDs.</source>
        <translation>어디에도 복사되지 않으며 감사 로그에만 ID가 남습니다.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete %1</source>
        <translation>%1개 삭제</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Requeue %1 entry from %2 to its source stream, then delete it from the DLQ.</source>
        <translation>%2의 엔트리 %1개를 원본 스트림으로 재처리한 뒤 DLQ에서 삭제합니다.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Requeue %1 entries from %2 to their source streams, then delete them from the DLQ.</source>
        <translation>%2의 엔트리 %1개를 각 원본 스트림으로 재처리한 뒤 DLQ에서 삭제합니다.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Requeue %1 entry from %2 to %3, then delete it from the DLQ.</source>
        <translation>%2의 엔트리 %1개를 %3 스트림으로 재처리한 뒤 DLQ에서 삭제합니다.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Requeue %1 entries from %2 to %3, then delete them from the DLQ.</source>
        <translation>%2의 엔트리 %1개를 %3 스트림으로 재처리한 뒤 DLQ에서 삭제합니다.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Requeue %1</source>
        <translation>%1개 재처리</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 of the selected entries are already gone.</source>
        <translation>선택한 엔트리 중 %1개는 이미 없습니다.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 entries hold nothing but metadata and stay in the DLQ.</source>
        <translation>엔트리 %1개는 메타데이터만 있어 DLQ에 남습니다.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 entries do not match and stay.</source>
        <translation>엔트리 %1개는 조건에 맞지 않아 남습니다.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Audit log: %1</source>
        <translation>감사 로그: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>… and the commands for %1 more entries, the same way (not listed)</source>
        <translation>… 그리고 엔트리 %1개에 대한 같은 방식의 명령(목록 생략)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Exactly these commands will run (per entry: a script on the source&apos;s master that skips IDs already in the ledger, then XDEL on the DLQ&apos;s master):</source>
        <translation>정확히 다음 명령이 실행됩니다(엔트리마다: 원본의 마스터에서 원장에 이미 있는 ID를 건너뛰는 스크립트, 이어서 DLQ의 마스터에서 XDEL):</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Exactly these commands will run, in one Lua script per batch of %1 that also appends an audit record to %2:</source>
        <translation>정확히 다음 명령이 실행됩니다. %1개 배치마다 Lua 스크립트 하나로 실행되며, 같은 스크립트가 %2에 감사 레코드를 추가합니다:</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>deleted %1%2, already gone %3, failed %4</source>
        <translation>삭제 %1%2, 이미 없음 %3, 실패 %4</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>requeued %1%2, already gone %3, failed %4</source>
        <translation>재처리 %1%2, 이미 없음 %3, 실패 %4</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> of %1</source>
        <translation> / 전체 %1개</translation>
    </message>
</context>
<context>
    <name>Duration</name>
    <message>
        <location filename="../../models/snapshot/format.cpp" line="+17"/>
        <source>%1ms</source>
        <translation>%1밀리초</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1.%2s</source>
        <translation>%1.%2초</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1s</source>
        <translation>%1초</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1d%2h%3m</source>
        <translation>%1일 %2시간 %3분</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1h%2m</source>
        <translation>%1시간 %2분</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1m%2s</source>
        <translation>%1분 %2초</translation>
    </message>
</context>
<context>
    <name>GroupCharts</name>
    <message>
        <location filename="../../ui/charts/group_charts.cpp" line="+11"/>
        <source>lag</source>
        <translation>lag</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pending</source>
        <translation>Pending</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>oldest pending idle</source>
        <translation>가장 오래된 Pending idle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>behind (oldest unread)</source>
        <translation>밀림 (가장 오래된 미읽음)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>in</source>
        <translation>유입</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>out</source>
        <translation>유출</translation>
    </message>
</context>
<context>
    <name>Health</name>
    <message>
        <location filename="../../models/health/health_rules.cpp" line="+251"/>
        <source>oldest pending idle %1, past taskiq&apos;s reclaim timeout %2: no live worker reclaimed it</source>
        <translation>가장 오래된 대기 항목이 %1 동안 유휴, taskiq의 회수 시간 %2 초과: 살아 있는 워커가 회수하지 않음</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>oldest pending idle %1 ≥ %2</source>
        <translation>가장 오래된 Pending idle %1 ≥ %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 pending entry delivered ≥ %2 times (max %3): likely poison</source>
        <translation>Pending 엔트리 %1개 전달 횟수 ≥ %2 (최대 %3): poison 메시지 의심</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 pending entries delivered ≥ %2 times (max %3): likely poison</source>
        <translation>Pending 엔트리 %1개 전달 횟수 ≥ %2 (최대 %3): poison 메시지 의심</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>behind by %1 ≥ %2: the oldest unread entry waits that long</source>
        <translation>밀림 %1 ≥ %2: 가장 오래된 미읽음 엔트리의 대기 시간</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>behind unknown: the oldest unread entry&apos;s ID is %1 ahead of the server&apos;s clock (IDs set by the producer, or a clock moved back)</source>
        <translation>밀림 알 수 없음: 가장 오래된 미읽음 엔트리의 ID가 서버 시계보다 %1 앞섬 (생산자가 정한 ID이거나 시계가 뒤로 감)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>lag %1 ≥ %2 unread entries</source>
        <translation>미읽음 lag %1 ≥ %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>lag unknown: %1</source>
        <translation>lag 알 수 없음: %1</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Redis did not report it</source>
        <translation>Redis가 보고하지 않음</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 idle %2, holding %3 (dead, or busy and not reading): past taskiq&apos;s reclaim timeout %4</source>
        <translation>%1: %2 동안 유휴, %3개 보유 중 (죽었거나, 바빠서 읽지 않음): taskiq의 회수 시간 %4 초과</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 consumer(s) holding nothing, idle longer than taskiq&apos;s reclaim timeout: left by restarted workers (taskiq-redis never deletes a consumer; XGROUP DELCONSUMER removes one)</source>
        <translation>아무것도 보유하지 않은 채 taskiq의 회수 시간보다 오래 유휴인 컨슈머 %1개: 재시작된 워커가 남긴 것 (taskiq-redis는 컨슈머를 지우지 않음; XGROUP DELCONSUMER로 제거)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 holds %2 entry idle %3 ≥ %4</source>
        <translation>컨슈머 %1: 엔트리 %2개를 %3 동안 처리하지 않고 보유 중 (기준 %4)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 holds %2 entries idle %3 ≥ %4</source>
        <translation>컨슈머 %1: 엔트리 %2개를 %3 동안 처리하지 않고 보유 중 (기준 %4)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 (%2, idle %3)</source>
        <translation>%1 (%2개, %3 동안 대기)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 consumers hold entries idle ≥ %2: %3</source>
        <translation>컨슈머 %1개가 %2 이상 처리되지 않은 엔트리를 보유 중: %3</translation>
    </message>
    <message>
        <location filename="../../models/health/queue_rules.cpp" line="+11"/>
        <location filename="../../models/probe/stream_probe_replies.cpp" line="+286"/>
        <source>not judged: %1</source>
        <translation>판정 불가: %1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>not judged: no item&apos;s score is a time (scores %1)</source>
        <translation>판단 불가: 시각인 점수가 하나도 없음 (점수 %1)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the next item is scored %1, not a time: it will never come due</source>
        <translation>다음 항목의 점수는 시각이 아님(%1): 영원히 기한이 오지 않음</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 item(s) due, the earliest scored %2: not a time, so nobody can say since when</source>
        <translation>기한 도래 %1개, 가장 이른 항목의 점수가 %2: 시각이 아니어서 언제부터인지 알 수 없음</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>scheduler behind: %1 item due, the oldest overdue by %2</source>
        <translation>스케줄러 밀림: 만기 항목 %1개, 가장 오래된 항목의 지연 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scheduler behind: %1 items due, the oldest overdue by %2</source>
        <translation>스케줄러 밀림: 만기 항목 %1개, 가장 오래된 항목의 지연 %2</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>at least %1 items in processing longer than %2 (the oldest %3): a worker may have crashed holding them</source>
        <translation>처리 중 %2 초과 항목 최소 %1개 (가장 오래된 항목 %3): Worker가 항목을 보유한 채 비정상 종료되었을 수 있음</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 item in processing longer than %2 (the oldest %3): a worker may have crashed holding it</source>
        <translation>처리 중 %2 초과 항목 %1개 (가장 오래된 항목 %3): Worker가 항목을 보유한 채 비정상 종료되었을 수 있음</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 items in processing longer than %2 (the oldest %3): a worker may have crashed holding them</source>
        <translation>처리 중 %2 초과 항목 %1개 (가장 오래된 항목 %3): Worker가 항목을 보유한 채 비정상 종료되었을 수 있음</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>no worker: the main list grew by %1 over %2 with nothing in processing</source>
        <translation>Worker 없음: 처리 중 항목 없이 %2 동안 메인 리스트가 %1개 증가</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no worker: nothing taken from the list for %1 while it grew by %2 to %3</source>
        <translation>워커 없음: %1 동안 리스트에서 아무것도 가져가지 않았고, 그동안 %2개 늘어 %3개가 됨</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>no worker: nothing taken from the list for %1 while %2 items wait</source>
        <translation>워커 없음: %1 동안 리스트에서 아무것도 가져가지 않았고, %2개가 대기 중</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no worker: nothing taken from the main list for %1 while %2 items wait, nothing in processing</source>
        <translation>워커 없음: %1 동안 메인 리스트에서 아무것도 가져가지 않았고, %2개가 대기 중이며 처리 중인 항목 없음</translation>
    </message>
    <message>
        <location filename="../../models/history/history_rules.cpp" line="+22"/>
        <source>stalled: lag %1 and no entry read for %2</source>
        <translation>정체: lag %1, %2 동안 읽은 엔트리 없음</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stalled: lag %1 and no entry read in %2 of watching</source>
        <translation>정체: lag %1, 관찰한 %2 동안 읽은 엔트리 없음</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>pending climbing: %1 → %2 over %3</source>
        <translation>Pending 증가 중: %3 동안 %1 → %2</translation>
    </message>
    <message>
        <location filename="../../models/probe/stream_poller.cpp" line="+362"/>
        <source>read from a replica, which may not have the group&apos;s entries-read; </source>
        <translation>레플리카에서 읽음(그룹의 entries-read가 없을 수 있음); </translation>
    </message>
    <message>
        <location filename="../../models/probe/stream_probe_replies.cpp" line="-255"/>
        <source>the server&apos;s XINFO GROUPS has no lag field (Redis before 7.0 does not report it)</source>
        <translation>서버의 XINFO GROUPS에 lag 필드가 없음 (Redis 7.0 이전 버전은 보고하지 않음)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the group has no consumers and has never read anything (last-delivered-id 0-0); </source>
        <translation>그룹에 컨슈머가 없고 읽은 적도 없음 (last-delivered-id 0-0); </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>an entry newer than the group&apos;s position was deleted (XDEL), so Redis cannot count the unread entries</source>
        <translation>그룹 위치보다 새로운 엔트리가 삭제되어(XDEL) Redis가 미읽음 엔트리 수를 셀 수 없음</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the group was created or moved with XGROUP CREATE/SETID mid-stream without ENTRIESREAD</source>
        <translation>그룹이 ENTRIESREAD 없이 XGROUP CREATE/SETID로 스트림 중간에서 생성 또는 이동됨</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Redis cannot count the unread entries for this group</source>
        <translation>Redis가 이 그룹의 미읽음 엔트리 수를 셀 수 없음</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>; estimate: all %1 entries in the stream are unread</source>
        <translation>; 추정: 스트림의 엔트리 %1개 모두 미읽음</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>; the group has read up to the newest entry</source>
        <translation>; 그룹이 최신 엔트리까지 읽음</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>; estimate: %1 behind the newest entry</source>
        <translation>; 추정: 최신 엔트리보다 %1 밀림</translation>
    </message>
    <message>
        <location line="+204"/>
        <source>nothing unread: the group has been delivered every entry in the stream</source>
        <translation>미읽음 없음: 스트림의 모든 엔트리가 그룹에 전달됨</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>nothing unread (lag 0)</source>
        <translation>미읽음 없음 (lag 0)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not read yet this tick</source>
        <translation>이번 폴링에서 아직 읽지 않음</translation>
    </message>
    <message>
        <location filename="../../models/health/health_rules.cpp" line="-312"/>
        <source>dead-letter stream %1 grew by %2 in the last %3 (now %4)</source>
        <translation>데드 레터 스트림 %1: 최근 %3 동안 %2 증가 (현재 %4)</translation>
    </message>
    <message>
        <location filename="../../models/health/incident_tracker.cpp" line="+31"/>
        <source>from the oldest pending entry&apos;s idle time</source>
        <translation>가장 오래된 Pending 엔트리의 idle 시간으로 추정</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>from the oldest unread entry&apos;s ID</source>
        <translation>가장 오래된 미전달 엔트리의 ID로 추정</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>from a stalled consumer&apos;s idle time</source>
        <translation>멈춘 컨슈머의 idle 시간으로 추정</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>from the oldest overdue item&apos;s due time</source>
        <translation>가장 오래 밀린 항목의 예정 시각으로 추정</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>from the oldest processing item&apos;s time</source>
        <translation>가장 오래된 처리 중 항목의 시각으로 추정</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>from how long no worker has taken an item</source>
        <translation>워커가 항목을 가져가지 않은 시간으로 추정</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>from the oldest waiting job&apos;s enqueue time</source>
        <translation>가장 오래 기다린 작업의 등록 시각으로 추정</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>from the data</source>
        <translation>데이터로 추정</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>CRIT held: its evidence was last seen %1 ago, and a better status shows only once %2 pass without it (%3)</source>
        <translation>위험 유지: 근거가 마지막으로 보인 것은 %1 전이며, 근거 없는 상태가 %2 동안 이어져야 더 나은 상태로 바뀝니다 (%3)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>WARN held: its evidence was last seen %1 ago, and OK shows only once %2 pass without it (%3)</source>
        <translation>경고 유지: 근거가 마지막으로 보인 것은 %1 전이며, 근거 없는 상태가 %2 동안 이어져야 정상으로 바뀝니다 (%3)</translation>
    </message>
    <message>
        <location filename="../../models/health/drain_forecast.cpp" line="+83"/>
        <source>the backlog is unknown this poll</source>
        <translation>이번 폴링에서는 적체량을 알 수 없음</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>too few polls: %1 of the %2 a forecast needs</source>
        <translation>폴링이 부족함: 예측에 필요한 %2 중 %1</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>nothing read in %1: no pace to forecast from</source>
        <translation>%1 동안 읽은 것이 없음: 예측할 속도가 없음</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>nothing waiting</source>
        <translation>기다리는 것이 없음</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>clears in about %1 at the pace of the last %2 (%3 fewer a second)</source>
        <translation>최근 %2의 속도라면 약 %1 후 해소 (초당 %3개씩 줄어듦)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>will not drain at this pace: %1 more a second over the last %2</source>
        <translation>이 속도로는 줄지 않음: 최근 %2 동안 초당 %1개씩 늘어남</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>holds at about %1: as much goes out as comes in over the last %2</source>
        <translation>약 %1에서 유지: 최근 %2 동안 들어온 만큼 나감</translation>
    </message>
    <message>
        <location filename="../../models/health/incident_tracker.cpp" line="+87"/>
        <source>recovering: %1 entries claimed %2 ago from %3 to %4, not yet seen acknowledged</source>
        <translation>복구 중: 가져온 엔트리 %1개(%3 → %4, %2 전)의 ACK를 아직 확인하지 못함</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>recovering: %1 of the %2 entries claimed %3 ago from %4 still held by %5, not acknowledged yet</source>
        <translation>복구 중: 가져온 엔트리 %2개(%4에서, %3 전) 중 %1개가 아직 ACK되지 않음 (보유 컨슈머: %5)</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>falling behind: lag never fell over the last %1 while the group reads (%2 → %3)</source>
        <translation>뒤처지는 중: 그룹이 읽고 있는데도 최근 %1 동안 Lag가 한 번도 줄지 않음 (%2 → %3)</translation>
    </message>
    <message>
        <location filename="../../models/probe/stream_probe_pel.cpp" line="+105"/>
        <source>the oldest unread entry&apos;s ID is %1 ahead of the server&apos;s clock, so no age can be read from it</source>
        <translation>가장 오래된 미읽음 엔트리의 ID가 서버 시계보다 %1 앞서 있어 경과 시간을 알 수 없음</translation>
    </message>
</context>
<context>
    <name>JobRepair</name>
    <message>
        <location filename="../../models/actions/job_repair.cpp" line="+142"/>
        <source>%1 ago</source>
        <translation>%1 전</translation>
    </message>
    <message>
        <location line="+203"/>
        <source>Retry failed jobs</source>
        <translation>실패한 작업 재시도</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Retry from the dead set</source>
        <translation>dead 세트에서 재시도</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Retry now from the retry set</source>
        <translation>retry 세트에서 지금 재시도</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Requeue failed jobs</source>
        <translation>실패한 작업 다시 큐에 넣기</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Restore unacked tasks</source>
        <translation>unacked 태스크 복원</translation>
    </message>
    <message>
        <location line="+90"/>
        <source>its hash is gone (BullMQ refuses it too: &quot;Missing key for job&quot;)</source>
        <translation>작업 해시가 없음 (BullMQ도 거부함: &quot;Missing key for job&quot;)</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+20"/>
        <location line="+16"/>
        <source>its error does not match</source>
        <translation>오류가 일치하지 않음</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>not a Sidekiq job (no JSON object with a jid and a queue)</source>
        <translation>Sidekiq 작업이 아님 (jid와 queue가 있는 JSON 객체가 아님)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>its hash is gone (RQ refuses it too: NoSuchJobError)</source>
        <translation>작업 해시가 없음 (RQ도 거부함: NoSuchJobError)</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>its reservation is not in unacked (a worker acked it, or kombu&apos;s shutdown restore left the index entry behind)</source>
        <translation>예약이 unacked에 없음 (워커가 ack했거나, kombu의 종료 시 복원이 인덱스 항목만 남김)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>reserved %1 ago, within the visibility timeout (%2): a live worker may still run it</source>
        <translation>%1 전에 예약됨, visibility timeout(%2) 이내: 살아 있는 워커가 아직 실행 중일 수 있음</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no queue is bound to exchange %1 with routing key %2: kombu would drop it; left in unacked</source>
        <translation>exchange %1에 routing key %2로 바인딩된 큐가 없음: kombu라면 버렸을 것이므로 unacked에 남김</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a reservation holds no error to match</source>
        <translation>예약에는 비교할 오류가 없음</translation>
    </message>
    <message>
        <location filename="../../models/actions/job_repair_job.cpp" line="+203"/>
        <source>this run retried it already (it failed again since)</source>
        <translation>이번 실행에서 이미 재시도함 (그 뒤 다시 실패함)</translation>
    </message>
    <message>
        <location filename="../../models/actions/job_repair_kind.cpp" line="+18"/>
        <source>1 task</source>
        <translation>태스크 1개</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 tasks</source>
        <translation>태스크 %1개</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 job</source>
        <translation>작업 1개</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 jobs</source>
        <translation>작업 %1개</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>As BullMQ&apos;s own Job.retry(&apos;failed&apos;) (reprocessJob-8.lua, default options): the attempts made are kept, the job goes to wait (paused when the queue is paused) without its priority, as BullMQ&apos;s retry does.</source>
        <translation>BullMQ 자체의 Job.retry(&apos;failed&apos;)(reprocessJob-8.lua, 기본 옵션)와 같음: 시도 횟수는 유지되고, 작업은 우선순위 없이 wait(큐가 일시 중지면 paused)로 갑니다. BullMQ의 재시도도 그렇게 합니다.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A worker takes each job again and runs it with its remaining attempts; a job that fails again goes back to the failed set and is not taken twice by this run.</source>
        <translation>워커가 각 작업을 다시 가져가 남은 시도 횟수로 실행합니다. 다시 실패한 작업은 failed 세트로 돌아가며 이번 실행이 두 번 가져가지 않습니다.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>As Sidekiq&apos;s own Retry (SortedEntry#retry): retry_count one less, enqueued_at now, pushed to its queue; the rest of each payload stays byte for byte. Client middleware does not run.</source>
        <translation>Sidekiq 자체의 Retry(SortedEntry#retry)와 같음: retry_count는 하나 줄고, enqueued_at은 지금, 자신의 큐에 넣습니다. 페이로드의 나머지는 바이트 그대로 유지됩니다. 클라이언트 미들웨어는 실행되지 않습니다.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Each entry is removed and pushed in the same script: never in both places, never in neither.</source>
        <translation>각 항목은 같은 스크립트에서 제거되고 넣어집니다: 두 곳에 동시에 있거나 어디에도 없는 일은 없습니다.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>As RQ&apos;s own FailedJobRegistry.requeue: status queued, enqueued_at now, started_at, ended_at and exc_info emptied, the id pushed to the right end of its queue. The failure&apos;s record in rq:results stays, as RQ leaves it.</source>
        <translation>RQ 자체의 FailedJobRegistry.requeue와 같음: status는 queued, enqueued_at은 지금, started_at·ended_at·exc_info는 비우고, id를 큐의 오른쪽 끝에 넣습니다. rq:results의 실패 기록은 RQ처럼 그대로 둡니다.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>As kombu&apos;s own restore of unacked messages: only reservations older than the visibility timeout (%1), each marked redelivered and pushed to the queues its exchange binds, where a worker&apos;s next BRPOP takes it.</source>
        <translation>kombu 자체의 unacked 메시지 복원과 같음: visibility timeout(%1)보다 오래된 예약만, 각각 redelivered로 표시해 exchange가 바인딩한 큐에 넣으며, 워커의 다음 BRPOP이 가져갑니다.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A task whose worker is alive but slow runs twice: kombu&apos;s own restore has the same rule. A reservation is moved only while it still holds the bytes read for this plan.</source>
        <translation>워커가 살아 있지만 느린 태스크는 두 번 실행됩니다: kombu 자체의 복원도 같은 규칙입니다. 예약은 이 계획을 위해 읽은 바이트를 그대로 가지고 있을 때만 옮겨집니다.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>would restore %1 from %2</source>
        <translation>%2에서 %1 복원 예정</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>restored %1 from %2</source>
        <translation>%2에서 %1 복원함</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>would requeue %1 from %2</source>
        <translation>%2에서 %1 다시 큐에 넣을 예정</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>requeued %1 from %2</source>
        <translation>%2에서 %1 다시 큐에 넣음</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>would retry %1 from %2</source>
        <translation>%2에서 %1 재시도 예정</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>retried %1 from %2</source>
        <translation>%2에서 %1 재시도함</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>, %1 not there any more (taken back, or deleted)</source>
        <translation>, %1 이미 없음 (다시 가져갔거나 삭제됨)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, %1 left (within the visibility timeout, or not asked for)</source>
        <translation>, %1 남김 (visibility timeout 이내이거나 요청하지 않음)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, %1 left (their error does not match, or retried by this run already)</source>
        <translation>, %1 남김 (오류가 일치하지 않거나 이번 실행에서 이미 재시도함)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>, %1 refused (the framework would not take them back either)</source>
        <translation>, %1 거부 (프레임워크도 되돌리지 않음)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, %1 uncertain (a lost reply the audit stream cannot settle)</source>
        <translation>, %1 불확실 (감사 스트림으로도 확인할 수 없는 응답 유실)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, %1 batches retried after a lost connection</source>
        <translation>, 연결이 끊겨 배치 %1개 재시도</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, interrupted</source>
        <translation>, 중단됨</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Only the jobs whose error contains &quot;%1&quot;.</source>
        <translation>오류에 &quot;%1&quot;이(가) 들어 있는 작업만.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>On %1, per batch of %2, one Lua script (%3):</source>
        <translation>%1에서, %2개 배치마다 Lua 스크립트 하나 (%3):</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>  ... and %1 more</source>
        <translation>  ... 외 %1개</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Audit log: %1</source>
        <translation>감사 로그: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Left: %1 — %2</source>
        <translation>남김: %1 — %2</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>%1 done…</source>
        <translation>%1 완료…</translation>
    </message>
</context>
<context>
    <name>JobRules</name>
    <message>
        <location filename="../../models/health/job_rules.cpp" line="+22"/>
        <source>%1 active job(s) whose lock is gone: stalled, no worker holds them</source>
        <translation>잠금이 사라진 활성 작업 %1개: 멈춤(stalled), 어떤 워커도 잡고 있지 않음</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 started job(s) whose worker stopped: heartbeat deadline passed %2 ago</source>
        <translation>워커가 멈춘 시작된 작업 %1개: 하트비트 기한이 %2 전에 지남</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 task(s) reserved by a worker for %2, past the visibility timeout %3 and kombu&apos;s restore pace: nobody gave them back</source>
        <translation>워커가 %2 동안 예약한 작업 %1개, 가시성 타임아웃(%3)과 kombu의 복원 주기 초과: 아무도 되돌려 놓지 않음</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 message(s) fetched by a broker whose heartbeat stopped %2 ago: held by nobody until dramatiq&apos;s maintenance requeues them</source>
        <translation>하트비트가 %2 전에 멈춘 브로커가 가져간 메시지 %1개: dramatiq의 유지보수 작업이 다시 큐에 넣을 때까지 아무도 잡고 있지 않음</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 job(s) held by a process whose heartbeat stopped %2 ago</source>
        <translation>하트비트가 %2 전에 멈춘 프로세스가 잡고 있는 작업 %1개</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>not judged: %1</source>
        <translation>판정 안 됨: %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>stopped: %1</source>
        <translation>멈춤: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 worker(s) died without cleaning up: %2</source>
        <translation>정리하지 못하고 죽은 워커 %1개: %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 flow parent(s) wait for ever on a child that failed: %2</source>
        <translation>플로 부모 작업 %1개가 실패한 자식 작업을 끝없이 기다림: %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>a task kombu gave back (its worker stopped, or the visibility timeout passed) waits or is reserved again: if the worker that first reserved it still runs it (an ETA or a long task), it runs twice</source>
        <translation>kombu가 되돌린 태스크(워커가 멈췄거나 가시성 시간 제한이 지남)가 대기 중이거나 다시 예약됨: 처음 예약한 워커가 아직 실행 중이면(ETA 또는 긴 태스크) 두 번 실행됨</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>paused with %1 job(s) waiting</source>
        <translation>작업 %1개가 대기 중인 채로 일시 정지됨</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 job(s) waiting and no worker serves the queue</source>
        <translation>작업 %1개가 대기 중이고 이 큐를 처리하는 워커가 없음</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 job(s) waiting and none held by any worker: nobody is taking them</source>
        <translation>작업 %1개가 대기 중이고 어떤 워커도 잡고 있지 않음: 가져가는 이가 없음</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>oldest waiting job due %1 ago</source>
        <translation>가장 오래 대기한 작업의 실행 시각이 %1 전에 지남</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>oldest waiting job enqueued %1 ago</source>
        <translation>가장 오래 대기한 작업이 %1 전에 들어옴</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>no job taken for %1 while %2 wait: every worker is busy, or stuck</source>
        <translation>%2개가 대기하는 동안 %1 동안 가져간 작업이 없음: 모든 워커가 바쁘거나 멈춤</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no job taken for %1 while %2 wait: no worker is taking them</source>
        <translation>%2개가 대기하는 동안 %1 동안 가져간 작업이 없음: 작업을 가져가는 워커가 없음</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 scheduled job(s) due and not moved, the oldest overdue by %2</source>
        <translation>예정 시각이 지났지만 옮겨지지 않은 예약 작업 %1개, 가장 오래된 것은 %2 지연</translation>
    </message>
    <message>
        <location filename="../../models/health/incident_tracker.cpp" line="+98"/>
        <source>%1 more failed job(s) waiting to be retried in %2 (%3 → %4)</source>
        <translation>%2 동안 재시도를 기다리는 실패한 작업 %1개 증가 (%3 → %4)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 more failed job(s) in %2 (%3 → %4)</source>
        <translation>%2 동안 실패한 작업 %1개 증가 (%3 → %4)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 more failed job(s) in %2 (%3 → %4); the newest: %5</source>
        <translation>%2 동안 실패한 작업 %1개 증가 (%3 → %4); 가장 최근: %5</translation>
    </message>
</context>
<context>
    <name>KeyboardHelp</name>
    <message>
        <location filename="../../ui/dialogs/keyboard_help.cpp" line="+39"/>
        <source>Filter the overview; Down or Enter goes to the table</source>
        <translation>개요 필터. 아래 화살표나 Enter로 표로 이동</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tab, Shift+Tab</source>
        <translation>Tab, Shift+Tab</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Move between the controls of a page; arrow keys move within a table</source>
        <translation>페이지의 컨트롤 사이 이동. 표 안에서는 화살표 키로 이동</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Open the selected group, queue or dead-letter stream</source>
        <translation>선택한 그룹, 큐 또는 데드 레터 스트림 열기</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Esc, Alt+Left, Backspace</source>
        <translation>Esc, Alt+Left, Backspace</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Back to the overview from a page</source>
        <translation>페이지에서 개요로 돌아가기</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Space</source>
        <translation>Space</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pause or resume polling (in the alert inbox: acknowledge the selected alerts)</source>
        <translation>폴링 일시 정지 또는 재개 (알림 목록에서는 선택한 알림 확인)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the selected rows</source>
        <translation>선택한 행 복사</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ctrl+PgUp, Ctrl+PgDown</source>
        <translation>Ctrl+PgUp, Ctrl+PgDown</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The previous or next connection tab</source>
        <translation>이전 또는 다음 연결 탭</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+2"/>
        <source>Keyboard shortcuts</source>
        <translation>키보드 단축키</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keys</source>
        <translation>키</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>What they do</source>
        <translation>하는 일</translation>
    </message>
</context>
<context>
    <name>Period</name>
    <message>
        <location filename="../../models/history/previous_period.cpp" line="+54"/>
        <source>lag</source>
        <translation>Lag</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pending</source>
        <translation>Pending</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the oldest pending idle</source>
        <translation>가장 오래된 Pending idle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>behind</source>
        <translation>밀림</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the in rate</source>
        <translation>유입 속도</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the out rate</source>
        <translation>유출 속도</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>consumers alive</source>
        <translation>살아 있는 컨슈머</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>consumers</source>
        <translation>컨슈머</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>the same time a day earlier</source>
        <translation>하루 전 같은 시각</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the same time a week earlier</source>
        <translation>일주일 전 같은 시각</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is %2 where %3 it was none</source>
        <translation>%1: 지금 %2, %3에는 없음</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is none where %3 it was %2</source>
        <translation>%1: 지금 없음, %3에는 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 is %2× %3 (%4 against %5)</source>
        <translation>%1: %3의 %2배 (지금 %4, 그때 %5)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 is %2× lower than %3 (%4 against %5)</source>
        <translation>%1: %3의 1/%2 (지금 %4, 그때 %5)</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../../ui/widgets/pending_actions_bar.cpp" line="+36"/>
        <source>Review…</source>
        <translation>검토…</translation>
    </message>
    <message>
        <location filename="../../ui/incident_export.cpp" line="+151"/>
        <source>No poll has answered yet: there is nothing to report.</source>
        <translation>아직 응답한 폴링이 없어 보고할 내용이 없습니다.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 exists: choose another folder name (nothing was written)</source>
        <translation>%1 파일이 이미 있음: 다른 폴더 이름을 고르세요 (아무것도 쓰지 않음)</translation>
    </message>
    <message>
        <location filename="../../app/gui/gui_main.cpp" line="+275"/>
        <source>simulated: the half hour before the demo, and a day earlier</source>
        <translation>시뮬레이션: 데모 시작 전 30분과 하루 전</translation>
    </message>
</context>
<context>
    <name>QueueWrite</name>
    <message>
        <location filename="../../models/actions/queue_write_words.cpp" line="+15"/>
        <source>1 item</source>
        <translation>항목 1개</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 items</source>
        <translation>항목 %1개</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>would move %1 back to %2 from %3</source>
        <translation>%3에서 %2 키로 되돌릴 예정: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>moved %1 back to %2 from %3</source>
        <translation>%3에서 %2 키로 되돌림: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>would delete %1 from %2</source>
        <translation>%2에서 %1를 삭제할 예정</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>deleted %1 from %2</source>
        <translation>%2에서 %1를 삭제함</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>would delete %1 of %2</source>
        <translation>%2에서 %1를 삭제할 예정</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>deleted %1 of %2</source>
        <translation>%2에서 %1를 삭제함</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>would reschedule %1 of %2</source>
        <translation>%2의 %1 일정을 다시 잡을 예정</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>rescheduled %1 of %2</source>
        <translation>%2의 %1 일정을 다시 잡음</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>, %1 not there (taken by a worker, or gone already)</source>
        <translation>, %1 없음 (Worker가 가져갔거나 이미 사라짐)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, %1 left in place (younger than %2)</source>
        <translation>, %1는 그대로 둠 (%2 미만)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>, %1 left in place (younger than %2, or with no timestamp)</source>
        <translation>, %1는 그대로 둠 (%2 미만이거나 타임스탬프 없음)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>, %1 refused</source>
        <translation>, %1개 거부됨</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, %1 batches retried after a lost connection</source>
        <translation>, 연결 끊김 후 배치 %1개 재시도</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, interrupted</source>
        <translation>, 중단됨</translation>
    </message>
    <message>
        <location filename="../../models/actions/queue_write_job.cpp" line="+138"/>
        <source>%1 does not exist yet: nobody may read it</source>
        <translation>%1 키가 아직 없습니다: 아무도 읽지 않을 수 있습니다</translation>
    </message>
    <message>
        <location line="+236"/>
        <source>the script stopped with an error and may have written part of its batch before it (the audit stream has no record of it): %1</source>
        <translation>스크립트가 오류로 멈췄으며, 그 전에 배치의 일부를 이미 썼을 수 있습니다(감사 스트림에는 기록이 없습니다): %1</translation>
    </message>
    <message>
        <location line="+81"/>
        <source>a write failed and the script stopped there: %1</source>
        <translation>쓰기 하나가 실패해 스크립트가 거기서 멈췄습니다: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the audit record failed: %1</source>
        <translation>감사 기록을 쓰지 못했습니다: %1</translation>
    </message>
    <message>
        <location filename="../../models/actions/queue_write_kind.cpp" line="+16"/>
        <source>Requeue stuck items</source>
        <translation>멈춘 항목 재처리</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete queue items</source>
        <translation>큐 항목 삭제</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reschedule</source>
        <translation>일정 변경</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Run now</source>
        <translation>지금 실행</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>On %1, per batch of %2, one Lua script:</source>
        <translation>%1에서 배치(%2개)마다 Lua 스크립트 1개:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>  ... and %1 more</source>
        <translation>  ... 외 %1개</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Audit log: %1</source>
        <translation>감사 로그: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each item is removed and written in the same script: never in both places, never in neither. After a lost reply the batch&apos;s audit record says whether it ran; items chosen by age are chosen again from what the server holds then.</source>
        <translation>각 항목은 같은 스크립트에서 제거되고 기록됩니다. 두 곳 모두에 있거나 어디에도 없는 경우는 없습니다. 응답이 유실되면 배치의 감사 기록으로 실행 여부를 알 수 있으며, 경과 시간으로 고른 항목은 그 시점에 서버에 있는 항목에서 다시 고릅니다.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 items done…</source>
        <translation>%1개 항목 완료…</translation>
    </message>
</context>
<context>
    <name>Status</name>
    <message>
        <location filename="../../ui/main_window_menus.cpp" line="+230"/>
        <location filename="../../models/snapshot/status_words.cpp" line="+27"/>
        <source>CRIT</source>
        <translation>위험</translation>
    </message>
    <message>
        <location filename="../../models/snapshot/status_words.cpp" line="+1"/>
        <source>WARN</source>
        <translation>경고</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>OK</source>
        <translation>정상</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>crit</source>
        <translation>위험</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>warn</source>
        <translation>경고</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ok</source>
        <translation>정상</translation>
    </message>
</context>
<context>
    <name>WriteGate</name>
    <message>
        <location filename="../../models/actions/write_gate.cpp" line="+51"/>
        <source>The ACL user may not do this: %1</source>
        <translation>ACL 사용자에게 이 작업 권한이 없습니다: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Another write is running</source>
        <translation>다른 쓰기 작업이 실행 중입니다</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Read-only: enable writes first (Connection ▸ Enable writes)</source>
        <translation>읽기 전용: 먼저 쓰기를 허용하십시오(연결 ▸ 쓰기 허용)</translation>
    </message>
</context>
<context>
    <name>WritePlan</name>
    <message>
        <location filename="../../models/actions/pending_preflight.cpp" line="+24"/>
        <source>refusing: %1</source>
        <translation>거부: %1</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>there is no stream named %1</source>
        <translation>해당 이름의 스트림이 없습니다: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>stream %1 has no consumer group %2</source>
        <translation>스트림 %1에 해당 컨슈머 그룹이 없습니다: %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 is a %2, not a stream</source>
        <translation>%1의 타입은 스트림이 아니라 %2입니다</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (slot %2) and %3 (slot %4) live in different cluster slots, so one script cannot move entries atomically. Name them with a shared hash tag, e.g. {orders} and {orders}:dlq, and an audit stream with the same tag.</source>
        <translation>%1(슬롯 %2)과 %3(슬롯 %4)은 서로 다른 클러스터 슬롯에 있어 스크립트 하나로 엔트리를 원자적으로 옮길 수 없습니다. {orders}와 {orders}:dlq처럼 같은 해시 태그로 이름을 짓고, 감사 스트림도 같은 태그를 쓰세요.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1 must read its pending entries again (XREADGROUP GROUP %2 %1 STREAMS %3 0): a consumer that reads only new entries (&apos;&gt;&apos;) never sees entries claimed to it, so they would idle again and the group go back to %4.</source>
        <translation>컨슈머 %1의 Pending 엔트리는 그 컨슈머가 직접 다시 읽어야 합니다(XREADGROUP GROUP %2 %1 STREAMS %3 0): 새 엔트리(&apos;&gt;&apos;)만 읽는 컨슈머는 자신에게 claim된 엔트리를 보지 못하므로, 엔트리는 다시 idle 상태가 되고 그룹은 다시 %4 상태가 됩니다.</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Consumer %1 holds %2 pending entries (read at %3); </source>
        <translation>컨슈머 %1: Pending 엔트리 %2개 보유 중(%3에 읽음); </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 of them are idle at least %2 and would move to %3%4; the other %5 stay with %6.</source>
        <translation>그중 %1개가 %2 이상 idle 상태로 컨슈머 %3에게 옮겨집니다%4; 나머지 %5개는 %6에 남습니다.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> (at most %1)</source>
        <translation> (최대 %1개)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>those idle at least %1 move to %2 (not counted beforehand: the group&apos;s %3 pending entries are too many to count cheaply).</source>
        <translation>%1 이상 idle 상태인 엔트리가 컨슈머 %2에게 옮겨집니다(미리 세지 않음: 그룹의 Pending 엔트리 %3개는 부담 없이 세기에 너무 많음).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>claimed</source>
        <translation>claim됩니다</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>acknowledged</source>
        <translation>ACK됩니다</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>moved</source>
        <translation>옮겨집니다</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 entries selected; of the first %2, %3 are pending now (read at %4) and would be %5.</source>
        <translation>엔트리 %1개 선택됨; 처음 %2개 중 %3개가 지금 Pending 상태이며(%4에 읽음) %5.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 entries selected, %2 of them pending now (read at %3) and would be %4; the others are left alone.</source>
        <translation>엔트리 %1개 선택됨, 그중 %2개가 지금 Pending 상태이며(%3에 읽음) %4; 나머지는 그대로 둡니다.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>group %1 of stream %2 on %3</source>
        <translation>%3의 스트림 %2, 그룹 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>  audit: one record per entry in %1</source>
        <translation>  감사:  엔트리마다 %1에 기록 하나</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 entries by ID</source>
        <translation>ID로 지정한 엔트리 %1개</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, %1 of them pending now</source>
        <translation>, 그중 %1개가 지금 Pending</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the entries of consumer %1 idle at least %2%3: it holds %4, %5</source>
        <translation>컨슈머 %1의 엔트리 중 %2 이상 idle인 것%3: 보유 %4개, %5</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, at most %1</source>
        <translation>, 최대 %1개</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of them idle that long now</source>
        <translation>그중 %1개가 지금 그만큼 idle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not counted how many are idle that long</source>
        <translation>그만큼 idle인 개수는 세지 않음</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Claim pending entries of %1:</source>
        <translation>%1의 Pending 엔트리 claim:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>  what:  %1</source>
        <translation>  대상:  %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>  to:    consumer %1</source>
        <translation>  받는 쪽: 컨슈머 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>  how:   XCLAIM %1 %2 %3 %4 &lt;ids&gt; JUSTID; entries idle less than %5 stay with their owner</source>
        <translation>  방법:  XCLAIM %1 %2 %3 %4 &lt;ids&gt; JUSTID; idle이 %5 미만인 엔트리는 원래 소유자에게 남음</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  then:  %1</source>
        <translation>  다음:  %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Acknowledge %1 entries of %2%3:</source>
        <translation>%2의 엔트리 %1개 ACK%3:</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+5"/>
        <source> (%1 of them pending now)</source>
        <translation> (그중 %1개가 지금 Pending)</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>  how:   XACK %1 %2 &lt;id&gt;, one per entry</source>
        <translation>  방법:  XACK %1 %2 &lt;id&gt;, 엔트리마다 한 번</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>  WARNING: acknowledged entries leave the PEL unprocessed; no consumer will be given them again.</source>
        <translation>  경고:  ACK된 엔트리는 처리되지 않은 채 PEL에서 빠지며, 어떤 컨슈머에게도 다시 전달되지 않습니다.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Move %1 entries of %2 to the dead-letter stream %3%4:</source>
        <translation>%2의 엔트리 %1개를 %3 데드 레터 스트림으로 이동%4:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  how:   one Lua script per batch: for each entry still pending, XADD its fields as they are plus pelscope:category=%1, pelscope:reason=%2, pelscope:delivery_count, pelscope:source_stream, pelscope:source_id, pelscope:group, pelscope:consumer to %3, then XACK; entries no longer pending are left alone</source>
        <translation>  방법:  배치마다 Lua 스크립트 하나: 아직 pending인 엔트리마다 그 필드를 그대로 두고 pelscope:category=%1, pelscope:reason=%2, pelscope:delivery_count, pelscope:source_stream, pelscope:source_id, pelscope:group, pelscope:consumer를 더해 %3에 XADD한 뒤 XACK; 더 이상 pending이 아닌 엔트리는 건드리지 않음</translation>
    </message>
    <message>
        <location filename="../../models/actions/pending_write_kind.cpp" line="+38"/>
        <source>Claim</source>
        <translation>Claim</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Acknowledge</source>
        <translation>ACK</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move to DLQ</source>
        <translation>DLQ로 이동</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>%1 the pending entries of consumer %2 in group %3 of stream %4</source>
        <translation>%1: 스트림 %4, 그룹 %3, 컨슈머 %2의 Pending 엔트리</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 %2 selected entry of group %3 on stream %4</source>
        <translation>스트림 %4의 그룹 %3에서 선택한 엔트리 %2개 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 %2 selected entries of group %3 on stream %4</source>
        <translation>스트림 %4의 그룹 %3에서 선택한 엔트리 %2개 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Acknowledged entries are dropped unprocessed.</source>
        <translation>ACK된 엔트리는 처리되지 않은 채 버려집니다.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Entries:</source>
        <translation>엔트리:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Exactly these commands will run (plain XCLAIM calls, a batch of IDs each; no script):</source>
        <translation>정확히 다음 명령이 실행됩니다(스크립트 없이 XCLAIM 호출, 호출마다 ID 한 묶음):</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Exactly these commands will run (plain XACK calls; no script):</source>
        <translation>정확히 다음 명령이 실행됩니다(스크립트 없이 XACK 호출):</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1 settled%2</source>
        <translation>%1개 처리됨%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> of %1</source>
        <translation> / 전체 %1개</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>claimed %1, not claimed %2, not pending %3, failed %4</source>
        <translation>claim %1, claim 안 됨 %2, Pending 아님 %3, 실패 %4</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>acknowledged %1, not pending %2, failed %3</source>
        <translation>ACK %1, Pending 아님 %2, 실패 %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>moved %1, not pending %2, failed %3</source>
        <translation>이동 %1, Pending 아님 %2, 실패 %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, moved with metadata only %1</source>
        <translation>, 메타데이터만 이동 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>, not pending after a lost reply %1</source>
        <translation>, 응답 유실 후 Pending 아님 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, interrupted</source>
        <translation>, 중단됨</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 now owns the %2 claimed entries: it must read them again with ID 0 (XREADGROUP GROUP %3 %1 STREAMS %4 0), or they will idle again</source>
        <translation>claim된 엔트리 %2개의 새 소유자는 %1입니다: 이 컨슈머가 ID 0으로 다시 읽어야 하며(XREADGROUP GROUP %3 %1 STREAMS %4 0), 그렇지 않으면 다시 idle 상태가 됩니다</translation>
    </message>
</context>
<context>
    <name>WriteRecord</name>
    <message>
        <location filename="../../models/actions/write_record.cpp" line="+15"/>
        <source>1 entry</source>
        <translation>엔트리 1개</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 entries</source>
        <translation>엔트리 %1개</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>kept for %1: %2</source>
        <translation>%1 때문에 유지: %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 already gone (moved by an earlier attempt, or deleted)</source>
        <translation>%1 이미 없음 (이전 시도에서 옮겨졌거나 삭제됨)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 left in the DLQ: nothing but metadata to copy back</source>
        <translation>%1 DLQ에 남김: 되돌릴 것이 메타데이터뿐</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 kept in the DLQ, nothing written for them</source>
        <translation>%1 DLQ에 유지, 아무것도 쓰지 않음</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 no longer pending (settled by someone else): left alone</source>
        <translation>%1 더 이상 Pending 아님 (다른 누군가가 처리함): 그대로 둠</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 not pending after a lost reply: this run or someone else settled them</source>
        <translation>%1 응답 유실 후 Pending 아님: 이번 실행 또는 다른 누군가가 처리함</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 failed</source>
        <translation>%1 실패</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 skipped (not matching)</source>
        <translation>%1 건너뜀 (조건 불일치)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 batches sent again after a lost connection (no entry twice)</source>
        <translation>연결 끊김 후 배치 %1개 재전송 (중복 엔트리 없음)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cancelled after the batch in flight</source>
        <translation>진행 중이던 배치 후 취소됨</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Delete dead letters</source>
        <translation>데드 레터 삭제</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Requeue dead letters</source>
        <translation>데드 레터 재처리</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>each entry&apos;s source</source>
        <translation>각 엔트리의 원본</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>deleted %1</source>
        <translation>%1 삭제함</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+13"/>
        <source>requeued %1</source>
        <translation>%1 재처리함</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Requeue dead letters (across cluster slots)</source>
        <translation>데드 레터 재처리 (클러스터 슬롯 간)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (on %2) → %3 (on %4)</source>
        <translation>%1 (%2) → %3 (%4)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 of them found in the ledger: added by an attempt whose reply was lost, not added again</source>
        <translation>그중 %1 원장(ledger)에서 발견: 응답이 유실된 시도가 추가한 것이라 다시 추가하지 않음</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Claim</source>
        <translation>Claim</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>claimed %1 to %2</source>
        <translation>컨슈머 %2에게 claim함: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 left with their owner: idle less than the %2 guard</source>
        <translation>%1 원래 소유자에게 남김: idle이 보호 기준 %2 미만</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Acknowledge</source>
        <translation>ACK</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>acknowledged %1 (dropped unprocessed)</source>
        <translation>%1 ACK함 (처리하지 않고 버림)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Move to DLQ</source>
        <translation>DLQ로 이동</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>moved %1 to %2</source>
        <translation>%2 스트림으로 이동함: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 of them with metadata only: the entry was already trimmed from the stream</source>
        <translation>그중 %1 메타데이터만 있음: 엔트리가 이미 스트림에서 잘려 나감</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Delete consumer</source>
        <translation>컨슈머 삭제</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>deleted consumer %1</source>
        <translation>컨슈머 %1 삭제함</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not deleted: %1 took %2 meanwhile</source>
        <translation>삭제하지 않음: 그사이 %1에 %2 배정됨</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not deleted</source>
        <translation>삭제하지 않음</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Requeue stuck items</source>
        <translation>멈춘 항목 재처리</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Delete queue items</source>
        <translation>큐 항목 삭제</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Reschedule</source>
        <translation>일정 변경</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Run now</source>
        <translation>지금 실행</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>%1 now holds %2</source>
        <translation>컨슈머 %1: 이제 %2 보유</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>; %1 keeps %2</source>
        <translation>; 컨슈머 %1: %2 유지</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> (read after the claim); the new owner must read them with ID 0 or they will idle again</source>
        <translation> (claim 후 읽음); 새 소유자가 ID 0으로 읽지 않으면 다시 idle 상태가 됩니다</translation>
    </message>
</context>
<context>
    <name>pelscope::ActivityChart</name>
    <message>
        <location filename="../../ui/charts/activity_chart.cpp" line="+24"/>
        <source>Claims and acknowledgements per second</source>
        <translation>초당 claim 및 ACK</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Claim and XACK activity</source>
        <translation>Claim 및 XACK 활동</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>XCLAIM + XAUTOCLAIM calls</source>
        <translation>XCLAIM + XAUTOCLAIM 호출</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>XACK calls</source>
        <translation>XACK 호출</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>entries acknowledged</source>
        <translation>ACK된 엔트리</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>server-wide (every client), read every 10 s</source>
        <translation>서버 전체(모든 클라이언트), 10초마다 읽음</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>XACK calls clearly above the entries acknowledged: consumers acknowledge entries that are no longer theirs (claimed by another consumer, or acknowledged already), a sign of duplicate processing.</source>
        <translation>XACK 호출이 ACK된 엔트리보다 확연히 많음: 컨슈머가 더 이상 자신의 것이 아닌 엔트리(다른 컨슈머가 claim했거나 이미 ACK된 엔트리)를 ACK하고 있으며, 이는 중복 처리의 징후입니다.</translation>
    </message>
</context>
<context>
    <name>pelscope::AlertBanner</name>
    <message>
        <location filename="../../ui/widgets/alert_banner.cpp" line="+18"/>
        <source>Open</source>
        <translation>열기</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Dismiss</source>
        <translation>닫기</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All alerts…</source>
        <translation>모든 알림…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every alert so far, with the time and the reasons (Ctrl+Shift+A)</source>
        <translation>지금까지의 모든 알림과 시각, 이유 (Ctrl+Shift+A)</translation>
    </message>
</context>
<context>
    <name>pelscope::AlertInboxDialog</name>
    <message>
        <location filename="../../ui/dialogs/alert_inbox_dialog.cpp" line="+55"/>
        <source>&amp;Open</source>
        <translation>열기(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A&amp;cknowledge</source>
        <translation>확인(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Mute…</source>
        <translation>알림 끄기(&amp;M)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Alerts</source>
        <translation>알림</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Alerts, newest first</source>
        <translation>알림, 최신순</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Acknowledge &amp;all</source>
        <translation>모두 확인(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open the group or queue (Enter, or a double-click)</source>
        <translation>그룹이나 큐 열기 (Enter 또는 더블클릭)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mark the selected alerts as seen (Space)</source>
        <translation>선택한 알림을 확인함으로 표시 (Space)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop or pause notifications for the selected alert&apos;s group or queue</source>
        <translation>선택한 알림의 그룹이나 큐에 대한 알림을 끄거나 잠시 멈춤</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Nothing was told yet. Every notification lands here and stays until the window closes.</source>
        <translation>아직 알린 것이 없습니다. 모든 알림은 여기에 쌓이며 창을 닫을 때까지 남습니다.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 new, %2 in all (the newest %3 are kept)</source>
        <translation>새 알림 %1개, 전체 %2개 (최신 %3개까지 보관)</translation>
    </message>
</context>
<context>
    <name>pelscope::AlertInboxModel</name>
    <message>
        <location filename="../../models/itemmodels/alert_inbox_model.cpp" line="+26"/>
        <source>raised: %1</source>
        <translation>발생: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>worse: %1 → %2</source>
        <translation>악화: %1 → %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>still %1 (reminder)</source>
        <translation>여전히 %1 (재알림)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>recovered (was %1)</source>
        <translation>회복 (이전 %1)</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>the connection</source>
        <translation>연결 전체</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>marked by %1</source>
        <translation>표시한 곳: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>annotation</source>
        <translation>주석</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>acknowledged</source>
        <translation>확인함</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>new</source>
        <translation>새 알림</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1; its incident began %2</source>
        <translation>%1; 장애 시작 %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1
Runbook: %2</source>
        <translation>%1
런북: %2</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Time</source>
        <translation>시각</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Connection</source>
        <translation>연결</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>What</source>
        <translation>대상</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change</source>
        <translation>변화</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Why</source>
        <translation>이유</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>State</source>
        <translation>상태</translation>
    </message>
</context>
<context>
    <name>pelscope::AllConnectionsPage</name>
    <message>
        <location filename="../../ui/pages/all_connections_page.cpp" line="+23"/>
        <source>connection</source>
        <translation>연결</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Filter connections, streams and groups (Ctrl+F)</source>
        <translation>연결, 스트림, 그룹 필터 (Ctrl+F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Filter connections, streams and groups</source>
        <translation>연결, 스트림, 그룹 필터</translation>
    </message>
    <message>
        <location line="+60"/>
        <source> &amp;nbsp;│&amp;nbsp; connections &lt;b&gt;%1&lt;/b&gt;</source>
        <translation> &amp;nbsp;│&amp;nbsp; 연결 &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> &lt;span style=&apos;color:%1&apos;&gt;&lt;b&gt;(%2 not answering: %3)&lt;/b&gt;&lt;/span&gt;</source>
        <translation> &lt;span style=&apos;color:%1&apos;&gt;&lt;b&gt;(%2개 응답 없음: %3)&lt;/b&gt;&lt;/span&gt;</translation>
    </message>
</context>
<context>
    <name>pelscope::BackButton</name>
    <message>
        <location filename="../../ui/widgets/back_button.h" line="+17"/>
        <source>← Overview</source>
        <translation>← 개요</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Back to the overview (Esc, Alt+Left, Backspace; Ctrl+1 from anywhere)</source>
        <translation>개요로 돌아가기 (Esc, Alt+Left, Backspace; 어디서나 Ctrl+1)</translation>
    </message>
</context>
<context>
    <name>pelscope::ClusterBanner</name>
    <message>
        <location filename="../../ui/widgets/cluster_banner.cpp" line="+24"/>
        <source>%1 is not answering (%2): its %3 stream(s) show their last values, greyed</source>
        <translation>%1 응답 없음(%2): 해당 스트림 %3개는 마지막 값을 회색으로 표시</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 answers CLUSTERDOWN: the cluster considers itself down while a master fails (full coverage required), so its streams keep their last values too (cluster-allow-reads-when-down yes keeps them readable)</source>
        <translation>%1: CLUSTERDOWN 응답. 마스터 장애 동안 클러스터가 스스로 다운으로 판단하므로(full coverage 필요) 이 노드의 스트림도 마지막 값을 유지합니다 (cluster-allow-reads-when-down yes이면 계속 읽을 수 있음)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 answer CLUSTERDOWN: the cluster considers itself down while a master fails (full coverage required), so their streams keep their last values too (cluster-allow-reads-when-down yes keeps them readable)</source>
        <translation>%1: CLUSTERDOWN 응답. 마스터 장애 동안 클러스터가 스스로 다운으로 판단하므로(full coverage 필요) 이 노드들의 스트림도 마지막 값을 유지합니다 (cluster-allow-reads-when-down yes이면 계속 읽을 수 있음)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cluster: %1.</source>
        <translation>Cluster: %1.</translation>
    </message>
</context>
<context>
    <name>pelscope::ConfirmWriteDialog</name>
    <message>
        <location filename="../../ui/dialogs/write_dialogs.cpp" line="+84"/>
        <source>Nothing will run.</source>
        <translation>실행되는 명령이 없습니다.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Exactly these commands will run (one atomic script per batch):</source>
        <translation>정확히 다음 명령이 실행됩니다(배치당 원자적 스크립트 1개):</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>… and %1 more lines of the same form</source>
        <translation>… 외 같은 형식의 줄 %1개</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>&lt;b&gt;Path: %1&lt;/b&gt;%2</source>
        <translation>&lt;b&gt;경로: %1&lt;/b&gt;%2</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>no limit</source>
        <translation>제한 없음</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> entries/s</source>
        <translation> 엔트리/s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pace the run so the requeued entries do not reach the consumers all at once</source>
        <translation>재처리된 엔트리가 컨슈머에게 한꺼번에 전달되지 않도록 실행 속도를 조절합니다</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Rate limit:</source>
        <translation>속도 제한(&amp;R):</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rate limit</source>
        <translation>속도 제한</translation>
    </message>
</context>
<context>
    <name>pelscope::ConnectionDialog</name>
    <message>
        <location filename="../../ui/dialogs/connection_dialog.ui" line="+9"/>
        <source>Connect to Redis</source>
        <translation>Redis에 연결</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saved profiles</source>
        <translation>저장된 프로필</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Delete profile</source>
        <translation>프로필 삭제(&amp;D)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Profile &amp;name:</source>
        <translation>프로필 이름(&amp;N):</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>e.g. orders-prod (needed to save)</source>
        <translation>예: orders-prod (저장 시 필요)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Colour tag:</source>
        <translation>색상 태그(&amp;C):</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;URL:</source>
        <translation>URL(&amp;U):</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>redis://user@host:6379/0, rediss://host:6380, unix:///run/redis/redis.sock?db=0</source>
        <translation>redis://user@host:6379/0, rediss://host:6380, unix:///run/redis/redis.sock?db=0</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Server</source>
        <translation>서버(&amp;S)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Host:</source>
        <translation>호스트(&amp;H):</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Port:</source>
        <translation>포트(&amp;P):</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Unix soc&amp;ket:</source>
        <translation>Unix 소켓(&amp;K):</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>/run/redis/redis.sock (instead of host and port)</source>
        <translation>/run/redis/redis.sock (호스트와 포트 대신)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Database:</source>
        <translation>데이터베이스(&amp;D):</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>U&amp;ser:</source>
        <translation>사용자(&amp;S):</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>empty: legacy AUTH with the password only</source>
        <translation>비워 두면: 비밀번호만 쓰는 레거시 AUTH</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Pass&amp;word:</source>
        <translation>비밀번호(&amp;W):</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&amp;Remember in the OS keychain</source>
        <translation>OS 키체인에 기억(&amp;R)</translation>
    </message>
    <message>
        <location line="+14"/>
        <location filename="../../ui/dialogs/connection_dialog.cpp" line="+375"/>
        <source>&amp;TLS</source>
        <translation>TLS(&amp;T)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Use TLS (rediss://)</source>
        <translation>TLS 사용 (rediss://)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>CA &amp;file:</source>
        <translation>CA 파일(&amp;F):</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>empty: the system&apos;s certificate store</source>
        <translation>비워 두면: 시스템 인증서 저장소</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+12"/>
        <location line="+12"/>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>Client &amp;certificate:</source>
        <translation>클라이언트 인증서(&amp;C):</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>only for servers with tls-auth-clients yes</source>
        <translation>tls-auth-clients yes인 서버에만 해당</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Client &amp;key:</source>
        <translation>클라이언트 키(&amp;K):</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>empty: the key is in the certificate file</source>
        <translation>비워 두면: 키가 인증서 파일에 포함됨</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Server &amp;name (SNI):</source>
        <translation>서버 이름(SNI)(&amp;N):</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>empty: the host name</source>
        <translation>비워 두면: 호스트 이름</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Verify the server&apos;s certificate</source>
        <translation>서버 인증서 검증(&amp;V)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&amp;Watch</source>
        <translation>감시(&amp;W)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Discover &amp;streams matching:</source>
        <translation>스트림 자동 검색 패턴(&amp;S):</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>*</source>
        <translation>*</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SCAN MATCH pattern, e.g. orders:*</source>
        <translation>SCAN MATCH 패턴, 예: orders:*</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Only these s&amp;treams:</source>
        <translation>지정한 스트림만(&amp;T):</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>one stream key per line</source>
        <translation>한 줄에 스트림 키 하나</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Poll every:</source>
        <translation>폴링 주기(&amp;P):</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> s</source>
        <translation>초</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>T&amp;hreshold overrides:</source>
        <translation>임계값 재정의(&amp;H):</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>P&amp;rometheus:</source>
        <translation>Prometheus(&amp;R):</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>optional: http://prometheus:9090 scraping pelscope-cli exporter, for older chart data</source>
        <translation>선택 사항: pelscope-cli exporter를 수집하는 http://prometheus:9090, 이전 차트 데이터용</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Delayed queues:</source>
        <translation>지연 큐(&amp;D):</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>sorted sets scored by due time, one key per line (e.g. delayed_queue)</source>
        <translation>실행 시각을 score로 쓰는 sorted set, 한 줄에 키 하나 (예: delayed_queue)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Reliable &amp;lists:</source>
        <translation>신뢰성 리스트(&amp;L):</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>MAIN=PROCESSING, one per line (e.g. myqueue=processing)</source>
        <translation>MAIN=PROCESSING, 한 줄에 하나 (예: myqueue=processing)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Also &amp;find queues by name (*delay*, *schedul* sorted sets; X with X:processing)</source>
        <translation>이름으로도 큐 찾기 (*delay*, *schedul* sorted set; X와 X:processing)(&amp;F)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>⚠ TLS CERTIFICATE VERIFICATION IS OFF. Anyone on the network path can impersonate this server and read everything sent to it, including the password. Use this only to diagnose a certificate problem.</source>
        <translation>⚠ TLS 인증서 검증이 꺼져 있습니다. 네트워크 경로상의 누구나 이 서버를 가장하여 비밀번호를 포함해 서버로 보내는 모든 내용을 읽을 수 있습니다. 인증서 문제를 진단할 때만 사용하십시오.</translation>
    </message>
    <message>
        <location line="+7"/>
        <location filename="../../ui/dialogs/connection_dialog.cpp" line="+64"/>
        <source>T&amp;est</source>
        <translation>테스트(&amp;E)</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Sa&amp;ve profile</source>
        <translation>프로필 저장(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../ui/dialogs/connection_dialog.cpp" line="-396"/>
        <source>%1 &apos;%2&apos; does not exist</source>
        <translation>%1 &apos;%2&apos;: 파일이 없습니다</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 &apos;%2&apos; cannot be read</source>
        <translation>%1 &apos;%2&apos;: 파일을 읽을 수 없습니다</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Connect</source>
        <translation>연결</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>one key=value per line, e.g. oldest_idle_warn=2m
one group only: orders/fulfillment:lag_warn=5000 (orders/* for every group)
keys: %1</source>
        <translation>한 줄에 key=value 하나, 예: oldest_idle_warn=2m
특정 그룹만: orders/fulfillment:lag_warn=5000 (모든 그룹은 orders/*)
키: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>none</source>
        <translation>없음</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>CA certificates</source>
        <translation>CA 인증서</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Client certificate</source>
        <translation>클라이언트 인증서</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Client key</source>
        <translation>클라이언트 키</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>No password saved for this profile.</source>
        <translation>이 프로필에 저장된 비밀번호가 없습니다.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The OS keychain holds this profile&apos;s password.</source>
        <translation>OS 키체인에 이 프로필의 비밀번호가 있습니다.</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../ui/dialogs/connection_dialog_profiles.cpp" line="+125"/>
        <source>The password is not remembered: it will be asked each time.</source>
        <translation>비밀번호를 기억하지 않습니다. 매번 입력을 요청합니다.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saving a profile keeps its password in the OS keychain, never in a file.</source>
        <translation>프로필을 저장하면 비밀번호는 파일이 아닌 OS 키체인에 보관됩니다.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>s1:26379, s2:26379, s3:26379 — empty: connect to the host above</source>
        <translation>s1:26379, s2:26379, s3:26379 — 비워 두면: 위 호스트에 연결</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the name the sentinels monitor, e.g. orders-main</source>
        <translation>Sentinel이 감시하는 이름, 예: orders-main</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Poll a replica, never the primary (writes still go to the primary)</source>
        <translation>마스터가 아닌 레플리카를 폴링 (쓰기는 계속 마스터로 전송)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>With Sentinel the sentinels name a healthy replica; with a host naming the primary, its ROLE lists the replicas. The primary then only gets one ROLE per tick, for the replication lag.</source>
        <translation>Sentinel 사용 시 Sentinel이 정상 레플리카를 지정하고, 호스트가 마스터를 가리키면 그 ROLE이 레플리카 목록을 제공합니다. 이때 마스터에는 복제 lag 확인용 ROLE만 틱당 한 번 전송됩니다.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Se&amp;ntinels:</source>
        <translation>Sentinel(&amp;N):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Master name:</source>
        <translation>마스터 이름(&amp;M):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read from:</source>
        <translation>읽기 대상:</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>enter the master name the sentinels monitor</source>
        <translation>Sentinel이 감시하는 마스터 이름을 입력하십시오</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>sentinels: %1</source>
        <translation>Sentinel: %1</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>enter a host, or a unix socket path</source>
        <translation>호스트 또는 Unix 소켓 경로를 입력하십시오</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>CA file</source>
        <translation>CA 파일</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>client certificate</source>
        <translation>클라이언트 인증서</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>client key</source>
        <translation>클라이언트 키</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>a client key needs its client certificate</source>
        <translation>클라이언트 키를 쓰려면 클라이언트 인증서가 필요합니다</translation>
    </message>
    <message>
        <location line="+96"/>
        <location line="+78"/>
        <source>URL: %1</source>
        <translation>URL: %1</translation>
    </message>
    <message>
        <location line="-71"/>
        <source>list at least one stream, or discover streams by pattern</source>
        <translation>스트림을 하나 이상 지정하거나 패턴으로 스트림을 검색하십시오</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>enter a discovery pattern (* watches every stream)</source>
        <translation>검색 패턴을 입력하십시오 (*는 모든 스트림을 감시)</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>&amp;TLS ⚠ unverified</source>
        <translation>TLS ⚠ 미검증(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../ui/dialogs/connection_dialog_profiles.cpp" line="-72"/>
        <source>Asking the OS keychain for the password…</source>
        <translation>OS 키체인에 비밀번호를 요청하는 중…</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1 (user %2)</source>
        <translation>%1 (사용자 %2)</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>enter a profile name to save this connection</source>
        <translation>이 연결을 저장하려면 프로필 이름을 입력하십시오</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Not saved: %1</source>
        <translation>저장 안 됨: %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Saving the password in the OS keychain…</source>
        <translation>OS 키체인에 비밀번호를 저장하는 중…</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Password from the OS keychain.</source>
        <translation>OS 키체인에서 가져온 비밀번호입니다.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No OS keychain available (%1): the password is not stored and will be asked each time.</source>
        <translation>OS 키체인을 사용할 수 없습니다(%1). 비밀번호가 저장되지 않으며 매번 입력을 요청합니다.</translation>
    </message>
    <message>
        <location filename="../../ui/dialogs/connection_dialog.cpp" line="+13"/>
        <source>PEM files (*.pem *.crt *.cert *.key);;All files (*)</source>
        <translation>PEM 파일 (*.pem *.crt *.cert *.key);;모든 파일 (*)</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Cancel t&amp;est</source>
        <translation>테스트 취소(&amp;E)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Connecting to %1…</source>
        <translation>%1에 연결하는 중…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Test cancelled.</source>
        <translation>테스트가 취소되었습니다.</translation>
    </message>
</context>
<context>
    <name>pelscope::ConnectionProfileStore</name>
    <message>
        <location filename="../../models/profiles/connection_profile_store.cpp" line="+143"/>
        <source>threshold &apos;%1&apos;: expected key=value</source>
        <translation>임계값 &apos;%1&apos;: key=value 형식이어야 합니다</translation>
    </message>
    <message>
        <location line="+97"/>
        <source>a profile needs a name</source>
        <translation>프로필 이름이 필요합니다</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a profile name cannot hold invisible or control characters (it reads %1)</source>
        <translation>프로필 이름에는 보이지 않는 문자나 제어 문자를 쓸 수 없습니다 (읽힌 이름: %1)</translation>
    </message>
    <message>
        <location line="+92"/>
        <source>cannot write the settings file %1</source>
        <translation>설정 파일 %1에 쓸 수 없습니다</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cannot make the settings file %1 private (mode 0600)</source>
        <translation>설정 파일 %1의 권한을 비공개(mode 0600)로 바꿀 수 없습니다</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>no keychain service</source>
        <translation>키체인 서비스 없음</translation>
    </message>
</context>
<context>
    <name>pelscope::ConnectionSession</name>
    <message>
        <location filename="../../models/session/connection_session.cpp" line="+32"/>
        <location line="+119"/>
        <source>failover</source>
        <translation>페일오버</translation>
    </message>
    <message>
        <location line="+78"/>
        <source>%1, %2 on %3 / %4: %5</source>
        <translation>%1, %2 (%3 / %4): %5</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1, %2: %3</source>
        <translation>%1, %2: %3</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 streams</source>
        <translation>스트림 %1개</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>node changed</source>
        <translation>노드 변경</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: now on %2 (was %3) — a failover or a slot migration</source>
        <translation>%1: 현재 %2 (이전 %3) — 페일오버 또는 슬롯 마이그레이션</translation>
    </message>
</context>
<context>
    <name>pelscope::ConnectionStatusLine</name>
    <message>
        <location filename="../../ui/widgets/connection_status_line.cpp" line="+68"/>
        <source>● Connected to %1 — %2 %3 (%4)</source>
        <translation>● %1에 연결됨 — %2 %3 (%4)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, master %1</source>
        <translation>, 마스터 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> — ⚠ TLS certificate not verified</source>
        <translation> — ⚠ TLS 인증서 검증 안 함</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Connecting to %1…</source>
        <translation>%1에 연결하는 중…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reconnecting to %1 (attempt %2, next in %3)</source>
        <translation>%1에 재연결하는 중 (시도 %2, 다음 시도 %3 후)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Disconnected from %1</source>
        <translation>%1에서 연결 끊김</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>History: in memory only</source>
        <translation>이력: 메모리에만</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;span style=&apos;color:%1&apos;&gt;History: in memory only&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;이력: 메모리에만&lt;/span&gt;</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>History: waiting for the first poll</source>
        <translation>기록: 첫 폴링을 기다리는 중</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Polls will be kept in %1</source>
        <translation>폴링 결과는 %1에 보관됩니다</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>History: recording</source>
        <translation>이력: 기록 중</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every poll is kept in %1</source>
        <translation>모든 폴링 결과를 %1에 보관합니다</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>History: %1 records</source>
        <translation>이력: %1에서 기록 중</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 writes this connection&apos;s history (%2); this window shows it and adds no second copy, and takes over when it stops</source>
        <translation>이 연결의 이력은 %1에서 기록 중입니다(%2). 이 창은 그 이력을 표시하며 사본을 따로 만들지 않고, 기록이 중단되면 이어받습니다</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Recorded since %1</source>
        <translation>%1부터 기록됨</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>In this window&apos;s memory: %1 group(s), %2 of them gone from the server (the %3 last seen are kept); %4 consumer(s); %5 of series. The file keeps the rest.</source>
        <translation>이 창의 메모리: 그룹 %1개, 그중 서버에서 사라진 그룹 %2개(마지막으로 본 %3개까지 유지); 컨슈머 %4개; 시계열 %5. 나머지는 파일에 있습니다.</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Claims %1/s</source>
        <translation>Claim %1/s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (%1 failed)</source>
        <translation> (실패 %1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> · XACK %1</source>
        <translation> · XACK %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> / %1 acked</source>
        <translation> / %1 ACK됨</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>: duplicate processing?</source>
        <translation>: 중복 처리?</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>

Click for the last hour.</source>
        <translation>

클릭하면 최근 1시간을 표시합니다.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Last poll %1 · %2 ms · %3 round trip · %4 commands · %5 read</source>
        <translation>마지막 폴링 %1 · %2 ms · 왕복 %3회 · 명령 %4개 · %5 읽음</translation>
    </message>
    <message>
        <location line="+8"/>
        <source> · %1 of %2 groups read this poll, each at least every %3 polls (the Read column)</source>
        <translation> · 이번 폴링에서 그룹 %2개 중 %1개 읽음, 각 그룹은 최소 %3회 폴링마다 읽음 (읽음 열)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> · poll budget too small: some figures are old or missing</source>
        <translation> · 폴링 예산 부족: 일부 수치가 오래되었거나 누락됨</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1: not read — %2</source>
        <translation>%1: 읽지 않음 — %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: replica %2, link %3, lag %4</source>
        <translation>%1: 레플리카 %2, 링크 %3, lag %4</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+5"/>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <location line="-5"/>
        <location line="+5"/>
        <source>unknown</source>
        <translation>알 수 없음</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Shards read from replicas: %1 of %2 · worst offset lag %3</source>
        <translation>레플리카에서 읽는 샤드: %2개 중 %1개 · 최대 오프셋 lag %3</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>offset lag %1 B</source>
        <translation>오프셋 lag %1 B</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>offset lag unknown</source>
        <translation>오프셋 lag 알 수 없음</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, last I/O %1 s ago</source>
        <translation>, 마지막 I/O %1초 전</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Replica %1 of %2 · link %3 · %4</source>
        <translation>%2의 레플리카 %1 · 링크 %3 · %4</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · full resync running</source>
        <translation> · 전체 재동기화 진행 중</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Polling a replica: the primary only gets one ROLE per tick, for this lag.</source>
        <translation>레플리카를 폴링 중입니다. 이 lag를 구하려고 마스터에는 주기마다 ROLE만 한 번 보냅니다.</translation>
    </message>
</context>
<context>
    <name>pelscope::ConnectionTester</name>
    <message>
        <location filename="../../models/polling/connection_tester.cpp" line="+44"/>
        <source>%1 %2, %3</source>
        <translation>%1 %2, %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>, round trip %1 ms</source>
        <translation>, 왕복 %1 ms</translation>
    </message>
</context>
<context>
    <name>pelscope::ConnectionView</name>
    <message>
        <location filename="../../ui/connection_view.cpp" line="+77"/>
        <source>PAUSED — polling is suspended; press Space to resume.</source>
        <translation>일시 중지됨 — 폴링이 중단되었습니다. 재개하려면 Space 키를 누르십시오.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Dead letters</source>
        <translation>데드 레터</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+208"/>
        <source>Browse, requeue and export the dead-letter streams (Ctrl+D)</source>
        <translation>데드 레터 스트림 탐색, 재처리, 내보내기 (Ctrl+D)</translation>
    </message>
    <message>
        <location line="-63"/>
        <source>Connecting to %1…</source>
        <translation>%1에 연결 중…</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>⚠ WRITES ENABLED on %1 — requeue, delete, claim and acknowledge change data in this Redis. &lt;a href=&apos;#off&apos; style=&apos;color:white&apos;&gt;Switch back to read-only&lt;/a&gt;</source>
        <translation>⚠ %1에서 쓰기 허용됨 — 재처리, 삭제, claim, ACK가 이 Redis의 데이터를 변경합니다. &lt;a href=&apos;#off&apos; style=&apos;color:white&apos;&gt;읽기 전용으로 되돌리기&lt;/a&gt;</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Dead letters: none found</source>
        <translation>데드 레터: 없음</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>⚠ Dead letters: %1 in %2, +%3 recently</source>
        <translation>⚠ 데드 레터: %2에 %1건, 최근 +%3</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>1 stream</source>
        <translation>스트림 1개</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 streams</source>
        <translation>스트림 %1개</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Dead letters: %1 in %2</source>
        <translation>데드 레터: %2에 %1건</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no error field</source>
        <translation>오류 필드 없음</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 ×%2</source>
        <translation>%1 ×%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 · top: %2</source>
        <translation>%1 · 상위: %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1

By error, among the newest %2 entries read (%3 causes in all):
%4</source>
        <translation>%1

읽은 최신 항목 %2개의 오류별 분포 (원인 모두 %3가지):
%4</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Not connected</source>
        <translation>연결되지 않음</translation>
    </message>
    <message>
        <location filename="../../ui/connection_view_pages.cpp" line="+112"/>
        <source>Claim and XACK activity — %1</source>
        <translation>Claim 및 XACK 활동 — %1</translation>
    </message>
    <message>
        <location filename="../../ui/connection_view.cpp" line="+42"/>
        <source>node</source>
        <translation>노드</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>&lt;span style=&apos;color:%3&apos;&gt;&lt;b&gt;STALE since %1&lt;/b&gt; — no answer from the server for %2; the values below are the last ones known.&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:%3&apos;&gt;&lt;b&gt;%1 이후 갱신 중단&lt;/b&gt; — 서버가 %2 동안 응답하지 않았습니다. 아래 값은 마지막으로 확인된 값입니다.&lt;/span&gt;</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1 — %2 No data yet: no poll has succeeded on this connection.</source>
        <translation>%1 — %2 아직 데이터가 없습니다: 이 연결에서 성공한 폴링이 없습니다.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 — %2 The data below is from the last successful poll.</source>
        <translation>%1 — %2 아래 데이터는 마지막으로 성공한 폴링의 것입니다.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Redis said: %1</source>
        <translation>Redis 응답: %1</translation>
    </message>
</context>
<context>
    <name>pelscope::ConsumerActionsBar</name>
    <message>
        <location filename="../../ui/widgets/consumer_actions_bar.cpp" line="+28"/>
        <source>Claim all from…</source>
        <translation>모두 claim…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete consumer…</source>
        <translation>컨슈머 삭제…</translation>
    </message>
    <message>
        <location line="+46"/>
        <location line="+6"/>
        <source>Select one consumer</source>
        <translation>컨슈머를 하나 선택하십시오</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>It holds no pending entries</source>
        <translation>보유한 Pending 엔트리가 없습니다</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>It holds %1 pending entries: you will be asked to claim them first</source>
        <translation>Pending 엔트리 %1개를 보유 중입니다. 먼저 claim할지 묻습니다</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Claim all pending entries of %1</source>
        <translation>%1의 Pending 엔트리 모두 claim</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Entries idle less than this stay where they are: the consumer may be alive after all</source>
        <translation>idle 시간이 이보다 짧은 엔트리는 그대로 둡니다. 컨슈머가 아직 살아 있을 수 있습니다</translation>
    </message>
</context>
<context>
    <name>pelscope::ConsumerTableModel</name>
    <message>
        <location filename="../../models/itemmodels/consumer_table_model.cpp" line="+11"/>
        <source>active</source>
        <translation>활성</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>idle</source>
        <translation>idle</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>never active</source>
        <translation>활동 기록 없음</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>never</source>
        <translation>없음</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>stalled</source>
        <translation>멈춤</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>Holds %1 pending entries, idle %2 (as the pending entries list shows): crashed, or busy and not reading. Its entries wait for XCLAIM/XAUTOCLAIM.</source>
        <translation>Pending 엔트리 %1개를 보유하고 있으며 %2 동안 처리되지 않았습니다(Pending 엔트리 목록 기준): 중단되었거나, 바빠서 읽지 않는 중입니다. 이 엔트리들은 XCLAIM/XAUTOCLAIM을 기다립니다.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Keeps asking (last attempt %1 ago) but has read nothing for %2: nothing new for it, or it reads only new entries (&gt;) while its %3 pending entries wait.</source>
        <translation>계속 요청하지만(마지막 시도 %1 전) %2 동안 아무것도 읽지 못했습니다: 새 항목이 없거나, 새 항목(&gt;)만 읽고 있어 Pending 항목 %3개가 기다리고 있습니다.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Since the consumer&apos;s last attempt to read or claim (XINFO CONSUMERS idle), whether it got anything or not.</source>
        <translation>컨슈머가 마지막으로 읽거나 claim을 시도한 뒤로 지난 시간(XINFO CONSUMERS idle). 무엇을 받았는지와 상관없습니다.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Since the consumer last read or claimed an entry (XINFO CONSUMERS inactive). Redis 7.2, Valkey 7.2 and later report it; older servers do not, shown as —.</source>
        <translation>컨슈머가 마지막으로 항목을 읽거나 claim한 뒤로 지난 시간(XINFO CONSUMERS inactive). Redis 7.2, Valkey 7.2 이상이 알려 주며, 이전 서버는 알려 주지 않아 —로 표시합니다.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Consumer</source>
        <translation>컨슈머</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pending</source>
        <translation>Pending</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Idle</source>
        <translation>Idle</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Inactive</source>
        <translation>비활성</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>State</source>
        <translation>상태</translation>
    </message>
</context>
<context>
    <name>pelscope::DeliveryHistogramWidget</name>
    <message>
        <location filename="../../ui/charts/delivery_histogram_widget.cpp" line="+17"/>
        <location line="+1"/>
        <source>Delivery counts of pending entries</source>
        <translation>Pending 엔트리의 전달 횟수</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+12"/>
        <source>entries</source>
        <translation>엔트리</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>poison candidates</source>
        <translation>poison 후보</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>times delivered</source>
        <translation>전달 횟수</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>No pending entries.</source>
        <translation>Pending 엔트리가 없습니다.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sampled: rests on %1 of %2 pending entries (random probes); the head of the PEL is always inspected.</source>
        <translation>샘플링: Pending 엔트리 %2개 중 %1개 기준(무작위 조사). Pending 목록의 앞부분은 항상 검사합니다.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Walking the PEL: %1 of %2 entries inspected so far.</source>
        <translation>Pending 목록 순회 중: 지금까지 %2개 중 %1개 엔트리 검사함.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Exact: all %1 pending entries inspected. Dashed line: poison threshold (%2 deliveries).</source>
        <translation>정확: Pending 엔트리 %1개 모두 검사함. 점선: poison 임계값(전달 %2회).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>delivered once: %1</source>
        <translation>1회 전달: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>delivered %1 times: %2</source>
        <translation>%1회 전달: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1; poison threshold %2 deliveries. %3</source>
        <translation>%1. poison 기준 %2회 전달. %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no pending entries</source>
        <translation>Pending 엔트리 없음</translation>
    </message>
</context>
<context>
    <name>pelscope::DesktopAlerts</name>
    <message>
        <location filename="../../ui/desktop_alerts.cpp" line="+277"/>
        <source>Notifications for %1</source>
        <translation>%1 알림</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mute for 1 hour</source>
        <translation>1시간 동안 알림 끄기</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mute until it is OK again</source>
        <translation>OK가 될 때까지 알림 끄기</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mute always</source>
        <translation>항상 알림 끄기</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unmute</source>
        <translation>알림 켜기</translation>
    </message>
</context>
<context>
    <name>pelscope::DlqCategoryChart</name>
    <message>
        <location filename="../../ui/charts/dlq_category_chart.cpp" line="+36"/>
        <source>Dead letters by cause over time (category, else error)</source>
        <translation>원인별 데드 레터 추이 (카테고리, 없으면 오류)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dead letters by cause over time</source>
        <translation>원인별 데드 레터 추이</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>entries</source>
        <translation>엔트리</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>no dead letters read. %1</source>
        <translation>읽은 데드 레터 없음. %1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>MMM d</source>
        <comment>the dead-letter chart&apos;s date labels (QDateTime format)</comment>
        <translation>M월 d일</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+12"/>
        <source>no category or error</source>
        <translation>카테고리·오류 없음</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>%1 dead letters read: %2. %3</source>
        <translation>읽은 데드 레터 %1개: %2. %3</translation>
    </message>
</context>
<context>
    <name>pelscope::DlqEntryModel</name>
    <message>
        <location filename="../../models/itemmodels/dlq_entry_model.cpp" line="+207"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Failed at</source>
        <translation>실패 시각</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Category</source>
        <translation>분류</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Reason</source>
        <translation>사유</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deliveries</source>
        <translation>전달 횟수</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Source ID</source>
        <translation>원본 ID</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Fields</source>
        <translation>필드</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Size</source>
        <translation>크기</translation>
    </message>
</context>
<context>
    <name>pelscope::DlqPage</name>
    <message>
        <location filename="../../ui/pages/dlq_page.cpp" line="+26"/>
        <source>&lt;b&gt;Dead letters&lt;/b&gt;</source>
        <translation>&lt;b&gt;데드 레터&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No dead-letter streams found yet. Pelscope recognises &lt;code&gt;&amp;lt;stream&amp;gt;:dlq&lt;/code&gt;, &lt;code&gt;dlq:&amp;lt;stream&amp;gt;&lt;/code&gt;, &lt;code&gt;&amp;lt;stream&amp;gt;.dlq&lt;/code&gt;, &lt;code&gt;&amp;lt;stream&amp;gt;-dlq&lt;/code&gt; and &lt;code&gt;&amp;lt;stream&amp;gt;:dead&lt;/code&gt; next to a watched stream.</source>
        <translation>아직 데드 레터 스트림이 없습니다. Pelscope는 감시 중인 스트림 옆의 &lt;code&gt;&amp;lt;stream&amp;gt;:dlq&lt;/code&gt;, &lt;code&gt;dlq:&amp;lt;stream&amp;gt;&lt;/code&gt;, &lt;code&gt;&amp;lt;stream&amp;gt;.dlq&lt;/code&gt;, &lt;code&gt;&amp;lt;stream&amp;gt;-dlq&lt;/code&gt;, &lt;code&gt;&amp;lt;stream&amp;gt;:dead&lt;/code&gt;를 인식합니다.</translation>
    </message>
</context>
<context>
    <name>pelscope::DlqTab</name>
    <message>
        <location filename="../../ui/pages/dlq_tab.cpp" line="+61"/>
        <source>Load older</source>
        <translation>이전 엔트리 불러오기</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+297"/>
        <source>Requeue selected</source>
        <translation>선택 항목 재처리</translation>
    </message>
    <message>
        <location line="-296"/>
        <source>Requeue all matching</source>
        <translation>일치 항목 모두 재처리</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit and requeue…</source>
        <translation>편집 후 재처리…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+295"/>
        <source>Delete selected</source>
        <translation>선택 항목 삭제</translation>
    </message>
    <message>
        <location line="-294"/>
        <source>Export selected…</source>
        <translation>선택 항목 내보내기…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Any field</source>
        <translation>모든 필드</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Category is</source>
        <translation>카테고리 일치</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Reason contains</source>
        <translation>사유 포함</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ID starts with</source>
        <translation>ID 접두사</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <source>Search the loaded entries</source>
        <translation>불러온 엔트리 검색</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Any time</source>
        <translation>전체 기간</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last 15 min</source>
        <translation>최근 15분</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last hour</source>
        <translation>최근 1시간</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last 24 h</source>
        <translation>최근 24시간</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Search in</source>
        <translation>검색 범위</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Added since</source>
        <translation>추가 시점</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Entries of %1, newest first</source>
        <translation>%1의 엔트리, 최신순</translation>
    </message>
    <message>
        <location line="+113"/>
        <source>Could not read: %1</source>
        <translation>읽을 수 없음: %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Export failed: %1</source>
        <translation>내보내기 실패: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Exported %n entries to %1</source>
        <translation>
            <numerusform>엔트리 %n개를 %1에 내보냈습니다</numerusform>
        </translation>
    </message>
    <message>
        <location line="+22"/>
        <source>growth unknown yet</source>
        <translation>증가량 아직 알 수 없음</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;+%1 in the last %2&lt;/b&gt;</source>
        <translation>&lt;b&gt;최근 %2 동안 +%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no new entries in the last %1</source>
        <translation>최근 %1 동안 새 엔트리 없음</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>empty</source>
        <translation>비어 있음</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>newest %1 ago</source>
        <translation>최신 엔트리 %1 전</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b style=&apos;font-size:large&apos;&gt;%1&lt;/b&gt; &amp;nbsp; dead letters of &lt;b&gt;%2&lt;/b&gt; &amp;nbsp;│&amp;nbsp; &lt;b&gt;%3&lt;/b&gt; entries &amp;nbsp;│&amp;nbsp; %4 &amp;nbsp;│&amp;nbsp; %5</source>
        <translation>&lt;b style=&apos;font-size:large&apos;&gt;%1&lt;/b&gt; &amp;nbsp; &lt;b&gt;%2&lt;/b&gt;의 데드 레터 &amp;nbsp;│&amp;nbsp; 엔트리 &lt;b&gt;%3&lt;/b&gt;개 &amp;nbsp;│&amp;nbsp; %4 &amp;nbsp;│&amp;nbsp; %5</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>an unknown source</source>
        <translation>알 수 없는 원본</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>the newest %1 of %2 entries (load older ones to see further back)</source>
        <translation>엔트리 %2개 중 최신 %1개 (이전 엔트리를 불러오면 더 볼 수 있음)</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>all %n entries</source>
        <translation>
            <numerusform>엔트리 %n개 전체</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 shown of %2 loaded</source>
        <translation>불러온 %2개 중 %1개 표시</translation>
    </message>
    <message numerus="yes">
        <location line="+55"/>
        <source>The %n selected entries are scrolled out of view: scroll to them to act on them</source>
        <translation>
            <numerusform>선택한 엔트리 %n개가 화면 밖에 있습니다. 작업하려면 해당 엔트리로 스크롤하십시오</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select entries first</source>
        <translation>먼저 엔트리를 선택하십시오</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>Only the %n selected entries in view; %1 more selected are scrolled out of view and left alone</source>
        <translation>
            <numerusform>화면에 보이는 선택 엔트리 %n개만 처리합니다. 화면 밖에서 선택된 %1개는 그대로 둡니다</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Filter the entries first</source>
        <translation>먼저 엔트리를 필터링하십시오</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Select exactly one entry</source>
        <translation>엔트리를 하나만 선택하십시오</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Requeue %1 selected</source>
        <translation>선택한 %1개 재처리</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete %1 selected</source>
        <translation>선택한 %1개 삭제</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Requeue all with category &quot;%1&quot;</source>
        <translation>카테고리가 &quot;%1&quot;인 항목 모두 재처리</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Requeue all %1 shown</source>
        <translation>표시된 %1개 모두 재처리</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Cannot tell where this entry came from</source>
        <translation>이 엔트리의 원본을 알 수 없습니다</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Export dead letters</source>
        <translation>데드 레터 내보내기</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>JSON lines (*.jsonl);;CSV (*.csv)</source>
        <translation>JSON lines (*.jsonl);;CSV (*.csv)</translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <source>Exporting %n entries…</source>
        <translation>
            <numerusform>엔트리 %n개 내보내는 중…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>pelscope::EditEntryDialog</name>
    <message>
        <location filename="../../ui/dialogs/edit_entry_dialog.cpp" line="+33"/>
        <source>Edit and requeue %1</source>
        <translation>%1 편집 후 재처리</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The fields below will be added to &lt;b&gt;%1&lt;/b&gt; as a new entry, in this order; the dead letter is then deleted, atomically. Binary values cannot be edited here and are written back byte for byte.</source>
        <translation>아래 필드가 이 순서대로 &lt;b&gt;%1&lt;/b&gt;에 새 엔트리로 추가된 다음 데드 레터가 원자적으로 삭제됩니다. 바이너리 값은 여기서 편집할 수 없으며 바이트 그대로 다시 기록됩니다.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Keep</source>
        <translation>유지</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Field</source>
        <translation>필드</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>값</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fields of the entry</source>
        <translation>엔트리의 필드</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>(binary, %1 bytes, kept as is)</source>
        <translation>(바이너리, %1바이트, 그대로 유지)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Changes:</source>
        <translation>변경 사항:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Review requeue…</source>
        <translation>재처리 검토…</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>(no changes: the entry is requeued as stored)</source>
        <translation>(변경 없음: 저장된 그대로 재처리합니다)</translation>
    </message>
</context>
<context>
    <name>pelscope::EnableWritesDialog</name>
    <message>
        <location filename="../../ui/dialogs/write_dialogs.cpp" line="-113"/>
        <location line="+12"/>
        <source>Enable writes</source>
        <translation>쓰기 허용</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>&lt;p&gt;&lt;b&gt;Allow Pelscope to change data on %1?&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Requeue, delete, claim, acknowledge and move-to-DLQ become available. Each one still shows its exact commands and asks before it runs, and every write is recorded in the audit log.&lt;/p&gt;&lt;p&gt;Writes stay enabled until you disable them or the connection changes; every new session starts read-only.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Pelscope가 %1의 데이터를 변경하도록 허용하시겠습니까?&lt;/b&gt;&lt;/p&gt;&lt;p&gt;재처리, 삭제, claim, ACK, DLQ로 이동을 사용할 수 있게 됩니다. 각 작업은 실행 전에 정확한 명령을 보여 주고 확인을 받으며, 모든 쓰기는 감사 로그에 기록됩니다.&lt;/p&gt;&lt;p&gt;쓰기 허용은 직접 해제하거나 연결이 바뀔 때까지 유지됩니다. 새 세션은 항상 읽기 전용으로 시작합니다.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&lt;p style=&apos;color:%2&apos;&gt;&lt;b&gt;This connection is tagged PRODUCTION.&lt;/b&gt; Type its name to continue:&lt;/p&gt;&lt;p&gt;&lt;code&gt;%1&lt;/code&gt;&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:%2&apos;&gt;&lt;b&gt;이 연결에는 PRODUCTION 태그가 지정되어 있습니다.&lt;/b&gt; 계속하려면 연결 이름을 입력하십시오:&lt;/p&gt;&lt;p&gt;&lt;code&gt;%1&lt;/code&gt;&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>pelscope::EntryReader</name>
    <message>
        <location filename="../../models/polling/entry_reader.cpp" line="+169"/>
        <source>%1 is a %2, not a %3</source>
        <translation>%1의 타입은 %2입니다(%3 아님)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sorted set</source>
        <translation>sorted set</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>list</source>
        <translation>리스트</translation>
    </message>
</context>
<context>
    <name>pelscope::GroupPage</name>
    <message>
        <location filename="../../ui/pages/group_page.cpp" line="+107"/>
        <source>Unread lag and pending</source>
        <translation>미읽음 lag 및 Pending</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Oldest pending idle and how far behind</source>
        <translation>가장 오래된 Pending idle 및 밀림 정도</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>In and out rates (entries/s)</source>
        <translation>유입 및 유출 속도 (엔트리/초)</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Why this status</source>
        <translation>이 상태인 이유</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>5 min</source>
        <translation>5분</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>15 min</source>
        <translation>15분</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>1 h</source>
        <translation>1시간</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>6 h</source>
        <translation>6시간</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>24 h</source>
        <translation>24시간</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Window:</source>
        <translation>기간:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Chart window</source>
        <translation>차트 기간</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>nothing</source>
        <translation>없음</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a day earlier</source>
        <translation>하루 전</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a week earlier</source>
        <translation>일주일 전</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare with</source>
        <translation>비교 대상</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Draw the same window a day or a week earlier as a faint dashed line, from the recorded history</source>
        <translation>기록된 이력에서 하루 또는 일주일 전의 같은 구간을 흐린 점선으로 그립니다</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Compare with:</source>
        <translation>비교 대상:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Notifications</source>
        <translation>알림</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mute this group&apos;s desktop notifications</source>
        <translation>이 그룹의 데스크톱 알림 끄기</translation>
    </message>
    <message>
        <location line="+42"/>
        <location line="+97"/>
        <source>Consumers</source>
        <translation>컨슈머</translation>
    </message>
    <message>
        <location line="-92"/>
        <source>Pending entries (head of the PEL, poison candidates first)</source>
        <translation>Pending 엔트리 (Pending 목록 앞부분, poison 후보 우선)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Payload</source>
        <translation>페이로드</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Against the previous period</source>
        <translation>이전 기간과 비교</translation>
    </message>
    <message>
        <location line="+38"/>
        <location line="+1"/>
        <source>%1 %2</source>
        <comment>a chart&apos;s threshold line: its status and value</comment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Consumers of %1</source>
        <translation>%1의 컨슈머</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pending entries of %1</source>
        <translation>%1의 Pending 엔트리</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>as read %1 ago</source>
        <translation>%1 전에 읽은 값</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The consumers are read every few polls, not every poll: their idle times are as old as this.</source>
        <translation>컨슈머 정보는 폴링 때마다가 아니라 몇 번에 한 번 읽습니다. 유휴 시간도 그만큼 오래된 값입니다.</translation>
    </message>
    <message>
        <location line="+27"/>
        <source> &lt;span style=&apos;color:%1&apos;&gt;(not in the latest poll)&lt;/span&gt;</source>
        <translation> &lt;span style=&apos;color:%1&apos;&gt;(최근 폴링에 없음)&lt;/span&gt;</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>for about %1 (since ≈ %2, %3)</source>
        <translation>약 %1째 (≈ %2부터, %3)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>for %1 (since %2)</source>
        <translation>%1째 (%2부터)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>for at least %1 (already when watching began at %2)</source>
        <translation>최소 %1째 (%2에 관찰을 시작했을 때 이미 이 상태)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 holds %2 entry idle %3</source>
        <translation>컨슈머 %1: 엔트리 %2개를 %3 동안 처리하지 않고 보유 중</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 holds %2 entries idle %3</source>
        <translation>컨슈머 %1: 엔트리 %2개를 %3 동안 처리하지 않고 보유 중</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> (and %1 more consumers holding old entries)</source>
        <translation> (오래된 엔트리를 보유한 컨슈머 %1개 더)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&lt;span style=&apos;color:%1&apos;&gt;No rule is broken.&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;위반된 규칙이 없습니다.&lt;/span&gt;</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Runbook: %1</source>
        <translation>런북: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Lag: %1</source>
        <translation>Lag: %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 first seen %2%3</source>
        <translation>%1 최초 감지 %2%3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 %2 → %3%4</source>
        <translation>%1 %2 → %3%4</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;br&gt;&lt;span style=&apos;color:%2&apos;&gt;Status changes: %1&lt;/span&gt;</source>
        <translation>&lt;br&gt;&lt;span style=&apos;color:%2&apos;&gt;상태 변경: %1&lt;/span&gt;</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unknown (%1)</source>
        <translation>알 수 없음(%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>last-delivered-id %1 · entries-read %2 · lag %3 · pending %4 · stream length %5</source>
        <translation>last-delivered-id %1 · entries-read %2 · lag %3 · Pending %4 · 스트림 길이 %5</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown</source>
        <translation>알 수 없음</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>%1 from %2</source>
        <translation>%2부터 %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>recorded since %1</source>
        <translation>%1부터 기록됨</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>asking Prometheus for the earlier part…</source>
        <translation>이전 구간을 Prometheus에서 가져오는 중…</translation>
    </message>
</context>
<context>
    <name>pelscope::GroupTableModel</name>
    <message>
        <location filename="../../models/itemmodels/group_table_model_text.cpp" line="+67"/>
        <source>unknown</source>
        <translation>알 수 없음</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 (%2 stalled)</source>
        <translation>%1 (멈춤 %2)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>growing +%1/s</source>
        <translation>증가 +%1/s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>clear</source>
        <translation>없음</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>steady</source>
        <translation>유지</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>now</source>
        <translation>방금</translation>
    </message>
    <message>
        <location line="+0"/>
        <source> ago</source>
        <translation> 전</translation>
    </message>
    <message>
        <location line="+171"/>
        <source>No rule is broken</source>
        <translation>위반한 규칙 없음</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No status change recorded for this group yet</source>
        <translation>이 그룹의 상태 변화가 아직 기록되지 않았습니다</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 since about %2, %3: it already was when Pelscope began watching</source>
        <translation>%1: 약 %2부터 (%3). Pelscope가 관찰을 시작했을 때 이미 이 상태였습니다</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 at least since %2: it already was when recording began, so it may have started earlier</source>
        <translation>최소 %2부터 %1: 기록을 시작할 때 이미 이 상태였으므로 더 일찍 시작되었을 수 있습니다</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 since %2</source>
        <translation>%2부터 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Not known yet: a rate needs two polls</source>
        <translation>아직 알 수 없음: 속도는 두 번의 폴링이 필요합니다</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 entries added to the stream per second, over the last %2</source>
        <translation>최근 %2 동안 스트림에 초당 %1 엔트리 추가</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 entries delivered to the group per second, over the last %2</source>
        <translation>최근 %2 동안 그룹에 초당 %1 엔트리 전달</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This node did not answer the last poll: the values are from an earlier tick</source>
        <translation>이 노드가 마지막 폴링에 응답하지 않았습니다. 이전 틱의 값입니다</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The oldest entry not yet delivered to the group was added %1 ago</source>
        <translation>그룹에 아직 전달되지 않은 가장 오래된 엔트리가 %1 전에 추가되었습니다</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No dead-letter stream found for this stream</source>
        <translation>이 스트림의 데드 레터 스트림을 찾지 못했습니다</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2 entries%3; Enter on this cell browses them</source>
        <translation>%1: 엔트리 %2개%3. 이 셀에서 Enter를 누르면 탐색합니다</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, +%1 in the last %2</source>
        <translation>, 최근 %2 동안 +%1</translation>
    </message>
    <message>
        <location line="-189"/>
        <source>lag</source>
        <translation>Lag</translation>
    </message>
    <message>
        <location line="-63"/>
        <source>just now</source>
        <translation>방금</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>oldest pending idle</source>
        <translation>가장 오래된 Pending idle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>behind</source>
        <translation>밀림</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>%1 over the last 15 minutes: not known yet</source>
        <translation>최근 15분의 %1: 아직 모름</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>too little history yet to say where it is heading</source>
        <translation>추세를 말하기에는 기록이 아직 부족함</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 now %2; lowest %3, highest %4 over 15 minutes; %5; warn at %6, crit at %7</source>
        <translation>%1 현재 %2; 15분 동안 최저 %3, 최고 %4; %5; 경고 %6, 위험 %7</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>%1 about flat over %2</source>
        <translation>%1: %2 동안 거의 변화 없음</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 up from %2 to %3 in %4</source>
        <translation>%1: %4 동안 %2 → %3 증가</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 up %2 in %3</source>
        <translation>%1: %3 동안 %2 증가</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 down %2 in %3</source>
        <translation>%1: %3 동안 %2 감소</translation>
    </message>
    <message>
        <location line="+91"/>
        <source>%1. Drawn from 0, with the warn (amber) and crit (red) lines; the measure is the one that explains the status, lag when the group is OK.</source>
        <translation>%1. 0부터 그리며 경고(주황)와 위험(빨강) 선을 함께 표시합니다. 상태를 설명하는 지표이며, 그룹이 OK이면 Lag입니다.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Read at %1 (server time). %2 of %3 groups are read each poll, in turn: each at least every %4 polls.</source>
        <translation>%1에 읽음(서버 시간). 폴링마다 그룹 %3개 중 %2개를 차례로 읽으며, 각 그룹은 최소 %4번의 폴링마다 읽힙니다.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Lower bound from the %1 entries inspected; upper bound from the oldest entry&apos;s ID</source>
        <translation>하한: 검사한 엔트리 %1개 기준, 상한: 가장 오래된 엔트리의 ID 기준</translation>
    </message>
    <message>
        <location filename="../../models/itemmodels/group_table_model.cpp" line="+248"/>
        <source>Desktop notifications muted</source>
        <translation>데스크톱 알림 꺼짐</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>
Desktop notifications muted</source>
        <translation>
데스크톱 알림 꺼짐</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1, desktop notifications muted</source>
        <translation>%1, 데스크톱 알림 꺼짐</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Status</source>
        <translation>상태</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>For</source>
        <translation>지속</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connection</source>
        <translation>연결</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Node</source>
        <translation>노드</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stream</source>
        <translation>스트림</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Group</source>
        <translation>그룹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lag</source>
        <translation>Lag</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Behind</source>
        <translation>밀림</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pending</source>
        <translation>Pending</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Oldest pending idle</source>
        <translation>가장 오래된 Pending idle</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Consumers</source>
        <translation>컨슈머</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Max deliveries</source>
        <translation>최대 전달 횟수</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>In</source>
        <translation>유입</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Out</source>
        <translation>유출</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drains</source>
        <translation>해소</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dead letters</source>
        <translation>데드 레터</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trend, 15 min</source>
        <translation>추세, 15분</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>How long the group&apos;s incident has lasted: since it left OK, as watched or recorded. &quot;≈&quot;: dated by the data (an entry&apos;s idle or ID against its threshold) because it already was when watching began; &quot;≥&quot;: at least that long, the data cannot say.</source>
        <translation>그룹의 장애가 이어진 시간: 정상에서 벗어난 때부터(관찰 또는 기록 기준). &quot;≈&quot;: 관찰을 시작했을 때 이미 장애여서 데이터(엔트리의 idle이나 ID와 임계값)로 추정; &quot;≥&quot;: 최소 그만큼이며 데이터로는 알 수 없음.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Entries added to the stream per second, over the last minute of polls (rate_window).</source>
        <translation>최근 1분 동안의 폴링 기준 스트림에 초당 추가된 엔트리 수 (rate_window).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Entries delivered to the group per second, over the last minute of polls (rate_window).</source>
        <translation>최근 1분 동안의 폴링 기준 그룹에 초당 전달된 엔트리 수 (rate_window).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Will the lag clear by itself: when, at the pace of the last minute (a fit of lag over the polls); &quot;growing&quot; when it will not at this pace; &quot;steady&quot; when as much goes out as comes in; — with why when it cannot say.</source>
        <translation>Lag가 저절로 해소될지: 최근 1분의 속도(폴링별 Lag 추세)로 언제 해소되는지; 이 속도로 해소되지 않으면 &quot;증가&quot;; 들어온 만큼 나가면 &quot;유지&quot;; 알 수 없으면 — (이유는 툴팁).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The measure that explains the status (oldest pending idle, behind, or lag) over the last 15 minutes, drawn from 0 with its warn and crit lines; lag when the group is OK. Hover a cell for its numbers.</source>
        <translation>상태를 설명하는 지표(가장 오래된 Pending idle, 밀림, Lag)의 최근 15분 추세를 0부터 경고·위험 선과 함께 그립니다. 그룹이 OK이면 Lag입니다. 셀에 마우스를 올리면 수치가 보입니다.</translation>
    </message>
    <message>
        <location line="-25"/>
        <source>Read</source>
        <translation>읽은 시점</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Why</source>
        <translation>사유</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The group&apos;s health: CRIT, WARN or OK by the rules in Why. Sorted worst first.</source>
        <translation>그룹의 상태: 사유 열의 규칙에 따라 위험, 경고 또는 정상. 가장 나쁜 것부터 정렬됩니다.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The connection (profile name or address) the group belongs to.</source>
        <translation>그룹이 속한 연결(프로필 이름 또는 주소).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Redis Cluster: the master holding the stream (stale when it did not answer).</source>
        <translation>Redis Cluster: 스트림을 가진 마스터(응답이 없으면 오래된 값으로 표시).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The stream key.</source>
        <translation>스트림 키.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The consumer group.</source>
        <translation>컨슈머 그룹.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Entries added to the stream that the group has not read yet (XINFO GROUPS lag). &quot;unknown&quot; when Redis cannot count them; hover for why.</source>
        <translation>스트림에 추가되었지만 그룹이 아직 읽지 않은 엔트리(XINFO GROUPS lag). Redis가 셀 수 없으면 &quot;unknown&quot;이며, 마우스를 올리면 이유가 표시됩니다.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>How far behind in time: the age of the oldest entry the group has not been delivered yet (from its ID). — when nothing is unread.</source>
        <translation>시간상 밀린 정도: 그룹에 아직 전달되지 않은 가장 오래된 엔트리의 경과 시간(ID 기준). 미읽음이 없으면 —.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Entries delivered to a consumer and not acknowledged yet (the PEL).</source>
        <translation>컨슈머에 전달되었지만 아직 ACK되지 않은 엔트리(PEL).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How long the oldest pending entry has waited since its last delivery. A range a..b when the PEL is too large to read whole.</source>
        <translation>가장 오래된 Pending 엔트리가 마지막 전달 이후 기다린 시간. PEL이 너무 커서 전부 읽을 수 없으면 a..b 범위로 표시됩니다.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The group&apos;s consumers; &quot;(N stalled)&quot;: holding pending entries idle past consumer_idle_warn (5 minutes by default), as the pending entries list shows.</source>
        <translation>그룹의 컨슈머 수. &quot;(멈춤 N)&quot;: Pending 엔트리 목록상 consumer_idle_warn(기본 5분) 이상 처리되지 않은 엔트리를 보유한 컨슈머.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The highest delivery count among pending entries: an entry delivered again and again is likely poison.</source>
        <translation>Pending 엔트리 중 가장 높은 전달 횟수: 반복해서 전달되는 엔트리는 poison 메시지일 가능성이 높습니다.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The stream&apos;s dead-letter stream: its length and recent growth. Enter on the cell opens it.</source>
        <translation>스트림의 데드 레터 스트림: 길이와 최근 증가량. 셀에서 Enter를 누르면 열립니다.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>How long ago the row&apos;s values were read. Shown when there are more groups than one poll reads: streams are then read in turn, each at least every few polls, and the others keep their last values.</source>
        <translation>이 행의 값을 읽은 지 얼마나 지났는지. 한 번의 폴링으로 읽을 수 있는 것보다 그룹이 많을 때 표시됩니다. 이때 스트림은 차례로 읽히며(각각 최소 몇 번의 폴링마다 한 번), 나머지는 마지막 값을 유지합니다.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every rule the group breaks, in words. The selected row&apos;s reasons are also shown in full under the table.</source>
        <translation>그룹이 위반한 모든 규칙을 문장으로 표시합니다. 선택한 행의 사유는 표 아래에도 전체가 표시됩니다.</translation>
    </message>
</context>
<context>
    <name>pelscope::HistoryFileWindow</name>
    <message>
        <location filename="../../ui/pages/history_file_window.cpp" line="+49"/>
        <source>first seen</source>
        <translation>최초 관측</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>dead consumer</source>
        <translation>멈춘 컨슈머</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>status →</source>
        <translation>상태 →</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Unread lag and pending</source>
        <translation>미읽음 lag 및 Pending</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Oldest pending idle and how far behind</source>
        <translation>가장 오래된 Pending idle 및 밀림</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>In and out rates (entries/s)</source>
        <translation>유입 및 유출 속도(엔트리/s)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Status</source>
        <translation>상태</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Stream</source>
        <translation>스트림</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+32"/>
        <source>Group</source>
        <translation>그룹</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>Lag</source>
        <translation>Lag</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pending</source>
        <translation>Pending</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Oldest idle</source>
        <translation>최장 idle</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Behind</source>
        <translation>밀림</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Last recorded</source>
        <translation>마지막 기록</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The status at the group&apos;s last record</source>
        <translation>그룹의 마지막 기록 시점 상태</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Recorded groups</source>
        <translation>기록된 그룹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recorded events</source>
        <translation>기록된 이벤트</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>last hour recorded</source>
        <translation>기록된 최근 1시간</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>last 6 hours recorded</source>
        <translation>기록된 최근 6시간</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>last day recorded</source>
        <translation>기록된 최근 1일</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>last 7 days recorded</source>
        <translation>기록된 최근 7일</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>everything recorded</source>
        <translation>기록 전체</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>nothing</source>
        <translation>없음</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a day earlier</source>
        <translation>하루 전</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a week earlier</source>
        <translation>일주일 전</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare with</source>
        <translation>비교 대상</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Time</source>
        <translation>시각</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>What</source>
        <translation>종류</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Detail</source>
        <translation>세부 정보</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Show:</source>
        <translation>표시:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compare with:</source>
        <translation>비교 대상:</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>%1 holds no recorded polls</source>
        <translation>%1에 기록된 폴링이 없습니다</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>History of %1 (read-only) — Pelscope</source>
        <translation>%1 기록(읽기 전용) — Pelscope</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;Recorded history&lt;/b&gt; of %1 · %2 to %3 · read-only copy of &lt;tt&gt;%4&lt;/tt&gt; · Redis is not contacted</source>
        <translation>%1의 &lt;b&gt;기록 이력&lt;/b&gt; · %2 ~ %3 · &lt;tt&gt;%4&lt;/tt&gt;의 읽기 전용 사본 · Redis에 연결하지 않음</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;Recorded history&lt;/b&gt; of %1 · %2 to %3 · &lt;tt&gt;%4&lt;/tt&gt;, read where it is, read-only · Redis is not contacted</source>
        <translation>%1의 &lt;b&gt;기록 이력&lt;/b&gt; · %2 ~ %3 · &lt;tt&gt;%4&lt;/tt&gt; 원본을 그 자리에서 읽기 전용으로 읽음 · Redis에 연결하지 않음</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>an unnamed connection</source>
        <translation>이름 없는 연결</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>(connection)</source>
        <translation>(연결)</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>not recorded</source>
        <translation>기록 없음</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>%1, a day earlier</source>
        <translation>%1, 하루 전</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1, a week earlier</source>
        <translation>%1, 일주일 전</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>recorded · %1 points</source>
        <translation>기록됨 · 포인트 %1개</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>nothing recorded a day earlier</source>
        <translation>하루 전 기록 없음</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>nothing recorded a week earlier</source>
        <translation>일주일 전 기록 없음</translation>
    </message>
</context>
<context>
    <name>pelscope::HistorySettingsDialog</name>
    <message>
        <location filename="../../ui/dialogs/history_settings_dialog.cpp" line="+27"/>
        <source>History settings</source>
        <translation>기록 설정</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> days</source>
        <translation> 일</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Polls older than this are deleted from each connection&apos;s history file.</source>
        <translation>이보다 오래된 폴링은 각 연결의 기록 파일에서 삭제됩니다.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> MB</source>
        <translation> MB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no cap</source>
        <translation>제한 없음</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Above this size the oldest coarse data of a connection&apos;s history goes first.</source>
        <translation>이 크기를 넘으면 연결 기록 중 가장 오래된 저해상도 데이터부터 삭제됩니다.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keep history for</source>
        <translation>기록 보존 기간</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At most, per connection</source>
        <translation>연결당 최대</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>For connections opened from now on (and at the next start); open tabs keep theirs until they are reconnected. --history-days and --history-max-mb on the command line win.</source>
        <translation>지금부터 여는 연결(및 다음 시작 시)에 적용됩니다. 열려 있는 탭은 다시 연결할 때까지 기존 설정을 유지합니다. 명령줄의 --history-days 및 --history-max-mb가 우선합니다.</translation>
    </message>
</context>
<context>
    <name>pelscope::IncidentExportDialog</name>
    <message>
        <location filename="../../ui/incident_export.cpp" line="+80"/>
        <source>Include the dead letters&apos; payloads</source>
        <translation>데드 레터의 페이로드 포함</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export incident report</source>
        <translation>장애 보고서 내보내기</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Browse…</source>
        <translation>찾아보기…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the last 15 minutes</source>
        <translation>최근 15분</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the last hour</source>
        <translation>최근 1시간</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the last 6 hours</source>
        <translation>최근 6시간</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the last 24 hours</source>
        <translation>최근 24시간</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Off: each dead letter&apos;s metadata only (id, reason, category), its payload&apos;s size said. Payloads may hold customer data; include them only when the report stays with people allowed to read it.</source>
        <translation>끄면 각 데드 레터의 메타데이터(ID, 사유, 분류)만 쓰고 페이로드는 크기만 적습니다. 페이로드에는 고객 데이터가 있을 수 있으니, 열람 권한이 있는 사람만 보는 보고서일 때만 포함하십시오.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Folder (new or empty):</source>
        <translation>폴더 (새 폴더 또는 빈 폴더):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>History and audit of:</source>
        <translation>이력 및 감사 범위:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dead letters per stream:</source>
        <translation>스트림별 데드 레터 수:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Writes summary.md, snapshot.json, each group&apos;s recorded series (CSV), a picture of each sick group&apos;s charts, the newest dead letters and the audit log&apos;s lines, and a .zip of the folder beside it. No password is written.</source>
        <translation>summary.md, snapshot.json, 그룹별 기록 시계열(CSV), 문제 그룹별 차트 그림, 최신 데드 레터, 감사 로그 줄을 쓰고, 폴더 옆에 .zip을 만듭니다. 비밀번호는 쓰지 않습니다.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Export</source>
        <translation>내보내기</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Folder for the report</source>
        <translation>보고서 폴더</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Writing the incident report to %1…</source>
        <translation>%1에 장애 보고서를 쓰는 중…</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Incident report</source>
        <translation>장애 보고서</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Written to %1 (%2 group series, %3 chart pictures, %4 dead letters, %5 audit lines)%6.</source>
        <translation>%1에 저장했습니다 (그룹 시계열 %2개, 차트 그림 %3개, 데드 레터 %4개, 감사 로그 %5줄)%6.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> and %1</source>
        <translation> 및 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The report in %1 is incomplete: %2</source>
        <translation>%1의 보고서가 불완전합니다: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open folder</source>
        <translation>폴더 열기</translation>
    </message>
</context>
<context>
    <name>pelscope::JobQueuePage</name>
    <message>
        <location filename="../../ui/pages/job_queue_page.cpp" line="+37"/>
        <source>Waiting</source>
        <translation>대기</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paused</source>
        <translation>일시 정지</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prioritized</source>
        <translation>우선순위</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Active</source>
        <translation>실행 중</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reserved</source>
        <translation>예약됨(워커가 가져감)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scheduled</source>
        <translation>예정</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Retries</source>
        <translation>재시도</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>실패</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dead</source>
        <translation>데드</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 waiting</source>
        <translation>%1 대기</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>paused</source>
        <translation>일시 정지됨</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the oldest waiting %1</source>
        <translation>가장 오래 기다린 작업 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>nothing taken for %1</source>
        <translation>%1 동안 가져간 작업 없음</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 held by workers</source>
        <translation>워커가 잡고 있는 작업 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of them by no live worker</source>
        <translation>그중 %1개는 살아 있는 워커 없음</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 scheduled, %2 due</source>
        <translation>예정 %1, 만기 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the oldest due %1 late</source>
        <translation>가장 오래된 만기 작업 %1 지연</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 failed</source>
        <translation>%1 실패</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 waiting on their children</source>
        <translation>자식 작업을 기다리는 작업 %1개</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rate limited: the window ends in %1</source>
        <translation>속도 제한: %1 후 창 종료</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 worker connection(s)</source>
        <translation>워커 연결 %1개</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 worker(s) alive</source>
        <translation>살아 있는 워커 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Jobs</source>
        <translation>작업</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>How long</source>
        <translation>경과 시간</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Refresh</source>
        <translation>새로 고침</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Where the framework keeps this queue&apos;s jobs: waiting, held, scheduled, failed</source>
        <translation>프레임워크가 이 큐의 작업을 두는 곳: 대기, 실행 중, 예정, 실패</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Which of the queue&apos;s keys to browse</source>
        <translation>살펴볼 큐의 키</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>&lt;b&gt;%1&lt;/b&gt; &amp;nbsp;(%2)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; &amp;nbsp;(%2)</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>held</source>
        <translation>잡혀 있음</translation>
    </message>
    <message>
        <location line="+110"/>
        <source>%1…</source>
        <translation>%1…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Restore selected…</source>
        <translation>선택 항목 복원…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Requeue selected…</source>
        <translation>선택 항목 다시 큐에 넣기…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Retry selected…</source>
        <translation>선택 항목 재시도…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Requeue by error…</source>
        <translation>오류로 골라 다시 큐에 넣기…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Retry by error…</source>
        <translation>오류로 골라 재시도…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Gives every reservation in %1 older than the visibility timeout (%2) back to its queue, as kombu&apos;s own restore does; the exact commands are shown first</source>
        <translation>%1에서 visibility timeout(%2)보다 오래된 모든 예약을 kombu 자체의 복원처럼 큐로 돌려줍니다. 정확한 명령을 먼저 보여 줍니다</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Puts every job of %1 back on its queue, as the framework&apos;s own retry does; the exact commands are shown first</source>
        <translation>%1의 모든 작업을 프레임워크 자체의 재시도처럼 큐로 되돌립니다. 정확한 명령을 먼저 보여 줍니다</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Only the jobs of %1 whose error contains a text you give</source>
        <translation>%1의 작업 중 입력한 텍스트가 오류에 들어 있는 것만</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Browse %1 and select jobs first</source>
        <translation>먼저 %1을(를) 열어 작업을 선택하세요</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select jobs first (a job over 64 KiB cannot be named here: use pelscope-cli)</source>
        <translation>먼저 작업을 선택하세요 (64 KiB가 넘는 작업은 여기서 지정할 수 없음: pelscope-cli 사용)</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Only the jobs of %1 whose error contains:</source>
        <translation>%1의 작업 중 오류에 다음이 들어 있는 것만:</translation>
    </message>
    <message>
        <location line="-167"/>
        <source>&lt;b&gt;%1&lt;/b&gt; &amp;nbsp;(%2, read only)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; &amp;nbsp;(%2, 읽기 전용)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>job framework</source>
        <translation>작업 프레임워크</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Jobs of %1</source>
        <translation>%1의 작업</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>waiting</source>
        <translation>대기 중</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scheduled</source>
        <translation>예정</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failed</source>
        <translation>실패</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>workers</source>
        <translation>워커</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reserved</source>
        <translation>예약됨</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>active</source>
        <translation>실행 중</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>due</source>
        <translation>만기</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>oldest waiting</source>
        <translation>가장 오래 기다린 작업</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>oldest due, late by</source>
        <translation>가장 오래된 만기 작업의 지연</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>oldest held</source>
        <translation>가장 오래 잡혀 있는 작업</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>from the right end</source>
        <translation>오른쪽 끝부터</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>newest first</source>
        <translation>최신 순</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lowest score first</source>
        <translation>score가 낮은 순</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>earliest first</source>
        <translation>이른 순</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Not in the last poll: the framework&apos;s keys for it are gone, or were not read.</source>
        <translation>마지막 폴링에 없음: 프레임워크의 해당 키가 사라졌거나 읽히지 않았습니다.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Could not read: %1</source>
        <translation>읽을 수 없음: %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&lt;b&gt;Stopped holding jobs:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;작업을 잡은 채 멈춤:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Listed, but their own key is gone:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;목록에는 있으나 자기 키가 사라짐:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Flow parents waiting on a failed child:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;실패한 자식 작업을 기다리는 플로 부모:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Newest failure:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;최근 실패:&lt;/b&gt; %1</translation>
    </message>
</context>
<context>
    <name>pelscope::MainWindow</name>
    <message>
        <location filename="../../ui/main_window.cpp" line="+75"/>
        <source>Show Pelscope</source>
        <translation>Pelscope 표시</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Quit</source>
        <translation>종료</translation>
    </message>
    <message>
        <location line="+94"/>
        <location line="+87"/>
        <source>Connecting…</source>
        <translation>연결 중…</translation>
    </message>
    <message>
        <location line="-72"/>
        <location line="+111"/>
        <source>All connections</source>
        <translation>모든 연결</translation>
    </message>
    <message>
        <location line="-90"/>
        <source>A write is running</source>
        <translation>쓰기 작업 실행 중</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Wait for the write on %1 to finish before closing it.</source>
        <translation>닫기 전에 %1의 쓰기 작업이 끝날 때까지 기다리십시오.</translation>
    </message>
    <message>
        <location line="+54"/>
        <source> (stale)</source>
        <translation> (갱신 안 됨)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source> (%1 crit)</source>
        <translation> (위험 %1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (%1 warn)</source>
        <translation> (경고 %1)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> — WRITES ON</source>
        <translation> — 쓰기 허용됨</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&amp;Writes enabled (turn off)</source>
        <translation>쓰기 허용됨(끄기)(&amp;W)</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../../ui/main_window_menus.cpp" line="-105"/>
        <source>Enable &amp;writes…</source>
        <translation>쓰기 허용(&amp;W)…</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Cannot open the history</source>
        <translation>기록을 열 수 없습니다</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_menus.cpp" line="-27"/>
        <source>&amp;Connection</source>
        <translation>연결(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Connect…</source>
        <translation>연결(&amp;C)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Point the current tab at another server</source>
        <translation>현재 탭을 다른 서버에 연결</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Add a connection…</source>
        <translation>연결 추가(&amp;A)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Watch one more server in a new tab</source>
        <translation>새 탭에서 서버를 하나 더 모니터링</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Recent</source>
        <translation>최근 항목(&amp;R)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Re&amp;connect now</source>
        <translation>지금 다시 연결(&amp;C)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>C&amp;lose this connection</source>
        <translation>이 연결 닫기(&amp;L)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Every connection starts read-only; the switch is per connection</source>
        <translation>모든 연결은 읽기 전용으로 시작하며, 이 전환은 연결별로 적용됩니다</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Open &amp;history file…</source>
        <translation>기록 파일 열기(&amp;H)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open a recorded history (read-only)</source>
        <translation>기록 파일 열기(읽기 전용)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pelscope history (*.sqlite);;All files (*)</source>
        <translation>Pelscope 기록 (*.sqlite);;모든 파일 (*)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>History &amp;settings…</source>
        <translation>기록 설정(&amp;S)…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Show the &amp;audit log path</source>
        <translation>감사 로그 경로 표시(&amp;A)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Audit log: %1</source>
        <translation>감사 로그: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Export incident report…</source>
        <translation>장애 보고서 내보내기(&amp;E)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open a connection&apos;s tab to export its incident report</source>
        <translation>장애 보고서를 내보내려면 연결 탭을 여십시오</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Mark a moment…</source>
        <translation>지금 시점 표시(&amp;M)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open a connection&apos;s tab to mark a moment in its history</source>
        <translation>기록에 시점을 표시하려면 연결 탭을 여세요</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>The mark was not shared: it is kept in this computer&apos;s history only</source>
        <translation>표시를 공유하지 않았습니다: 이 컴퓨터의 기록에만 남습니다</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Marks this moment on the connection&apos;s charts and in its history, report and history --json</source>
        <translation>이 시점을 연결의 차트와 기록, 보고서, history --json에 표시합니다</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Quit</source>
        <translation>종료(&amp;Q)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;View</source>
        <translation>보기(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;All connections</source>
        <translation>모든 연결(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Overview</source>
        <translation>개요(&amp;O)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Reopen the last page at start</source>
        <translation>시작 시 마지막 페이지 다시 열기</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Off: every start shows the overview, the place to begin during a new incident</source>
        <translation>끄면 시작할 때마다 개요를 표시합니다(새 장애 대응의 출발점)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keep running in the tray when closed</source>
        <translation>닫으면 트레이에서 계속 실행</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Closing the window keeps polling and notifying; the tray icon&apos;s menu quits</source>
        <translation>창을 닫아도 폴링과 알림은 계속됩니다. 종료는 트레이 아이콘 메뉴에서 합니다</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This desktop has no system tray</source>
        <translation>이 데스크톱에는 시스템 트레이가 없습니다</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Status as CRIT/WARN/OK codes</source>
        <translation>상태를 CRIT/WARN/OK 코드로 표시</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The pills, alerts and summaries say CRIT, WARN and OK instead of the words of the window&apos;s language</source>
        <translation>상태 표시, 알림, 요약에 창 언어의 단어 대신 CRIT, WARN, OK를 씁니다</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+3"/>
        <source>A&amp;lerts…</source>
        <translation>알림(&amp;L)…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>A&amp;lerts (%1 new)…</source>
        <translation>알림(&amp;L) (새 알림 %1개)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Dead letters</source>
        <translation>데드 레터(&amp;D)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Refresh now</source>
        <translation>지금 새로 고침(&amp;R)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Help</source>
        <translation>도움말(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Keyboard shortcuts</source>
        <translation>키보드 단축키(&amp;K)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="+60"/>
        <source>Profile %1: %2</source>
        <translation>프로필 %1: %2</translation>
    </message>
    <message>
        <location filename="../../ui/app_language.cpp" line="+76"/>
        <source>&amp;Language</source>
        <translation>언어(&amp;L)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>System language</source>
        <translation>시스템 언어</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Language</source>
        <translation>언어</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pelscope will speak %1 from its next start.</source>
        <translation>Pelscope를 다시 시작하면 표시 언어가 바뀝니다: %1.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the system&apos;s language</source>
        <translation>시스템 언어</translation>
    </message>
</context>
<context>
    <name>pelscope::MarkMomentDialog</name>
    <message>
        <location filename="../../ui/dialogs/mark_moment_dialog.cpp" line="+21"/>
        <source>Mark a moment</source>
        <translation>지금 시점 표시</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>What happened now (a deploy, a restart, a config change):</source>
        <translation>지금 무슨 일이 있었나요(배포, 재시작, 설정 변경):</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What happened</source>
        <translation>있었던 일</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Share with the team</source>
        <translation>팀과 공유</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No annotations stream is named for this connection (--annotations-stream KEY): the mark stays in this computer&apos;s history</source>
        <translation>이 연결에는 주석 스트림이 지정되지 않았습니다(--annotations-stream KEY): 표시는 이 컴퓨터의 기록에만 남습니다</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Share with the team: add it to %1 (a write, shown before it runs)</source>
        <translation>팀과 공유(&amp;S): %1에 추가(쓰기 작업, 실행 전에 표시)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Everyone whose Pelscope reads %1 sees the mark on their charts</source>
        <translation>%1을 읽는 모든 Pelscope의 차트에 표시가 나타납니다</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Mark</source>
        <translation>표시(&amp;M)</translation>
    </message>
</context>
<context>
    <name>pelscope::OverviewPage</name>
    <message>
        <location filename="../../ui/pages/overview_page.cpp" line="+82"/>
        <source>Filter streams and groups (Ctrl+F; Down or Enter to the table)</source>
        <translation>스트림 및 그룹 필터(Ctrl+F, 아래 화살표 또는 Enter로 표 이동)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Filter streams and groups</source>
        <translation>스트림과 그룹 필터</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ctrl+F; Down or Enter goes to the table</source>
        <translation>Ctrl+F. 아래 화살표나 Enter로 표로 이동</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Connecting…</source>
        <translation>연결 중…</translation>
    </message>
    <message>
        <location line="+119"/>
        <source>No group matches the filter.</source>
        <translation>필터에 맞는 그룹이 없습니다.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No stream with a consumer group: the one stream found is a job framework&apos;s own log (BullMQ&apos;s events or RQ&apos;s results), not a pipeline. The frameworks&apos; queues are listed below.</source>
        <translation>컨슈머 그룹이 있는 스트림이 없습니다: 찾은 스트림 하나는 작업 프레임워크 자체의 로그(BullMQ의 이벤트 또는 RQ의 결과)이며 파이프라인이 아닙니다. 프레임워크의 큐는 아래에 있습니다.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No stream with a consumer group: the %1 streams found are job frameworks&apos; own logs (BullMQ&apos;s events, RQ&apos;s results), not pipelines. The frameworks&apos; queues are listed below.</source>
        <translation>컨슈머 그룹이 있는 스트림이 없습니다: 찾은 스트림 %1개는 작업 프레임워크 자체의 로그(BullMQ의 이벤트, RQ의 결과)이며 파이프라인이 아닙니다. 프레임워크의 큐는 아래에 있습니다.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>1 stream found, without a consumer group: nothing to judge until a group is created (XGROUP CREATE). Queues and job frameworks found on the server are listed below.</source>
        <translation>스트림 1개를 찾았지만 컨슈머 그룹이 없습니다: 그룹이 생기기 전까지는 판단할 것이 없습니다 (XGROUP CREATE). 서버에서 찾은 큐와 작업 프레임워크는 아래에 있습니다.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 streams found, none with a consumer group: nothing to judge until a group is created (XGROUP CREATE). Queues and job frameworks found on the server are listed below.</source>
        <translation>스트림 %1개를 찾았지만 컨슈머 그룹이 있는 것은 없습니다: 그룹이 생기기 전까지는 판단할 것이 없습니다 (XGROUP CREATE). 서버에서 찾은 큐와 작업 프레임워크는 아래에 있습니다.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No stream with a consumer group found (yet). Queues and job frameworks found on the server are listed below.</source>
        <translation>컨슈머 그룹이 있는 스트림을 (아직) 찾지 못했습니다. 서버에서 찾은 큐와 작업 프레임워크는 아래에 있습니다.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>• lately: %1</source>
        <translation>• 최근: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>• lag: %1</source>
        <translation>• lag: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Worst now: &lt;b&gt;%1&lt;/b&gt; — %2 &lt;span style=&apos;color:%3&apos;&gt;(select a row for its reasons)&lt;/span&gt;</source>
        <translation>현재 최악: &lt;b&gt;%1&lt;/b&gt; — %2 &lt;span style=&apos;color:%3&apos;&gt;(행을 선택하면 사유 표시)&lt;/span&gt;</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No rule is broken.</source>
        <translation>위반한 규칙이 없습니다.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>with stalled consumers only</source>
        <translation>멈춘 컨슈머가 있는 것만</translation>
    </message>
    <message>
        <location line="+95"/>
        <source> &amp;nbsp;│&amp;nbsp; total lag &lt;b&gt;%1&lt;/b&gt;%2 &amp;nbsp;│&amp;nbsp; total pending &lt;b&gt;%3&lt;/b&gt; &amp;nbsp;│&amp;nbsp; worst oldest pending idle &lt;b&gt;%4&lt;/b&gt; &amp;nbsp;│&amp;nbsp; &lt;a href=&apos;dead&apos; style=&apos;color:%6;text-decoration:none&apos;&gt;stalled consumers &lt;b&gt;%5&lt;/b&gt;&lt;/a&gt;</source>
        <translation> &amp;nbsp;│&amp;nbsp; 총 lag &lt;b&gt;%1&lt;/b&gt;%2 &amp;nbsp;│&amp;nbsp; 총 Pending &lt;b&gt;%3&lt;/b&gt; &amp;nbsp;│&amp;nbsp; 최장 Pending idle &lt;b&gt;%4&lt;/b&gt; &amp;nbsp;│&amp;nbsp; &lt;a href=&apos;dead&apos; style=&apos;color:%6;text-decoration:none&apos;&gt;멈춘 컨슈머 &lt;b&gt;%5&lt;/b&gt;&lt;/a&gt;</translation>
    </message>
    <message>
        <location line="+14"/>
        <source> &amp;nbsp;│&amp;nbsp; queues %1</source>
        <translation> &amp;nbsp;│&amp;nbsp; 큐 %1</translation>
    </message>
    <message>
        <location line="-106"/>
        <source>Showing %1 ✕</source>
        <translation>%1 표시 중 ✕</translation>
    </message>
    <message>
        <location line="-243"/>
        <source>Consumer groups, worst first</source>
        <translation>컨슈머 그룹, 나쁜 순</translation>
    </message>
    <message>
        <location line="+232"/>
        <location line="+3"/>
        <location line="+3"/>
        <source>%1 only</source>
        <comment>a status: CRIT only</comment>
        <translation>%1만</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Show every row again</source>
        <translation>모든 행 다시 표시</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Group by %1</source>
        <translation>%1별로 묶기</translation>
    </message>
    <message>
        <location line="+70"/>
        <source> (+%1 unknown)</source>
        <translation> (+%1 알 수 없음)</translation>
    </message>
</context>
<context>
    <name>pelscope::PayloadView</name>
    <message>
        <location filename="../../ui/widgets/payload_view.cpp" line="+51"/>
        <source>Select an entry to see its payload.</source>
        <translation>페이로드를 보려면 엔트리를 선택하십시오.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Reading %1…</source>
        <translation>%1 읽는 중…</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Could not read the entry:</source>
        <translation>엔트리를 읽을 수 없습니다:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;div style=&apos;background:#c62828;color:white;padding:10px&apos;&gt;&lt;b&gt;TRIMMED: this entry is still pending but no longer in the stream.&lt;/b&gt;&lt;br&gt;MAXLEN/MINID trimming or XDEL removed it: its data is already lost. Acknowledging it is the only thing left to do, after recovering the message from its producer if you can.&lt;/div&gt;</source>
        <translation>&lt;div style=&apos;background:#c62828;color:white;padding:10px&apos;&gt;&lt;b&gt;트리밍됨: 이 엔트리는 아직 Pending이지만 더 이상 스트림에 없습니다.&lt;/b&gt;&lt;br&gt;MAXLEN/MINID 트리밍 또는 XDEL로 제거되어 데이터는 이미 유실되었습니다. 가능하면 프로듀서에서 메시지를 복구한 뒤 ACK하십시오. 남은 조치는 그것뿐입니다.&lt;/div&gt;</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>binary, </source>
        <translation>바이너리, </translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>%n byte(s)</source>
        <translation>
            <numerusform>%n바이트</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;p&gt;&lt;a href=&apos;expand:%1&apos;&gt;Showing the first 64 KiB of %2: show all&lt;/a&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;a href=&apos;expand:%1&apos;&gt;%2 중 처음 64 KiB 표시: 모두 보기&lt;/a&gt;&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>pelscope::PendingActionsBar</name>
    <message>
        <location filename="../../ui/widgets/pending_actions_bar.cpp" line="+14"/>
        <source>Claim to…</source>
        <translation>claim…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Acknowledge…</source>
        <translation>ACK…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move to DLQ…</source>
        <translation>DLQ로 이동…</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Select pending entries first</source>
        <translation>먼저 Pending 엔트리를 선택하십시오</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Claim pending entries</source>
        <translation>Pending 엔트리 claim</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Entries idle less than this stay with their owner: a live worker may have just taken them</source>
        <translation>idle 시간이 이보다 짧은 엔트리는 현재 소유자에게 남습니다: 살아 있는 Worker가 방금 가져갔을 수 있습니다</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Move pending entries to a DLQ</source>
        <translation>Pending 엔트리를 DLQ로 이동</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>moved by an operator</source>
        <translation>운영자가 이동함</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dead-letter stream:</source>
        <translation>데드 레터 스트림:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Category:</source>
        <translation>분류:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reason:</source>
        <translation>사유:</translation>
    </message>
</context>
<context>
    <name>pelscope::PendingTableModel</name>
    <message>
        <location filename="../../models/itemmodels/pending_table_model.cpp" line="+55"/>
        <source>Delivered %1 times: a poison candidate</source>
        <translation>%1회 전달됨: poison 후보</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Entry ID</source>
        <translation>엔트리 ID</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Consumer</source>
        <translation>컨슈머</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Idle</source>
        <translation>Idle</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Deliveries</source>
        <translation>전달 횟수</translation>
    </message>
</context>
<context>
    <name>pelscope::PreviousPeriodLines</name>
    <message>
        <location filename="../../ui/charts/previous_period_lines.cpp" line="+61"/>
        <source>dashed: a day earlier, recorded</source>
        <translation>점선: 하루 전, 기록</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>dashed: a week earlier, recorded</source>
        <translation>점선: 일주일 전, 기록</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>dashed: a day earlier, from Prometheus</source>
        <translation>점선: 하루 전, Prometheus에서</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>dashed: a week earlier, from Prometheus</source>
        <translation>점선: 일주일 전, Prometheus에서</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>asking Prometheus for a day earlier…</source>
        <translation>Prometheus에 하루 전을 묻는 중…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>asking Prometheus for a week earlier…</source>
        <translation>Prometheus에 일주일 전을 묻는 중…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nothing recorded a day earlier</source>
        <translation>하루 전 기록 없음</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>nothing recorded a week earlier</source>
        <translation>일주일 전 기록 없음</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>%1, a day earlier</source>
        <translation>%1, 하루 전</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1, a week earlier</source>
        <translation>%1, 일주일 전</translation>
    </message>
</context>
<context>
    <name>pelscope::QueueItemBrowser</name>
    <message>
        <location filename="../../ui/widgets/queue_item_browser.cpp" line="+54"/>
        <source>◀ Earlier</source>
        <translation>◀ 이전</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Later ▶</source>
        <translation>다음 ▶</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Due / enqueued</source>
        <translation>만기 / 투입 시각</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Age</source>
        <translation>경과 시간</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Size</source>
        <translation>크기</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Item</source>
        <translation>항목</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Select an item to see it whole, JSON pretty-printed.</source>
        <translation>항목을 선택하면 전체 내용을 표시합니다(JSON은 보기 좋게 정렬).</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Reading…</source>
        <translation>읽는 중…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 in processing</source>
        <translation>처리 중 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>waiting %1</source>
        <translation>대기 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>overdue by %1</source>
        <translation>%1 지연</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>due in %1</source>
        <translation>%1 후 만기</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 ago</source>
        <translation>%1 전</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>deadline passed %1 ago</source>
        <translation>기한이 %1 전에 지남</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>deadline in %1</source>
        <translation>%1 후 기한</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>expired %1 ago</source>
        <translation>%1 전에 만료</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>kept %1 more</source>
        <translation>%1 더 보관</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Could not read: %1</source>
        <translation>읽을 수 없음: %1</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>score %1</source>
        <translation>score %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>score not a time</source>
        <translation>score가 시각이 아님</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no timestamp: age unknown</source>
        <translation>타임스탬프 없음: 경과 시간 알 수 없음</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 is empty</source>
        <translation>%1: 비어 있음</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items %1–%2 of %3, %4 — read at %5 (Refresh to read again)</source>
        <translation>항목 %3개 중 %1–%2, %4 — %5에 읽음(다시 읽으려면 새로 고침)</translation>
    </message>
    <message>
        <location line="+19"/>
        <location line="+35"/>
        <source>&lt;p&gt;Showing the first %1 of %2 bytes.&lt;/p&gt;</source>
        <translation>&lt;p&gt;%2바이트 중 처음 %1바이트를 표시합니다.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>&lt;p&gt;The job &lt;code&gt;%1&lt;/code&gt; could not be read: %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;작업 &lt;code&gt;%1&lt;/code&gt;의 내용을 읽을 수 없음: %2&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;p&gt;The job &lt;code&gt;%1&lt;/code&gt; is gone (finished and removed, or expired).&lt;/p&gt;</source>
        <translation>&lt;p&gt;작업 &lt;code&gt;%1&lt;/code&gt;: 더 이상 없습니다(끝나서 지워졌거나 만료됨).&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;p&gt;The job &lt;code&gt;%1&lt;/code&gt;, as the framework stores it:&lt;/p&gt;</source>
        <translation>&lt;p&gt;프레임워크가 저장한 그대로의 작업 &lt;code&gt;%1&lt;/code&gt;:&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>&lt;p&gt;More fields than the %1 read at once are not shown.&lt;/p&gt;</source>
        <translation>&lt;p&gt;한 번에 읽는 %1개를 넘는 필드는 표시하지 않습니다.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>pelscope::QueuePage</name>
    <message>
        <location filename="../../ui/pages/queue_page.cpp" line="+36"/>
        <source>Items</source>
        <translation>항목</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>How late, how long</source>
        <translation>지연 및 경과 시간</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Requeue selected</source>
        <translation>선택 항목 재처리</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run selected now</source>
        <translation>선택 항목 즉시 실행</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reschedule selected…</source>
        <translation>선택 항목 일정 변경…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete selected</source>
        <translation>선택 항목 삭제</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Refresh</source>
        <translation>새로 고침</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The processing list (items workers hold) or the main list (items waiting)</source>
        <translation>처리 중 리스트(Worker가 보유한 항목) 또는 메인 리스트(대기 중인 항목)</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>size</source>
        <translation>크기</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>Items of %1</source>
        <translation>%1의 항목</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Processing: %1</source>
        <translation>처리 중: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Main: %1</source>
        <translation>메인: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;%1&lt;/b&gt; → %2 &amp;nbsp;(reliable list)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; → %2 &amp;nbsp;(신뢰성 리스트)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;%1&lt;/b&gt; &amp;nbsp;(list: workers pop from it)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; &amp;nbsp;(리스트: 워커가 여기서 꺼내 감)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;%1&lt;/b&gt; &amp;nbsp;(delayed queue)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; &amp;nbsp;(지연 큐)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>waiting</source>
        <translation>대기 중</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>in processing</source>
        <translation>처리 중</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>due</source>
        <translation>만기</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>oldest in processing</source>
        <translation>처리 중 가장 오래된 항목</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>oldest due, late by</source>
        <translation>가장 오래된 만기 항목의 지연</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+122"/>
        <source>%1 waiting, %2 in processing</source>
        <translation>대기 %1, 처리 중 %2</translation>
    </message>
    <message>
        <location line="-121"/>
        <location line="+122"/>
        <source>%1 waiting</source>
        <translation>%1 대기</translation>
    </message>
    <message>
        <location line="-121"/>
        <source>size and items due</source>
        <translation>크기 및 만기 항목 수</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the oldest item in processing</source>
        <translation>처리 중 가장 오래된 항목</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the oldest due item&apos;s lateness</source>
        <translation>가장 오래된 만기 항목의 지연</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>stuck %1</source>
        <translation>정체 %1</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>%1 items, %2 due</source>
        <translation>항목 %1개, 만기 %2개</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, the oldest overdue by %1</source>
        <translation>, 가장 오래된 항목 %1 지연</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, the next due in %1</source>
        <translation>, 다음 만기까지 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, the next scored %1: never due</source>
        <translation>, 다음 항목 점수 %1: 기한이 오지 않음</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Not in the last poll.</source>
        <translation>마지막 폴링 결과에 없습니다.</translation>
    </message>
    <message>
        <location line="-42"/>
        <source>earliest due first</source>
        <translation>만기 빠른 순</translation>
    </message>
    <message>
        <location line="-40"/>
        <location line="+1"/>
        <source>%1 %2</source>
        <comment>a chart&apos;s threshold line: its status and value</comment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>oldest first</source>
        <translation>오래된 순</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>from the right end (the oldest, when pushed on the left)</source>
        <translation>오른쪽 끝부터 (왼쪽으로 넣는 경우 오래된 순)</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>Requeue items older than %1…</source>
        <translation>%1보다 오래된 항목 재처리…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Read-only: enable writes first (Connection ▸ Enable writes)</source>
        <translation>읽기 전용: 먼저 쓰기를 허용하십시오(연결 ▸ 쓰기 허용)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the processing list: only its items are moved or deleted here</source>
        <translation>처리 중 리스트를 표시하십시오: 여기서는 그 항목만 이동하거나 삭제합니다</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Moves every item of %1 whose timestamp is at least %2 old back to %3, exactly once (the processing timeout of the health rules); the exact commands are shown first</source>
        <translation>%1에서 타임스탬프가 %2 이상 지난 모든 항목을 %3에 정확히 한 번 되돌려 넣습니다(상태 규칙의 처리 타임아웃). 실행할 명령을 먼저 보여 줍니다</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Select items first (items over 64 KiB cannot be named here: use pelscope-cli)</source>
        <translation>먼저 항목을 선택하십시오(64 KiB를 넘는 항목은 여기서 지정할 수 없으니 pelscope-cli를 사용하십시오)</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Reschedule</source>
        <translation>일정 변경</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Due in how many minutes from the server&apos;s time?</source>
        <translation>서버 시각 기준 몇 분 후를 만기로 하시겠습니까?</translation>
    </message>
</context>
<context>
    <name>pelscope::QueuePanel</name>
    <message>
        <location filename="../../ui/pages/queue_panel.cpp" line="+49"/>
        <source>Delayed queues, reliable lists and job frameworks&apos; queues, worst first</source>
        <translation>지연 큐, 신뢰성 리스트, 작업 프레임워크의 큐, 나쁜 순</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Double-click a queue to browse its items (a job framework&apos;s: its waiting, held, scheduled and failed jobs)</source>
        <translation>큐를 두 번 클릭하면 항목을 살펴봅니다(작업 프레임워크의 큐는 대기·실행 중·예정·실패 작업)</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>1 delayed queue</source>
        <translation>지연 큐 1개</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 delayed queues</source>
        <translation>지연 큐 %1개</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 job framework queue</source>
        <translation>작업 프레임워크 큐 1개</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 job framework queues</source>
        <translation>작업 프레임워크 큐 %1개</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 reliable list</source>
        <translation>신뢰성 리스트 1개</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 reliable lists</source>
        <translation>신뢰성 리스트 %1개</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Queues — %1%2</source>
        <translation>큐 — %1%2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <location line="+0"/>
        <source> (%1 not OK)</source>
        <translation> (%1개 정상 아님)</translation>
    </message>
</context>
<context>
    <name>pelscope::QueueTableModel</name>
    <message>
        <location filename="../../models/itemmodels/queue_table_model.cpp" line="+70"/>
        <location line="+18"/>
        <location line="+16"/>
        <source>error</source>
        <translation>오류</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>Delayed queue (sorted set scored by due time%1)%2</source>
        <translation>지연 큐 (실행 시각을 score로 쓰는 sorted set%1)%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, in %1</source>
        <translation>, 단위: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>milliseconds</source>
        <translation>밀리초</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>seconds</source>
        <translation>초</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, found by its name</source>
        <translation>, 이름으로 찾음</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>delayed</source>
        <translation>지연 큐</translation>
    </message>
    <message>
        <location line="-45"/>
        <location line="+45"/>
        <source>%1 due</source>
        <translation>만기 %1</translation>
    </message>
    <message>
        <location line="-52"/>
        <source>%1 active</source>
        <translation>처리 중 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>≥ %1 (nothing taken)</source>
        <translation>≥ %1 (가져간 것 없음)</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+44"/>
        <source>%1 late</source>
        <translation>%1 지연</translation>
    </message>
    <message>
        <location line="-42"/>
        <source>dead letters</source>
        <translation>데드 레터</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 reserved</source>
        <translation>예약 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>workers alive</source>
        <translation>살아 있는 워커</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (key %2)%3</source>
        <translation>%1 (키 %2)%3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Newest failure: %1</source>
        <translation>가장 최근 실패: %1</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>in %1</source>
        <translation>%1 후</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>never (scored %1)</source>
        <translation>오지 않음 (점수 %1)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>unknown</source>
        <translation>알 수 없음</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Plain list: workers pop items from %1</source>
        <translation>일반 리스트: 워커가 %1에서 항목을 꺼내 감</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reliable list: workers move items from %1 to %2 and remove them when done%3</source>
        <translation>신뢰성 리스트: Worker가 항목을 %1에서 꺼내 %2에 넣고 완료 시 제거합니다%3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (found by its name)</source>
        <translation> (이름으로 찾음)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>
The oldest %1 processing items read: %2 without a timestamp (unknown age), %3 stuck</source>
        <translation>
처리 중 항목 중 가장 오래된 %1개를 읽음: 타임스탬프 없음 %2개(경과 시간 알 수 없음), 정체 %3개</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>reliable list</source>
        <translation>신뢰성 리스트</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>list</source>
        <translation>리스트</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 processing</source>
        <translation>처리 중 %1</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Status</source>
        <translation>상태</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kind</source>
        <translation>종류</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Queue</source>
        <translation>큐</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>크기</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Waiting</source>
        <translation>대기</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Oldest</source>
        <translation>최장 경과</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next due</source>
        <translation>다음 만기</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Why</source>
        <translation>사유</translation>
    </message>
</context>
<context>
    <name>pelscope::TimeChartWidget</name>
    <message>
        <location filename="../../ui/charts/time_chart_widget.cpp" line="+200"/>
        <source>; lines at %1</source>
        <translation>. 기준선 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>; marked: %1</source>
        <translation>. 표시: %1</translation>
    </message>
    <message>
        <location line="+124"/>
        <source>seconds</source>
        <translation>초</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>entries/s</source>
        <translation>엔트리/초</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>entries</source>
        <translation>엔트리</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>unknown</source>
        <translation>알 수 없음</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1/s</source>
        <translation>%1/초</translation>
    </message>
</context>
<context>
    <name>pelscope::WriteController</name>
    <message>
        <location filename="../../ui/write_controller.cpp" line="+154"/>
        <source>Writes enabled on %1</source>
        <translation>%1에서 쓰기 허용됨</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Read-only</source>
        <translation>읽기 전용</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>On a Redis Cluster %1</source>
        <translation>Redis Cluster에서는 %1</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>name the target with Edit and requeue for the ledger path</source>
        <translation>원장 경로를 쓰려면 &quot;편집 후 재처리&quot;로 대상을 지정하세요</translation>
    </message>
    <message>
        <location line="-156"/>
        <source>Cancel after this batch</source>
        <translation>이 배치 후 취소</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Connection lost (%1); resuming…</source>
        <translation>연결 끊김(%1). 재개하는 중…</translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+2"/>
        <source>Not allowed</source>
        <translation>허용되지 않음</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Nothing was written: %1</source>
        <translation>아무것도 쓰지 않았습니다: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Nothing was written.&lt;/b&gt;</source>
        <translation>&lt;b&gt;아무것도 쓰지 않았습니다.&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/write_controller_entries.cpp" line="+30"/>
        <source>%1 held %2 pending entries at the last poll; deleting it would drop them unprocessed. Claim them to another consumer first (select them in the pending table, or use &quot;Claim all from…&quot;).</source>
        <translation>마지막 폴링 시점에 컨슈머 %1의 Pending 엔트리는 %2개였습니다. 삭제하면 처리되지 않은 채 사라집니다. 먼저 다른 컨슈머로 claim하십시오(Pending 표에서 선택하거나 &quot;모두 claim…&quot; 사용).</translation>
    </message>
    <message>
        <location filename="../../ui/write_controller_queues.cpp" line="+18"/>
        <source>Nothing was written: queue writes from the window are not supported on Redis Cluster yet.</source>
        <translation>아무것도 쓰지 않았습니다: 창에서의 큐 쓰기는 아직 Redis Cluster를 지원하지 않습니다.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Nothing was written: framework repairs are not supported on Redis Cluster yet.</source>
        <translation>아무것도 쓰지 않았습니다: Redis Cluster에서는 아직 프레임워크 복구를 지원하지 않습니다.</translation>
    </message>
    <message>
        <location filename="../../ui/write_controller.cpp" line="+1"/>
        <source>Nothing to write: %1</source>
        <translation>쓸 내용 없음: %1</translation>
    </message>
</context>
<context>
    <name>pelscope::WriteFlow</name>
    <message>
        <location filename="../../models/actions/write_flow.cpp" line="+112"/>
        <location line="+45"/>
        <source>Another write is running</source>
        <translation>다른 쓰기 작업이 실행 중입니다</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>The connection changed while the confirmation was open; nothing was written</source>
        <translation>확인 창이 열려 있는 동안 연결이 바뀌었습니다. 아무것도 쓰지 않았습니다</translation>
    </message>
</context>
<context>
    <name>pelscope::WriteResultsPanel</name>
    <message>
        <location filename="../../ui/widgets/write_results_panel.cpp" line="+20"/>
        <source>Write results</source>
        <translation>쓰기 결과</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open audit log</source>
        <translation>감사 로그 열기</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Clear</source>
        <translation>지우기</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forget the results shown here (the audit log keeps every record)</source>
        <translation>여기 표시된 결과를 지웁니다(감사 로그에는 모든 기록이 남습니다)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Writes done, newest first</source>
        <translation>실행한 쓰기, 최신순</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>%1  %2 — %3  (%4)</source>
        <translation>%1  %2 — %3  (%4)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Stopped: %1</source>
        <translation>중단됨: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Entries (%n listed)</source>
        <translation>
            <numerusform>엔트리(%n개 표시)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>… and %n more, in the audit log</source>
        <translation>
            <numerusform>… 외 %n개는 감사 로그에 있음</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Audit record: %1</source>
        <translation>감사 기록: %1</translation>
    </message>
</context>
</TS>
