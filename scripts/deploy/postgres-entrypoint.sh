#!/bin/sh
# The official postgres image's contract, in short: an empty PGDATA is initialised with POSTGRES_USER (superuser)
# and POSTGRES_PASSWORD (scram-sha-256 over TCP from anywhere; the NetworkPolicy limits who reaches it), and
# POSTGRES_DB is created; then the command runs (`postgres` listens on every address).
set -eu
: "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}"
if [ -z "${POSTGRES_PASSWORD:-}" ]; then echo "POSTGRES_PASSWORD is required" >&2; exit 1; fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  mkdir -p "$PGDATA" && chmod 700 "$PGDATA"
  pwfile=$(mktemp) && printf '%s' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb --username="$POSTGRES_USER" --pwfile="$pwfile" --auth-host=scram-sha-256 --auth-local=trust -D "$PGDATA" >/dev/null
  rm -f "$pwfile"
  echo "host all all 0.0.0.0/0 scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ "$POSTGRES_DB" != postgres ]; then
    echo "CREATE DATABASE \"$POSTGRES_DB\";" | postgres --single -D "$PGDATA" postgres >/dev/null
  fi
fi
# As the official image: options alone (`-c max_connections=250`, Kubernetes `args` without the command) are postgres's.
case "${1:-}" in -*) set -- postgres "$@" ;; esac
if [ "${1:-}" = postgres ]; then shift; exec postgres -c listen_addresses='*' "$@"; fi
exec "$@"
