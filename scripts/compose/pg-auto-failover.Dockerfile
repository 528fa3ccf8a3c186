# PostgreSQL 15 with pg_auto_failover from the PostgreSQL apt repository the official image already uses
# (the same packages .ci/run installs from Debian): the monitor and the data nodes of the compose
# file's `failover` profile (docs/scaling.md, automatic failover).
FROM postgres:15-bookworm
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-15-auto-failover pg-auto-failover-cli \
  && rm -rf /var/lib/apt/lists/*
ENV PATH=/usr/lib/postgresql/15/bin:$PATH
USER postgres
WORKDIR /var/lib/postgresql
