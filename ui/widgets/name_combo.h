// A combo box of names from the server that the operator may also type into.
// An item shows the name as displayBytes() does, cut in the middle when long,
// and keeps the name's bytes: choosing "w\x01" or a 5 KB name gives back those
// bytes, never the text shown (which the server would take as another name).
// What the operator typed is taken as UTF-8.
#pragma once

#include "text/display_text.h"

#include <QByteArray>
#include <QComboBox>

namespace pelscope {

inline void addName(QComboBox *box, const QByteArray &name)
{
    box->addItem(elidedName(name), name);
    box->setItemData(box->count() - 1, displayBytes(name), Qt::ToolTipRole);
}

inline QByteArray chosenName(const QComboBox *box)
{
    const int at = box->currentIndex();
    if (at >= 0 && box->currentText() == box->itemText(at))
        return box->itemData(at).toByteArray();
    return box->currentText().toUtf8();
}

} // namespace pelscope
