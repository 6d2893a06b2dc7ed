// Pages lay themselves out inside a scroll area: at 1280x720, or at 200 %
// scale on a small screen, a page never forces the window bigger than the
// screen; what does not fit scrolls.
#pragma once

#include <QFrame>
#include <QScrollArea>
#include <QVBoxLayout>

namespace pelscope {

// A layout for `page`'s content, inside a scroll area that fills `page`.
inline QVBoxLayout *scrollingLayout(QWidget *page)
{
    auto *outer = new QVBoxLayout(page);
    outer->setContentsMargins(0, 0, 0, 0);
    auto *scroll = new QScrollArea;
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    auto *content = new QWidget;
    scroll->setWidget(content);
    outer->addWidget(scroll);
    return new QVBoxLayout(content);
}

} // namespace pelscope
