#!/bin/sh
# Makes public/fonts/bitcoin-sign-{400,700}.woff2: the one glyph ₿ (U+20BF, the BTC currency sign)
# of Noto Sans Regular and Bold (SIL Open Font License 1.1, whose notice the files keep in their
# name table). Debian's default fonts (DejaVu, Noto Sans CJK) lack it, so Chromium drew a box;
# src/styles/global.css loads these only on pages that show the sign (unicode-range).
# Needs Debian's fonts-noto-core (downloaded here, not installed) and fonttools with brotli
# (apt-get install python3-fonttools python3-brotli). Run from the repository root.
set -eu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && apt-get download fonts-noto-core >/dev/null && dpkg-deb -x fonts-noto-core_*.deb .)
for pair in 400:Regular 700:Bold; do
  python3 -m fontTools.subset "$work/usr/share/fonts/truetype/noto/NotoSans-${pair#*:}.ttf" \
    --unicodes=U+20BF --flavor=woff2 --layout-features= --no-hinting --desubroutinize \
    --name-IDs=0,1,2,13,14 --output-file="public/fonts/bitcoin-sign-${pair%%:*}.woff2"
done
ls -l public/fonts/bitcoin-sign-*.woff2
