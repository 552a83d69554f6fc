#!/bin/sh
# `make bench`: see README, "Benchmarks".
echo "bench: not written yet" >&2
exit 1
