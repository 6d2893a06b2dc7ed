// "← Overview" at the top of a page, and the same by keyboard (Esc, Alt+Left,
// Backspace) while the focus is anywhere in the page: every page goes back
// alike. A line edit with focus keeps Backspace for itself (the shortcut's
// context is the page, and an editor takes its own keys first).
#pragma once

#include <QCoreApplication>
#include <QKeySequence>
#include <QPushButton>
#include <QShortcut>

namespace pelscope {

template<typename Page, typename Signal>
QPushButton *makeBackButton(Page *page, Signal backRequested)
{
    auto *back = new QPushButton(QCoreApplication::translate("pelscope::BackButton", "← Overview"));
    back->setToolTip(QCoreApplication::translate("pelscope::BackButton", "Back to the overview (Esc, Alt+Left, Backspace; Ctrl+1 from anywhere)"));
    QObject::connect(back, &QPushButton::clicked, page, backRequested);
    for (const QKeySequence &key : {QKeySequence(Qt::ALT | Qt::Key_Left), QKeySequence(Qt::Key_Backspace), QKeySequence(Qt::Key_Escape)}) {
        auto *shortcut = new QShortcut(key, page);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        QObject::connect(shortcut, &QShortcut::activated, page, backRequested);
    }
    return back;
}

} // namespace pelscope
