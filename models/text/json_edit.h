// JSON edited where it stands: the bytes outside the edited value stay as
// they were. A framework's payload may hold numbers past 2^53 or a key order
// that a parse and re-serialise would change (QJsonDocument rounds to double
// and sorts keys), and a write must never change data it was not asked to.
// `path` names object members from the top.
#pragma once

#include <QByteArray>
#include <QList>

#include <optional>

namespace pelscope {

// The value's raw text, or nullopt when the path is not there.
std::optional<QByteArray> jsonRawMember(const QByteArray &json, const QList<QByteArray> &path);
// The JSON with the member at `path` set to `rawValue` (added as the
// object's first member when absent); nullopt when the path's parent is not
// an object or the text is not JSON.
std::optional<QByteArray> withJsonMember(const QByteArray &json, const QList<QByteArray> &path, const QByteArray &rawValue);
// The raw text of a JSON array's element `index`; nullopt when absent.
std::optional<QByteArray> jsonRawElement(const QByteArray &json, int index);

} // namespace pelscope
