#!/bin/sh
# A UCC 2012 bot whose four setup lines are garbage, the first with a byte
# that is not UTF-8 and an escape character. For the arena tests
# (tests/arena_cli.rs).
[ -n "$ARENA_TEST_PIDS" ] && echo $$ >> "$ARENA_TEST_PIDS"
read colour rest
printf 'he\377l\033lo\n'
printf 'RED RED RED\n##########\n..++..++..\n'
cat > /dev/null
