#!/bin/sh
# Runs once, on the first start of an empty PostgreSQL data directory (docker-entrypoint-initdb.d).
# One role and one database per service: a service can reach only its own data. Inside its database each
# service keeps its tables in a schema named after it (its first migration creates it), and drizzle's
# migration journal in the schema "drizzle".
# Each role's password comes from <SERVICE>_DB_PASSWORD (AUTH_DB_PASSWORD, BILLING_DB_PASSWORD, ...).
set -eu

for service in auth billing community history jobs; do
  variable="$(echo "$service" | tr '[:lower:]' '[:upper:]')_DB_PASSWORD"
  eval "password=\${$variable:-}"
  if [ -z "$password" ]; then
    echo "init-databases: $variable is not set" >&2
    exit 1
  fi
  psql -v ON_ERROR_STOP=1 --username "${POSTGRES_USER:-postgres}" --dbname postgres \
    -v service="$service" -v password="$password" <<'SQL'
CREATE ROLE :"service" LOGIN PASSWORD :'password';
CREATE DATABASE :"service" OWNER :"service";
REVOKE ALL ON DATABASE :"service" FROM PUBLIC;
SQL
  echo "init-databases: created role and database $service"
done
