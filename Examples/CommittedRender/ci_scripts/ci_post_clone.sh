#!/bin/bash
# Xcode Cloud runs ci_scripts/ci_post_clone.sh after it clones the repository.
# This one checks that the committed launch screens (LaunchAssets.swift, the asset catalog and
# LaunchScreen.storyboard in App/) are what the layouts and templates give, and fails the build
# when they are stale. It renders no pixels. Delete it if the cloud should not check: the app
# builds from the committed files with nothing but Xcode.
set -euo pipefail

# launch-assets links librsvg, cairo, Pango and libdeflate, found with pkg-config.
export HOMEBREW_NO_AUTO_UPDATE=1
for formula in pkg-config librsvg pango libdeflate; do
    brew list --versions "$formula" >/dev/null 2>&1 || brew install --quiet "$formula"
done

# The repository root: this package (Package.swift) when it is the repository Xcode Cloud cloned.
cd "${CI_PRIMARY_REPOSITORY_PATH:-$(git -C "$(dirname "$0")" rev-parse --show-toplevel)}"

render=(swift run launch-assets render --layout default --idiom phone --no-images
    --output Examples/CommittedRender/Render
    --swift Examples/CommittedRender/App/LaunchAssets.swift
    --asset-catalog Examples/CommittedRender/App
    --storyboard Examples/CommittedRender/App/LaunchScreen.storyboard)

status=0
"${render[@]}" --check || status=$?
if [ "$status" -eq 3 ]; then
    echo "error: the committed launch screens are stale. Render them again from the repository root and commit the result:" >&2
    echo "    ${render[*]}" >&2
fi
exit "$status"
