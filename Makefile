# Conveniences over scripts/ (which work without make on a fresh machine).
PREFIX ?= $(HOME)/.local

.PHONY: run test install uninstall deb bench bench-solver bench-layouts bench-engine bench-view bench-suggest bench-compare
run:
	scripts/run.sh
test:
	scripts/test.sh
install:
	scripts/install.sh --prefix "$(PREFIX)"
uninstall:
	scripts/install.sh --uninstall --prefix "$(PREFIX)"
deb:
	scripts/package.sh
bench-solver:
	scripts/bench-solver.sh
bench-layouts:
	scripts/bench-layouts.sh
bench-engine:
	scripts/bench-engine.sh
bench-view:
	scripts/bench-view.sh
bench-suggest:
	scripts/bench-suggest.sh
bench-compare:
	scripts/bench-compare.sh
bench:
	scripts/bench.sh
