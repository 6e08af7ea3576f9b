import { mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";

const lockDir = path.resolve(import.meta.dirname, "../.state/ftp-servers.lock");

/**
 * The two test files that run local FTP servers for the Worker (found-everywhere, partner-ftps) take
 * turns: run side by side, the FTPS upload failed every time in workerd's TLS handshake (OpenSSL's
 * WRONG_VERSION_NUMBER) and passed every time alone or one after the other; the cause is not found yet
 * (decision 043, amendment of 2026-11-28). Held from a file's first hook to its last; returns the release.
 */
export async function takeFtpTurn(): Promise<() => void> {
  mkdirSync(path.dirname(lockDir), { recursive: true });
  const deadline = Date.now() + 900_000;
  for (;;) {
    try {
      mkdirSync(lockDir);
      return () => rmSync(lockDir, { recursive: true, force: true });
    } catch {
      // A turn left by a run that was killed is older than any of these files takes.
      const takenAt = statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - takenAt > 600_000) rmSync(lockDir, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error("waited 15 minutes for the other FTP test file");
      await delay(250);
    }
  }
}
