/**
 * The sandbox's own persistent state: upstream objects (applyments, media, tokens, audits) kept as JSON
 * documents by kind and id. The app wires a database-backed store (table `sandbox_objects`); the in-memory
 * one exists for the emulators' own protocol tests.
 */
export interface SandboxStore {
  get<T>(kind: string, id: string): Promise<T | undefined>;
  put<T>(kind: string, id: string, value: T): Promise<void>;
  list<T>(kind: string): Promise<T[]>;
  /** Stores `value` unless the id is taken; returns what is stored then (the first writer wins, on every instance). */
  create<T>(kind: string, id: string, value: T): Promise<T>;
}

export function createMemorySandboxStore(): SandboxStore {
  const objects = new Map<string, unknown>();
  const key = (kind: string, id: string) => `${kind}\u0000${id}`;
  return {
    async get<T>(kind: string, id: string) {
      const value = objects.get(key(kind, id));
      return value === undefined ? undefined : (structuredClone(value) as T);
    },
    async put<T>(kind: string, id: string, value: T) {
      objects.set(key(kind, id), structuredClone(value));
    },
    async list<T>(kind: string) {
      const prefix = `${kind}\u0000`;
      return [...objects.entries()].filter(([k]) => k.startsWith(prefix)).map(([, v]) => structuredClone(v) as T);
    },
    async create<T>(kind: string, id: string, value: T) {
      if (!objects.has(key(kind, id))) objects.set(key(kind, id), structuredClone(value));
      return structuredClone(objects.get(key(kind, id))) as T;
    },
  };
}
