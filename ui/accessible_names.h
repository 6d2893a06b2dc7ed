// What a screen reader needs from a view, in one call (issue 33): its name
// (what it lists: "Consumer groups", "Pending entries of orders /
// fulfillment"), and Tab that leaves it for the next control, the arrow keys
// moving within it (Qt's views move between cells on Tab by default, so
// focus never left a table).
#pragma once

#include <QAbstractItemView>

namespace pelscope {

inline void nameView(QAbstractItemView *view, const QString &name)
{
    view->setAccessibleName(name);
    view->setTabKeyNavigation(false);
}

} // namespace pelscope
