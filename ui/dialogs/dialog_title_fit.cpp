#include "dialog_title_fit.h"

#include <QApplication>
#include <QDialog>
#include <QEvent>
#include <QFontMetrics>
#include <QScreen>

namespace pelscope {

int DialogTitleFit::widthFor(const QString &title)
{
    // Title bars use a bold font about a tenth larger than the application's;
    // the icon and three buttons take about 150 px at 100 %.
    QFont font = QApplication::font();
    font.setBold(true);
    font.setPointSizeF(font.pointSizeF() * 1.1);
    return QFontMetrics(font).horizontalAdvance(title) + 150;
}

void DialogTitleFit::install()
{
    static DialogTitleFit *installed = nullptr;
    if (installed || !qApp)
        return;
    installed = new DialogTitleFit(qApp);
    qApp->installEventFilter(installed);
}

bool DialogTitleFit::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Show && watched->isWidgetType()) {
        auto *dialog = qobject_cast<QDialog *>(watched);
        if (dialog && dialog->isWindow() && !dialog->windowTitle().isEmpty()) {
            const QScreen *screen = dialog->screen();
            const int most = screen ? screen->availableGeometry().width() - 40 : 1024;
            const int wanted = std::min(widthFor(dialog->windowTitle()), most);
            if (dialog->width() < wanted)
                dialog->resize(wanted, dialog->height());
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace pelscope
