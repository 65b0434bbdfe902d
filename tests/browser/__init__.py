"""Browser tests: a package, so that its servers and Chromium stop when its tests are done."""
