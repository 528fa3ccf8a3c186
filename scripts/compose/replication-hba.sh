# Run once by the official postgres image on a new volume (docker-entrypoint-initdb.d, docker-compose.yml):
# lets the read replica (profile `replica`) connect for replication with the password.
echo "host replication all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
