import { mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";

/**
 * Runs `work` while holding a lock on `lock` (a directory: making one is atomic), for work that the
 * test files of parallel forks must do once, one at a time (a build, a migrated template): the others
 * wait for the lock, then find the work done. A lock older than `staleAfterMs` was left by a run killed
 * mid-work and is taken over.
 */
export async function withDirectoryLock<T>(
  lock: string,
  {
    staleAfterMs,
    waitMs,
    pollMs,
    waitingFor,
  }: { staleAfterMs: number; waitMs: number; pollMs: number; waitingFor: string },
  work: () => Promise<T>,
): Promise<T> {
  mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const lockedAt = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - lockedAt > staleAfterMs) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`waited ${Math.round(waitMs / 60_000)} minutes for ${waitingFor}`);
      await delay(pollMs);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
