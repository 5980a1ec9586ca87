#!/usr/bin/env bash
# Installs the Debian packages OpenCanvas builds and runs with, if any is missing.
# Debian 12, as root (or with sudo). Swift 6.3 itself must already be on PATH.
set -euo pipefail

packages=(
  pkg-config
  libpng-dev            # PNG encode/decode (libpng16)
  libjpeg-dev           # JPEG encode/decode (libjpeg-turbo)
  libicu-dev            # bidirectional text and line breaking
  libfreetype-dev       # glyph outlines and metrics
  libfontconfig-dev     # finding fonts
  libharfbuzz-dev       # shaping
  fonts-inter           # the system font (closest open design to SF Pro)
  fonts-dejavu-core     # fallback font; DejaVu Sans Mono is .monospaced
  fonts-noto-core       # .serif (Noto Serif) and the world's scripts (Arabic, Devanagari, Hebrew, Thai, …)
  fonts-quicksand       # .rounded
  fonts-wqy-microhei    # Chinese, Japanese and Korean
  fonts-noto-color-emoji                 # colour emoji
  fonts-material-design-icons-iconfont   # Image(systemName:)
  libx11-dev            # the window host (Xlib)
  libxext-dev           # MIT-SHM for presenting frames
  xvfb                  # a real X server for the window tests
  xauth
  x11-xserver-utils     # xrdb: the window tests set Xft.dpi
  ffmpeg                # MP4 export, and ffprobe to read it back in the tests
  python3-pil           # an independent APNG and PNG decoder for the export tests
  xrestop               # the soak run counts the window's X resources
  zlib1g-dev            # Flate streams of PDF output
  poppler-utils         # pdftoppm, pdftotext, pdfinfo, pdffonts: the PDF tests read our PDFs with them
  qpdf                  # qpdf --check: the PDF tests' structural check
  librsvg2-bin          # rsvg-convert: the SVG tests draw our SVGs with librsvg
  libdbus-1-dev         # the window's AT-SPI bridge (accessibility on Linux) speaks D-Bus
  dbus-daemon           # a private session bus for the AT-SPI tests
  at-spi2-core          # the accessibility bus and registry the tests' screen-reader client reads through
  python3-pyatspi       # that client: pyatspi, as Orca uses it (/usr/bin/python3)
)

missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "Installing: ${missing[*]}" >&2
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
