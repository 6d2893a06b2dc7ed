#!/usr/bin/env bash
# Creates a stand-in for a staged Windows build (cmake --install + windeployqt) so the MSI can
# be built and checked on Linux: the layout windeployqt produces for Pelscope, with small
# placeholder contents, plus the awkward names a real tree can contain (dashes, spaces, a
# leading digit, the same file name in two directories, deep nesting, a long name).
# Usage: stand-in-staging.sh DIR
set -euo pipefail
dir=${1:?usage: stand-in-staging.sh DIR}
rm -rf "$dir"
mkdir -p "$dir"

files=(
  pelscope.exe pelscope-cli.exe LICENSE.txt
  Qt6Core.dll Qt6Gui.dll Qt6Widgets.dll Qt6Network.dll Qt6PrintSupport.dll Qt6Svg.dll
  qcustomplot2.dll hiredis.dll spdlog.dll fmt.dll qt6keychain.dll
  D3Dcompiler_47.dll opengl32sw.dll vc_redist.x64.exe
  platforms/qwindows.dll platforms/qoffscreen.dll styles/qwindowsvistastyle.dll
  tls/qschannelbackend.dll tls/qcertonlybackend.dll tls/qopensslbackend.dll
  imageformats/qgif.dll imageformats/qico.dll imageformats/qjpeg.dll imageformats/qsvg.dll
  iconengines/qsvgicon.dll networkinformation/qnetworklistmanager.dll generic/qtuiotouchplugin.dll
  translations/qt_de.qm translations/qt_fr.qm translations/qt_ja.qm
  "licenses/third party/LICENSE.txt" licenses/3rd-party-notices.txt
  "docs/a/deeply/nested/directory/with a file name that is longer than seventy-two characters in total.txt"
)
for f in "${files[@]}"; do
  mkdir -p "$dir/$(dirname "$f")"
  # Distinct contents per file, so an extraction check notices files swapped by the installer.
  printf 'stand-in for %s\n' "$f" > "$dir/$f"
done
echo "stand-in staging tree: ${#files[@]} files in $dir"
