#!/bin/sh
# Chromium on the real clock for an e2e run under faketime (scripts/e2e-at.sh points CHROMIUM_PATH
# here): libfaketime in LD_PRELOAD makes Chromium crawl, and the page's clock is Playwright's to
# set anyway (test/support/browser.ts installs the run's start instant). TZ is kept, so the page
# reads the same zone as Node. AIRWAVE_REAL_CHROMIUM picks another browser binary.
unset LD_PRELOAD FAKETIME FAKETIME_NO_CACHE FAKETIME_DONT_RESET DONT_FAKE_MONOTONIC FAKETIME_DONT_FAKE_MONOTONIC
exec "${AIRWAVE_REAL_CHROMIUM:-/usr/bin/chromium}" "$@"
