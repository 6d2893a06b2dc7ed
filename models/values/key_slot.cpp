#include "key_slot.h"

namespace pelscope {

quint16 crc16Xmodem(QByteArrayView data)
{
    quint16 crc = 0;
    for (char c : data) {
        crc ^= quint16(quint8(c)) << 8;
        for (int i = 0; i < 8; ++i)
            crc = (crc & 0x8000) ? quint16((crc << 1) ^ 0x1021) : quint16(crc << 1);
    }
    return crc;
}

int keySlot(const QByteArray &key)
{
    const qsizetype open = key.indexOf('{');
    if (open >= 0) {
        const qsizetype close = key.indexOf('}', open + 1);
        if (close > open + 1)
            return crc16Xmodem(QByteArrayView(key).sliced(open + 1, close - open - 1)) & 0x3FFF;
    }
    return crc16Xmodem(key) & 0x3FFF;
}

} // namespace pelscope
