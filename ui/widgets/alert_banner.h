// Where the desktop has no system tray (a bare window manager, a kiosk, the
// offscreen platform): the notification is shown inside the window instead,
// as a bar over the tabs with the same title and text, a button that opens
// the group (or the overview, for a summary) and one that dismisses it. It
// goes away by itself after a minute; a newer alert replaces it.
#pragma once

#include "alert_interfaces.h"

#include <QFrame>

class QLabel;
class QPushButton;
class QTimer;

namespace pelscope {

class AlertBanner : public QFrame, public Notifier
{
    Q_OBJECT
public:
    explicit AlertBanner(QWidget *parent = nullptr);

    bool available() const override { return true; }
    void show(const QString &title, const QString &text, Health severity) override;
    void setOverall(Health, const QString &) override {}

    QString title() const;
    QString text() const;
    QPushButton *openButton() const { return m_open; }

protected:
    void resizeEvent(QResizeEvent *event) override;

Q_SIGNALS:
    void openRequested();
    void inboxRequested(); // every alert so far

private:
    QLabel *m_glyph;
    QLabel *m_title;
    QLabel *m_text;
    QString m_fullTitle; // m_title shows it cut in the middle to the width
    QString m_fullText; // m_text shows one line of it, cut to the width; its tooltip the whole
    void fitText();
    QPushButton *m_open;
    QTimer *m_hide;
};

} // namespace pelscope
