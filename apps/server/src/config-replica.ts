import { z } from 'zod';
import { optionalString } from './config-vendors';

// A streaming replica of DATABASE_URL for the reads that may lag a little (docs/read-replicas.md).

export const replicaEnv = {
  /** Set: activity lists, CSV exports, statements and the console's searches may read here. */
  DATABASE_REPLICA_URL: optionalString.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  /** Reads go back to the primary while the replica is further behind than this. */
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(500).max(600_000).default(5_000),
};

export type ReplicaConfig = Readonly<{
  /** The replica's URL; undefined: every read on the primary. */
  databaseReplicaUrl: string | undefined;
  /** The staleness bound: how far behind the replica may be and still be read. */
  replicaMaxLagMs: number;
}>;

export function replicaSettings(e: {
  DATABASE_REPLICA_URL?: string | undefined;
  DATABASE_REPLICA_MAX_LAG_MS: number;
}): ReplicaConfig {
  return {
    databaseReplicaUrl: e.DATABASE_REPLICA_URL,
    replicaMaxLagMs: e.DATABASE_REPLICA_MAX_LAG_MS,
  };
}
