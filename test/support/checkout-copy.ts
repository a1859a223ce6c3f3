import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** What a clone has: the tracked files (and new ones not ignored), as they are in `checkout`, copied to `dest`. */
export async function copyCheckout(checkout: string, dest: string): Promise<void> {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: checkout })
    .toString('utf8')
    .split('\0')
    .filter((file) => file !== '' && existsSync(join(checkout, file)));
  for (const file of files) {
    await mkdir(dirname(join(dest, file)), { recursive: true });
    await copyFile(join(checkout, file), join(dest, file));
  }
}
