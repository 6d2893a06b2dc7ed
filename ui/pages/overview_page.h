// The overview table (worst first), its filter and its one-line summary: the
// same page for one connection and for all of them (the rows of several
// GroupTableModels concatenated, with a Connection column).
#pragma once

#include "snapshot/snapshot.h"

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

class QCheckBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QToolButton;
class QTableView;
class QAbstractItemModel;

namespace pelscope {

class OverviewProxyModel;

class OverviewPage : public QWidget
{
    Q_OBJECT
public:
    explicit OverviewPage(QAbstractItemModel *source, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    QLineEdit *filter() const { return m_filter; }
    OverviewProxyModel *proxy() const { return m_proxy; }
    // Widgets that sit right of the filter (the dead-letters button).
    QHBoxLayout *toolRow() const { return m_toolRow; }
    void setSummary(const QString &html);
    QString summary() const; // the summary line's text, as shown

    // A column this page shows (Connection, Node) and may group by.
    void setColumnShown(int column, bool shown);
    // Offers "Group by <name>" for `column`; hidden again with -1.
    void offerGrouping(int column, const QString &name);
    void focusFilter();
    // Re-sorts now if a re-sort is due and nothing holds it (tests, and the timer).
    void resortIfDue();

Q_SIGNALS:
    // Enter or double click on a row; `index` is in this page's model.
    void rowActivated(const QModelIndex &index);

private:
    OverviewProxyModel *m_proxy;
    QTableView *m_table;
    QLineEdit *m_filter;
    QLabel *m_summary;
    QLabel *m_reasons;           // the current row's reasons in full, under the table
    QToolButton *m_activeFilter; // "CRIT only ✕": the summary count clicked, one click to clear
    QCheckBox *m_groupBy;
    QHBoxLayout *m_toolRow;
    int m_groupColumn = -1;

    // A table that holds still: rows move when a status changes (at once),
    // otherwise at most every kCalmResortMs, and never while the pointer is
    // over the table or the keyboard was used in it just now.
    void showReasons();
    QString emptyTableWords() const;
    void applySummaryLink(const QString &link);
    bool eventFilter(QObject *watched, QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    // Narrows Why (down to 160 px, up to its 290) so Status to Trend stay in
    // sight in a narrow window: 944 px at 200 % on a 1920 px screen.
    void fitEssentialColumns();
    bool m_statusChanged = false;
    QElapsedTimer m_lastSort;
    QElapsedTimer m_lastInput;
    QTimer m_resortTimer;
};

// The summary line's HTML: health counts, total lag and pending, the worst
// oldest pending idle, and the consumers holding entries idle past their
// group's consumer_idle_warn (HealthVerdict::stalled).
QString overviewSummaryHtml(const QList<Snapshot> &snapshots);

} // namespace pelscope
