// The window's language: English (the source strings) or Korean, chosen by
// --lang, then View ▸ Language (kept in the settings), then the system locale.
// pelscope-cli never loads a translation: scripts parse its English.
#pragma once

#include <QString>
#include <QStringList>

class QMenu;
class QWidget;

namespace pelscope {

// "en", "ko", or empty for "follow the system".
QString savedLanguage();
void saveLanguage(const QString &code);

// Loads Pelscope's and Qt's own translations (dialog buttons, file dialogs)
// for `code` ("" = the system locale's language) into the application and
// makes that language's locale the default, so numbers and dates follow it.
// Returns the language in effect ("en" when no translation matches). Call
// once, after QApplication and before the first widget.
QString installLanguage(const QString &code);

// The languages the window speaks, and each one's name in itself.
QStringList availableLanguages();
QString languageName(const QString &code);

// View ▸ Language: the system's or one of availableLanguages(), kept in the
// settings; the choice takes effect at the next start (every page builds its
// texts once), which a message box says.
void addLanguageMenu(QMenu *view, QWidget *window);

} // namespace pelscope
