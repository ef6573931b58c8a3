/**
 * A small least-recently-used cache on top of Map's insertion order. Bounded by entry count and,
 * optionally, by a total weight (e.g. bytes of encoded images).
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private totalWeight = 0;

  constructor(
    private readonly options: {
      maxEntries: number;
      maxWeight?: number;
      weigh?: (value: V) => number;
    },
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get weight(): number {
    return this.totalWeight;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Re-insert so the entry becomes the most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.options.weigh?.(value) ?? 0;
    if (this.options.maxWeight !== undefined && weight > this.options.maxWeight) return;
    this.entries.set(key, { value, weight });
    this.totalWeight += weight;
    this.evict();
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalWeight -= entry.weight;
  }

  /** Drops every entry whose key matches. */
  deleteWhere(matches: (key: K) => boolean): void {
    for (const key of [...this.entries.keys()]) if (matches(key)) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.totalWeight = 0;
  }

  private evict(): void {
    const maxWeight = this.options.maxWeight ?? Number.POSITIVE_INFINITY;
    while (this.entries.size > this.options.maxEntries || this.totalWeight > maxWeight) {
      const oldestKey = this.entries.keys().next().value as K;
      this.delete(oldestKey);
    }
  }
}
