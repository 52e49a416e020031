#!/usr/bin/env bash
# Makes PostgreSQL and Redis answer where the server tests look for them
# (postgres://postgres@127.0.0.1:5432/test and redis://127.0.0.1:6379), so their
# production-path runs happen on any machine instead of being skipped. Debian, as root.
#
# What answers already is left exactly as it is. Otherwise: the Debian packages are
# installed when missing; a PostgreSQL cluster on the port is started (or created);
# the `postgres` role is trusted over TCP from 127.0.0.1 (a throwaway test machine: no
# password to hand around) and the `test` database made; Redis is started daemonized,
# on 127.0.0.1 only, without persistence (tests own their data; nothing to keep).
#
# Exits non-zero, saying why, when either cannot be made to answer: CI then fails.
# CI_PG_PORT and CI_REDIS_PORT change the ports, so the script can be exercised against a
# throwaway cluster and Redis beside the ones a machine already runs.
set -uo pipefail

PG_PORT="${CI_PG_PORT:-5432}"
REDIS_PORT="${CI_REDIS_PORT:-6379}"
PG_URL="postgres://postgres@127.0.0.1:${PG_PORT}/test"
# How long a service that was just started may take to answer (a loaded machine is slow).
START_TIMEOUT="${CI_SERVICE_TIMEOUT:-120}"

log() { echo "[services] $*"; }

