#!/bin/sh
# A UCC 2012 bot that answers a good setup and then never a move. It keeps
# a child of its own and outlives its input, so the arena must kill its
# whole process group. For the arena tests (tests/arena_cli.rs).
sleep 60 &
[ -n "$ARENA_TEST_PIDS" ] && echo $$ $! >> "$ARENA_TEST_PIDS"
read colour rest
printf '6B7BFB8784\n48B5B39199\n76B496s839\n9758592659\n'
cat > /dev/null
wait
