import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/**
 * Which process has the embedded database open, recorded in a file beside it. PGlite keeps
 * no lock of its own: a second process opening the same files (a maintenance script while
 * the server runs) would write over the server's changes. The server writes the file while
 * it runs; tools that open the database refuse while its process is alive.
 */
export function livePidIn(file: string): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
  } catch {
    return null;
  }
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive, but another user's. ESRCH: gone (the file outlived a crash).
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** Records this process in `file`; the returned function removes it (if still this one's). */
export function holdPidFile(file: string): () => void {
  writeFileSync(file, `${process.pid}\n`, { mode: 0o600 });
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    try {
      if (Number.parseInt(readFileSync(file, 'utf8'), 10) === process.pid) rmSync(file);
    } catch {
      // Already gone.
    }
  };
  process.once('exit', release);
  return release;
}
