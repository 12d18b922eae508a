import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

const block = 512;
const octalLimit = 0o77777777777;

/** A ustar header; sizes past 8 GiB in GNU tar's base-256 form, which GNU tar and bsdtar read. */
function header(name: string, size: number, mtime: Date): Buffer {
  const bytes = Buffer.alloc(block);
  if (Buffer.byteLength(name) > 100) throw new Error(`archive entry name too long: ${name}`);
  bytes.write(name, 0, 100, 'utf8');
  bytes.write('0000600\0', 100, 'ascii');
  bytes.write('0000000\0', 108, 'ascii');
  bytes.write('0000000\0', 116, 'ascii');
  if (size <= octalLimit) bytes.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
  else {
    bytes[124] = 0x80;
    bytes.writeBigUInt64BE(BigInt(size), 124 + 4);
  }
  bytes.write(
    `${Math.floor(mtime.getTime() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
    'ascii',
  );
  bytes.write('        ', 148, 'ascii');
  bytes.write('0', 156, 'ascii');
  bytes.write('ustar\0', 257, 'ascii');
  bytes.write('00', 263, 'ascii');
  const sum = bytes.reduce((total, byte) => total + byte, 0);
  bytes.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return bytes;
}

export type WrittenEntry = { name: string; bytes: number; sha256: string };

/**
 * Writes a tar file entry by entry, each streamed straight into place: its header is written once
 * its size is known (the file is seekable), so no entry is ever held in memory or a temporary file.
 */
export class TarWriter {
  private position = 0;
  private constructor(private readonly file: FileHandle) {}

  static async create(path: string): Promise<TarWriter> {
    return new TarWriter(await open(path, 'wx', 0o600));
  }

  /** An entry made of what `source` gives, gzip-compressed on the way. */
  async addCompressed(name: string, source: Readable): Promise<WrittenEntry> {
    const start = this.position;
    this.position += block;
    const hash = createHash('sha256');
    let bytes = 0;
    await pipeline(source, createGzip({ level: 6 }), async (chunks: AsyncIterable<Buffer>) => {
      for await (const chunk of chunks) {
        await this.file.write(chunk, 0, chunk.length, this.position);
        this.position += chunk.length;
        bytes += chunk.length;
        hash.update(chunk);
      }
    });
    await this.file.write(header(name, bytes, new Date()), 0, block, start);
    await this.pad();
    return { name, bytes, sha256: hash.digest('hex') };
  }

  async addBuffer(name: string, content: Buffer): Promise<WrittenEntry> {
    await this.file.write(header(name, content.length, new Date()), 0, block, this.position);
    await this.file.write(content, 0, content.length, this.position + block);
    this.position += block + content.length;
    await this.pad();
    return { name, bytes: content.length, sha256: createHash('sha256').update(content).digest('hex') };
  }

  /** The two empty blocks that end a tar file, then everything on disk before the file is closed. */
  async finish(): Promise<number> {
    await this.file.write(Buffer.alloc(block * 2), 0, block * 2, this.position);
    this.position += block * 2;
    await this.file.sync();
    await this.file.close();
    return this.position;
  }

  async abandon(): Promise<void> {
    await this.file.close().catch(() => undefined);
  }

  private async pad(): Promise<void> {
    const rest = this.position % block;
    if (rest === 0) return;
    await this.file.write(Buffer.alloc(block - rest), 0, block - rest, this.position);
    this.position += block - rest;
  }
}

export type TarEntry = { name: string; offset: number; size: number };

export class ArchiveFormatError extends Error {}

function parseSize(field: Buffer): number {
  if ((field[0]! & 0x80) !== 0) return Number(field.readBigUInt64BE(4));
  const text = field.toString('ascii').replace(/\0.*$/s, '').trim();
  if (!/^[0-7]+$/.test(text)) throw new ArchiveFormatError('an entry header has no valid size');
  return parseInt(text, 8);
}

/** The entries of a tar file (headers only; nothing of the data is read). */
export async function listTarEntries(path: string): Promise<TarEntry[]> {
  const file = await open(path, 'r');
  try {
    const { size: total } = await file.stat();
    const entries: TarEntry[] = [];
    const bytes = Buffer.alloc(block);
    for (let position = 0; ;) {
      const { bytesRead } = await file.read(bytes, 0, block, position);
      if (bytesRead < block) throw new ArchiveFormatError('the file ends in the middle of an entry (truncated?)');
      if (bytes.every((byte) => byte === 0)) return entries;
      const stored = parseInt(bytes.toString('ascii', 148, 156).replace(/\0.*$/s, '').trim(), 8);
      const sum = bytes.reduce((acc, byte, index) => acc + (index >= 148 && index < 156 ? 32 : byte), 0);
      if (stored !== sum) throw new ArchiveFormatError(`the entry header at byte ${position} is damaged`);
      const name = bytes.toString('utf8', 0, 100).replace(/\0.*$/s, '');
      const size = parseSize(bytes.subarray(124, 136));
      const offset = position + block;
      if (offset + size > total) throw new ArchiveFormatError(`${name} is cut short (truncated archive?)`);
      entries.push({ name, offset, size });
      position = offset + Math.ceil(size / block) * block;
    }
  } finally {
    await file.close();
  }
}

export const readEntry = (path: string, entry: TarEntry): Readable =>
  createReadStream(path, { start: entry.offset, end: entry.offset + entry.size - 1 });

export async function readEntryBuffer(path: string, entry: TarEntry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  if (entry.size === 0) return Buffer.alloc(0);
  for await (const chunk of readEntry(path, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The SHA-256 of an entry's stored bytes. */
export async function entryDigest(path: string, entry: TarEntry): Promise<string> {
  const hash = createHash('sha256');
  if (entry.size > 0) for await (const chunk of readEntry(path, entry)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
