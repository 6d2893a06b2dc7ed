// Redis Cluster key slots: CRC16/XMODEM of the key, or of its first non-empty
// {hash tag}, modulo 16384. A script is atomic only when all its keys share one.
#pragma once

#include <QByteArray>

namespace pelscope {

quint16 crc16Xmodem(QByteArrayView data);
int keySlot(const QByteArray &key);

} // namespace pelscope
