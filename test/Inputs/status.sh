#!/bin/sh
# Runs a command and then prints its exit status as `exit=N` on stdout, so
# that tests can check the exact status (lit's `not` accepts any failure and
# its internal shell has no `$?`). A crash shows as exit=134, 139, ...
"$@"
echo "exit=$?"
