// The drill's figures as the "Backups" section of docs/benchmarks.md (marker `backup-bench`).
import { replaceSection } from '../report';
import type { BackupFigures } from './backup';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** `where`: what the drill ran against, e.g. "the Patroni cluster's primary" or "one node". */
export function backupSection(figures: BackupFigures, where: string): string {
  const f = figures;
  const v = f.restore.violations;
  const date = new Date().toISOString().slice(0, 10);
  return [
    `Measured ${date} on this machine (2 cores shared with everything else), against ${where}:`,
    `PostgreSQL 15, pgBackRest 2.45, repository on the same disk, lz4 compression, aes-256-cbc`,
    `encryption, \`process-max=2\`, WAL archived by \`archive_command\` (\`archive-push\`). ${f.wallets}`,
    'funded wallets; transfers are P2P sends through `ledger_post`, 4 at a time.',
    '',
    '| step | time | size | repository (compressed, encrypted) |',
    '|---|---|---|---|',
    `| full backup (\`--type=full\`) | ${s(f.full.ms)} | ${mb(f.full.sizeBytes)} database | ${mb(f.full.repoBytes)} |`,
    `| incremental backup (\`--type=incr\`) | ${s(f.incr.ms)} | ${mb(f.incr.deltaBytes)} changed | ${mb(f.incr.repoBytes)} |`,
    '',
    `Point in time: \`${f.target.time}\`, with ${f.target.transfers} transfers in the ledger`,
    `(${f.target.p2p} P2P) at it; ${f.transfersAtEnd - f.target.transfers} more were written after it,`,
    'then `pgbackrest check` (the last WAL archived).',
    '',
    '| restore to the point in time | figure |',
    '|---|---|',
    `| backup set pgBackRest chose for the target | ${f.restore.backupSet} (the incremental: ${f.restore.backupSet === f.incr.label ? 'yes' : 'no'}) |`,
    `| \`pgbackrest restore --type=time\` (incremental + its full, into an empty directory) | ${s(f.restore.commandMs)} |`,
    `| \`pg_ctl start\` until it accepts connections (WAL replayed to consistent) | ${s(f.restore.startMs)} |`,
    `| start until promoted (target reached, \`--target-action=promote\`) | ${s(f.restore.promotedMs)} |`,
    `| **restore time** (command + start + recovery) | **${s(f.restore.totalMs)}** |`,
    `| transfers in the restored ledger / at the point in time | ${f.restore.transfers} / ${f.target.transfers} (P2P ${f.restore.p2p} / ${f.target.p2p}) |`,
    `| invariant violations (unbalanced / drifted / negative) | ${v.unbalanced} / ${v.drifted} / ${v.negative} |`,
    `| result | ${f.ok ? 'counts equal, invariants hold: **met**' : '**NOT met**'} |`,
  ].join('\n');
}

export function writeBackupSection(figures: BackupFigures, where: string): void {
  replaceSection('backup', backupSection(figures, where));
}
