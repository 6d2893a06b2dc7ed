#include "dlq_export.h"

#include "../snapshot/format.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace pelscope {

namespace {

bool isText(const QByteArray &bytes)
{
    return isValidUtf8(bytes) && !bytes.contains('\0');
}

QByteArray csvCell(const QByteArray &cell)
{
    if (!cell.contains(',') && !cell.contains('"') && !cell.contains('\n') && !cell.contains('\r'))
        return cell;
    QByteArray quoted = cell;
    quoted.replace('"', "\"\"");
    return '"' + quoted + '"';
}

} // namespace

QByteArray exportJsonLines(const QByteArray &dlq, const QList<ExportedEntry> &entries)
{
    QByteArray out;
    for (const ExportedEntry &e : entries) {
        QJsonArray fields;
        for (const auto &[name, value] : e.fields) {
            QJsonObject f;
            if (isText(name))
                f.insert(QStringLiteral("name"), QString::fromUtf8(name));
            else
                f.insert(QStringLiteral("name_base64"), QString::fromLatin1(name.toBase64()));
            if (isText(value))
                f.insert(QStringLiteral("value"), QString::fromUtf8(value));
            else
                f.insert(QStringLiteral("value_base64"), QString::fromLatin1(value.toBase64()));
            fields.append(f);
        }
        QJsonObject o{
            {QStringLiteral("dlq"), displayBytes(dlq)}, {QStringLiteral("id"), QString::fromLatin1(e.id)}, {QStringLiteral("fields"), fields}};
        out += QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
    }
    return out;
}

QByteArray exportCsv(const QByteArray &dlq, const QList<ExportedEntry> &entries)
{
    QByteArray out = "dlq,id,field,value,value_base64\r\n";
    for (const ExportedEntry &e : entries)
        for (const auto &[name, value] : e.fields) {
            const bool text = isText(value);
            out += csvCell(dlq) + ',' + e.id + ',' + csvCell(isText(name) ? name : "base64:" + name.toBase64()) + ','
                   + csvCell(text ? value : QByteArray()) + ',' + (text ? QByteArray() : value.toBase64()) + "\r\n";
        }
    return out;
}

} // namespace pelscope
