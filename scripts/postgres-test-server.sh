#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests and the benchmark: Debian's server, installed
# when missing, a new cluster in a temporary folder (initdb, then pg_ctl), reached through a
# Unix socket in that folder only, owned by a user that is not root. It never touches a
# cluster the machine has of its own.
#
# Usage: scripts/postgres-test-server.sh start | stop | halt | resume | replica | replica-halt |
#        replica-resume | status | env | run COMMAND...
#   start   makes and starts the cluster (again after a stop: a new one) and prints its `env`
#   stop    stops it (and its replica) and deletes its folder
#   halt    stops the server, keeping its data (the fault tests' server going away)
#   resume  starts a halted server again
#   replica starts a hot standby of the running server, streaming from it (pg_basebackup -R),
#           on a socket of its own in the same folder (the port GLM_POSTGRES_REPLICA_PORT, by
#           default the server's + 1), and prints the port; `stop` stops it with the server
#   replica-halt, replica-resume   stop the standby keeping its data, and start it again
#   status  exits 0 when it runs
#   env     the PG* variables that reach it (`eval "$(scripts/postgres-test-server.sh env)"`)
#   run     starts it, runs COMMAND with those variables set, stops it, exits with COMMAND's status
# Environment: GLM_POSTGRES_DIR (the cluster's folder; default /tmp/glm-postgres),
# GLM_POSTGRES_PORT (the socket's number; default 54329),
# GLM_POSTGRES_USER (the user the server runs as when this runs as root; default postgres),
# GLM_POSTGRES_TLS=1 (the server also listens on 127.0.0.1 at the port's number, taking only
# encrypted connections there, with a certificate for localhost made for it: server.crt in the
# cluster's folder; the TLS tests' own cluster).
#
# The cluster trusts its socket's local connections (the socket's folder is readable by its
# owner and root only), but for the role `glm_password`, which must give its password
# (`glm-secret`): the tests of bad credentials log in as it.
set -euo pipefail

folder=${GLM_POSTGRES_DIR:-/tmp/glm-postgres}
data=$folder/data
# The port names the socket file (`.s.PGSQL.<port>`); nothing listens on TCP but with TLS.
port=${GLM_POSTGRES_PORT:-54329}
replica_port=${GLM_POSTGRES_REPLICA_PORT:-$((port + 1))}
replica_data=$folder/replica
tls=${GLM_POSTGRES_TLS:-0}

