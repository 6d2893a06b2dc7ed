// Finding the dialogs a window opens and selecting table rows by a role's
// value, as an operator would click them; shared by the GUI tests.
#pragma once

#include <QAction>
#include <QDialog>
#include <QMenu>
#include <QMenuBar>
#include <QItemSelectionModel>
#include <QTableView>
#include <QWidget>
#include <QTest>

namespace pelscope::test {

// A dialog of type T that is open now (not one closing), child of `window`.
template<typename T>
T *waitForDialog(QWidget *window)
{
    T *found = nullptr;
    (void)QTest::qWaitFor(
        [&] {
            found = nullptr;
            for (T *d : window->findChildren<T *>())
                if (d->isVisible())
                    found = d;
            return found != nullptr;
        },
        10000);
    return found;
}

// A form dialog (claim, move to DLQ) by the start of its title.
inline QDialog *waitForForm(QWidget *window, const QString &titleStart)
{
    QDialog *found = nullptr;
    (void)QTest::qWaitFor(
        [&] {
            for (QDialog *d : window->findChildren<QDialog *>())
                if (d->isVisible() && d->windowTitle().startsWith(titleStart))
                    found = d;
            return found != nullptr;
        },
        10000);
    return found;
}

// `./dev screenshots` runs a test with PELSCOPE_SHOT_DIR set to keep what it
// drove to (a confirmation, a result) as docs/images/<name>.png; without it,
// nothing is written.
inline void keepScreenshot(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("PELSCOPE_SHOT_DIR");
    if (dir.isEmpty() || !widget)
        return;
    QTest::qWait(300); // let queued repaints land
    if (!widget->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png")))
        qWarning("could not write %s/%s.png", qPrintable(dir), qPrintable(name));
}

// A menu item of the menu bar by the start of its text (mnemonics ignored).
inline QAction *menuAction(QMenuBar *bar, const QString &textStart)
{
    for (QAction *menu : bar->actions())
        if (menu->menu())
            for (QAction *a : menu->menu()->actions())
                if (a->text().remove(QLatin1Char('&')).startsWith(textStart))
                    return a;
    return nullptr;
}

// Selects exactly the rows whose `role` holds one of `values`.
inline void selectWhere(QTableView *view, int role, const QList<QByteArray> &values)
{
    view->clearSelection();
    for (int row = 0; row < view->model()->rowCount(); ++row) {
        const QModelIndex index = view->model()->index(row, 0);
        if (values.contains(index.data(role).toByteArray()))
            view->selectionModel()->select(index, QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }
}

// Double-clicks, as an operator does, the first row of `view` whose `role`
// equals `value`: scrolled to, the mouse on the row's first cell. False when
// no row holds it.
inline bool doubleClickRow(QTableView *view, int role, const QVariant &value)
{
    const QAbstractItemModel *model = view->model();
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex index = model->index(row, 0);
        if (index.data(role) != value)
            continue;
        view->scrollTo(index);
        const QPoint at = view->visualRect(index).center();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, at);
        return true;
    }
    return false;
}

} // namespace pelscope::test
