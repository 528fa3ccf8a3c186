import { createHash } from 'node:crypto';
import type { Position } from '@kurrent/kurrentdb-client';
import type { Checkpoint, EventMetadata, ExpectedVersion } from '../types.ts';

/**
 * How the port's shapes map onto KurrentDB's.
 *
 * Checkpoint: the port orders the global log by (txId, globalPosition); KurrentDB orders $all by
 * (commit, prepare) positions. So txId carries the commit position (a decimal string, as xid8s are)
 * and globalPosition the prepare position: compareCheckpoints orders both the same way, and the
 * checkpoint columns in PostgreSQL (xid8, bigint) hold either. A log position is a byte offset, so it
 * stays a safe JS integer up to 8 PiB of log.
 *
 * Versions: the port's stream versions count from 1, KurrentDB's revisions from 0.
 */
export function toCheckpoint(position: Position): Checkpoint {
  return { txId: position.commit.toString(), globalPosition: Number(position.prepare) };
}

export function toPosition(checkpoint: Checkpoint): Position {
  return { commit: BigInt(checkpoint.txId), prepare: BigInt(checkpoint.globalPosition) };
}

export function toStreamState(expected: ExpectedVersion): 'any' | 'no_stream' | 'stream_exists' | bigint {
  if (expected === 'any' || expected === 'no_stream' || expected === 'stream_exists') return expected;
  return expected === 0 ? 'no_stream' : BigInt(expected - 1);
}

/** The version a KurrentDB "current state" means: null for no stream. */
export function versionOf(state: unknown): number | null {
  return typeof state === 'bigint' && state >= 0n ? Number(state) + 1 : null;
}

/**
 * Deterministic event ids (UUID v5 in an application namespace) from the command id, the stream
 * and the event's index: a retried command sends the same ids, and KurrentDB's idempotent-write
 * check recognises them.
 */
const NAMESPACE = Buffer.from('6f3b8f0e4c2a4d9b8a1e2c3d4e5f6a7b', 'hex');

export function commandEventId(commandId: string, streamId: string, index: number): string {
  const hash = createHash('sha1').update(NAMESPACE).update(`${commandId}\u0000${streamId}\u0000${index}`).digest();
  const bytes = Buffer.from(hash.subarray(0, 16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Event metadata travels as a map of strings (what KurrentDB 25.1's multi-stream append accepts):
 * the port's metadata as one JSON string, and $correlationId/$causationId for KurrentDB's own tools.
 */
export function encodeMetadata(metadata: EventMetadata): Record<string, string> {
  return {
    fpa: JSON.stringify(metadata),
    $correlationId: metadata.correlationId,
    ...(metadata.causationId ? { $causationId: metadata.causationId } : {}),
  };
}

export function decodeMetadata(raw: unknown): EventMetadata {
  let value = raw;
  if (value instanceof Uint8Array) value = JSON.parse(Buffer.from(value).toString('utf8'));
  const fpa = (value as { fpa?: unknown } | undefined)?.fpa;
  if (typeof fpa !== 'string') throw new Error("An event without this application's metadata was found in the log");
  return JSON.parse(fpa) as EventMetadata;
}

/** Event types as one anchored regex, for a server-side $all filter. */
export function typesRegex(types: readonly string[]): string {
  return `^(${types.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`;
}
