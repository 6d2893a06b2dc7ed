// The banner over a cluster connection's tab: which nodes do not answer and
// which answer CLUSTERDOWN, so the operator knows which streams show their
// last values. Hidden while every node answers.
#pragma once

#include "snapshot/snapshot.h"

#include <QLabel>

namespace pelscope {

class ClusterBanner : public QLabel
{
    Q_OBJECT
public:
    explicit ClusterBanner(QWidget *parent = nullptr);
    void showNodes(const Snapshot &snapshot);
};

} // namespace pelscope
