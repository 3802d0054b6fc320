#!/bin/sh
# A UCC 2012 bot that answers a good setup and exits at once with status 3.
# For the arena tests (tests/arena_cli.rs).
[ -n "$ARENA_TEST_PIDS" ] && echo $$ >> "$ARENA_TEST_PIDS"
read colour rest
printf '6B7BFB8784\n48B5B39199\n76B496s839\n9758592659\n'
exit 3
