// Pages lay themselves out inside a scroll area: at 1280x720, or at 200 %
// scale on a small screen, a page never forces the window bigger than the
// screen; what does not fit scrolls.
#pragma once

#include <QFrame>
#include <QScrollArea>
#include <QVBoxLayout>

namespace pelscope {

// A page's content layout that never asks for a height for its width: the
// scroll area then gives the page the viewport's height and scrolls only
// below the page's minimum. With wrapped labels inside, it took their
// preferred height instead, and at 1366×768 the group page's write buttons
// were below the fold with room to spare in its splitters.
class MinimumHeightLayout : public QVBoxLayout
{
public:
    using QVBoxLayout::QVBoxLayout;
    bool hasHeightForWidth() const override { return false; }
};

// A layout for `page`'s content, inside a scroll area that fills `page`.
inline QVBoxLayout *scrollingLayout(QWidget *page)
{
    auto *outer = new QVBoxLayout(page);
    outer->setContentsMargins(0, 0, 0, 0);
    auto *scroll = new QScrollArea;
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    // Not a Tab stop: nothing shows the focus on it (an invisible stop on
    // every page); the scroll area still brings a focused child into view.
    scroll->setFocusPolicy(Qt::NoFocus);
    auto *content = new QWidget;
    scroll->setWidget(content);
    outer->addWidget(scroll);
    return new MinimumHeightLayout(content);
}

} // namespace pelscope
