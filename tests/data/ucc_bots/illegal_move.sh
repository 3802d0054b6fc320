#!/bin/sh
# A UCC 2012 bot that answers a good setup, then moves a Bomb on its first
# turn: an illegal move. For the arena tests (tests/arena_cli.rs).
[ -n "$ARENA_TEST_PIDS" ] && echo $$ >> "$ARENA_TEST_PIDS"
read colour rest
printf '6B7BFB8784\n48B5B39199\n76B496s839\n9758592659\n'
read turn
i=0
while [ $i -lt 10 ]; do
    read board
    i=$((i + 1))
done
# The first setup line is Red's back row (y 0) or Blue's front row (y 6);
# its x 1 holds a Bomb.
if [ "$colour" = RED ]; then echo '1 0 DOWN'; else echo '1 6 UP'; fi
cat > /dev/null
