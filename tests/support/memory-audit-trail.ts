/** An AuditTrail kept in memory: the tests' recorder (records are lost with the process). */
import { randomUUID } from 'node:crypto';
import type { AuditEntry } from '../../web/shared/audit-actions';
import {
  auditCutoff,
  type AuditPurge,
  type AuditQuery,
  type AuditRecord,
  type AuditRetention,
  type AuditTrail,
  type ImportedAuditRecord,
} from '../../web/server/audit/trail';

const DEFAULT_LIMIT = 50;

export class MemoryAuditTrail implements AuditTrail {
  /** Oldest first. */
  readonly entries: AuditEntry[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  private readonly importedIds = new Set<string>();

  async record(entry: AuditRecord): Promise<void> {
    this.entries.push(entryOf(entry, new Date(this.now()).toISOString()));
  }

  async importRecord(entry: ImportedAuditRecord): Promise<boolean> {
    if (this.importedIds.has(entry.importedId)) return false;
    this.importedIds.add(entry.importedId);
    const later = this.entries.findIndex((kept) => kept.at > entry.at);
    this.entries.splice(later === -1 ? this.entries.length : later, 0, entryOf(entry, entry.at));
    return true;
  }

  async list(query: AuditQuery): Promise<{ entries: AuditEntry[]; next: string | null }> {
    const newestFirst = this.matching(query).reverse();
    const start = query.cursor ? newestFirst.findIndex((entry) => entry.id === query.cursor) + 1 : 0;
    const limit = query.limit ?? DEFAULT_LIMIT;
    const entries = newestFirst.slice(start, start + limit);
    return { entries, next: start + limit < newestFirst.length ? (entries.at(-1)?.id ?? null) : null };
  }

  async *stream(query: Omit<AuditQuery, 'cursor' | 'limit'>): AsyncIterable<AuditEntry> {
    yield* this.matching(query);
  }

  async purgeExpired(policy: AuditRetention): Promise<AuditPurge> {
    const before = auditCutoff(policy);
    const kept = this.entries.filter((entry) => entry.at >= before);
    const deleted = this.entries.length - kept.length;
    this.entries.splice(0, this.entries.length, ...kept);
    return { deleted, before, retentionDays: policy.retentionDays };
  }

  private matching(query: Omit<AuditQuery, 'cursor' | 'limit'>): AuditEntry[] {
    return this.entries.filter(
      (entry) =>
        (!query.action || entry.action === query.action) &&
        (!query.actor || entry.actor === query.actor) &&
        (!query.lead || entry.target === query.lead) &&
        (!query.from || entry.at >= query.from) &&
        (!query.to || entry.at < query.to),
    );
  }
}

function entryOf(entry: AuditRecord, at: string): AuditEntry {
  return { id: randomUUID(), at, actor: entry.actor, action: entry.action, ip: entry.ip, target: entry.target ?? null, detail: entry.detail ?? null };
}