server_binaries() {
    local bin
    for bin in /usr/lib/postgresql/*/bin; do
        [ -x "$bin/initdb" ] && { echo "$bin"; return 0; }
    done
    return 1
}

install_server() {
    server_binaries >/dev/null && return 0
    echo "postgres-test-server: installing PostgreSQL (apt-get)" >&2
    local sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    # The package's own cluster (15/main) is left stopped: the tests make their own.
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends postgresql openssl >&2 ||
        { "${sudo[@]}" apt-get update -q >&2 && "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends postgresql openssl >&2; }
    server_binaries >/dev/null
}

# Runs a server binary as the cluster's owner: initdb and postgres refuse to run as root.
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u "${GLM_POSTGRES_USER:-postgres}" -- "$@"
    else
        "$@"
    fi
}

print_env() {
    echo "export PGHOST=$folder PGPORT=$port PGUSER=postgres PGDATABASE=postgres"
}

is_running() {
    [ -f "$data/postmaster.pid" ] && as_owner "$(server_binaries)/pg_ctl" status -D "$data" >/dev/null 2>&1
}

start() {
    install_server
    local bin
    bin=$(server_binaries)
    is_running && stop
    rm -rf "$folder"
    mkdir -p "$folder"
    [ "$(id -u)" -ne 0 ] || chown "${GLM_POSTGRES_USER:-postgres}" "$folder"
    chmod 700 "$folder"
    # No fsync: the cluster lives for one run, and syncing each commit would slow the tests.
    as_owner "$bin/initdb" --no-sync --auth=trust --username=postgres --encoding=UTF8 --locale=C.UTF-8 \
        -D "$data" >"$folder/initdb.log" 2>&1 || { cat "$folder/initdb.log" >&2; return 1; }
    {
        echo "listen_addresses = ''"
        echo "port = $port"
        echo "unix_socket_directories = '$folder'"
        echo "fsync = off"
        echo "synchronous_commit = off"
        echo "full_page_writes = off"
        echo "max_connections = 200"
    } >>"$data/postgresql.conf"
    # The password role first: pg_hba takes the first line that matches.
    {
        echo "local all glm_password scram-sha-256"
        if [ "$tls" = 1 ]; then
            echo "hostssl all all 127.0.0.1/32 trust"
            echo "hostnossl all all 127.0.0.1/32 reject"
        fi
        cat "$data/pg_hba.conf"
    } >"$folder/pg_hba.conf"
    mv "$folder/pg_hba.conf" "$data/pg_hba.conf"
    [ "$(id -u)" -ne 0 ] || chown "${GLM_POSTGRES_USER:-postgres}" "$data/pg_hba.conf"
    [ "$tls" != 1 ] || serve_tls
    as_owner "$bin/pg_ctl" start -w -t 60 -D "$data" -l "$folder/server.log" >/dev/null ||
        { cat "$folder/server.log" >&2; return 1; }
    as_owner "$bin/psql" -q -X -v ON_ERROR_STOP=1 -h "$folder" -p "$port" -U postgres -d postgres \
        -c "CREATE ROLE glm_password LOGIN PASSWORD 'glm-secret'" >/dev/null
    print_env
}

# A self-signed certificate for localhost (its name and 127.0.0.1), which the server offers on
# 127.0.0.1 and the tests trust by `sslrootcert`: it is its own authority.
serve_tls() {
    command -v openssl >/dev/null || install_openssl
    openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=localhost \
        -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
        -keyout "$data/server.key" -out "$data/server.crt" >"$folder/openssl.log" 2>&1 ||
        { cat "$folder/openssl.log" >&2; return 1; }
    chmod 600 "$data/server.key"
    [ "$(id -u)" -ne 0 ] || chown "${GLM_POSTGRES_USER:-postgres}" "$data/server.key" "$data/server.crt"
    cp "$data/server.crt" "$folder/server.crt"
    chmod 644 "$folder/server.crt"
    {
        echo "listen_addresses = '127.0.0.1'"
        echo "ssl = on"
    } >>"$data/postgresql.conf"
}

install_openssl() {
    local sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends openssl >&2
}

stop() {
    local bin
    if bin=$(server_binaries) && [ -d "$replica_data" ]; then
        as_owner "$bin/pg_ctl" stop -m immediate -w -D "$replica_data" >/dev/null 2>&1 || true
    fi
    if bin=$(server_binaries) && [ -d "$data" ]; then
        as_owner "$bin/pg_ctl" stop -m fast -w -D "$data" >/dev/null 2>&1 || true
    fi
    rm -rf "$folder"
}

halt() {
    as_owner "$(server_binaries)/pg_ctl" stop -m immediate -w -D "$data" >/dev/null
}

resume() {
    as_owner "$(server_binaries)/pg_ctl" start -w -t 60 -D "$data" -l "$folder/server.log" >/dev/null ||
        { cat "$folder/server.log" >&2; return 1; }
}

# A hot standby of the running server: a copy of its data taken by pg_basebackup, which writes
# the standby's connection to it (-R), then started on its own socket. A fresh cluster is a few
# megabytes: a second or two.
replica() {
    local bin
    bin=$(server_binaries)
    if [ -f "$replica_data/postmaster.pid" ]; then
        as_owner "$bin/pg_ctl" stop -m immediate -w -D "$replica_data" >/dev/null 2>&1 || true
    fi
    rm -rf "$replica_data"
    as_owner "$bin/pg_basebackup" -h "$folder" -p "$port" -U postgres -D "$replica_data" -R -X stream -c fast \
        >"$folder/basebackup.log" 2>&1 || { cat "$folder/basebackup.log" >&2; return 1; }
    {
        echo "port = $replica_port"
        echo "hot_standby = on"
        # Replays at once, and tells the primary what it replayed often.
        echo "wal_receiver_status_interval = 1s"
    } >>"$replica_data/postgresql.conf"
    replica_resume
    echo "$replica_port"
}

replica_halt() {
    as_owner "$(server_binaries)/pg_ctl" stop -m immediate -w -D "$replica_data" >/dev/null
}

replica_resume() {
    as_owner "$(server_binaries)/pg_ctl" start -w -t 60 -D "$replica_data" -l "$folder/replica.log" >/dev/null ||
        { cat "$folder/replica.log" >&2; return 1; }
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    halt) halt ;;
    resume) resume ;;
    replica) replica ;;
    replica-halt) replica_halt ;;
    replica-resume) replica_resume ;;
    status) is_running ;;
    env) print_env ;;
    run)
        shift
        [ $# -gt 0 ] || { echo "postgres-test-server: run needs a command" >&2; exit 64; }
        start >/dev/null
        trap stop EXIT
        eval "$(print_env)"
        status=0
        "$@" || status=$?
        exit "$status"
        ;;
    *)
        echo "usage: $0 start | stop | halt | resume | replica | replica-halt | replica-resume | status | env | run COMMAND..." >&2
        exit 64
        ;;
esac
