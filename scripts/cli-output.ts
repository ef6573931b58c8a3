/**
 * Output of the CLIs that print data (`npm run leads -- export > leads.csv`, `… | gzip`, `… | ssh`).
 * A pipe takes about 64 KiB at a time, so a write can still be queued in the process when the
 * script is done: exiting then would cut the output short and still report success.
 */
import { Writable } from 'node:stream';

let writeFailed = false;
// A failed write (EPIPE: the reader went away) is reported through the write's callback; without
// a listener it would also be thrown as an uncaught error.
process.stdout.on('error', () => {
  writeFailed = true;
});

/** Resolves once `text` is handed to the OS; rejects when the write fails. */
export function writeOutput(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.write(text, (error) => (error ? reject(error) : resolve()));
  });
}

/**
 * stdout as a stream of its own for writers that end what they write to: each write resolves
 * once handed to the OS and fails as stdout does (EPIPE), and ending it leaves stdout open.
 */
export function stdoutWriter(): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      process.stdout.write(chunk, done);
    },
  });
}

/** Exits with `code` once everything written to stdout is out, or with 1 if that failed. */
export function exitAfterOutput(code: number): void {
  process.stdout.write('', (error) => process.exit(error || writeFailed ? Math.max(code, 1) : code));
}
