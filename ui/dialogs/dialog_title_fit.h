// Dialog titles whole (issue 48: "Claim all pe…" on a laptop): a dialog
// narrower than its title is widened when it is shown, to the title's width
// in a bold title-bar font plus room for the window manager's icon and
// buttons, never wider than its screen. Installed once on the application.
#pragma once

#include <QObject>

namespace pelscope {

class DialogTitleFit : public QObject
{
public:
    using QObject::QObject;
    // The width a dialog needs for `title` (title-bar font, icon, buttons).
    static int widthFor(const QString &title);
    // Installs one on the application; further calls do nothing.
    static void install();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
};

} // namespace pelscope
