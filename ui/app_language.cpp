#include "app_language.h"

#include <QActionGroup>
#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QTranslator>

#include <spdlog/spdlog.h>

namespace pelscope {

namespace {
const QString kLanguageKey = QStringLiteral("ui/language");
} // namespace

QString savedLanguage()
{
    const QString code = QSettings().value(kLanguageKey).toString();
    return availableLanguages().contains(code) ? code : QString();
}

void saveLanguage(const QString &code)
{
    if (code.isEmpty())
        QSettings().remove(kLanguageKey);
    else
        QSettings().setValue(kLanguageKey, code);
}

QStringList availableLanguages()
{
    return {QStringLiteral("en"), QStringLiteral("ko")};
}

QString languageName(const QString &code)
{
    if (code == QLatin1String("ko"))
        return QStringLiteral("한국어");
    if (code == QLatin1String("en"))
        return QStringLiteral("English");
    return code;
}

QString installLanguage(const QString &code)
{
    const QLocale locale = code.isEmpty() ? QLocale::system() : QLocale(code == QLatin1String("ko") ? QLocale::Korean : QLocale::English,
                                                                          code == QLatin1String("ko") ? QLocale::SouthKorea : QLocale::UnitedStates);
    if (!code.isEmpty())
        QLocale::setDefault(locale);
    if (locale.language() != QLocale::Korean)
        return QStringLiteral("en");
    // Owned by the application: they must outlive every widget.
    auto *own = new QTranslator(QCoreApplication::instance());
    if (!own->load(QStringLiteral(":/i18n/pelscope_ko.qm"))) {
        spdlog::warn("the Korean translation is missing from this build; the window stays in English");
        delete own;
        return QStringLiteral("en");
    }
    QCoreApplication::installTranslator(own);
    // Qt's own strings (Cancel, Yes, the file dialog): Debian's qt6-translations-l10n.
    auto *qt = new QTranslator(QCoreApplication::instance());
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
    return QStringLiteral("ko");
}

// The language takes effect at the next start: every page builds its texts once.
void addLanguageMenu(QMenu *view, QWidget *window)
{
    QMenu *menu = view->addMenu(QCoreApplication::translate("pelscope::MainWindow", "&Language"));
    auto *group = new QActionGroup(menu);
    const QString saved = savedLanguage();
    const auto add = [&](const QString &code, const QString &text) {
        QAction *a = menu->addAction(text);
        a->setCheckable(true);
        a->setChecked(code == saved);
        a->setData(code);
        group->addAction(a);
    };
    add(QString(), QCoreApplication::translate("pelscope::MainWindow", "System language"));
    for (const QString &code : availableLanguages())
        add(code, languageName(code));
    QObject::connect(group, &QActionGroup::triggered, window, [window](QAction *a) {
        const QString code = a->data().toString();
        if (code == savedLanguage())
            return;
        saveLanguage(code);
        QMessageBox::information(window, QCoreApplication::translate("pelscope::MainWindow", "Language"),
                                 QCoreApplication::translate("pelscope::MainWindow", "Pelscope will speak %1 from its next start.").arg(code.isEmpty() ? QCoreApplication::translate("pelscope::MainWindow", "the system's language") : languageName(code)));
    });
}

} // namespace pelscope
