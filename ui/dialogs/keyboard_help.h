// Help ▸ Keyboard shortcuts (issue 33): every menu command that has a key,
// read from the menus themselves (so the list cannot drift), and the keys the
// pages and tables use.
#pragma once

class QMainWindow;

namespace pelscope {

void showKeyboardHelp(QMainWindow *window);

} // namespace pelscope
