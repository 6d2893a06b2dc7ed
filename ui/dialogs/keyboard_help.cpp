#include "dialogs/keyboard_help.h"

#include "accessible_names.h"

#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QKeySequence>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QVBoxLayout>

namespace pelscope {

namespace {

QString plain(QString text)
{
    return text.remove(QLatin1Char('&')).remove(QStringLiteral("…"));
}

} // namespace

void showKeyboardHelp(QMainWindow *window)
{
    QList<QPair<QString, QString>> rows;
    for (QAction *top : window->menuBar()->actions()) {
        QMenu *menu = top->menu();
        if (!menu)
            continue;
        for (QAction *a : menu->actions())
            if (!a->shortcut().isEmpty())
                rows.append({a->shortcut().toString(QKeySequence::NativeText), plain(top->text()) + QStringLiteral(" ▸ ") + plain(a->text())});
    }
    const QList<QPair<QString, QString>> pageKeys{
        {QKeySequence(QKeySequence::Find).toString(QKeySequence::NativeText), QCoreApplication::translate("KeyboardHelp", "Filter the overview; Down or Enter goes to the table")},
        {QCoreApplication::translate("KeyboardHelp", "Tab, Shift+Tab"), QCoreApplication::translate("KeyboardHelp", "Move between the controls of a page; arrow keys move within a table")},
        {QCoreApplication::translate("KeyboardHelp", "Enter"), QCoreApplication::translate("KeyboardHelp", "Open the selected group, queue or dead-letter stream")},
        {QCoreApplication::translate("KeyboardHelp", "Esc, Alt+Left, Backspace"), QCoreApplication::translate("KeyboardHelp", "Back to the overview from a page")},
        {QCoreApplication::translate("KeyboardHelp", "Space"), QCoreApplication::translate("KeyboardHelp", "Pause or resume polling (in the alert inbox: acknowledge the selected alerts)")},
        {QKeySequence(QKeySequence::Copy).toString(QKeySequence::NativeText), QCoreApplication::translate("KeyboardHelp", "Copy the selected rows")},
        {QCoreApplication::translate("KeyboardHelp", "Ctrl+PgUp, Ctrl+PgDown"), QCoreApplication::translate("KeyboardHelp", "The previous or next connection tab")},
    };
    rows += pageKeys;

    auto *dialog = new QDialog(window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(QCoreApplication::translate("KeyboardHelp", "Keyboard shortcuts"));
    auto *table = new QTableWidget(int(rows.size()), 2, dialog);
    nameView(table, QCoreApplication::translate("KeyboardHelp", "Keyboard shortcuts"));
    table->setHorizontalHeaderLabels({QCoreApplication::translate("KeyboardHelp", "Keys"), QCoreApplication::translate("KeyboardHelp", "What they do")});
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    table->horizontalHeader()->setStretchLastSection(true);
    for (int r = 0; r < rows.size(); ++r) {
        table->setItem(r, 0, new QTableWidgetItem(rows.at(r).first));
        table->setItem(r, 1, new QTableWidgetItem(rows.at(r).second));
    }
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(table);
    layout->addWidget(buttons);
    dialog->resize(640, 480);
    dialog->show();
    table->setFocus();
}

} // namespace pelscope
