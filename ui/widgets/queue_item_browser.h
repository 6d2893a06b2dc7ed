// The items of one list or sorted set a page at a time, each with its time as
// a date and an age and the selected one whole (JSON pretty-printed): the part
// the queue page and a job framework's page share. Read only: the pages that
// offer writes take selectedItems() and plan them elsewhere.
#pragma once

#include "polling/entry_reader.h"
#include "snapshot/snapshot.h"

#include <QObject>

class QLabel;
class QPushButton;
class QSplitter;
class QStandardItemModel;
class QTableView;
class QTextBrowser;
class QWidget;

namespace pelscope {

class QueueItemBrowser : public QObject
{
    Q_OBJECT
public:
    // What is shown and what an item's time means there.
    struct Source
    {
        QByteArray key;
        bool sortedSet = false;
        JobPart::Score score = JobPart::Score::Due; // a sorted set's
        // ms = score × scoreToMs; 0: seconds or ms, told by the first score's size.
        double scoreToMs = 0;
        bool processing = false; // a list of items workers hold (their age is how long)
        qint64 warnAgeMs = 60'000; // an overdue or held age from which it is drawn as a warning
        QList<QByteArray> timestampFields; // where a list item carries its time
        QByteArray jobPrefix;              // items are ids of the jobs <jobPrefix><id>, read when selected
        bool newestFirst = false;          // a sorted set from its highest score down
        QString order;                     // how the items are ordered, for the range line
    };

    explicit QueueItemBrowser(QObject *parent = nullptr);

    // Owned by whoever lays them out.
    QWidget *pagingBar() const { return m_pagingBar; }
    QTableView *table() const { return m_table; }
    QTextBrowser *detail() const { return m_detail; }
    // `above` (the page's charts), the items and the selected item's detail,
    // one under the other, resizable: what both queue pages show.
    QSplitter *splitBelow(QWidget *above) const;
    QStandardItemModel *items() const { return m_model; }
    const QueueItemPage &page() const { return m_page; }
    const Source &source() const { return m_source; }

    // From page one.
    void show(const Source &source);
    void clear();
    void refresh();
    void showPage(const QueueItemPage &page);
    // The selected item's job, as read (jobRequested's answer).
    void showJob(const JobHashPage &job);
    // The selected items byte for byte; empty when one was cut for the page.
    QList<QByteArray> selectedItems() const;

    static constexpr int kPageSize = 50;

Q_SIGNALS:
    void pageRequested(const QByteArray &key, bool sortedSet, qint64 offset, int count, quint64 request, bool newestFirst);
    void jobRequested(const QByteArray &hashKey, quint64 request);
    void selectionChanged();

private:
    enum Column { When, Age, Size, Item, ColumnCount };
    void request(qint64 offset);
    void showSelected();
    QString ageText(qint64 atMs, qint64 nowMs) const;
    bool late(qint64 atMs, qint64 nowMs) const;

    Source m_source;
    QueueItemPage m_page;
    quint64 m_requestNumber = 0;
    quint64 m_jobRequest = 0;
    QString m_selectedHtml; // the selected item as shown before its job arrives
    QWidget *m_pagingBar;
    QLabel *m_range;
    QPushButton *m_earlier;
    QPushButton *m_later;
    QStandardItemModel *m_model;
    QTableView *m_table;
    QTextBrowser *m_detail;
};

} // namespace pelscope
