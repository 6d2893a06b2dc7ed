#include "cluster_banner.h"

#include "health_style.h"
#include "text/fill_text.h"

namespace pelscope {

ClusterBanner::ClusterBanner(QWidget *parent)
    : QLabel(parent)
{
    setObjectName(QStringLiteral("clusterBanner"));
    setWordWrap(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    setStyleSheet(bannerStyleSheet(BannerTone::Trouble));
    hide();
}

void ClusterBanner::showNodes(const Snapshot &snapshot)
{
    QStringList problems, down;
    for (const ClusterNodeSnapshot &n : snapshot->nodes) {
        const QString where = n.polledAddress.isEmpty() ? n.address : n.polledAddress;
        if (!n.ok)
            problems << fillText(tr("%1 is not answering (%2): its %3 stream(s) show their last values, greyed"), where, n.error, n.streams);
        else if (n.note.contains(QLatin1String("CLUSTERDOWN")))
            down << where;
    }
    if (!down.isEmpty())
        problems << fillText(down.size() == 1 ? tr("%1 answers CLUSTERDOWN: the cluster considers itself down while a master fails (full coverage "
                                                   "required), so its streams keep their last values too (cluster-allow-reads-when-down yes keeps "
                                                   "them readable)")
                                                : tr("%1 answer CLUSTERDOWN: the cluster considers itself down while a master fails (full coverage "
                                                     "required), so their streams keep their last values too (cluster-allow-reads-when-down yes keeps "
                                                     "them readable)"),
                             down.join(QStringLiteral(", ")));
    setText(fillText(tr("Cluster: %1."), problems.join(QStringLiteral(". "))));
    setVisible(!problems.isEmpty());
}

} // namespace pelscope