apt_updated=0
apt_install() {
  log "installing $* from Debian's packages"
  if [ $apt_updated -eq 0 ]; then
    apt-get update -qq || return 1
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# Repeats "$@" until it succeeds or START_TIMEOUT seconds have passed.
wait_until() {
  local deadline=$((SECONDS + START_TIMEOUT))
  until "$@"; do
    [ $SECONDS -ge $deadline ] && return 1
    sleep 1
  done
}

# ---------------------------------------------------------------- PostgreSQL

pg_query() { # url sql
  PGCONNECT_TIMEOUT=5 psql "$1" -X -A -t -q -v ON_ERROR_STOP=1 -c "$2" 2>&1
}
pg_answers() { command -v psql >/dev/null && [ "$(pg_query "$PG_URL" 'select 1')" = 1 ]; }
pg_newest_version() {
  ls /usr/lib/postgresql 2>/dev/null | grep -E '^[0-9]+$' | sort -n | tail -1
}
pg_has_server() {
  local v
  v="$(pg_newest_version)"
  [ -n "$v" ] && [ -x "/usr/lib/postgresql/$v/bin/initdb" ] && command -v pg_ctlcluster >/dev/null
}
# "version name status" of the Debian cluster configured on PG_PORT, if any.
pg_cluster_on_port() {
  pg_lsclusters -h 2>/dev/null | awk -v port="$PG_PORT" '$3 == port { print $1, $2, $4; exit }'
}
pg_tcp_ready() { pg_isready -q -h 127.0.0.1 -p "$PG_PORT" -t 5; }
PG_ADMIN_URL="postgres://postgres@127.0.0.1:${PG_PORT}/postgres"
pg_admin_answers() { [ "$(pg_query "$PG_ADMIN_URL" 'select 1')" = 1 ]; }

ensure_postgres() {
  if pg_answers; then
    log "PostgreSQL answers at $PG_URL"
    return 0
  fi
  if ! pg_has_server || ! command -v psql >/dev/null; then
    apt_install postgresql || { log "could not install postgresql"; return 1; }
  fi
  # The package may have created and started its cluster (on a machine with systemd).
  if pg_answers; then
    log "PostgreSQL answers at $PG_URL"
    return 0
  fi

  local version name status
  read -r version name status <<<"$(pg_cluster_on_port)"
  if [ -z "${version:-}" ]; then
    version="$(pg_newest_version)"
    name=main
    pg_lsclusters -h 2>/dev/null | awk -v v="$version" '$1 == v && $2 == "main"' | grep -q . &&
      name="ci${PG_PORT}"
    log "creating PostgreSQL cluster $version/$name on port $PG_PORT"
    pg_createcluster --port "$PG_PORT" --locale C.UTF-8 "$version" "$name" >/dev/null ||
      { log "pg_createcluster failed"; return 1; }
    status=down
  fi
  if [[ "$status" != online* ]]; then
    log "starting PostgreSQL cluster $version/$name"
    pg_ctlcluster --skip-systemctl-redirect "$version" "$name" start ||
      { log "PostgreSQL cluster $version/$name did not start"; return 1; }
  fi
  wait_until pg_tcp_ready ||
    { log "PostgreSQL is not accepting connections on 127.0.0.1:$PG_PORT"; return 1; }

  if ! pg_admin_answers; then
    # First matching line wins, so the rule goes on top of the cluster's pg_hba.conf.
    local hba
    hba="$(pg_conftool -s "$version" "$name" show hba_file 2>/dev/null)" ||
      hba="/etc/postgresql/$version/$name/pg_hba.conf"
    log "trusting the postgres role from 127.0.0.1 in $hba (a test machine)"
    sed -i '1i host all postgres 127.0.0.1/32 trust # added by .ci/services.sh for tests' "$hba"
    pg_ctlcluster --skip-systemctl-redirect "$version" "$name" reload ||
      { log "PostgreSQL did not reload"; return 1; }
    wait_until pg_admin_answers ||
      { log "the postgres role still cannot connect: $(pg_query "$PG_ADMIN_URL" 'select 1')"; return 1; }
  fi
  if [ "$(pg_query "$PG_ADMIN_URL" "select 1 from pg_database where datname = 'test'")" != 1 ]; then
    log "creating database test"
    pg_query "$PG_ADMIN_URL" 'create database test' >/dev/null ||
      { log "could not create database test"; return 1; }
  fi
  if pg_answers; then
    log "PostgreSQL answers at $PG_URL"
    return 0
  fi
  log "PostgreSQL does not answer at $PG_URL: $(pg_query "$PG_URL" 'select 1')"
  return 1
}

# ---------------------------------------------------------------- Redis

# PING through bash's /dev/tcp: no client needed to ask. A local port answers or refuses
# at once; only the reply is waited for.
redis_answers() {
  local reply=''
  { exec 3<>"/dev/tcp/127.0.0.1/$REDIS_PORT"; } 2>/dev/null || return 1
  printf 'PING\r\n' >&3
  IFS= read -r -t 5 reply <&3
  exec 3<&- 3>&-
  [ "${reply%$'\r'}" = "+PONG" ]
}

ensure_redis() {
  if redis_answers; then
    log "Redis answers at redis://127.0.0.1:$REDIS_PORT"
    return 0
  fi
  if ! command -v redis-server >/dev/null; then
    apt_install redis-server || { log "could not install redis-server"; return 1; }
    # The package may have started its own service (on a machine with systemd).
    if redis_answers; then
      log "Redis answers at redis://127.0.0.1:$REDIS_PORT"
      return 0
    fi
  fi
  local dir="/tmp/inviteflow-ci-redis-${REDIS_PORT}"
  mkdir -p "$dir"
  log "starting Redis on 127.0.0.1:$REDIS_PORT (no persistence; log: $dir/redis.log)"
  redis-server --daemonize yes --bind 127.0.0.1 --port "$REDIS_PORT" \
    --save '' --appendonly no --dir "$dir" --logfile "$dir/redis.log" \
    --pidfile "$dir/redis.pid" ||
    { log "redis-server did not start"; return 1; }
  if wait_until redis_answers; then
    log "Redis answers at redis://127.0.0.1:$REDIS_PORT"
    return 0
  fi
  log "Redis does not answer on 127.0.0.1:$REDIS_PORT; its log ends with:"
  tail -n 5 "$dir/redis.log" 2>/dev/null
  return 1
}

status=0
ensure_postgres || status=1
ensure_redis || status=1
exit $status
